/**
 * Reads all of stdin with a byte cap: hooks must never buffer unbounded input. Plain
 * blocking reads on fd 0: Bun's stdin stream pulls in the stream machinery, measurable in a
 * process that lives a few milliseconds.
 */
import { Buffer } from "node:buffer";
import { readSync } from "node:fs";

export const STDIN_CAP = 10 * 1024 * 1024;

export type StdinResult = { ok: true; text: string } | { ok: false; error: string; bytes: number };

const CHUNK = 64 * 1024;

/** Read stdin to the end, or stop (and say so) once it exceeds `cap` bytes. */
export function readStdin(cap = STDIN_CAP, fd = 0): Promise<StdinResult> {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const buf = Buffer.allocUnsafe(CHUNK);
    let n: number;
    try {
      n = readSync(fd, buf, 0, CHUNK, null);
    } catch (e) {
      if (errno(e) === "EAGAIN") {
        Bun.sleepSync(1);
        continue;
      }
      if (errno(e) === "EOF") break;
      throw e;
    }
    if (n === 0) break;
    total += n;
    if (total > cap) return Promise.resolve({ ok: false, error: `stdin exceeds ${cap} bytes`, bytes: total });
    chunks.push(buf.subarray(0, n));
  }
  return Promise.resolve({ ok: true, text: Buffer.concat(chunks, total).toString("utf8") });
}

function errno(e: unknown): string | null {
  return e instanceof Error && "code" in e && typeof e.code === "string" ? e.code : null;
}
