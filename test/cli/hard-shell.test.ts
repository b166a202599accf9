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

function session(tokens: number, extraEnv: Record<string, string> = {}) {
  const env = testEnv({ VIGIL_HARD_TOKENS: "300000", VIGIL_SOFT_TOKENS: "250000", ...extraEnv });
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
  const details = () => {
    const store = openStore(join(env.VIGIL_HOME, "vigil.db"));
    try {
      return store.events({ kinds: ["guard"] }).map((e) => JSON.parse(e.detail).detail);
    } finally {
      store.close();
    }
  };
  return { bash, guards, hooks, details };
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

// Known gap ("docs that disagree with the code"): the deny reason's list of what is still open
// ended on a bare "vigil", as if any vigil command passed at HARD; only the read and hand-over
// ones do. Every vigil command the reason names must pass, in every language, and one it does
// not name (night off) is denied.
test.each(["en_US.UTF-8", "ko_KR.UTF-8", "ja_JP.UTF-8"])(
  "%s: every vigil command the deny reason names passes at HARD",
  (locale) => {
    const s = session(310_000, { LANG: locale });
    const reason: string = JSON.parse(s.bash("npm test").stdout).hookSpecificOutput.permissionDecisionReason;
    const named = /[(（](vigil [^)）]*)[)）]$/.exec(reason)?.[1].split(/, /) ?? [];
    expect(named).toContain("vigil state save");
    for (const command of named) expect({ command, stdout: s.bash(command).stdout }).toEqual({ command, stdout: "" });
    const off = JSON.parse(s.bash("vigil night off").stdout).hookSpecificOutput;
    expect(off.permissionDecision).toBe("deny");
  },
  30_000,
);

// Known gap: with LANG=ko_KR the deny reason's why stayed English. The worker reads the
// session's language to the end; the audit log keeps the English detail.
test.each([
  ["ko_KR.UTF-8", `"npm"은(는) HARD 상한에서 허용되지 않습니다`, `"src/a.ts"은(는) 넘김 문서가 아닙니다`],
  ["ja_JP.UTF-8", `"npm" は HARD 上限では許可されていません`, `"src/a.ts" は引き継ぎ書ではありません`],
  ["en_US.UTF-8", `"npm" is not allowed at the hard limit`, `"src/a.ts" is not a handoff document`],
])("%s: why the call was refused is said in that language; the audit keeps English", (locale, npmWhy, redirectWhy) => {
  const s = session(310_000, { LANG: locale });
  const reason = (command: string) => JSON.parse(s.bash(command).stdout).hookSpecificOutput.permissionDecisionReason;
  const npm: string = reason("git add -A && npm test");
  expect(npm).toContain(npmWhy);
  if (!locale.startsWith("en")) expect(npm).not.toContain("is not allowed at the hard limit");
  expect(reason("echo x > src/a.ts")).toContain(redirectWhy);
  expect(s.details()).toContain(`"npm" is not allowed at the hard limit`);
  expect(s.details()).toContain(`"src/a.ts" is not a handoff document`);
});
