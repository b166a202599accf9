/**
 * A user's query turned into FTS5 MATCH expressions that cannot fail to parse. The user's
 * words are data, never FTS5 syntax: every term becomes a quoted string (inner quotes
 * doubled), so `foo-bar`, `"baz`, `NEAR(`, `col:x` or `*` are searched for as written.
 * Terms of three characters or more go to the trigram index (substring match); shorter
 * ones go to the gram index (see grams.ts).
 */
import { charLength, shortTermTokens, TRIGRAM_MIN } from "./grams.ts";

/**
 * Split a query into terms: whitespace separates, a double-quoted stretch is one term (an
 * unclosed quote runs to the end). Control characters become spaces; duplicates are dropped.
 * Empty only when the input is blank.
 */
export function parseQuery(input: string): string[] {
  const text = input.replace(/[\p{Cc}]/gu, " ");
  const terms: string[] = [];
  for (const m of text.matchAll(/"([^"]*)"?|[^\s"]+/g)) {
    const term = (m[1] ?? m[0]).trim().replace(/\s+/g, " ");
    if (term && !terms.includes(term)) terms.push(term);
  }
  // Only quotes (`"`, `""`): search for what was typed rather than call the query empty.
  const typed = text.trim();
  return terms.length === 0 && typed ? [typed] : terms;
}

/** `all`: a hit has every term; `any`: at least one (ranked by how many and how often). */
export type MatchMode = "all" | "any";

/** The MATCH expressions for each index; null when no term goes there. */
export interface MatchPlan {
  trigram: string | null;
  grams: string | null;
  /** Terms that can be searched (in query order). */
  terms: string[];
  /** Terms that cannot be searched: one or two punctuation characters. */
  ignored: string[];
  mode: MatchMode;
}

/** Build the MATCH expressions for `terms`. */
export function matchPlan(terms: string[], mode: MatchMode): MatchPlan {
  const tri: string[] = [];
  const grams: string[] = [];
  const used: string[] = [];
  const ignored: string[] = [];
  for (const term of terms) {
    if (charLength(term) >= TRIGRAM_MIN) {
      tri.push(quote(term));
      used.push(term);
      continue;
    }
    const tokens = shortTermTokens(term);
    if (tokens.length === 0) {
      ignored.push(term);
      continue;
    }
    const parts = tokens.map((t) => quote(t.token) + (t.prefix ? "*" : ""));
    grams.push(parts.length === 1 ? parts[0] : `(${parts.join(" AND ")})`);
    used.push(term);
  }
  const op = mode === "all" ? " AND " : " OR ";
  return {
    trigram: tri.length ? tri.join(op) : null,
    grams: grams.length ? grams.join(op) : null,
    terms: used,
    ignored,
    mode,
  };
}

/** An FTS5 string: everything inside is literal, a double quote is written twice. */
export function quote(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}
