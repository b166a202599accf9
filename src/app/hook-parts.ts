/**
 * What a hook process loads only for the calls that need it, each its own chunk: the Stop
 * gate (pattern tables, the unattended policy, its fact readers) on Stop; the continuity
 * policy's spec, guidance and restore with their file readers on SessionStart and PreCompact
 * and while a restore may be pending (the early warning is always loaded);
 * the shell analyser for a Bash call at HARD. Loading the whole pipeline on every call cost
 * most of a PreToolUse's start-up (bench/RESULTS.md, issue 18). A call that finds a part
 * missing commits nothing and says which (`needs`), one mechanism for all three: the event's
 * own parts are asked for before the store is opened, the state's once the row is read;
 * `runHookLoading` loads it and runs the call again. `vigil serve` and in-process callers load every part up front (`allParts`).
 */
import { speaksOn } from "../core/claude-events.ts";
import type { LineAnalyzer } from "../core/policies/hard.ts";
import type { ContinuityPart, StopPart } from "./parts/part-types.ts";

export type Part = "shell" | "stop" | "continuity";

/** The parts as a call holds them: each present once loaded. */
export interface LoadedParts {
  analyze?: LineAnalyzer;
  stop?: StopPart;
  continuity?: ContinuityPart;
  env: Record<string, string | undefined>;
}

/**
 * The whole continuity policy acts on the events it speaks on (claude-events.ts) whatever the
 * state. On any other event, in a
 * session neither `restoring` nor `dead`, the policy's early warning (always loaded) answers as
 * the whole policy would and its reader reads nothing (test/app/hook-parts.test.ts holds both
 * to this over every event and state).
 */
const CONTINUITY_STATES = new Set(["restoring", "dead"]);

/** The part a call lacks, given its event and the session's states so far (stored, then after its events). */
export function missingPart(event: string, states: readonly (string | null)[], parts: LoadedParts): Part | undefined {
  if (speaksOn(event, "stop-gate") && !parts.stop) return "stop";
  if (parts.continuity) return undefined;
  if (speaksOn(event, "continuity") || states.some((s) => s !== null && CONTINUITY_STATES.has(s))) return "continuity";
  return undefined;
}

/** Load one part into `parts` (nothing when it is there already). */
export async function loadPart(parts: LoadedParts, part: Part): Promise<void> {
  switch (part) {
    case "shell":
      parts.analyze ??= (await import("../core/shell.ts")).analyzeCommandLine;
      return;
    case "stop":
      parts.stop ??= (await import("./parts/stop.ts")).STOP_PART;
      return;
    case "continuity":
      parts.continuity ??= (await import("./parts/continuity.ts")).continuityPart(parts.env);
      return;
    default:
      part satisfies never;
  }
}

/** Every part, for a process that serves many calls (`vigil serve`) or runs them in-process. */
export async function allParts<T extends LoadedParts>(parts: T): Promise<T> {
  for (const part of ["shell", "stop", "continuity"] as const) await loadPart(parts, part);
  return parts;
}
