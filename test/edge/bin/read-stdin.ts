// Reads stdin the way vigil's hot path does and prints what it got (test/edge/stdin.test.ts).
import { readStdin, stdinIsSocket } from "../../../src/edge/stdin.ts";

const socket = stdinIsSocket();
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
