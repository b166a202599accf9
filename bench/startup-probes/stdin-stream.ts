// Reads stdin through a reader on Bun.stdin.stream() (what edge/stdin.ts does).
const r = Bun.stdin.stream().getReader();
const parts: Uint8Array[] = [];
for (;;) {
  const { done, value } = await r.read();
  if (done) break;
  parts.push(value);
}
JSON.parse(new TextDecoder().decode(parts[0]));

export {};
