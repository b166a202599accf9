/**
 * Bounded positional reads, shared by every edge that reads part of a file (transcripts,
 * checklists): one pread loop instead of one per reader, and one non-blocking open.
 */
import { nodeFs } from "./node-fs.ts";

/**
 * Open a file to read without blocking in open(): a path that names a FIFO would otherwise
 * wait for a writer forever (a hook must never hang). Callers fstat and refuse non-files.
 */
export function openToRead(path: string): number {
  const { constants, openSync } = nodeFs();
  return openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
}

/**
 * What a long-lived reader keys a file's parsed contents on: its size, mtime and inode (so a
 * same-size file renamed over it with the same mtime is new too), or null when it is missing.
 * One stat, which for a missing file costs less than a failed open.
 */
export function statStamp(path: string): string | null {
  const st = nodeFs().statSync(path, { throwIfNoEntry: false });
  return st ? `${st.size}:${st.mtimeMs}:${st.ino}` : null;
}

/** Up to `length` bytes of `fd` from `position`; shorter only at the end of the file. */
export function readRange(fd: number, position: number, length: number): Buffer {
  // Uninitialised memory is fine: only the bytes read are returned.
  const buf = Buffer.allocUnsafe(length);
  const { readSync } = nodeFs();
  let got = 0;
  while (got < length) {
    const n = readSync(fd, buf, got, length - got, position + got);
    if (n === 0) break;
    got += n;
  }
  return got === length ? buf : buf.subarray(0, got);
}

/**
 * The first `maxBytes` of a regular file as text, or null when it is missing, not a regular
 * file (a FIFO, a device, a folder) or unreadable. With `whole`, a larger file is null instead
 * of cut. A cut through a multi-byte character decodes to U+FFFD.
 */
export function readSmallText(path: string, maxBytes: number, opts: { whole?: boolean } = {}): string | null {
  let fd: number;
  try {
    fd = openToRead(path);
  } catch {
    return null;
  }
  const { closeSync, fstatSync } = nodeFs();
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || (opts.whole === true && st.size > maxBytes)) return null;
    return readRange(fd, 0, Math.min(st.size, maxBytes)).toString("utf8");
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}
