export interface ToolSpec {
  package: string;
  version: string;
  /** Path of the executable, relative to the tool's install dir. */
  bin: string;
  group: 'host' | 'infra' | 'bench' | 'optional';
}
export interface InstallResult {
  name: string;
  status: 'cached' | 'installed';
  dir: string;
  package: string;
  version: string;
  bin: string;
  seconds?: number;
}
export const repoRoot: string;
export const versionsFile: string;
export function toolsDir(): string;
export function readVersions(): Promise<Record<string, ToolSpec>>;
export function installTools(opts?: {
  names?: string[];
  withOptional?: boolean;
  log?: (message: string) => void;
}): Promise<InstallResult[]>;
