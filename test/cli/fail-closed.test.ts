/**
 * Regression (issue 33, defect b): every internal failure became exit 0 with no output, so
 * under `vigil install --fail-closed` a store locked longer than vigil waited opened HARD (a
 * worker over the limit ran its tool), and the hooks-failing-open metric counted only failures
 * written to the database, not those that went to vigil.log. Through the binary: the
 * registration's own command (`vigil hook --fail-closed=N`) blocks the tool (exit 2) when the
 * store stays locked past what N allows; the same call registered fail-open runs the tool; and
 * `/metrics` counts both failures although neither reached the database.
 */
import { afterAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { closedReason } from "../../src/core/fail-closed.ts";
import { vigilGroup } from "../../src/core/install/entries.ts";
import { splitProgram } from "../../src/core/install/entries.ts";
import { startServe } from "../support/serve.ts";
import { transcriptAt } from "../support/usage-transcript.ts";
import { BIN, testEnv, vigil } from "../support/vigil.ts";
import { collect } from "../support/collect.ts";

const env = testEnv({ VIGIL_HARD_TOKENS: "300000", VIGIL_SOFT_TOKENS: "250000", VIGIL_FORWARD: "0" });
afterAll(() => rmSync(env.HOME, { recursive: true, force: true }));

/** Run a registered hook command's arguments with stdin, without waiting synchronously (the test holds a lock). */
async function run(args: string[], stdin: string): Promise<{ code: number; stderr: string; stdout: string }> {
  const p = Bun.spawn([BIN, ...args], { stdin: "pipe", stdout: "pipe", stderr: "pipe", env });
  p.stdin.write(stdin);
  p.stdin.end();
  return await collect(p);
}

test(
  "under --fail-closed a store locked past the registration's timeout blocks the tool at HARD, and /metrics counts it",
  async () => {
    const cwd = join(env.HOME, "work");
    mkdirSync(cwd, { recursive: true });
    const transcript = transcriptAt(join(env.HOME, "t.jsonl"), 310_000, "Next, I will run the tests.");
    const call = (event: string, extra: Record<string, unknown> = {}) =>
      JSON.stringify({
        hook_event_name: event,
        session_id: "closed-1",
        transcript_path: transcript,
        cwd,
        agent_type: "worker",
        ...extra,
      });
    const bash = call("PreToolUse", { tool_name: "Bash", tool_input: { command: "npm test" }, tool_use_id: "t1" });
    // The session is at HARD: with the store free, the gated tool is denied.
    expect(vigil(["hook"], call("UserPromptSubmit", { prompt: "work the ticket" }), env).code).toBe(0);
    expect(JSON.parse(vigil(["hook"], bash, env).stdout).hookSpecificOutput.permissionDecision).toBe("deny");

    // What `vigil install --fail-closed` registers on PreToolUse, with a 2 s timeout for speed.
    const registered = vigilGroup("PreToolUse", BIN, null, { failClosed: true }).hooks[0];
    if (registered.type !== "command") throw new Error("a command hook was expected");
    expect(registered.onFailure).toBe("block");
    const words = splitProgram(registered.command);
    expect(words?.rest).toMatch(/^hook --fail-closed=\d+$/);
    const closedArgs = ["hook", "--fail-closed=2"];

    // Another writer holds the store far longer than the registration's timeout allows.
    const holder = new Database(join(env.VIGIL_HOME, "vigil.db"));
    holder.run("PRAGMA busy_timeout = 0");
    holder.run("BEGIN IMMEDIATE");
    let closed, open;
    try {
      closed = await run(closedArgs, bash);
      open = await run(["hook"], bash);
    } finally {
      holder.run("ROLLBACK");
      holder.close();
    }
    expect(closed.code).toBe(2);
    expect(closed.stderr).toContain("failed closed");
    expect(closed.stderr).toMatch(/database is (locked|busy)/);
    // The same call registered fail-open lets the tool run (the documented default).
    expect([open.code, open.stdout]).toEqual([0, ""]);

    const served = await startServe(["--listen", "127.0.0.1:0"], env);
    try {
      const base = served.line.match(/https?:\/\/[^\s]+/)?.[0];
      if (!base) throw new Error(`serve printed no address: ${served.line}`);
      const metrics = await (await fetch(new URL("/metrics", base))).text();
      const failed = metrics.split("\n").find((l) => l.startsWith("vigil_hook_failed_open_total"));
      expect(Number(failed?.split(" ").at(-1))).toBe(2);
    } finally {
      await served.stop();
    }
  },
  60_000,
);

// Known gap 'messages in ko/ja': the model reads the refusal of a fail-closed call (stderr on
// exit 2), and it was English whatever the session's language. A payload the pipeline cannot
// take is the quickest failure.
test.each(
  [
    ["ko_KR.UTF-8", "ko"],
    ["ja_JP.UTF-8", "ja"],
  ] as const,
)("%s: a fail-closed call that failed is refused in that language", async (locale, lang) => {
  const own = testEnv({ VIGIL_FORWARD: "0", LANG: locale });
  try {
    const p = Bun.spawn([BIN, "hook", "--fail-closed=2"], { stdin: "pipe", stdout: "pipe", stderr: "pipe", env: own });
    p.stdin.write(JSON.stringify({ hook_event_name: "PreToolUse" }));
    p.stdin.end();
    const r = await collect(p);
    expect(r.code).toBe(2);
    expect(r.stderr).toStartWith(closedReason(lang, "").trimEnd());
    expect(r.stderr).toContain(`missing "session_id"`);
  } finally {
    rmSync(own.HOME, { recursive: true, force: true });
  }
});
