/** Adapts the transcript meter (src/edge/transcript.ts) to the pipeline's MeterOutcome. */
import type { TranscriptFacts } from "../core/policy.ts";
import type { MeterOutcome } from "./run-hook.ts";

/** Placeholder until the meter lands: reports nothing measured. */
export function measureAdapter(_path: string, prev: string | null): MeterOutcome {
  return {
    measurement: { tokens: null, estimate: null, window: null, source: "none" },
    state: prev ?? "{}",
    offset: 0,
  };
}

export function factsAdapter(_path: string): TranscriptFacts {
  return {};
}
