#!/usr/bin/env node
// Child process that runs the pinned verdaccio on 127.0.0.1 with an OS-assigned port (listen(0)), so two
// harnesses never race for a port. `verdaccio --listen 127.0.0.1:0` would bind but report port 0, hence the
// programmatic runServer. Prints `PATCHBAY_VERDACCIO_PORT=<n>` once listening; exits when its parent closes
// stdin (so a crashed test runner never leaves it behind) or on SIGTERM/SIGINT.
//   node verdaccio-child.mjs <verdaccio-package-dir> <config.yaml>
import { createRequire } from 'node:module';
import path from 'node:path';

const [pkgDir, configPath] = process.argv.slice(2);
if (!pkgDir || !configPath) {
  process.stderr.write('usage: verdaccio-child.mjs <verdaccio-package-dir> <config.yaml>\n');
  process.exit(2);
}
const require = createRequire(path.join(pkgDir, 'package.json'));
const { runServer } = require('verdaccio');
const app = await runServer(configPath);
const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`PATCHBAY_VERDACCIO_PORT=${server.address().port}\n`);
});
const stop = () => {
  server.close();
  // Keep-alive sockets from npm can hold close() open; nothing here needs a graceful drain.
  setTimeout(() => process.exit(0), 200).unref();
};
process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
