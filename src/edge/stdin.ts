/**
 * Reads all of stdin with a byte cap: hooks must never buffer unbounded input. Through Bun's
 * own stdin stream: node:fs's blocking reads cost more to load than the stream reader does
 * (bench/RESULTS.md, issue 18).
 */
export const STDIN_CAP = 10 * 1024 * 1024;

export type StdinResult = { ok: true; text: string } | { ok: false; error: string; bytes: number };

/** Read stdin to the end, or stop (and say so) once it exceeds `cap` bytes. */
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
