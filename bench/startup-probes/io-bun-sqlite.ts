// io-bun plus a read-only SQLite open and one row.
import { Database } from "bun:sqlite";
import { lineThroughBun, stdinThroughStream, tailThroughMmap } from "./_io.ts";

await stdinThroughStream();
const d = new Database(process.env.PROBE_DB!, { readonly: true });
d.query("SELECT * FROM sessions WHERE session_id = ?").get("s1");
d.close();
const s = tailThroughMmap(process.env.PROBE_T!);
await lineThroughBun('{"ok":' + s.length + "}");
