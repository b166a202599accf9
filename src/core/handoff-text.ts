/**
 * What both judges of the handoff exception share about a prompt's text (handoff-request.ts's clause judge and
 * handoff-mood.ts's mood judge): the bounds on one prompt, the judgement's shape, and the small helpers. The
 * patterns they share are handoff-patterns.ts.
 */

/** Text of ASCII characters only (an English leftover; NUL to DEL, so control characters count too). */
// deno-lint-ignore no-control-regex
export const ASCII_ONLY = /^[\x00-\x7F]+$/;

/** Leading whitespace, BOM and zero-width characters are not part of the opening. */
export function trimStart(s: string): string {
  return s.replace(/^[\s\uFEFF\u200B]+/, "");
}

/** Two or more blanks in a row (not newlines, which end a clause). */
export const SPACE_RUN = /[^\S\n]{2,}/g;

/** Bounds the work on one prompt; a handoff request is far shorter than this. */
export const HANDOFF_WINDOW = 4_000;
/** A handoff request, even an orchestrator's card with a contents checklist, has fewer clauses than this. */
export const MAX_CLAUSES = 40;

/** What one clause of a prompt does. */
export type ClauseKind = "request" | "support" | "other";

/** How one clause was judged, and by what. */
export interface ClauseJudgement {
  kind: ClauseKind;
  /** A question about the document: it asks for nothing, so no request rule may count it as asking. */
  question?: boolean;
  /** What decided: a rule's name, or "model" with the model's probability and heaviest features. */
  by: string;
}

export function modelWhy(p: readonly number[], top: string[], label: string): string {
  const i = label === "request" ? 0 : label === "support" ? 1 : 2;
  return `model ${label} ${p[i].toFixed(2)} (${top.join(", ")})`;
}

/** The judgement on one prompt, with the clause that decided a refusal. */
export interface HandoffJudgement {
  /** Some clause asks for the handoff document. */
  asks: boolean;
  /** The prompt passes: it asks for the handoff and for nothing else. */
  request: boolean;
  /** The first clause that asks for something else (or says not to write it), or null. */
  clause: string | null;
  /** When a prompt that asks for the handoff is refused: what decided about that clause. */
  because?: string;
}

export const CLAUSE_MAX = 120;

export function clip(s: string): string {
  const one = s.replace(/\s+/g, " ").trim();
  return one.length <= CLAUSE_MAX ? one : one.slice(0, CLAUSE_MAX - 1) + "…";
}
