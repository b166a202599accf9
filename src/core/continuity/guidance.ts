/**
 * Instructions for the compaction summariser (product.md section 5, seed 001's
 * "differentiated compaction"). PreCompact's plain stdout reaches the summary request as
 * "Additional Instructions:" (contract Part A, every version tested), so this is the one
 * place vigil can shape what the summary keeps: constraints verbatim, failed attempts as
 * conclusions only, decisions with the options rejected and why.
 */

export interface GuidanceInput {
  /** The spec's Constraints field, verbatim. */
  specConstraints: string | null;
  /** From the newest state the agent saved (not a draft). */
  stateConstraints: string | null;
  stateDecisions: string | null;
}

const MAX_QUOTE = 2_500;

function quoted(label: string, text: string | null): string[] {
  if (text === null || text.trim() === "") return [];
  const t = text.trim();
  const body = t.length > MAX_QUOTE ? t.slice(0, MAX_QUOTE - 1) + "…" : t;
  return [`${label}\n<<<\n${body}\n>>>`];
}

/** The summariser's instructions, at most `cap` characters. */
export function compactionGuidance(i: GuidanceInput, cap: number): string {
  const parts = [
    "vigil, for this summary: treat these kinds of information differently; do not summarise them all alike.",
    "1. Constraints (rules the user or the task spec set: what must not be touched, what order steps must go in, " +
    'such as verify before deploy): copy each one verbatim into the summary under a heading "Constraints". ' +
    "Never paraphrase, merge or drop a constraint.",
    "2. Decisions: for each one, name the option adopted, every option rejected, and why it was rejected. " +
    "A rejected option must never appear as a next step.",
    "3. Failed attempts: keep only the conclusion (what was tried, that it failed, and why), not the steps, " +
    "commands or output, so the same dead end is neither retraced nor replayed.",
    "4. The current phase and the plan step in progress, and the plan file's path.",
    ...quoted("The task spec's constraints, verbatim (they stay in force):", i.specConstraints),
    ...quoted("Constraints from the last saved session state, verbatim:", i.stateConstraints),
    ...quoted("Decisions from the last saved session state (keep the rejected options and reasons):", i.stateDecisions),
    "After the compaction vigil re-injects the spec and the saved state; the summary's next steps will be " +
    "checked against them.",
  ];
  const text = parts.join("\n\n");
  return text.length <= cap ? text : text.slice(0, Math.max(0, cap - 1)) + "…";
}
