// What several probes share (bundled into each; the driver skips `_`-named files): Bun's own
// stdin stream, a 64 KiB transcript tail through Bun.mmap, one line out through Bun.write.
export async function stdinThroughStream(): Promise<unknown> {
  const r = Bun.stdin.stream().getReader();
  const parts: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await r.read();
    if (done) break;
    parts.push(value);
  }
  return JSON.parse(new TextDecoder().decode(parts[0]));
}

export function tailThroughMmap(path: string): string {
  const m = Bun.mmap(path);
  return new TextDecoder().decode(m.subarray(Math.max(0, m.length - 65536)));
}

export async function lineThroughBun(text: string): Promise<void> {
  await Bun.write(Bun.stdout, text);
}
