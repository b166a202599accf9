/**
 * Hook outputs the real CLI acts on, answered by the recorder, on each supported version: a
 * UserPromptSubmit block sends nothing to the API, a PreToolUse deny reaches the model as an
 * error tool_result, a Stop block sends "Stop hook feedback:" back to the model.
 */
import { expect, test } from "bun:test";
import { lastUserText, stopFeedback, toolResults } from "./api-request.ts";
import { type ClaudeVersion, NEWEST } from "./cli.ts";
import { blockPrompt, blockStop, denyTool } from "./recorder-rules.ts";
import { E2E_TIMEOUT_MS, runClaude } from "./runner.ts";
import { recorder } from "./sandbox.ts";
import { bash, text } from "./scenario.ts";

const versions: ClaudeVersion[] = [NEWEST, "2.1.88"];

test.each(versions)("UserPromptSubmit block sends no API request on %s", async (version) => {
  const r = await runClaude({
    version,
    prompt: "start the night shift",
    scenario: { turns: [text("must not be asked")] },
    hooks: recorder([blockPrompt("E2E_PROMPT_BLOCKED")]),
  });
  try {
    expect(r.exitCode).toBe(0);
    expect(r.requests.filter((q) => q.path === "/v1/messages")).toEqual([]);
    const ups = r.hookRecords.filter((h) => h.event === "UserPromptSubmit");
    expect(ups.map((h) => [h.payload.prompt, h.rule])).toEqual([["start the night shift", 0]]);
  } finally {
    r.cleanup();
  }
}, E2E_TIMEOUT_MS);

test.each(versions)("PreToolUse deny reaches the model as an error tool_result on %s", async (version) => {
  const r = await runClaude({
    version,
    prompt: "clean up",
    scenario: { turns: [bash("touch denied.txt"), text("Understood, not running it.")] },
    hooks: recorder([denyTool("E2E_TOOL_DENIED", { field: "tool_input.command", includes: "denied" })]),
  });
  try {
    expect(r.exitCode).toBe(0);
    const after = r.requests.find((q) => q.turn === 1);
    expect(after).toBeDefined();
    const results = after ? toolResults(after) : [];
    expect(results).toEqual([
      expect.objectContaining({ isError: true, content: expect.stringContaining("E2E_TOOL_DENIED") }),
    ]);
    expect(r.hookRecords.filter((h) => h.event === "PostToolUse")).toEqual([]);
    expect(await Bun.file(`${r.cwd}/denied.txt`).exists()).toBe(false);
  } finally {
    r.cleanup();
  }
}, E2E_TIMEOUT_MS);

test.each(versions)("Stop block sends Stop hook feedback to the model on %s", async (version) => {
  const r = await runClaude({
    version,
    prompt: "work",
    scenario: {
      turns: [
        text("I'll continue with the migration next."),
        (req) => text(stopFeedback(lastUserText(req)) !== null ? "Migration done." : "no feedback seen"),
      ],
    },
    hooks: recorder([blockStop("E2E_DO_IT_NOW")]),
  });
  try {
    expect(r.exitCode).toBe(0);
    const fed = r.requests.find((q) => q.turn === 1);
    const seen = fed ? lastUserText(fed) : "";
    expect(stopFeedback(seen)).toBe("E2E_DO_IT_NOW");
    // 2.1.332 wraps the feedback in a system-reminder with a lead line; 2.1.88 sends it bare.
    if (version === NEWEST) expect(seen).toStartWith("<system-reminder>\nThe text below is the output of a hook");
    else expect(seen).toBe("Stop hook feedback:\nE2E_DO_IT_NOW");
    const stops = r.hookRecords.filter((h) => h.event === "Stop");
    expect(stops.map((h) => [h.payload.stop_hook_active, h.rule])).toEqual([[false, 0], [true, null]]);
    expect(r.stream.at(-1)).toMatchObject({ type: "result", result: "Migration done." });
  } finally {
    r.cleanup();
  }
}, E2E_TIMEOUT_MS);
