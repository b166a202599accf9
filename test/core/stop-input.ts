/** The Stop gate's input for table tests: unattended mode on everywhere, nothing pushed yet. */
import { describe, expect, test } from "bun:test";
import { decideStop, type StopGateInput } from "../../src/core/stop/gate.ts";
import { patternSet } from "../../src/core/stop/patterns.ts";

/** A gate input in which every gate before 4 holds; override what a row is about. */
export function gateInput(over: Partial<StopGateInput> = {}): StopGateInput {
  return {
    stopHookActive: false,
    night: { on: true, scope: [], until: null },
    cwd: "/work/proj",
    message: null,
    stopBlocks: 0,
    cap: 40,
    now: 0,
    patterns: patternSet({ continuation: [], approval: [] }),
    todo: null,
    ...over,
  };
}

/** A family of messages of our own phrasing that the gate should all push, or all let stop. */
export type Family = { name: string; push: boolean; rows: string[] };

/**
 * One test per row: a family that pushes is blocked; one that does not passes, and at gate 4 (a wait for a
 * person) or gate 5 (nothing announced, or ruled out), never through an earlier gate that would hide the reason.
 */
export function familyTests(families: readonly Family[]): void {
  const base = gateInput();
  for (const f of families) {
    describe(f.name, () => {
      for (const row of f.rows) {
        test(row, () => {
          const d = decideStop({ ...base, message: row });
          expect(d.decision).toBe(f.push ? "block" : "pass");
          if (!f.push) expect(["approval", "announcement"]).toContain(d.gate);
        });
      }
    });
  }
}
