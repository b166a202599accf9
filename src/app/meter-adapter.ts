/**
 * The transcript meter as the pipeline uses it, in a module of its own: the statusline loads it
 * for a render with no usage figures (a resumed session's first), and through deps.ts that
 * render also loaded the hook's dependencies (its parts table, the process tree, the window
 * facts): +1.7 MiB of the process's peak RSS, measured in a compiled probe importing each.
 */
import { parseMeterState } from "../core/meter.ts";
import { measureTranscript } from "../edge/transcript.ts";
import type { MeterOutcome } from "./run-hook.ts";

/**
 * Measure the transcript from the stored meter state (a JSON string in the sessions row); a
 * state that no longer parses is dropped and the read starts fresh from the end of the file.
 * Returns the state to store.
 */
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
