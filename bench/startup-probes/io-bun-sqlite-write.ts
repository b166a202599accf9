// io-bun-sqlite plus a writing open (WAL) and a two-statement transaction: a hook that writes, without node:fs.
import { Database } from "bun:sqlite";
const r = Bun.stdin.stream().getReader();
const parts: Uint8Array[] = [];
for (;;) {
  const { done, value } = await r.read();
  if (done) break;
  parts.push(value);
}
const dec = new TextDecoder();
JSON.parse(dec.decode(parts[0]));
const d = new Database(process.env.PROBE_DB!, { create: true, strict: true });
d.run("PRAGMA busy_timeout = 2000");
d.query("PRAGMA journal_mode = WAL").get();
d.query("SELECT * FROM sessions WHERE session_id = ?").get("s1");
d.transaction(() => {
  d.query("UPDATE sessions SET updated_at = ? WHERE session_id = ?").run(Date.now(), "s1");
  d.query("INSERT INTO events (at, kind, detail) VALUES (?, ?, ?)").run(Date.now(), "hook", '{"a":1}');
}).immediate();
d.close(false);
const m = Bun.mmap(process.env.PROBE_T!);
const s = dec.decode(m.subarray(Math.max(0, m.length - 65536)));
await Bun.write(Bun.stdout, '{"ok":' + s.length + "}");
