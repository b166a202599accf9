/**
 * From the files the edge gathered (`ContinuityFacts`) to the inputs of the restore and the
 * summariser's guidance. A stored state that no longer validates (edited by hand) is left
 * out rather than half-quoted; the pointer to it remains.
 */
import type { ContinuityFacts, StateVersionText } from "./facts.ts";
import type { GuidanceInput } from "./guidance.ts";
import type { RestoreInput, StateRef } from "./restore.ts";
import { specConstraints, specText } from "./spec.ts";
import { validateState } from "./state-format.ts";

function ref(v: StateVersionText | null): StateRef | null {
  if (!v) return null;
  const r = validateState(v.text);
  return r.ok ? { path: v.path, at: v.at, doc: { ...r.value, draft: r.value.draft || v.draft } } : null;
}

/** The spec as injected, or null when absent or empty. */
export function injectedSpec(f: ContinuityFacts): { path: string; text: string } | null {
  if (f.spec === null) return null;
  const text = specText(f.spec);
  return text === "" ? null : { path: f.specPath, text };
}

/** The restore's input from the gathered files. */
export function restoreInput(f: ContinuityFacts, why: RestoreInput["why"]): RestoreInput {
  const state = ref(f.state);
  const saved = f.saved && f.saved.path !== f.state?.path ? ref(f.saved) : null;
  return { why, spec: injectedSpec(f), state, earlier: state?.doc.draft ? saved : null, statePath: f.statePath };
}

/** The summariser's guidance input: the spec's constraints and the newest saved state's. */
export function guidanceInput(f: ContinuityFacts): GuidanceInput {
  const saved = ref(f.saved);
  return {
    specConstraints: f.spec === null ? null : specConstraints(f.spec),
    stateConstraints: saved ? saved.doc.sections.constraints : null,
    stateDecisions: saved ? saved.doc.sections.decisions : null,
  };
}
