import { expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { BIN, testEnv } from "../support/vigil.ts";

test("50 concurrent hook processes on one session: no errors, no lost updates", async () => {
  const env = testEnv();
  const payload = (i: number) =>
    JSON.stringify({
      session_id: "concurrent",
      transcript_path: "/nonexistent/t.jsonl",
      // Each call changes the row (its cwd): a call that changes nothing writes nothing
      // (src/app/quiet-call.ts), and every one of these must be written, none lost.
      cwd: `/tmp/c${i}`,
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: `echo ${i}` },
      tool_use_id: `t${i}`,
    });
  const procs = Array.from({ length: 50 }, (_, i) => {
    const p = Bun.spawn([BIN, "hook"], { stdin: "pipe", stdout: "pipe", stderr: "pipe", env });
    p.stdin.write(payload(i));
    p.stdin.end();
    return p;
  });
  const codes = await Promise.all(procs.map((p) => p.exited));
  expect(codes.every((c) => c === 0)).toBe(true);
  const db = new Database(join(env.VIGIL_HOME, "vigil.db"), { readonly: true });
  const kinds = db.query<{ kind: string; n: number }, []>("SELECT kind, count(*) AS n FROM events GROUP BY kind").all();
  const tools = db.query<{ d: string }, []>("SELECT detail AS d FROM events WHERE kind = 'hook'").all();
  db.close();
  expect(kinds).toEqual([{ kind: "hook", n: 50 }]);
  expect(new Set(tools.map((t) => JSON.parse(t.d).tool)).size).toBe(1);
  expect(existsSync(join(env.VIGIL_HOME, "vigil.log"))).toBe(false);
});
