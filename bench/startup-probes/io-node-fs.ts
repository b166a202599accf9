// A hook's I/O through node:fs: stdin, a 64 KiB transcript tail, one line out.
import { closeSync, fstatSync, openSync, readSync, writeSync } from "node:fs";
const b = Buffer.allocUnsafe(65536);
const n = readSync(0, b, 0, 65536, null);
JSON.parse(b.subarray(0, n).toString("utf8"));
const fd = openSync(process.env.PROBE_T!, "r");
const size = fstatSync(fd).size;
const t = Buffer.allocUnsafe(65536);
readSync(fd, t, 0, 65536, size - 65536);
closeSync(fd);
const s = t.toString("utf8");
writeSync(1, '{"ok":' + s.length + "}");
