/**
 * A plain session with two Bash calls on each supported Claude Code version, hooks answered by
 * the recorder: every event fires, and the transcript carries the usage the fake reported.
 */
import { expect, test } from "bun:test";
import { type ClaudeVersion, NEWEST, NEWEST_NPM } from "./cli.ts";
import { countEvents } from "./recorder-rules.ts";
import { E2E_TIMEOUT_MS, runClaude } from "./runner.ts";
import { recorder } from "./sandbox.ts";
import { bash, contextOf, type Scenario, text } from "./scenario.ts";
import { assistantUsages } from "./transcript.ts";

const usages = [contextOf(12_000, 20), contextOf(15_500, 30), contextOf(18_250, 40)];
const scenario: Scenario = {
  turns: [bash("echo one", usages[0]), bash("echo two", usages[1]), text("Both ran.", usages[2])],
};

const NEWER = {
  SessionStart: 1,
  UserPromptSubmit: 1,
  PreToolUse: 2,
  PostToolUse: 2,
  PostToolBatch: 2,
  // MessageDisplay fires too (test/fixtures/claude-code-2.1.328/hooks/basic), but no passive hook
  // may sit on it: Claude Code holds the display until the hook returns.
  Stop: 1,
  SessionEnd: 1,
};

// Every version the suite drives: the recorder registers each one's whole event table, so a
// name the version does not know (which would turn every hook off) fails here first.
const cases: Array<[ClaudeVersion, Record<string, number>]> = [
  [NEWEST, NEWER],
  [NEWEST_NPM, NEWER],
  ["2.1.88", { SessionStart: 1, UserPromptSubmit: 1, PreToolUse: 2, PostToolUse: 2, Stop: 1, SessionEnd: 1 }],
];

test.each(cases)("plain session with two Bash calls on %s", async (version, events) => {
  const r = await runClaude({ version, scenario, prompt: "run two commands", hooks: recorder() });
  try {
    expect(r.exitCode).toBe(0);
    expect(r.unusedTurns).toBe(0);
    expect(r.requests.filter((q) => q.kind === "main").map((q) => q.turn)).toEqual([0, 1, 2]);
    expect(countEvents(r.hookRecords)).toEqual(events);
    for (const h of r.hookRecords) expect(h.payload.session_id).toBe(r.sessionId);
    const commands = r.hookRecords.filter((h) => h.event === "PostToolUse").map((h) => h.payload.tool_input);
    expect(commands).toEqual([
      expect.objectContaining({ command: "echo one" }),
      expect.objectContaining({ command: "echo two" }),
    ]);
    const recorded = assistantUsages(r.transcript).map(({ messageId: _, ...u }) => u);
    expect(recorded).toEqual(usages.map((u) => expect.objectContaining(u)));
    expect(r.stream.at(-1)).toMatchObject({ type: "result", result: "Both ran." });
  } finally {
    r.cleanup();
  }
}, E2E_TIMEOUT_MS);
