// The same through Bun: the stdin stream, Bun.mmap, Bun.write.
const r = Bun.stdin.stream().getReader();
const parts: Uint8Array[] = [];
for (;;) {
  const { done, value } = await r.read();
  if (done) break;
  parts.push(value);
}
const dec = new TextDecoder();
JSON.parse(dec.decode(parts[0]));
const f = Bun.file(process.env.PROBE_T!);
const size = f.size;
const m = Bun.mmap(process.env.PROBE_T!);
const s = dec.decode(m.subarray(size - 65536));
await Bun.write(Bun.stdout, '{"ok":' + s.length + "}");

export {};
