/**
 * Writing to stdout/stderr without node's stream machinery (costly to set up in a process
 * that lives a few milliseconds). `writeAll` blocks on the descriptor (node:fs, loaded on
 * first use); `print` is for a command that prints once at its end (the hook, the statusline)
 * and goes through Bun's own stdout, so such a process never loads node:fs.
 */
import { nodeFs } from "./node-fs.ts";

/** Write all of `text` to `fd`. */
export function writeAll(fd: number, text: string): void {
  const { writeSync } = nodeFs();
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

/** Write all of `text` to stdout; a reader gone (EPIPE) is no error. */
export async function print(text: string): Promise<void> {
  if (text === "") return;
  try {
    await Bun.write(Bun.stdout, text);
  } catch (e) {
    if (e instanceof Error && "code" in e && e.code === "EPIPE") return;
    throw e;
  }
}
