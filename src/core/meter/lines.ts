/**
 * JSONL lines of a transcript that is being appended to while we read it: walking complete
 * lines backwards through chunks, splitting an appended block forwards, and parsing a line
 * tolerantly (garbage is skipped, glued objects are split). Bytes come from a `ByteSource`
 * so this stays pure; the file is read by `src/edge/transcript.ts`.
 */

/** Random access to a file's bytes, provided by the edge. */
export interface ByteSource {
  /** Identity of the file (device and inode); a change means it was replaced. */
  id: string;
  /** Size when the call started; bytes past it are ignored. */
  size: number;
  /** `length` bytes at `position`; fewer only if the file shrank meanwhile. */
  read(position: number, length: number): Uint8Array;
}

/** Thrown inside a scan when a read comes back short: the file shrank under us. */
export class ShortRead extends Error {}

const NL = 10;
const FIRST_CHUNK_BYTES = 64 * 1024;
// Non-fatal: invalid UTF-8 becomes U+FFFD instead of failing the whole line.
const decoder = new TextDecoder("utf-8");

/** Decode one line's bytes. */
export function decode(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/** Read `length` bytes exactly, or throw `ShortRead`. */
export function readAll(src: ByteSource, position: number, length: number): Uint8Array {
  const buf = src.read(position, length);
  if (buf.length < length) throw new ShortRead("vigil: transcript shrank while reading");
  return buf;
}

/** `head` followed by `newestFirst` in file order (pieces are collected walking back). */
function join(head: Uint8Array, newestFirst: Uint8Array[]): Uint8Array {
  if (newestFirst.length === 0) return head;
  let n = head.length;
  for (const p of newestFirst) n += p.length;
  const out = new Uint8Array(n);
  out.set(head, 0);
  let at = head.length;
  for (let i = newestFirst.length - 1; i >= 0; i--) {
    out.set(newestFirst[i], at);
    at += newestFirst[i].length;
  }
  return out;
}

export interface BackwardScan {
  /** Offset just past the newest newline in [floor, size), or floor if there is none. */
  end: number;
  /** Bytes read. */
  read: number;
}

/**
 * Visit the complete lines in [floor, size) from newest to oldest until `visit` returns
 * false; each line comes with the offset it starts at. The bytes after the last newline are a
 * line still being written and are never visited. The line that starts before `floor` (or at
 * it: the scan cannot tell) is visited only when `floorIsLineStart`.
 * Lines longer than `maxLineBytes` are skipped without being held in memory. With `only`, a
 * line that holds none of those needles is skipped unvisited, found by one native search per
 * needle and hit rather than a test per line (a line cut by a chunk edge is always visited).
 */
export function scanBackward(
  src: ByteSource,
  visit: (line: Uint8Array, start: number) => boolean,
  opts: { floor: number; floorIsLineStart: boolean; chunkBytes: number; maxLineBytes: number; only?: Needle[] },
): BackwardScan {
  // The first read is small: most answers sit in the last few records, and a 1 MiB
  // allocation per call shows up as GC pauses in a resident `serve`.
  let chunk = Math.min(FIRST_CHUNK_BYTES, opts.chunkBytes);
  let pos = src.size;
  let end = -1;
  let pieces: Uint8Array[] = [];
  let carried = 0;
  let skipping = false;
  let read = 0;
  while (pos > opts.floor) {
    const len = Math.min(chunk, pos - opts.floor);
    chunk = opts.chunkBytes;
    const buf = readAll(src, pos - len, len);
    read += len;
    pos -= len;
    let hi = buf.length;
    const hitBelow = opts.only === undefined ? null : hits(buf, opts.only);
    for (let nl = buf.lastIndexOf(NL, hi - 1); nl >= 0; nl = hi > 0 ? buf.lastIndexOf(NL, hi - 1) : -1) {
      if (end < 0) end = pos + nl + 1;
      else if (!skipping && carried + hi - nl - 1 <= opts.maxLineBytes) {
        const hit = hitBelow === null || pieces.length > 0 ? hi : hitBelow(hi);
        if (hit > nl) {
          if (!visit(join(buf.subarray(nl + 1, hi), pieces), pos + nl + 1)) return { end, read };
        } else {
          // No needle in the lines up to the one that holds the next hit: jump to its end (to
          // the chunk's first newline when none is left: the head is carried, as always).
          hi = buf.indexOf(NL, Math.max(0, hit));
          continue;
        }
      }
      pieces = [];
      carried = 0;
      skipping = false;
      hi = nl;
    }
    if (end >= 0 && hi > 0 && !skipping) {
      carried += hi;
      if (carried > opts.maxLineBytes) {
        skipping = true;
        pieces = [];
      } else pieces.push(buf.subarray(0, hi));
    }
  }
  if (end < 0) return { end: opts.floor, read };
  if (opts.floorIsLineStart && !skipping && carried > 0) visit(join(new Uint8Array(0), pieces), opts.floor);
  return { end, read };
}

/**
 * For a chunk walked backwards: the highest position at which one of `needles` lies wholly
 * below `hi` (-1 for none). `hi` only decreases, so each needle is searched again only once
 * the hit it last found is passed.
 */
function hits(buf: Uint8Array, needles: Needle[]): (hi: number) => number {
  const view = asBuffer(buf);
  const at: number[] = [];
  for (let k = 0; k < needles.length; k++) at.push(Number.POSITIVE_INFINITY);
  return (hi) => {
    let best = -1;
    for (let k = 0; k < needles.length; k++) {
      const len = needles[k].length;
      // A negative offset would count from the end.
      if (at[k] + len > hi) at[k] = hi - len >= 0 ? view.lastIndexOf(needles[k], hi - len) : -1;
      if (at[k] > best) best = at[k];
    }
    return best;
  };
}

/**
 * Split an appended block (starting at a line start) into its complete lines, oldest first.
 * Returns the byte index just past the last newline (0 when there is none).
 */
export function splitForward(
  buf: Uint8Array,
  visit: (line: Uint8Array) => void,
  maxLineBytes: number,
): number {
  let lo = 0;
  for (let nl = buf.indexOf(NL); nl >= 0; nl = buf.indexOf(NL, lo)) {
    if (nl - lo <= maxLineBytes) visit(buf.subarray(lo, nl));
    lo = nl + 1;
  }
  return lo;
}

/** A needle for `contains`: its bytes, made once. */
export type Needle = Buffer;

/** The bytes of an ASCII (or any UTF-8) string to search for with `contains`. */
export function needle(text: string): Needle {
  return Buffer.from(text);
}

/**
 * Whether `hay` contains `n`, without decoding it: the runtime's native search on a view of
 * the same bytes (the global Buffer, no import, no copy). A byte loop anchored on one letter
 * cost a UserPromptSubmit's tail-facts read 0.6 ms in a server (bench/forwarded.ts).
 */
export function contains(hay: Uint8Array, n: Needle): boolean {
  return asBuffer(hay).includes(n);
}

/** The same bytes as a Buffer (a view, never a copy). */
function asBuffer(bytes: Uint8Array): Buffer {
  return bytes instanceof Buffer ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Parse one line into its records. A line that is not JSON may still hold whole objects
 * glued together (`}{`, left by an interrupted writer): each top-level object that parses
 * is kept, in order; anything else on the line is skipped.
 */
export function parseLine(text: string): unknown[] {
  try {
    return [JSON.parse(text)];
  } catch {
    return parseGlued(text);
  }
}

const QUOTE = 34, BACKSLASH = 92, OPEN = 123, CLOSE = 125, OPEN_SQ = 91, CLOSE_SQ = 93;

// One linear pass tracking strings and nesting, so a `}{` inside a string never splits.
function parseGlued(text: string): unknown[] {
  const out: unknown[] = [];
  let depth = 0, start = -1, inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (depth === 0) {
      if (c === OPEN) {
        depth = 1;
        start = i;
        inString = false;
      }
      continue;
    }
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN || c === OPEN_SQ) depth++;
    else if (c === CLOSE || c === CLOSE_SQ) {
      depth--;
      if (depth === 0) {
        try {
          out.push(JSON.parse(text.slice(start, i + 1)));
        } catch {
          // not an object after all: skip it
        }
      }
    }
  }
  return out;
}
