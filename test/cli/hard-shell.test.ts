/**
 * A worker's Bash at HARD through the compiled binary: the shell analyser is not part of the
 * hook's start-up code (test/hot-path.test.ts), so these calls prove the binary loads it when a
 * call needs it and that the decision is the allow-list's, committed once.
 */
import { describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { openStore } from "../../src/edge/store.ts";
import { transcriptAt } from "../support/usage-transcript.ts";
import { testEnv, vigil } from "../support/vigil.ts";

function session(tokens: number) {
  const env = testEnv({ VIGIL_HARD_TOKENS: "300000", VIGIL_SOFT_TOKENS: "250000" });
  const cwd = join(env.HOME, "work");
  mkdirSync(cwd, { recursive: true });
  const transcript = transcriptAt(join(env.HOME, `t-${tokens}.jsonl`), tokens);
  const bash = (command: string) =>
    vigil(
      ["hook"],
      JSON.stringify({
        hook_event_name: "PreToolUse",
        session_id: `shell-${tokens}`,
        transcript_path: transcript,
        cwd,
        agent_type: "worker",
        tool_name: "Bash",
        tool_input: { command },
      }),
      env,
    );
  const guards = () => {
    const store = openStore(join(env.VIGIL_HOME, "vigil.db"));
    try {
      return store.events({ kinds: ["guard"] }).map((e) => JSON.parse(e.detail))
        .map((d: { decision: string; rule: string }) => `${d.decision}:${d.rule}`);
    } finally {
      store.close();
    }
  };
  const hooks = () => {
    const store = openStore(join(env.VIGIL_HOME, "vigil.db"));
    try {
      return store.events({ kinds: ["hook"] }).length;
    } finally {
      store.close();
    }
  };
  return { bash, guards, hooks };
}

describe("Bash at HARD through the binary", () => {
  test("a forbidden command is denied by the allow-list's rule, git status is allowed", () => {
    const s = session(310_000);
    const denied = s.bash("npm test && git push");
    expect(denied.code).toBe(0);
    const out = JSON.parse(denied.stdout);
    expect(out.hookSpecificOutput.permissionDecision).toBe("deny");
    expect(out.hookSpecificOutput.permissionDecisionReason).toContain("npm");
    const allowed = s.bash("git status");
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toBe("");
    expect(s.guards()).toEqual(["deny:bash-forbidden:npm", "allow:bash-allowed"]);
    // Each call committed once, though the first pass asked for the analyser.
    expect(s.hooks()).toBe(2);
  }, 30_000);

  test("below HARD a Bash call is not analysed and nothing is decided", () => {
    const s = session(120_000);
    const r = s.bash("npm test");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("");
    expect(s.guards()).toEqual([]);
    expect(s.hooks()).toBe(1);
  }, 30_000);
});
