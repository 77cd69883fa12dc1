export const bundlePath: string;
export interface LocalRegistry {
  url: string;
  port: number;
  dir: string;
  /** `npm publish` of a tarball or a package folder. */
  publish(tarball: string): Promise<void>;
  stop(): Promise<void>;
}
export interface PackedPatchbay {
  tarball: string;
  name: string;
  version: string;
  files: string[];
}
export function startLocalRegistry(opts?: { startTimeoutMs?: number }): Promise<LocalRegistry>;
export function packPatchbay(destDir: string): Promise<PackedPatchbay>;
export function startRegistryWithPatchbay(opts?: {
  startTimeoutMs?: number;
}): Promise<LocalRegistry & { version: string; spec: string; packed: PackedPatchbay }>;
