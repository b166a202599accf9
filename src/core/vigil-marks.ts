/**
 * The marks vigil puts at the head of text it sends into a session by itself (a nudge through
 * the inbox socket or typed into the pane), so its own UserPromptSubmit guard knows the turn
 * is vigil's and passes it at SOFT: refusing vigil's own wake-up would freeze the worker it
 * was sent to wake (seed 004). One family, one table: the classifier reads the same rows.
 */

/** What each mark means, by the label the guard records. */
export const VIGIL_MARKS = {
  "vigil-nudge": "[vigil nudge]",
} as const;

export type VigilMark = keyof typeof VIGIL_MARKS;

/** `text` with its mark in front (once: a text that already carries it is kept). */
export function withMark(mark: VigilMark, text: string): string {
  const m = VIGIL_MARKS[mark];
  return text.trimStart().startsWith(m) ? text : `${m} ${text}`;
}

/** The mark `text` opens with, or null. */
export function markOf(text: string): VigilMark | null {
  const t = text.trimStart();
  for (const [label, m] of Object.entries(VIGIL_MARKS)) {
    if (t.startsWith(m) && isMark(label)) return label;
  }
  return null;
}

function isMark(s: string): s is VigilMark {
  return Object.hasOwn(VIGIL_MARKS, s);
}

/** A peer envelope as Claude Code delivers an inbox message (contract Part D), capturing its body. */
const PEER_BODY = /<cross-session-message\b[^>]*>([\s\S]*?)(?:<\/cross-session-message\s*>|$)/g;

/**
 * The mark of text vigil sent, however Claude Code wrapped it: typed into the pane (the text
 * opens with it), or delivered through the inbox socket (the body of a
 * `<cross-session-message>` envelope opens with it, after Claude Code's own preface).
 */
export function markIn(text: string): VigilMark | null {
  const plain = markOf(text);
  if (plain !== null) return plain;
  for (const m of text.matchAll(PEER_BODY)) {
    const inner = markOf(m[1]);
    if (inner !== null) return inner;
  }
  return null;
}
