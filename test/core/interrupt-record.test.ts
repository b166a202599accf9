/**
 * What the transcript's interrupt record says about who stopped a turn, on the recorded runs
 * (docs/claude-code-versions.md section 11): 2.1.337 marks a person's (an unmarked interrupt
 * request) with `interruptedByCancel` and leaves another session's unmarked; 2.1.336 marks
 * neither. The 2.1.337 binary also writes the record unmarked where a person stops a turn while
 * its Stop hooks run, so no record says "not a person": the Stop facts count every one
 * (test/app/stop-facts.test.ts, "from a 2.1.337 transcript alone"). A re-recording that moves the
 * mark fails here first.
 */
import { expect, test } from "bun:test";
import { recorded } from "../support/recorded-turns.ts";

const note = (version: string, run: string): Record<string, unknown> => {
  const r = recorded(version, run).find((x) => JSON.stringify(x.message ?? "").includes("[Request interrupted"));
  if (r === undefined) throw new Error(`no interrupt record in ${version} ${run}`);
  return r as Record<string, unknown>;
};

test.each<[string, string, true | null]>([
  ["2.1.337", "interrupt.jsonl", true],
  ["2.1.337", "interrupt_session.jsonl", null],
  ["2.1.336", "interrupt.jsonl", null],
])("%s %s: interruptedByCancel", (version, run, want) => {
  expect(note(version, run).interruptedByCancel ?? null).toBe(want);
});
