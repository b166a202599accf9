/**
 * A worker at HARD in unattended mode gets at most one Stop push, and that push asks for the
 * handoff, not the work PreToolUse would deny (issue 13). Real binary, one process per hook.
 */
import { describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { openStore } from "../../src/edge/store.ts";
import { transcriptAt } from "../support/usage-transcript.ts";
import { testEnv, vigil } from "../support/vigil.ts";

function setup() {
  const env = testEnv({ VIGIL_HARD_TOKENS: "300000", VIGIL_SOFT_TOKENS: "250000" });
  const cwd = join(env.HOME, "work");
  mkdirSync(cwd, { recursive: true });
  expect(vigil(["night", "on", "--force"], "", env).code).toBe(0);
  const transcript = transcriptAt(join(env.HOME, "t.jsonl"), 310_000, "Next, I will run the integration suite.");
  const base = { session_id: "hard-1", transcript_path: transcript, cwd, agent_type: "worker" };
  const hook = (event: string, extra: Record<string, unknown> = {}) =>
    vigil(["hook"], JSON.stringify({ hook_event_name: event, ...base, ...extra }), env);
  const stop = () =>
    hook("Stop", { stop_hook_active: false, last_assistant_message: "Next, I will run the integration suite." });
  const gates = () => {
    const store = openStore(join(env.VIGIL_HOME, "vigil.db"));
    try {
      return store.events({ kinds: ["stop_gate"] }).map((e) => JSON.parse(e.detail))
        .map((d: { decision: string; gate: string }) => `${d.decision}:${d.gate}`);
    } finally {
      store.close();
    }
  };
  const guards = () => {
    const store = openStore(join(env.VIGIL_HOME, "vigil.db"));
    try {
      return store.events({ kinds: ["guard"] }).map((e) => JSON.parse(e.detail))
        .map((d: { decision: string; rule: string }) => `${d.decision}:${d.rule}`);
    } finally {
      store.close();
    }
  };
  return { env, cwd, hook, stop, gates, guards };
}

describe("the Stop gate at HARD", () => {
  test("asks once for the handoff, then lets the session stop", () => {
    const s = setup();
    s.hook("UserPromptSubmit", { prompt: "work the ticket" });
    const first = s.stop();
    expect(first.code).toBe(0);
    const out = JSON.parse(first.stdout);
    expect(out.decision).toBe("block");
    expect(out.reason).toContain("handoff");
    expect(out.reason).not.toContain("make the tool calls");
    for (let i = 0; i < 3; i++) expect(s.stop().stdout).toBe("");
    expect(s.gates()).toEqual(["block:hard", "pass:hard", "pass:hard", "pass:hard"]);
  }, 30_000);

  test("does not ask when a handoff document was written since HARD", () => {
    const s = setup();
    s.hook("UserPromptSubmit", { prompt: "work the ticket" });
    s.hook("PostToolUse", { tool_name: "Write", tool_input: { file_path: join(s.cwd, "HANDOFF.md"), content: "x" } });
    expect(s.stop().stdout).toBe("");
    expect(s.gates()).toEqual(["pass:hard"]);
  }, 30_000);

  test.each([
    ["a heredoc", "cat > HANDOFF.md <<'EOF'\nstatus: new session needed\nEOF"],
    ["tee", "printf 'status: handed over\\n' | tee handoff/notes.md"],
    ["a redirect", "printf 'status: handed over\\n' >> HANDOFF.md"],
  ])(
    "a handoff written through Bash (%s) counts like a Write: no second ask, recorded as handoff-write",
    (_, command) => {
      const s = setup();
      s.hook("UserPromptSubmit", { prompt: "work the ticket" });
      const call = { tool_name: "Bash", tool_input: { command } };
      const pre = s.hook("PreToolUse", call);
      expect([pre.code, pre.stdout]).toEqual([0, ""]);
      expect(s.hook("PostToolUse", { ...call, tool_response: { stdout: "" } }).code).toBe(0);
      expect(s.stop().stdout).toBe("");
      expect(s.gates()).toEqual(["pass:hard"]);
      // The guard's record is what /metrics' handoff timestamp (and VigilWorkerHardNoHandoff) reads.
      expect(s.guards().filter((g) => /^(allow|deny):/.test(g))).toEqual(["allow:handoff-write"]);
    },
    30_000,
  );
});
