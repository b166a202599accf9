/**
 * Bounded positional reads, shared by every edge that reads part of a file (transcripts,
 * checklists): one pread loop instead of one per reader.
 */
import { Buffer } from "node:buffer";
import { readSync } from "node:fs";

/** Up to `length` bytes of `fd` from `position`; shorter only at the end of the file. */
export function readRange(fd: number, position: number, length: number): Buffer {
  // Uninitialised memory is fine: only the bytes read are returned.
  const buf = Buffer.allocUnsafe(length);
  let got = 0;
  while (got < length) {
    const n = readSync(fd, buf, got, length - got, position + got);
    if (n === 0) break;
    got += n;
  }
  return got === length ? buf : buf.subarray(0, got);
}
