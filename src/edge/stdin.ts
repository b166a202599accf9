/** Reads all of stdin with a byte cap: hooks must never buffer unbounded input. */

export const STDIN_CAP = 10 * 1024 * 1024;

export type StdinResult = { ok: true; text: string } | { ok: false; error: string; bytes: number };

/** Read stdin to the end, or stop (and say so) once it exceeds `cap` bytes. */
export async function readStdin(cap = STDIN_CAP): Promise<StdinResult> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of Bun.stdin.stream()) {
    total += chunk.byteLength;
    if (total > cap) return { ok: false, error: `stdin exceeds ${cap} bytes`, bytes: total };
    chunks.push(chunk);
  }
  return { ok: true, text: Buffer.concat(chunks).toString("utf8") };
}
