// Reads stdin the way vigil's hot path does and prints what it got (test/edge/stdin.test.ts).
import { readStdin, stdinIsSocket } from "../../../src/edge/stdin.ts";

const socket = stdinIsSocket();
// A terminal never ends: report only what stdin was taken for.
if (process.env.KIND_ONLY) {
  console.log(JSON.stringify({ socket }));
  process.exit(0);
}
const r = await readStdin(Number(process.env.CAP ?? 10 * 1024 * 1024));
const text = r.ok ? r.text : null;
console.log(
  JSON.stringify({
    socket,
    ok: r.ok,
    length: text?.length ?? null,
    head: text?.slice(0, 40) ?? null,
    error: r.ok ? null : r.error,
  }),
);
