// Temporary entry point: replaced by the CLI (issue 4). Kept minimal so the build works.
import { PATCHBAY_VERSION } from '../version.js';

const [command] = process.argv.slice(2);
if (command === '--version' || command === '-v') {
  process.stdout.write(`${PATCHBAY_VERSION}\n`);
} else {
  process.stderr.write('patchbay: the CLI is not built yet\n');
  process.exitCode = 1;
}
