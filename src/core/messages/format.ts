/**
 * Number formatting shared by the message catalogues. Done by hand rather than with Intl so
 * every runtime and locale prints the same digits ("262,114"), which goldens rely on.
 */
import type { Language } from "../config.ts";

/** Digits grouped by thousands with commas: 262114 → "262,114". */
export function formatTokens(n: number): string {
  const sign = n < 0 ? "-" : "";
  const digits = String(Math.round(Math.abs(n)));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** What a limit is compared with: the measured size, and the estimate when it says more. */
export interface Measured {
  tokens: number | null;
  estimate: number | null;
}

const PHRASES: Record<Language, {
  both: (t: string, e: string) => string;
  one: (t: string) => string;
  estimated: (e: string) => string;
  unknown: string;
}> = {
  en: {
    both: (t, e) => `${t} tokens measured, about ${e} counting what was added since`,
    one: (t) => `${t} tokens`,
    estimated: (e) => `about ${e} tokens (estimated)`,
    unknown: "an unknown number of tokens",
  },
  ko: {
    both: (t, e) => `측정 ${t} 토큰, 이후 추가분 포함 약 ${e} 토큰`,
    one: (t) => `${t} 토큰`,
    estimated: (e) => `약 ${e} 토큰 (추정)`,
    unknown: "알 수 없는 토큰 수",
  },
  ja: {
    both: (t, e) => `計測 ${t} トークン、その後の追加分を含めて約 ${e} トークン`,
    one: (t) => `${t} トークン`,
    estimated: (e) => `約 ${e} トークン（推定）`,
    unknown: "不明なトークン数",
  },
};

/** The measured size in words, naming the estimate only when it differs from the measurement. */
export function measuredPhrase(lang: Language, m: Measured): string {
  const p = PHRASES[lang];
  if (m.tokens === null) {
    return m.estimate === null ? p.unknown : p.estimated(formatTokens(m.estimate));
  }
  if (m.estimate === null || m.estimate === m.tokens) return p.one(formatTokens(m.tokens));
  return p.both(formatTokens(m.tokens), formatTokens(m.estimate));
}

/** A list of quoted values joined for a sentence, e.g. `"/compact", "/pre-compact-save"`. */
export function quotedList(values: readonly string[]): string {
  return values.map((x) => `"${x}"`).join(", ");
}
