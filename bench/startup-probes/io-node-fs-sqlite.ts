// io-node-fs plus a read-only SQLite open and one row.
import { Database } from "bun:sqlite";
import { closeSync, fstatSync, openSync, readSync, writeSync } from "node:fs";
const b = Buffer.allocUnsafe(65536);
const n = readSync(0, b, 0, 65536, null);
JSON.parse(b.subarray(0, n).toString("utf8"));
const d = new Database(process.env.PROBE_DB!, { readonly: true });
d.query("SELECT * FROM sessions WHERE session_id = ?").get("s1");
d.close();
const fd = openSync(process.env.PROBE_T!, "r");
const size = fstatSync(fd).size;
const t = Buffer.allocUnsafe(65536);
readSync(fd, t, 0, 65536, size - 65536);
closeSync(fd);
writeSync(1, '{"ok":' + t.toString("utf8").length + "}");
