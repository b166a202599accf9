/**
 * The HARD deny reason speaks the session's language all the way down to why the command was
 * refused (known gap: with LANG=ko_KR the rule detail stayed English), while the audit log
 * keeps the English detail, through the compiled binary.
 */
import { expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { openStore } from "../../src/edge/store.ts";
import { transcriptAt } from "../support/usage-transcript.ts";
import { testEnv, vigil } from "../support/vigil.ts";

test.each([
  ["ko_KR.UTF-8", `"npm"은(는) HARD 상한에서 허용되지 않습니다`, `"src/a.ts"은(는) 넘김 문서가 아닙니다`],
  ["ja_JP.UTF-8", `"npm" は HARD 上限では許可されていません`, `"src/a.ts" は引き継ぎ書ではありません`],
  ["en_US.UTF-8", `"npm" is not allowed at the hard limit`, `"src/a.ts" is not a handoff document`],
])("%s: the refusal's why is in that language; the audit keeps English", (locale, npmWhy, redirectWhy) => {
  const env = testEnv({ LANG: locale, VIGIL_HARD_TOKENS: "300000", VIGIL_SOFT_TOKENS: "250000" });
  const cwd = join(env.HOME, "work");
  mkdirSync(cwd, { recursive: true });
  const transcript = transcriptAt(join(env.HOME, "t.jsonl"), 310_000);
  const reason = (command: string) => {
    const r = vigil(
      ["hook"],
      JSON.stringify({
        hook_event_name: "PreToolUse",
        session_id: "hard-lang",
        transcript_path: transcript,
        cwd,
        agent_type: "worker",
        tool_name: "Bash",
        tool_input: { command },
      }),
      env,
    );
    expect(r.code).toBe(0);
    return JSON.parse(r.stdout).hookSpecificOutput.permissionDecisionReason as string;
  };
  const npm = reason("git add -A && npm test");
  expect(npm).toContain(npmWhy);
  if (!locale.startsWith("en")) expect(npm).not.toContain("is not allowed at the hard limit");
  expect(reason("echo x > src/a.ts")).toContain(redirectWhy);
  const store = openStore(join(env.VIGIL_HOME, "vigil.db"));
  try {
    const details = store.events({ kinds: ["guard"] }).map((e) => JSON.parse(e.detail).detail);
    expect(details).toContain(`"npm" is not allowed at the hard limit`);
    expect(details).toContain(`"src/a.ts" is not a handoff document`);
  } finally {
    store.close();
  }
});
