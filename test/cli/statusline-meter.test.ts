/**
 * The statusline process loads the transcript meter only for a render whose payload has no
 * usage (a resumed session's first render): through the real binary, such a render still
 * shows the transcript's percentage, and a later render with usage shows the payload's.
 */
import { expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { assistant, jsonl, prompt } from "../fixtures/transcripts/records.ts";
import { testEnv, vigil } from "../support/vigil.ts";

test("null usage is measured from the transcript; usage in the payload is shown as sent", () => {
  const env = testEnv({ NO_COLOR: "1" });
  const transcript = join(env.HOME, "t.jsonl");
  writeFileSync(
    transcript,
    jsonl([prompt("Fix it"), assistant("a1", { input: 90_000, cacheRead: 10_000, output: 50 })]),
  );
  const payload = (usage: unknown) =>
    JSON.stringify({
      session_id: "m1",
      transcript_path: transcript,
      cwd: env.HOME,
      model: { id: "claude-sonnet-4-5", display_name: "Sonnet" },
      context_window: { context_window_size: 200_000, current_usage: usage },
    });
  const nul = vigil(["statusline"], payload(null), env);
  expect(nul.code).toBe(0);
  expect(nul.stdout).toContain("50%");
  const sent = vigil(
    ["statusline"],
    payload({ input_tokens: 10, cache_read_input_tokens: 29_990, cache_creation_input_tokens: 0, output_tokens: 5 }),
    env,
  );
  expect(sent.stdout).toContain("15%");
});

// Known gap 'messages in ko/ja': a person reads the line, in the session's language.
test.each([
  ["ko_KR.UTF-8", "⚠ 상태 저장"],
  ["ja_JP.UTF-8", "⚠ 状態を保存"],
])("%s: the line's words are in that language", (locale, save) => {
  const env = testEnv({ NO_COLOR: "1", LANG: locale });
  const out = vigil(
    ["statusline"],
    JSON.stringify({
      session_id: `words-${locale}`,
      cwd: env.HOME,
      model: { id: "claude-sonnet-4-5", display_name: "Sonnet" },
      context_window: {
        context_window_size: 200_000,
        current_usage: { input_tokens: 10, cache_read_input_tokens: 149_990, cache_creation_input_tokens: 0 },
      },
    }),
    env,
  );
  expect(out.code).toBe(0);
  expect(out.stdout).toContain(save);
  expect(out.stdout).not.toContain("save state");
});

test("fresh statusLine numbers win over a smaller transcript: a render at 260k makes the next tool call send the SOFT notice", () => {
  const env = testEnv({ NO_COLOR: "1" });
  const transcript = join(env.HOME, "t.jsonl");
  // The transcript says 50k: judged on it alone, this worker is far below SOFT (250k).
  writeFileSync(transcript, jsonl([prompt("Fix it"), assistant("a1", { input: 50_000, output: 50 })]));
  const base = { session_id: "sl-wins", transcript_path: transcript, cwd: env.HOME };
  const render = vigil(
    ["statusline"],
    JSON.stringify({
      ...base,
      model: { id: "claude-sonnet-4-5", display_name: "Sonnet" },
      context_window: {
        context_window_size: 1_000_000,
        current_usage: {
          input_tokens: 10,
          cache_read_input_tokens: 259_990,
          cache_creation_input_tokens: 0,
          output_tokens: 5,
        },
      },
    }),
    env,
  );
  expect(render.code).toBe(0);
  const tool = (id: string) =>
    vigil(
      ["hook"],
      JSON.stringify({
        ...base,
        hook_event_name: "PostToolUse",
        agent_type: "worker",
        tool_name: "Bash",
        tool_input: { command: "ls" },
        tool_response: { stdout: "", stderr: "" },
        tool_use_id: id,
      }),
      env,
    );
  const r = tool("toolu_sl1");
  expect(r.code).toBe(0);
  const out = JSON.parse(r.stdout) as { hookSpecificOutput?: { additionalContext?: string } };
  expect(out.hookSpecificOutput?.additionalContext ?? "").toContain("260,000");
  const status = JSON.parse(vigil(["status", "--json"], "", env).stdout) as { session_id: string; state: string }[];
  expect(status.find((s) => s.session_id === "sl-wins")?.state).toBe("soft");
});
