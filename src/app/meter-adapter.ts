/**
 * Adapts the transcript meter (src/edge/transcript.ts) to the pipeline: the stored meter
 * state is a JSON string in the sessions row; a state that no longer parses is dropped and
 * the next read starts fresh from the end of the file.
 */
import { parseMeterState } from "../core/meter.ts";
import type { TranscriptFacts } from "../core/policy.ts";
import { measureTranscript, readTranscriptFacts } from "../edge/transcript.ts";
import type { MeterOutcome } from "./run-hook.ts";

/** Measure with the session's previous meter state, returning the state to store. */
export function measureAdapter(path: string, prev: string | null): MeterOutcome {
  let parsed: unknown = null;
  try {
    parsed = prev ? JSON.parse(prev) : null;
  } catch {
    parsed = null;
  }
  const r = measureTranscript(path, parseMeterState(parsed));
  return {
    measurement: r.measurement,
    state: JSON.stringify(r.state),
    offset: r.state.offset,
    newBoundaries: r.info.newBoundaries,
    ...(r.unreadable ? { unreadable: r.unreadable } : {}),
  };
}

/** The tail facts policies may ask for (newest user record, whether a restore landed). */
export function factsAdapter(path: string, upTo?: number): TranscriptFacts {
  return readTranscriptFacts(path, {}, upTo);
}
