/**
 * The part of a hit's body worth showing, with the matched terms marked. Done here rather
 * than with FTS5's snippet(): the trigram index cannot mark a two-character term and the
 * gram index stores no text, so one matcher that mirrors both indexes marks every term.
 * Control characters (ANSI colour from tool output, stray escapes) never reach the terminal.
 */
import { charLength, hasCjk, TRIGRAM_MIN, wholeWordSource } from "./grams.ts";

/** Strings put around each matched term: ANSI bold on a terminal, brackets elsewhere. */
export interface Marks {
  open: string;
  close: string;
}

export const BRACKETS: Marks = { open: "[", close: "]" };
export const BOLD: Marks = { open: "\x1b[1m", close: "\x1b[22m" };

/** A window of a body and the terms found in it. */
export interface Snippet {
  text: string;
  /** The query terms that occur in the body, in query order. */
  matched: string[];
}

/** A case-insensitive matcher for `terms`, with the same reach as the indexes: substrings, or whole short words. */
export function termPattern(terms: string[]): RegExp | null {
  const parts = [...terms].sort((a, b) => b.length - a.length).map((t) => {
    const escaped = t.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&").replace(/ /g, "\\s+");
    return charLength(t) >= TRIGRAM_MIN || hasCjk(t) ? escaped : wholeWordSource(escaped);
  });
  return parts.length ? new RegExp(parts.join("|"), "giv") : null;
}

/**
 * Cut `body` to about `width` characters around the densest cluster of matches, and mark them.
 * Whitespace runs become one space.
 */
export function snippet(body: string, terms: string[], opts: { width?: number; marks?: Marks } = {}): Snippet {
  const width = opts.width ?? 240;
  const marks = opts.marks ?? BRACKETS;
  const re = termPattern(terms);
  const hits = re ? [...body.matchAll(re)].map((m) => ({ at: m.index, len: m[0].length, text: m[0] })) : [];
  const matched = terms.filter((t) => termPattern([t])?.test(body));
  // Best window: the one whose start hit has the most hits within `width` after it.
  let best = 0, bestCount = 0;
  for (let i = 0, j = 0; i < hits.length; i++) {
    while (j < hits.length && hits[j].at < hits[i].at + width * 0.75) j++;
    if (j - i > bestCount) (best = i, bestCount = j - i);
  }
  const anchor = hits.length ? hits[best].at : 0;
  let from = Math.max(0, anchor - Math.floor(width / 4));
  let to = Math.min(body.length, from + width);
  from = Math.max(0, Math.min(from, to - width));
  const last = hits.findLast((h) => h.at < to);
  if (last && last.at + last.len > to) to = last.at + last.len; // never cut a mark in two
  let out = from > 0 ? "…" : "";
  let at = from;
  for (const h of hits) {
    if (h.at < from || h.at >= to) continue;
    out += clean(body.slice(at, h.at)) + marks.open + clean(h.text) + marks.close;
    at = h.at + h.len;
  }
  out += clean(body.slice(at, to)) + (to < body.length ? "…" : "");
  return { text: out.trim(), matched };
}

/** One line of plain text: whitespace runs become a space, other control characters vanish. */
export function clean(text: string): string {
  return text.replace(/\s+/g, " ").replace(/[\p{Cc}\p{Cf}]/gu, "");
}
