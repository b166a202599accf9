/** The Stop gate's input for table tests: unattended mode on everywhere, nothing pushed yet. */
import type { StopGateInput } from "../../src/core/stop/gate.ts";
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
