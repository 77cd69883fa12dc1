// Where the CLI's words go. stdout carries the command's result (or exactly one JSON document with
// --json); stderr carries diagnostics and progress. Colour and the spinner exist only on a TTY and
// never when NO_COLOR is set, so piped output and logs contain no ANSI escape at all.
import type { Writable } from 'node:stream';
import { asInvoked } from './invocation.js';

export interface Streams {
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable & { isTTY?: boolean };
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: Readonly<Record<string, string | undefined>>;
}

export function processStreams(): Streams {
  return { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env };
}

/** no-color.org: NO_COLOR present and not empty disables colour. */
export function colorEnabled(streams: Streams): boolean {
  const noColor = streams.env.NO_COLOR;
  if (noColor !== undefined && noColor !== '') return false;
  return streams.stdout.isTTY === true;
}

type Paint = (text: string) => string;
export interface Style {
  bold: Paint;
  dim: Paint;
  red: Paint;
  green: Paint;
  yellow: Paint;
  cyan: Paint;
}

function sgr(open: number, close: number): Paint {
  return (text) => `\u001b[${open}m${text}\u001b[${close}m`;
}
const identity: Paint = (text) => text;
const COLORS: Style = { bold: sgr(1, 22), dim: sgr(2, 22), red: sgr(31, 39), green: sgr(32, 39), yellow: sgr(33, 39), cyan: sgr(36, 39) };
const PLAIN: Style = { bold: identity, dim: identity, red: identity, green: identity, yellow: identity, cyan: identity };

export interface Spinner {
  stop(): void;
}

export class Output {
  readonly color: boolean;
  readonly style: Style;
  readonly jsonMode: boolean;
  /** stdin and stdout are both terminals and no --json: prompts may be shown. */
  readonly interactive: boolean;
  private jsonWritten = false;

  /** What the user typed to run patchbay (`npx patchbay-mcp` through npx): hints name it. */
  readonly command: string;

  constructor(
    readonly streams: Streams,
    options: { json: boolean; command?: string },
  ) {
    this.jsonMode = options.json;
    this.command = options.command ?? 'patchbay';
    this.color = !options.json && colorEnabled(streams);
    this.style = this.color ? COLORS : PLAIN;
    this.interactive = !options.json && streams.stdin.isTTY === true && streams.stdout.isTTY === true;
  }

  /** A result line for people. Suppressed under --json (stdout then holds only the JSON document). */
  out(text = ''): void {
    if (this.jsonMode) return;
    this.streams.stdout.write(`${asInvoked(text, this.command)}\n`);
  }

  /** Diagnostics, notices, progress: always stderr. */
  err(text: string): void {
    this.streams.stderr.write(`${asInvoked(text, this.command)}\n`);
  }

  /** The one JSON document of a --json run. A second call is a bug, so it throws. */
  json(document: unknown): void {
    if (!this.jsonMode) return;
    if (this.jsonWritten) throw new Error('Output.json called twice');
    this.jsonWritten = true;
    this.streams.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
  }

  get wroteJson(): boolean {
    return this.jsonWritten;
  }

  /** A one-line spinner on stderr, only when colour is on and stderr is a terminal. */
  spinner(text: string): Spinner {
    if (!this.color || this.streams.stderr.isTTY !== true) return { stop() {} };
    const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
    let i = 0;
    const draw = (): void => {
      this.streams.stderr.write(`\r${this.style.cyan(frames[i++ % frames.length] ?? '')} ${text}`);
    };
    draw();
    const timer = setInterval(draw, 80);
    return {
      stop: () => {
        clearInterval(timer);
        this.streams.stderr.write('\r\u001b[2K');
      },
    };
  }
}
