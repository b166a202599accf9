/** The last-resort error log, for when the database itself cannot be written. */
import { dirnamePath } from "../core/posix-path.ts";
import { nodeFs } from "./node-fs.ts";

/** Append one line to the log file; never throws, never blocks. */
export function appendLog(file: string, line: string): void {
  try {
    const fs = nodeFs();
    fs.mkdirSync(dirnamePath(file), { recursive: true, mode: 0o700 });
    // O_NONBLOCK: a FIFO at the log's path with no reader fails the open (ENXIO) instead of
    // holding the hook until Claude Code kills it; on a regular file it changes nothing.
    const { O_WRONLY, O_APPEND, O_CREAT, O_NONBLOCK } = fs.constants;
    const fd = fs.openSync(file, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK, 0o600);
    try {
      fs.writeSync(fd, line.replace(/\n/g, " ") + "\n");
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Nowhere left to record it: a hook must still fail open.
  }
}

/** The lines of a hook call that failed open with the store itself unusable (or its answer lost). */
const HOOK_FAILURE = /(?:^|\s)(?:hook_error|hook_forward_lost)\b/;
/** At most this much of the log is read per call: the log is the last resort, not a stream. */
const TALLY_READ_CAP = 4 * 1024 * 1024;

/**
 * A running count of the hook failures written to the log (not to the database: a locked or
 * broken store, a lost forward), read incrementally from where the last call stopped. A log
 * that shrank (rotated, truncated) is read again from its start; the count only grows.
 */
export function logFailureTally(file: string): () => number {
  let offset = 0, count = 0, rest = "";
  return () => {
    try {
      const fs = nodeFs();
      const size = fs.statSync(file).size;
      if (size < offset) (offset = 0, rest = "");
      if (size === offset) return count;
      const n = Math.min(size - offset, TALLY_READ_CAP);
      const buf = Buffer.alloc(n);
      const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
      try {
        fs.readSync(fd, buf, 0, n, offset);
      } finally {
        fs.closeSync(fd);
      }
      offset += n;
      const lines = (rest + buf.toString("utf8")).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) if (HOOK_FAILURE.test(line)) count++;
    } catch {
      // No log yet, or unreadable: nothing more is known.
    }
    return count;
  };
}
