/**
 * Writing to stdout/stderr without node's stream machinery (costly to set up in a process
 * that lives a few milliseconds): blocking writes on the descriptor, retried on EAGAIN.
 */
import { writeSync } from "node:fs";

/** Write all of `text` to `fd`. */
export function writeAll(fd: number, text: string): void {
  let buf = Buffer.from(text, "utf8");
  while (buf.length > 0) {
    try {
      const n = writeSync(fd, buf);
      buf = buf.subarray(n);
    } catch (e) {
      if (e instanceof Error && "code" in e && e.code === "EAGAIN") {
        Bun.sleepSync(1);
        continue;
      }
      if (e instanceof Error && "code" in e && e.code === "EPIPE") return; // reader gone
      throw e;
    }
  }
}
