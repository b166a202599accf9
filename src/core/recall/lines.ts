/**
 * Complete JSONL lines of a transcript read forwards in chunks, each with its byte offset.
 * Bytes after the last newline are a record still being written: they are carried into the
 * next chunk, never handed out, and `end` stays before them so the next run starts there.
 * A line longer than the cap is skipped without being held, so memory stays bounded.
 */

const NL = 10;

/** Splits chunks that follow each other in the file into lines. */
export class LineSplitter {
  /** Offset just past the last complete line seen: where the next run resumes. */
  end: number;
  /** Lines skipped for being longer than the cap. */
  skipped = 0;
  private pos: number;
  private pieces: Uint8Array[] = [];
  private carried = 0;
  private oversized = false;

  constructor(start: number, readonly maxLineBytes: number) {
    this.end = start;
    this.pos = start;
  }

  /** Feed the next chunk (it starts where the previous one ended); `visit` gets each complete line. */
  push(chunk: Uint8Array, visit: (line: Uint8Array, offset: number) => void): void {
    let lo = 0;
    for (let nl = chunk.indexOf(NL); nl >= 0; nl = chunk.indexOf(NL, lo)) {
      const start = this.end;
      if (this.oversized || this.carried + nl - lo > this.maxLineBytes) this.skipped++;
      else if (this.carried === 0) visit(chunk.subarray(lo, nl), start);
      else visit(concat([...this.pieces, chunk.subarray(lo, nl)], this.carried + nl - lo), start);
      this.pieces = [];
      this.carried = 0;
      this.oversized = false;
      this.end = this.pos + nl + 1;
      lo = nl + 1;
    }
    const rest = chunk.length - lo;
    if (rest > 0 && !this.oversized) {
      if (this.carried + rest > this.maxLineBytes) {
        this.oversized = true;
        this.pieces = [];
      } else {
        // Copy: the caller may reuse the chunk's buffer for the next read. (Not `slice`: on a
        // Node Buffer that is a view, not a copy.)
        this.pieces.push(new Uint8Array(chunk.subarray(lo)));
        this.carried += rest;
      }
    }
    this.pos += chunk.length;
  }
}

function concat(parts: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
