/**
 * Todo continuation reads the Task tools (issue 14, point 7), with the real newest CLI: with
 * unattended mode and todo continuation on, a turn that ends with a task still open in the
 * session's Task list (TaskCreate/TaskUpdate, kept by Claude Code in
 * `~/.claude/tasks/<session>/`) is pushed once, naming the open task. 2.1.332 disables the
 * Task tools in this offline setup unless CLAUDE_CODE_ENABLE_TASKS and
 * CLAUDE_CODE_ENABLE_TODO_TOOLS are set (observed); TodoWrite stays disabled.
 */
import { expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { lastUserText } from "./api-request.ts";
import { E2E_TIMEOUT_MS, runClaude } from "./runner.ts";
import { createSandbox, removeSandbox } from "./sandbox.ts";
import { vigilIn } from "./vigil-cli.ts";
import { text, toolUse } from "./scenario.ts";
import { vigilEvents } from "./vigil-db.ts";

test("an open Task-tools task gets one push naming it; the completed one is not named", async () => {
  const s = createSandbox();
  try {
    writeFileSync(join(s.vigilHome, "config.toml"), "todoContinuation = true\n");
    vigilIn(s, "night", "on", "--scope", s.cwd, "--force");
    const r = await runClaude({
      sandbox: s,
      prompt: "Fix the CSV parser ticket",
      env: { CLAUDE_CODE_ENABLE_TASKS: "1", CLAUDE_CODE_ENABLE_TODO_TOOLS: "1" },
      scenario: {
        turns: [
          toolUse("TaskCreate", { subject: "Parse quoted fields", description: "CSV quoting" }),
          toolUse("TaskCreate", { subject: "Write the quoting tests", description: "tests" }),
          toolUse("TaskUpdate", { taskId: "1", status: "completed" }),
          text("Quoting is parsed."),
          (req) =>
            text(lastUserText(req).includes('next "Write the quoting tests"') ? "Tests written." : "no push seen"),
        ],
      },
    });
    expect(r.exitCode).toBe(0);
    expect(r.unusedTurns).toBe(0);
    expect(r.stream.at(-1)).toMatchObject({ type: "result", result: "Tests written." });
    const gates = vigilEvents(s.vigilHome).filter((e) => e.kind === "stop_gate").map((
      e,
    ) => [e.detail.decision, e.detail.gate]);
    expect(gates[0]).toEqual(["block", "todo"]);
    expect(gates.slice(1).some(([d]) => d === "block")).toBe(false);
  } finally {
    removeSandbox(s);
  }
}, E2E_TIMEOUT_MS);
