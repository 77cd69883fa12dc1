// The end of a server's stderr, kept bounded and shown redacted: a failed row quotes its last lines
// because that is where servers say why they died. Values doctor itself handed to the server (env,
// headers) are blanked first, then the generic rules of src/redact.ts catch `--token=…` and friends.
import { REDACTED, redactText } from '../redact.js';

const KEEP_BYTES = 64 * 1024;
export const TAIL_LINES = 8;
/** Shorter values are too likely to be ordinary words ("true", "1") to blank everywhere. */
const MIN_SECRET_LENGTH = 4;

export class StderrTail {
  private text = '';

  append(chunk: string): void {
    this.text += chunk;
    if (this.text.length > KEEP_BYTES) this.text = this.text.slice(-KEEP_BYTES);
  }

  /** The last non-empty lines, each redacted. */
  lines(secrets: readonly string[], count = TAIL_LINES): string[] {
    const known = secrets.filter((s) => s.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
    return this.text
      .split(/\r?\n/)
      .filter((l) => l.trim() !== '')
      .slice(-count)
      .map((line) => {
        let out = line;
        for (const secret of known) out = out.split(secret).join(REDACTED);
        out = redactText(out);
        return out.length > 300 ? `${out.slice(0, 300)}…` : out;
      });
  }
}
