// YAML hosts that are plain data: the same record as the JSON family (json-host-record.ts) with
// `format: 'yaml'`. Goose and Continue stay modules (Goose's map repeats its key in `name`, Continue's
// project files are one block per server).
import type { JsonHostData } from './json-host-record.js';
import { LIBRECHAT_STYLE } from './json-styles.js';

export const YAML_HOSTS: readonly JsonHostData[] = [
  // LibreChat (librechat.ai docs, librechat_yaml object_structure mcp_servers; docs/hosts-catalog.md):
  // the server's `librechat.yaml` in its root, `mcpServers` a MAP of name -> `{command, args, env}` (or
  // `{type, url}` for remote ones, not written: UNVERIFIED beyond the docs' examples). No user file.
  // A new file carries the `version` LibreChat's config schema requires (UNVERIFIED which minimum).
  {
    id: 'librechat', displayName: 'LibreChat', binaries: [], format: 'yaml', tolerance: 'strict', container: ['mcpServers'], style: LIBRECHAT_STYLE,
    skeleton: { version: '1.2.1' }, detectDirs: {}, projectFiles: ['librechat.yaml'], projectEvidence: ['librechat.yaml'], userFiles: {},
  },
];
