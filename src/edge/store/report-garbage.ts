/**
 * Garbage while a report is written: every row read and every session written is garbage a
 * moment later, and most of it is strings (details, labels, the text or JSON written) that
 * live outside the heap `heapUsed` counts. Left to the collector's own pace, a month's
 * report of the year bench peaked ~35 MiB higher. A full collection costs in proportion to
 * what is live (one took 79 ms at a month, 145 ms at a year, under load), so one runs only
 * once the peak resident set has grown by a share of what was resident after the last:
 * a small report stays well under its budget, a large one pays a few collections.
 */

/** The least growth of the peak resident set (bytes) before a full collection. */
export const GARBAGE_BYTES = 10 * 1024 * 1024;

/** About what `vigil report` over an empty range peaks at: the part no collection frees. */
const BASE_BYTES = 48 * 1024 * 1024;

/** The peak (bytes) past which the next full collection runs; one per process, as its RSS is. */
let next: number | null = null;

/**
 * To call between pieces of work: a full collection when the peak resident set grew by
 * `GARBAGE_BYTES`, or by half of what was resident above `BASE_BYTES` if more, since the last one
 * (or since the first call); with `young` also a young-generation pass (cheap beside a
 * cursor's 8,192 rows; per batch of sessions it cost a year's text report ~1 s of 4-5).
 */
export function collectGarbage(opts: { young?: boolean } = {}): void {
  const peak = process.resourceUsage().maxRSS * 1024;
  next ??= peak + GARBAGE_BYTES;
  if (opts.young) Bun.gc(false);
  if (peak <= next) return;
  Bun.gc(true);
  next = process.resourceUsage().maxRSS * 1024 + Math.max(GARBAGE_BYTES, (process.memoryUsage.rss() - BASE_BYTES) / 2);
}
