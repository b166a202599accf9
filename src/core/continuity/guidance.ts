/**
 * Instructions for the compaction summariser (product.md section 5, seed 001's
 * "differentiated compaction"). PreCompact's plain stdout reaches the summary request as
 * "Additional Instructions:" (contract Part A, every version tested), so this is the one
 * place vigil can shape what the summary keeps: constraints verbatim, failed attempts as
 * conclusions only, decisions with the options rejected and why.
 */
import type { Language } from "../config.ts";
import { GUIDANCE_WORDS } from "../messages/continuity.ts";

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

/** The summariser's instructions in the session's language, at most `cap` characters. */
export function compactionGuidance(i: GuidanceInput, cap: number, lang: Language = "en"): string {
  const w = GUIDANCE_WORDS[lang];
  const parts = [
    w.intro,
    ...w.rules,
    ...quoted(w.specConstraints, i.specConstraints),
    ...quoted(w.stateConstraints, i.stateConstraints),
    ...quoted(w.stateDecisions, i.stateDecisions),
    w.outro,
  ];
  const text = parts.join("\n\n");
  return text.length <= cap ? text : text.slice(0, Math.max(0, cap - 1)) + "…";
}
