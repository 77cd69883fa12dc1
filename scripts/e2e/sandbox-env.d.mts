export function sandboxEnv(o: {
  home: string;
  registry?: string;
  npmCache?: string;
  extraPath?: string[];
  extra?: Record<string, string>;
}): Record<string, string>;
export function stripAnsi(text: string): string;
