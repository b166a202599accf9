/**
 * vigil as the hooks and statusLine of the real CLI, on both tested versions: a plain session
 * is recorded event by event, the machine ends where the transcript says, and vigil prints
 * nothing that changes the session. Under tmux, vigil's status line shows the state and the
 * context numbers the fake reported.
 */
import { expect, test } from "bun:test";
import { type ClaudeVersion, NEWEST } from "./cli.ts";
import { E2E_TIMEOUT_MS, runClaude } from "./runner.ts";
import { bash, contextOf, text } from "./scenario.ts";
import { runTui } from "./tmux.ts";
import { vigilEvents } from "./vigil-db.ts";
import { Database } from "bun:sqlite";
import { join } from "node:path";

function sessionRow(vigilHome: string, id: string) {
  const db = new Database(join(vigilHome, "vigil.db"), { readonly: true });
  try {
    return db.query<{ state: string; tokens: number | null; role: string }, [string]>(
      "SELECT state, tokens, role FROM sessions WHERE session_id = ?",
    ).get(id);
  } finally {
    db.close();
  }
}

test.each<[ClaudeVersion, string[]]>([
  [NEWEST, ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop", "SessionEnd"]],
  ["2.1.88", ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop", "SessionEnd"]],
])(
  "plain session on %s: every event recorded, no output, machine follows the transcript",
  async (version, expected) => {
    const r = await runClaude({
      version,
      prompt: "run two commands",
      scenario: {
        turns: [
          bash("echo one", contextOf(12_000)),
          bash("echo two", contextOf(15_500)),
          text("Both ran.", contextOf(18_250)),
        ],
      },
    });
    try {
      expect(r.exitCode).toBe(0);
      expect(r.unusedTurns).toBe(0);
      const events = vigilEvents(r.vigilHome);
      expect(events.filter((e) => e.kind === "hook_error")).toEqual([]);
      const seen = new Set(events.filter((e) => e.kind === "hook").map((e) => e.detail.event));
      for (const e of expected) expect(seen).toContain(e);
      // Nothing vigil said reached the model: no decisions, no context.
      expect(events.filter((e) => e.kind === "hook" && e.detail.decision)).toEqual([]);
      // The last measurement is the last assistant usage in the transcript; SessionEnd ends it.
      expect(sessionRow(r.vigilHome, r.sessionId)).toEqual({ state: "dead", tokens: 18_250, role: "person" });
      expect(r.stream.at(-1)).toMatchObject({ type: "result", result: "Both ran." });
    } finally {
      r.cleanup();
    }
  },
  E2E_TIMEOUT_MS,
);

test("the statusLine under tmux shows vigil's state and the context numbers", async () => {
  const r = await runTui({
    prompt: "hello there",
    scenario: { turns: [text("Hi from the fake.", contextOf(262_000, 25))] },
    env: { VIGIL_ROLE: "worker" },
    until: (screen) => /vigil soft │ 262k\/1\.0M/.test(screen),
  });
  try {
    expect(r.screen).toMatch(/vigil soft │ 262k\/1\.0M █{3}░{7} 26% │ HARD in 38k/);
  } finally {
    r.cleanup();
  }
}, E2E_TIMEOUT_MS);
