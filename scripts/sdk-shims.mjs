// rolldown plugin: resolve the MCP SDK's `@modelcontextprotocol/server/_shims` (a package self-import
// chosen by export conditions) to src/server/sdk-shims.ts, whose JSON Schema validator is the SDK's
// light one instead of Ajv (why: that file). Used by scripts/build.mjs, and by bench/mcp-startup.mjs
// for its "same shims" baseline.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const SDK_SHIMS_SOURCE = path.join(root, 'src', 'server', 'sdk-shims.ts');

export const sdkShims = {
  name: 'sdk-shims',
  resolveId(spec) {
    return spec === '@modelcontextprotocol/server/_shims' ? SDK_SHIMS_SOURCE : null;
  },
};
