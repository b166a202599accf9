/**
 * Manual compaction through `-p "/compact" --resume <id>`, then one more resumed turn: the
 * summary request is recognised and answered, the hooks see the compaction, and what a
 * SessionStart(compact) hook returns is in the first request after it.
 */
import { expect, test } from "bun:test";
import { allText } from "./api-request.ts";
import { addContext } from "./recorder-rules.ts";
import { E2E_TIMEOUT_MS, runClaude } from "./runner.ts";
import { recorder } from "./sandbox.ts";
import { bash, contextOf, text } from "./scenario.ts";
import { recordsOf } from "./transcript.ts";

const SUMMARY = "<summary>\nE2E_SUMMARY_MARKER: the user asked for a listing.\n</summary>";
const RESTORE = "E2E_RESTORE_DIGEST: plan step 3 of 5";

test("manual compaction via -p /compact --resume, then a resumed turn", async () => {
  const hooks = recorder([addContext("SessionStart", RESTORE, { field: "source", includes: "compact" })]);
  const first = await runClaude({
    prompt: "list the files",
    scenario: { turns: [bash("ls", contextOf(150_000)), text("Listed.", contextOf(152_000, 50))] },
    hooks,
  });
  try {
    expect(first.exitCode).toBe(0);
    const compact = await runClaude({
      prompt: "/compact",
      resume: first,
      scenario: { turns: [], summary: SUMMARY },
      hooks,
    });
    expect(compact.exitCode).toBe(0);
    expect(compact.requests.map((q) => q.kind)).toEqual(["compact"]);
    expect(compact.sessionId).toBe(first.sessionId);
    const events = compact.hookRecords.map((h) => [h.event, h.payload.trigger ?? h.payload.source ?? null]);
    expect(events).toEqual(expect.arrayContaining([
      ["PreCompact", "manual"],
      ["PostCompact", "manual"],
      ["SessionStart", "compact"],
    ]));
    const boundary = recordsOf(compact.transcript, "system", "compact_boundary");
    expect(boundary).toEqual([
      expect.objectContaining({ compactMetadata: expect.objectContaining({ trigger: "manual" }) }),
    ]);

    const next = await runClaude({
      prompt: "carry on",
      resume: first,
      scenario: { turns: [text("Carrying on.")] },
      hooks,
    });
    expect(next.exitCode).toBe(0);
    const shown = next.requests.find((q) => q.turn === 0);
    expect(shown && allText(shown)).toContain("E2E_SUMMARY_MARKER");
    expect(shown && allText(shown)).toContain(RESTORE);
  } finally {
    first.cleanup();
  }
}, E2E_TIMEOUT_MS);
