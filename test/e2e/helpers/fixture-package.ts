// Publishes the fixture stdio MCP server (test/e2e/fixtures/fixture-mcp) to a local verdaccio at a chosen
// version. The source package.json carries a placeholder version: each publish stages a copy with the
// real one, so one fixture source yields 1.2.3, 1.3.0, … and a host's connection tells which pin ran.
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LocalRegistry } from './registry.js';

export const FIXTURE_NAME = 'fixture-mcp';
const source = fileURLToPath(new URL('../fixtures/fixture-mcp/', import.meta.url));

export async function publishFixtureMcp(registry: LocalRegistry, version: string): Promise<void> {
  // Staged under the registry's temp dir, which registry.stop() removes.
  const stage = await mkdtemp(path.join(registry.dir, `${FIXTURE_NAME}-${version}-`));
  await cp(source, stage, { recursive: true });
  const pkgFile = path.join(stage, 'package.json');
  const pkg = JSON.parse(await readFile(pkgFile, 'utf8')) as { version: string };
  pkg.version = version;
  await writeFile(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);
  // `npm publish <dir>` packs the folder itself (only server.mjs + package.json, per "files").
  await registry.publish(stage);
}
