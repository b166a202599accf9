/**
 * A headless worker's window from `autoCompactWindow`, through the binary: the settings file is
 * the one in Claude Code's own directory (`$CLAUDE_CONFIG_DIR` when set, else `~/.claude`), as
 * Claude Code reads it, so the early warning is judged against the window it compacts at.
 * test/edge/window-facts.test.ts checks the reader; this checks the hook hands it the
 * environment (known gap 'headless window from settings': the hook read ~/.claude only).
 */
import { expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { assistant, jsonl, prompt } from "../fixtures/transcripts/records.ts";
import { testEnv, vigil } from "../support/vigil.ts";

function windowOf(extra: (home: string) => Record<string, string>) {
  const base = testEnv();
  const env = { ...base, ...extra(base.HOME) };
  mkdirSync(join(base.HOME, ".claude"), { recursive: true });
  writeFileSync(join(base.HOME, ".claude", "settings.json"), JSON.stringify({ autoCompactWindow: 180_000 }));
  const config = join(base.HOME, "claude-config");
  mkdirSync(config, { recursive: true });
  writeFileSync(join(config, "settings.json"), JSON.stringify({ autoCompactWindow: 400_000 }));
  const cwd = join(base.HOME, "work");
  mkdirSync(cwd, { recursive: true });
  const transcript = join(base.HOME, "t.jsonl");
  // claude-opus-5-5: 1,000,000 from the model alone, so only a settings file makes it smaller.
  writeFileSync(transcript, jsonl([prompt("Fix it"), assistant("a1", { input: 90_000, output: 50 })]));
  const r = vigil(
    ["hook"],
    JSON.stringify({
      session_id: "w-settings",
      transcript_path: transcript,
      cwd,
      hook_event_name: "PostToolUse",
      agent_type: "worker",
      tool_name: "Bash",
      tool_input: { command: "ls" },
      tool_response: { stdout: "", stderr: "" },
      tool_use_id: "toolu_ws1",
    }),
    env,
  );
  expect(r.code).toBe(0);
  const [s] = JSON.parse(vigil(["status", "--json"], "", env).stdout) as { window: number; window_source: string }[];
  return { window: s.window, window_source: s.window_source };
}

test("with CLAUDE_CONFIG_DIR set, a headless worker's window is that directory's autoCompactWindow", () => {
  expect(windowOf((home) => ({ CLAUDE_CONFIG_DIR: join(home, "claude-config") })))
    .toEqual({ window: 400_000, window_source: "settings" });
});

test("without it, the window is ~/.claude's autoCompactWindow", () => {
  expect(windowOf(() => ({}))).toEqual({ window: 180_000, window_source: "settings" });
});
