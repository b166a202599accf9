/**
 * The statusLine only runs in the TUI: under tmux, the recorder's line is drawn on screen and
 * the statusLine input carries the usage the fake reported for the reply.
 */
import { expect, test } from "bun:test";
import { isRecord } from "./api-request.ts";
import type { HookRecord } from "./recorder-rules.ts";
import { E2E_TIMEOUT_MS } from "./runner.ts";
import { recorder } from "./sandbox.ts";
import { contextOf, text } from "./scenario.ts";
import { runTui } from "./tmux.ts";

const LINE = "E2E_STATUS_LINE_42";
const usage = contextOf(50_000, 25);

/** The newest statusLine input's `context_window.current_usage`, once the CLI has one. */
function currentUsage(hooks: HookRecord[]): Record<string, unknown> | null {
  const last = hooks.filter((h) => h.event === "StatusLine").at(-1);
  const cw = last?.payload.context_window;
  return isRecord(cw) && isRecord(cw.current_usage) ? cw.current_usage : null;
}

test("the statusLine appears in the TUI under tmux", async () => {
  const r = await runTui({
    prompt: "hello there",
    scenario: { turns: [text("Hi from the fake.", usage)] },
    hooks: recorder([], LINE),
    until: (screen, hooks) => screen.includes("Hi from the fake.") && currentUsage(hooks) !== null,
  });
  try {
    expect(r.screen).toContain(LINE);
    expect(r.screen).toContain("❯ hello there");
    expect(currentUsage(r.hookRecords)).toMatchObject({
      input_tokens: usage.input_tokens,
      cache_read_input_tokens: usage.cache_read_input_tokens,
    });
    const ups = r.hookRecords.find((h) => h.event === "UserPromptSubmit");
    expect(ups?.env.CLAUDE_CODE_SESSION_ATTENDED).toBe("1");
  } finally {
    r.cleanup();
  }
}, E2E_TIMEOUT_MS);
