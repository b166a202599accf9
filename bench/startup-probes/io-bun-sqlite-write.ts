// io-bun-sqlite plus a writing open (WAL) and a two-statement transaction: a hook that writes, without node:fs.
import { Database } from "bun:sqlite";
import { lineThroughBun, stdinThroughStream, tailThroughMmap } from "./_io.ts";

await stdinThroughStream();
const d = new Database(process.env.PROBE_DB!, { create: true, strict: true });
d.run("PRAGMA busy_timeout = 2000");
d.query("PRAGMA journal_mode = WAL").get();
d.query("SELECT * FROM sessions WHERE session_id = ?").get("s1");
d.transaction(() => {
  d.query("UPDATE sessions SET updated_at = ? WHERE session_id = ?").run(Date.now(), "s1");
  d.query("INSERT INTO events (at, kind, detail) VALUES (?, ?, ?)").run(Date.now(), "hook", '{"a":1}');
}).immediate();
d.close(false);
const s = tailThroughMmap(process.env.PROBE_T!);
await lineThroughBun('{"ok":' + s.length + "}");
