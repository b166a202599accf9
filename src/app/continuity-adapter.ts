/**
 * Gathers the continuity policy's files for one hook call (outside the transaction, like the
 * meter): the project's spec and the session's state versions, on the events that use them
 * (SessionStart, PreCompact, and any event while a restore is pending). On an automatic
 * PreCompact with no state saved this epoch it drafts one from the transcript first, so the
 * restore after the compaction has material. Failures become `errors`, never exceptions.
 */
import { EV, speaksOn } from "../core/claude-events.ts";
import { join } from "node:path";
import { extractDraft, type PromptClassifier } from "../core/continuity/draft.ts";
import { renderDraft, shouldDraft } from "../core/continuity/draft-state.ts";
import type { ContinuityFacts, PendingDraft, StateVersionText } from "../core/continuity/facts.ts";
import { SPEC_RELATIVE_PATH } from "../core/continuity/spec.ts";
import { isSessionId } from "../core/continuity/state-format.ts";
import type { HookPayload } from "../core/payload.ts";
import {
  CURRENT,
  plannedVersionPath,
  readCapped,
  readStates,
  saveStateVersion,
  sessionStateDir,
  SPEC_CAP,
} from "../edge/state-files.ts";
import { readTranscriptTail } from "../edge/transcript-tail.ts";

/** `prevState` is the stored state before this call's events (a restore may be pending). */
export type ContinuityReader = (p: HookPayload, prevState: string | null, at: number) => ContinuityFacts | undefined;

/** The project directory a hook call's spec belongs to. */
export function projectDir(p: HookPayload, env: Record<string, string | undefined>): string {
  return env.CLAUDE_PROJECT_DIR || p.cwd;
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The draft to write after the commit (not written here), or why there is none. */
function draftBeforeCompaction(
  p: HookPayload,
  dir: string,
  saved: StateVersionText | null,
  at: number,
  classify: PromptClassifier,
): { path: string | null; reason: string; pending?: PendingDraft } {
  if (p.trigger !== "auto") return { path: null, reason: `trigger "${p.trigger ?? "none"}" is not automatic` };
  const tail = readTranscriptTail(p.transcriptPath);
  if (!tail) return { path: null, reason: `transcript "${p.transcriptPath}" cannot be read` };
  const material = extractDraft(tail.records, classify);
  const d = shouldDraft(p.trigger, saved?.at ?? null, material, { wholeFile: tail.wholeFile });
  if (!d.draft) return { path: null, reason: d.reason };
  const text = renderDraft(material, { at });
  return { path: plannedVersionPath(dir, at, true), reason: d.reason, pending: { dir, text, at } };
}

/** Write a draft whose hook call committed (the effect runner's `stateDraft`). */
export function writePendingDraft(d: PendingDraft): string {
  return saveStateVersion(d.dir, d.text, { at: d.at, draft: true }).version;
}

/** A draft needs the prompt classifier: a caller that did not load it has a bug (hook-parts.ts `eventParts`). */
function unloaded(): never {
  throw new Error("the prompt classifier was not loaded");
}

/**
 * The reader the hook pipeline calls, bound to an environment and vigil's state directory.
 * `classify` gives the prompt classifier the PreCompact draft reads the last instruction with:
 * not imported here, so the calls that load this reader and never draft (SessionStart, a
 * restoring session's tool calls) do not load the handoff judges with it (hook-parts.ts loads it
 * for PreCompact).
 */
export function continuityAdapter(
  env: Record<string, string | undefined>,
  stateDir: string,
  classify: () => PromptClassifier | undefined,
): ContinuityReader {
  return (p, prev, at) => {
    const wanted = speaksOn(p.event, "continuity") || prev === "restoring" || prev === "dead";
    if (!wanted || !isSessionId(p.sessionId)) return undefined;
    const specPath = join(projectDir(p, env), SPEC_RELATIVE_PATH);
    const dir = sessionStateDir(stateDir, p.sessionId);
    const errors: string[] = [];
    let spec: string | null = null;
    try {
      spec = readCapped(specPath, SPEC_CAP);
    } catch (e) {
      errors.push(message(e));
    }
    let drafted: ContinuityFacts["drafted"];
    const states = () => {
      try {
        return readStates(dir);
      } catch (e) {
        errors.push(message(e));
        return { state: null, saved: null };
      }
    };
    let found = states();
    let pendingDraft: PendingDraft | undefined;
    if (p.event === EV.PreCompact) {
      try {
        const d = draftBeforeCompaction(p, dir, found.saved, at, classify() ?? unloaded());
        drafted = { path: d.path, reason: d.reason };
        pendingDraft = d.pending;
        // The guidance reads the draft as the newest state, as it will be once written.
        if (d.pending && d.path) found = { ...found, state: { path: d.path, at, draft: true, text: d.pending.text } };
      } catch (e) {
        drafted = { path: null, reason: `draft failed: ${message(e)}` };
      }
    }
    return {
      specPath,
      spec,
      statePath: join(dir, CURRENT),
      ...found,
      ...(drafted ? { drafted } : {}),
      ...(pendingDraft ? { pendingDraft } : {}),
      errors,
    };
  };
}
