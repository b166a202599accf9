/**
 * Reads all of stdin with a byte cap: hooks must never buffer unbounded input. Two ways, for
 * two kinds of process (bench/RESULTS.md, issue 18): Bun's own stdin stream for the statusline,
 * which never loads node:fs (the stream costs a tenth of a no-op, node:fs a fifth); blocking
 * reads on fd 0 for a hook, which loads node:fs anyway (the writing store, the transcript) and
 * would pay for the stream on top.
 */
import { nodeFs } from "./node-fs.ts";
export const STDIN_CAP = 10 * 1024 * 1024;

export type StdinResult = { ok: true; text: string } | { ok: false; error: string; bytes: number };

/** Read stdin to the end through Bun's stream, or stop (and say so) once it exceeds `cap` bytes. */
export async function readStdin(cap = STDIN_CAP): Promise<StdinResult> {
  const reader = Bun.stdin.stream().getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > cap) return { ok: false, error: `stdin exceeds ${cap} bytes`, bytes: total };
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  const bytes = chunks.length === 1 ? chunks[0] : concat(chunks, total);
  return { ok: true, text: new TextDecoder().decode(bytes) };
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) (out.set(c, at), at += c.length);
  return out;
}

const CHUNK = 64 * 1024;

/** `readStdin` with blocking reads on `fd` (node:fs), retried on EAGAIN. */
export function readStdinBlocking(cap = STDIN_CAP, fd = 0): StdinResult {
  const { readSync } = nodeFs();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const buf = new Uint8Array(CHUNK);
    let n: number;
    try {
      n = readSync(fd, buf, 0, CHUNK, null);
    } catch (e) {
      const code = e instanceof Error && "code" in e ? e.code : null;
      if (code === "EAGAIN") {
        Bun.sleepSync(1);
        continue;
      }
      if (code === "EOF") break;
      throw e;
    }
    if (n === 0) break;
    total += n;
    if (total > cap) return { ok: false, error: `stdin exceeds ${cap} bytes`, bytes: total };
    chunks.push(buf.subarray(0, n));
  }
  return { ok: true, text: new TextDecoder().decode(chunks.length === 1 ? chunks[0] : concat(chunks, total)) };
}
