/** The last-resort error log, for when the database itself cannot be written. */
import { dirname } from "node:path";
import { nodeFs } from "./node-fs.ts";

/** Append one line to the log file; never throws, never blocks. */
export function appendLog(file: string, line: string): void {
  try {
    const fs = nodeFs();
    fs.mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
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
