/**
 * The second, small index behind `vigil recall`: what the trigram index cannot find.
 * FTS5's trigram tokenizer matches any substring of three characters or more, but a term of
 * one or two characters yields no trigram and matches nothing. Korean and Japanese put the
 * most telling words in two characters ("인계" inside "인계서를", "設計" inside "設計書を"), so
 * runs of Hangul, kana and Han are also indexed as overlapping bigrams (plus each run's last
 * character, so a one-character term is found at the end of a run too), and words of other
 * scripts of one or two characters ("db", "CI", "42") are indexed whole. The text built here
 * is tokenized by `unicode61`, which splits on the spaces put between the grams.
 */

/** Letters of the scripts written without spaces between words (Hangul counts: particles attach). */
const CJK = /[\p{L}&&[\p{scx=Han}\p{scx=Hira}\p{scx=Kana}\p{scx=Hang}]]/v;
const CJK_RUN = /[\p{L}&&[\p{scx=Han}\p{scx=Hira}\p{scx=Kana}\p{scx=Hang}]]+/gv;
/** unicode61's default token characters (categories L*, N*, Co) outside the CJK runs. */
const WORD = /[[\p{L}\p{N}\p{Co}]--[\p{scx=Han}\p{scx=Hira}\p{scx=Kana}\p{scx=Hang}]]+/gv;

/** Terms shorter than this go to the gram index; the trigram index takes the rest. */
export const TRIGRAM_MIN = 3;

/** True when `text` has any Hangul, kana or Han letter. */
export function hasCjk(text: string): boolean {
  return CJK.test(text);
}

/** Length in characters (code points), as the tokenizers count. */
export function charLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** The gram text of a document body: CJK bigrams and run ends, short words of other scripts. */
export function gramText(body: string): string {
  const out: string[] = [];
  for (const m of body.matchAll(WORD)) {
    if (m[0].length <= 2 && charLength(m[0]) <= 2) out.push(m[0]);
  }
  if (hasCjk(body)) {
    for (const m of body.matchAll(CJK_RUN)) pushRun([...m[0]], out);
  }
  return out.join(" ");
}

function pushRun(chars: string[], out: string[]): void {
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
  out.push(chars[chars.length - 1]);
}

/** One FTS5 token of a short term; a prefix token matches every gram that starts with it. */
export interface GramToken {
  token: string;
  prefix: boolean;
}

/**
 * How a term of one or two characters is looked up in the gram index: a CJK pair is one
 * bigram, a single CJK character is a prefix of the bigrams it starts (or a run's last
 * character), a short word is itself. Punctuation yields nothing: it cannot be searched alone.
 */
export function shortTermTokens(term: string): GramToken[] {
  const out: GramToken[] = [];
  for (const m of term.matchAll(WORD)) out.push({ token: m[0], prefix: false });
  for (const m of term.matchAll(CJK_RUN)) {
    const chars = [...m[0]];
    if (chars.length === 1) out.push({ token: chars[0], prefix: true });
    else for (let i = 0; i + 1 < chars.length; i++) out.push({ token: chars[i] + chars[i + 1], prefix: false });
  }
  return out;
}

/** A regular expression source that matches a short non-CJK word only where unicode61 would see it whole. */
export function wholeWordSource(escaped: string): string {
  const letter = "[[\\p{L}\\p{N}\\p{Co}]--[\\p{scx=Han}\\p{scx=Hira}\\p{scx=Kana}\\p{scx=Hang}]]";
  return `(?<!${letter})${escaped}(?!${letter})`;
}
