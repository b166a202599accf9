/**
 * What a hook process loads only for the calls that need it, each its own chunk: the Stop
 * gate (pattern tables, the unattended policy, its fact readers) on Stop; the continuity
 * policy's spec, guidance and restore with their file readers on SessionStart and PreCompact
 * and while a restore may be pending (the early warning is always loaded); the shell analyser
 * for a Bash call that may be judged at HARD. Loading the whole pipeline on every call cost
 * most of a PreToolUse's start-up (bench/RESULTS.md, issue 18).
 *
 * A call never runs twice for a part: `eventParts` names what the event alone needs, loaded
 * before any I/O; `readParts` what the stored row and the meter's read add (a session restoring
 * or dead, a compaction just read, a Bash call that may be over HARD), loaded before anything
 * is decided. Both over-approximate; a part neither foresaw (another process moved the row
 * between the read and the write lock) fails the call like any internal error (`missingPart`).
 * `vigil serve` and in-process callers load every part up front (`allParts`).
 */
import { becomes, EV, speaksOn } from "../core/claude-events.ts";
import type { classifyPrompt } from "../core/classify.ts";
import type { LineAnalyzer } from "../core/policies/hard.ts";
import type { ContinuityPart, StopPart } from "./parts/part-types.ts";

export type Part = "shell" | "stop" | "continuity" | "prompt";

/** The parts as a call holds them: each present once loaded. */
export interface LoadedParts {
  analyze?: LineAnalyzer;
  stop?: StopPart;
  continuity?: ContinuityPart;
  /**
   * The prompt classifier, for a call with a prompt: classify.ts's (with the handoff judges), or classify-core.ts's
   * without them for a call whose one prompt names nothing (`promptClassifier`).
   */
  classify?: typeof classifyPrompt;
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

/** What a session stored in one of these states may be in after a call: restoring or dead (a stall returns to where it was). */
const MAY_NEED_CONTINUITY = new Set([...CONTINUITY_STATES, "stalled"]);

/** Events that move any session to restoring or dead: a compaction reported, the session's end. */
const ENTERS_CONTINUITY_STATES = new Set(["compacted", "sessionEnded"]);

/**
 * The parts the event alone asks for, whatever the session's state: the Stop gate on Stop,
 * continuity where it speaks and where the event itself leads into restoring or dead, the prompt
 * classifier for a prompt and for PreCompact's draft. Loaded before any I/O.
 */
export function eventParts(event: string): Part[] {
  const continuity = speaksOn(event, "continuity") || ENTERS_CONTINUITY_STATES.has(becomes(event));
  return [
    ...(speaksOn(event, "stop-gate") ? ["stop" as const] : []),
    ...(continuity ? ["continuity" as const] : []),
    // PreCompact's state draft names the last instruction, read with the prompt classifier.
    ...(speaksOn(event, "soft-refusal") || event === EV.PreCompact ? ["prompt" as const] : []),
  ];
}

/** What a call's read (its stored row and the meter's bytes) shows of the session. */
export interface CallSight {
  event: string;
  tool: string | null;
  /** The stored state (null: no row yet). */
  state: string | null;
  /** Compact boundaries the meter read in this call's bytes (a compaction no hook reported). */
  newBoundaries: number;
  /** Whether any figure read (stored, statusLine, metered) is at or over the HARD limit. */
  overHard: () => boolean;
}

/**
 * The parts the read adds: continuity for a session stored restoring, dead or stalled, or one
 * whose transcript shows a new compaction; the shell analyser for a Bash call (a tool call or a
 * skill's inline shell) in a session that may be judged at HARD. Loaded before the decision.
 */
export function readParts(s: CallSight): Part[] {
  const out: Part[] = [];
  if ((s.state !== null && MAY_NEED_CONTINUITY.has(s.state)) || s.newBoundaries > 0) out.push("continuity");
  const bash = s.tool === "Bash" && (speaksOn(s.event, "hard-gate") || becomes(s.event) === "toolDone");
  if (bash && (s.state === "hard" || s.overHard())) out.push("shell");
  return out;
}

/** The part a call lacks, given its event and the session's states so far (stored, then after its events). */
export function missingPart(event: string, states: readonly (string | null)[], parts: LoadedParts): Part | undefined {
  if (speaksOn(event, "stop-gate") && !parts.stop) return "stop";
  if (parts.continuity) return undefined;
  if (speaksOn(event, "continuity") || states.some((s) => s !== null && CONTINUITY_STATES.has(s))) return "continuity";
  return undefined;
}

/**
 * Load the parts named into `parts` (each at most once). `prompt`: the one prompt the call classifies, when that is
 * all it classifies (a UserPromptSubmit's; not PreCompact's draft, which reads earlier prompts, nor serve's calls).
 */
export async function loadParts(parts: LoadedParts, names: readonly Part[], prompt?: string): Promise<void> {
  for (const name of names) await loadPart(parts, name, prompt);
}

/**
 * The prompt classifier for a call. The handoff judges (their patterns and both clause models' weight tables) are a
 * chunk of their own, most of a UserPromptSubmit's own-process peak RSS (bench/RESULTS.md, "Hook peak RSS"), loaded
 * only when the call's one prompt may name the handoff (classify-core.ts `mayAskHandoff`): most prompts name none.
 */
async function promptClassifier(
  have: LoadedParts["classify"],
  prompt: string | undefined,
): Promise<NonNullable<LoadedParts["classify"]>> {
  const core = await import("../core/classify-core.ts");
  // One with the judges serves any later call; one without, only prompts that name nothing (an in-process caller
  // that runs several calls on one set of parts: test/app/hook-parts.test.ts).
  if (have !== undefined && have !== core.classifyNamingNothing) return have;
  if (prompt !== undefined && !core.mayAskHandoff(prompt)) return core.classifyNamingNothing;
  return (await import("../core/classify.ts")).classifyPrompt;
}

/** Load one part into `parts` (nothing when it is there already); `prompt` as for `loadParts`. */
export async function loadPart(parts: LoadedParts, part: Part, prompt?: string): Promise<void> {
  switch (part) {
    case "shell":
      parts.analyze ??= (await import("../core/shell.ts")).analyzeCommandLine;
      return;
    case "stop":
      parts.stop ??= (await import("./parts/stop.ts")).STOP_PART;
      return;
    case "continuity":
      parts.continuity ??= (await import("./parts/continuity.ts")).continuityPart(parts.env, () => parts.classify);
      return;
    case "prompt":
      parts.classify = await promptClassifier(parts.classify, prompt);
      return;
    default:
      part satisfies never;
  }
}

/** Every part, for a process that serves many calls (`vigil serve`) or runs them in-process. */
export async function allParts<T extends LoadedParts>(parts: T): Promise<T> {
  await loadParts(parts, ["shell", "stop", "continuity", "prompt"]);
  return parts;
}
