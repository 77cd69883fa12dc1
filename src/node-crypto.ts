// The two things patchbay asks of node:crypto: sha256 hex digests (file bytes, entry identities) and
// random hex (transaction ids, temp names). node:crypto is loaded on the first call, not when a chunk
// that might call it is imported: loading it runs ~20 of node's internal modules (~5 ms), and
// `patchbay mcp` answers `initialize` without a hash, `list` and `status` without a random byte
// (issue 25). createRequire keeps the calls synchronous, which their callers are. It is anchored at
// process.execPath, not import.meta.url: a builtin resolves the same from anywhere, and a CLI that
// bundles the library to CommonJS has no import.meta.url to give.
import { createRequire } from 'node:module';

type NodeCrypto = typeof import('node:crypto');
let loaded: NodeCrypto | undefined;

function nodeCrypto(): NodeCrypto {
  loaded ??= createRequire(process.execPath)('node:crypto') as NodeCrypto;
  return loaded;
}

/** Lower-case hex sha256 of `data` (a string is hashed as its UTF-8 bytes). */
export function sha256Hex(data: string | Uint8Array): string {
  return nodeCrypto().createHash('sha256').update(data).digest('hex');
}

/** `bytes` random bytes as 2 × `bytes` lower-case hex characters. */
export function randomHex(bytes: number): string {
  return nodeCrypto().randomBytes(bytes).toString('hex');
}
