/**
 * Garbage while a report is written: every row read and every session written is garbage a
 * moment later, and most of it is strings (details, labels, the text or JSON written) that
 * live outside the heap `heapUsed` counts. Left to the collector's own pace, a month's
 * report of the year bench peaked ~35 MiB higher; a full collection costs a few ms on a
 * small heap but 60-280 ms on a year's plan under load, so one runs only once the resident
 * set has grown by a set amount since the last.
 */

/** Growth of the resident set (bytes) after which a full collection runs. */
export const GARBAGE_BYTES = 24 * 1024 * 1024;

/**
 * A check to call between pieces of work: a full collection when the process grew `bytes`
 * since the last one, and with `young` a young-generation pass each time (cheap beside a
 * cursor's 8,192 rows; per batch of sessions it cost a year's text report ~1 s of 4-5).
 */
export function garbageCheck(opts: { bytes?: number; young?: boolean } = {}): () => void {
  const bytes = opts.bytes ?? GARBAGE_BYTES;
  let floor = process.memoryUsage.rss();
  return () => {
    if (opts.young) Bun.gc(false);
    if (process.memoryUsage.rss() <= floor + bytes) return;
    Bun.gc(true);
    floor = process.memoryUsage.rss();
  };
}
