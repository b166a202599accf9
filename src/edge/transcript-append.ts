/**
 * What the watcher reads of a transcript: its size and mtime (growth is a change of either),
 * and the records appended since a stored byte offset, read forward with a byte cap so a pass
 * never reads more than a bounded slice of a large file. Missing or unreadable files are null.
 */
import { closeSync, fstatSync, statSync } from "node:fs";
import type { TranscriptStat } from "../core/liveness.ts";
import { parseLine } from "../core/meter/lines.ts";
import { isObject } from "../core/payload.ts";
import { openToRead, readRange } from "./file-read.ts";
import type { AppendedRead, AppendedRecord } from "../core/watch/observed.ts";
export type { AppendedRead, AppendedRecord };

/** Default bytes read per call. */
export const APPEND_READ_CAP = 4 * 1024 * 1024;
/** Longer lines (huge tool results) are skipped; they never end a turn. */
const MAX_LINE = 2 * 1024 * 1024;

/** Size and mtime of a transcript, or null when it cannot be stat'ed. */
export function statTranscript(path: string): TranscriptStat | null {
  try {
    const st = statSync(path);
    return st.isFile() ? { size: st.size, mtimeMs: Math.round(st.mtimeMs) } : null;
  } catch {
    return null;
  }
}

/**
 * Records in the complete lines from `from` on, at most `cap` bytes. With `mid`, `from` lies
 * inside a line and reading starts after its newline. A file now shorter than `from` (it was
 * replaced) reads from 0.
 */
export function readAppended(
  path: string,
  from: number,
  opts: { cap?: number; mid?: boolean } = {},
): AppendedRead | null {
  let fd: number;
  try {
    fd = openToRead(path);
  } catch {
    return null;
  }
  try {
    const size = fstatSync(fd).size;
    let start = from, mid = opts.mid ?? false;
    if (start > size) (start = 0, mid = false);
    const len = Math.min(size - start, opts.cap ?? APPEND_READ_CAP);
    const buf = readRange(fd, start, len);
    return split(buf, start, mid, size, buf.length === len && len > 0);
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

function split(buf: Buffer, start: number, mid: boolean, size: number, full: boolean): AppendedRead {
  const records: AppendedRecord[] = [];
  let lo = 0;
  if (mid) {
    const nl = buf.indexOf(10);
    if (nl < 0) return { records, end: start + (full ? buf.length : 0), mid: true, size };
    lo = nl + 1;
  }
  for (let nl = buf.indexOf(10, lo); nl >= 0; nl = buf.indexOf(10, lo)) {
    if (nl - lo <= MAX_LINE) {
      for (const v of parseLine(buf.toString("utf8", lo, nl))) {
        if (isObject(v)) records.push({ offset: start + lo, record: v });
      }
    }
    lo = nl + 1;
  }
  // A window that holds no newline at all is inside one very long line: step over it.
  if (lo === 0 && !mid && full && buf.length > 0) return { records, end: start + buf.length, mid: true, size };
  return { records, end: start + lo, mid: false, size };
}

/** The records of the last `bytes` of a transcript, starting at a line boundary. */
export function readTail(path: string, bytes: number): AppendedRead | null {
  const st = statTranscript(path);
  if (st === null) return null;
  const from = Math.max(0, st.size - bytes);
  return readAppended(path, from, { cap: bytes, mid: from > 0 });
}
