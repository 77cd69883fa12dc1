// Splits a byte stream into newline-delimited lines with a hard per-line limit. A line over the
// limit is never held in memory: once it crosses the limit the reader drops what it has, skips
// bytes until the next newline and reports the line as oversized exactly once. This is what lets
// the server answer -32600 and keep serving where the SDK's own ReadBuffer closes the connection.

export type LineEvent = { kind: 'line'; text: string } | { kind: 'oversized'; bytes: number };

export class LineReader {
  private chunks: Buffer[] = [];
  private size = 0;
  /** Bytes seen of the line being discarded; -1 when not discarding. */
  private discarded = -1;

  constructor(private readonly maxLineBytes: number) {}

  /** Feeds one chunk; returns the complete lines (and oversize reports) it finished, in order. */
  push(chunk: Buffer): LineEvent[] {
    const events: LineEvent[] = [];
    let start = 0;
    while (start <= chunk.length) {
      const nl = chunk.indexOf(0x0a, start);
      const end = nl === -1 ? chunk.length : nl;
      const piece = chunk.subarray(start, end);
      if (this.discarded >= 0) {
        this.discarded += piece.length;
      } else if (this.size + piece.length > this.maxLineBytes + 1) {
        // +1 tolerates the `\r` of a CRLF line ending exactly at the limit; checked again below.
        this.startDiscard(piece.length, events);
      } else if (piece.length > 0) {
        this.chunks.push(Buffer.from(piece));
        this.size += piece.length;
      }
      if (nl === -1) break;
      this.finishLine(events);
      start = nl + 1;
    }
    return events;
  }

  /** Bytes held for the current partial line (for tests: proves oversized lines are not buffered). */
  get bufferedBytes(): number {
    return this.size;
  }

  private startDiscard(pieceLength: number, events: LineEvent[]): void {
    this.discarded = this.size + pieceLength;
    this.chunks = [];
    this.size = 0;
    // Report at once: the client learns about the rejection without waiting for the line to end.
    events.push({ kind: 'oversized', bytes: this.discarded });
  }

  private finishLine(events: LineEvent[]): void {
    if (this.discarded >= 0) {
      this.discarded = -1;
      return;
    }
    let line = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.size);
    this.chunks = [];
    this.size = 0;
    if (line.length > 0 && line[line.length - 1] === 0x0d) line = line.subarray(0, line.length - 1);
    if (line.length > this.maxLineBytes) {
      events.push({ kind: 'oversized', bytes: line.length });
      return;
    }
    const text = line.toString('utf8');
    if (text.trim() !== '') events.push({ kind: 'line', text });
  }
}
