/** The last-resort error log, for when the database itself cannot be written. */
import { dirname } from "node:path";
import { nodeFs } from "./node-fs.ts";

/** Append one line to the log file; never throws. */
export function appendLog(file: string, line: string): void {
  try {
    const fs = nodeFs();
    fs.mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    fs.appendFileSync(file, line.replace(/\n/g, " ") + "\n", { mode: 0o600 });
  } catch {
    // Nowhere left to record it: a hook must still fail open.
  }
}
