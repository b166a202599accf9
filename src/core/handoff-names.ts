/**
 * The handoff document's name as people actually type it (issue 31, round 17): a typo in the English word
 * ("hnadoff", "handof", "HANDOF.md"), a Korean phonetic slip (헨드오프, 핸드오푸, 핸드옾, 인수인게서), the Japanese
 * word in the other kana or mis-converted by the input method (はんどおふ, ひき継ぎ, 引き次ぎ). Neither judge read such a
 * prompt as naming the handoff at all, so a plain request was refused. (Not the Japanese word in Latin letters: the rest
 * of such a prompt is unread too, so its work would be. A prompt with a sentence in it is refused: romanisedSentence.)
 *
 * Recognised by structure, not by a list of misspellings: a word one edit (Damerau: one letter dropped, added,
 * changed or two swapped) from the name, where a "letter" is a Latin letter, a Hangul syllable's one jamo (its
 * initial, vowel or final; a syllable's initial may also move into the one before as its final, 핸드오프 → 핸드옾),
 * or a kana compared across hiragana and katakana; a kanji compound with the same reading (the input method's other
 * kanji for ひき and つぎ). Each is rewritten to the name both judges read, before they read the prompt; real words
 * one edit away (hangover, handout, hands off, 핸즈오프, ハンドオン) are left alone.
 *
 * The patterns are generated once, on first use, from the names (a few dozen alternatives of literals and character
 * classes); matching is the regular-expression engine's, so the hook runs no loop over the prompt's words.
 */

const r = String.raw;

/**
 * What may follow the name spelt apart without making it a verb with an object of its own: a preposition, a
 * conjunction, a document noun, a verb the name is the subject of, a time, an -ing or -ed word.
 */
const NOT_OBJECT = r`(?:to|for|with|in|into|on|at|by|as|of|and|or|then|now|please|pls|plz|so|before|after|when|once|` +
  r`while|if|until|that|which|who|is|was|are|were|needs?|has|had|have|should|will|would|must|can|could|may|might|doc|` +
  r`docs|documents?|notes?|files?|memo|report|summary|write-?up|md|time|today|tonight|tomorrow|soon|later|first|too|` +
  r`also|yet|asap|already|here|there|ready|done|properly|cleanly|process|template|section|checklist|page|instead|again|` +
  r`right|immediately|[a-z]+ing|[a-z]+ed)(?![\w-])`;
/** The work itself as what is handed over ("hand off the work", "hand over all the remaining work", "this session"). */
const WORK_OBJECT =
  r`(?:(?:the|your|our|my|this|that|all|any|remaining|current|open|ongoing|unfinished|rest|of)\s+){0,4}` +
  r`(?:work|session|context|baton|everything|things)(?![\w-])(?!\s+(?!(?:to|for|and|then|now|please|today|first|over|off|via|so|before|after|when|once|[a-z]+ing)\b)[A-Za-z])`;
/**
 * The verb spelt apart with an object of its own: "hand over the keys", "Hand over prod access to Dana", "hand off
 * the remaining tickets to the ops queue" (a determiner and an object, or up to six words and then to / into / onto
 * someone). Not the name, unless what is handed over is the work itself (WORK_OBJECT).
 */
const VERB_OBJECT = r`(?![sS]?\s+(?!${NOT_OBJECT})(?!${WORK_OBJECT})` +
  r`(?:(?:the|a|an|your|our|my|his|her|their|this|these|those|all|some|any)\s+[A-Za-z]` +
  r`|[\w'-]+(?:\s+[\w'-]+){0,5}?\s+(?:to|into|onto)\s+[\w@'-]))`;

/**
 * The handoff document's names as the judges spell them (round 19): one table, and every pattern of the judges that
 * spells the name is built from it (handoff-patterns.ts's EN_NOUN and English rules, each judge's Korean and Japanese
 * nouns and rules, both models' DOC_NOUN). Before, each pattern spelt the name on its own and they disagreed on where
 * it ends: the models' DOC_NOUN no longer read "hand offer" as the name (round 18), EN_NOUN and the rules still did.
 * Where each entry ends (test/core/handoff-names.test.ts iterates every pattern over the same cases):
 * - en: handoff / handover as one word; spelt apart ("hand off", "hand-over") only as a word of its own on both sides,
 *   a plural s allowed: not "hand offer", "hand overview", "hand offset", "beforehand over". (Not "hand of", "Hanover":
 *   real words, as KEEP below keeps them.) enAlone: nor the verb spelt apart with an object of its own: "hand over the
 *   keys", "hand off pager duty to Sam" (VERB_OBJECT).
 * - jaShort: 引継 without き, not inside a word: not 取引継続, 割引継続 (取引, 割引, 値引, 差引, 索引 end a word).
 * The misspellings a few patterns still read (hnadoff, hadnoff, handof, 인게서, 핸드옾, 引き次ぎ) are rewritten to these
 * names by normalizeNames before either judge reads a prompt.
 */
export const NAME = {
  en: r`(?:hand(?:off|over)|(?<![A-Za-z])hand[-\s](?:off|over)(?=[sS]?(?![A-Za-z0-9])))`,
  /**
   * The English name where nothing before it says it is a noun (no determiner, no verb of writing): both models'
   * DOC_NOUN, the verb's request rules. Spelt apart with an object of its own it is the verb (VERB_OBJECT). (Only
   * there: the check is long, and in every EN_NOUN it made the English request pattern five times larger and the
   * first judgement in a fresh process ~40-90 ms dearer.)
   */
  enAlone: r`(?:hand(?:off|over)|(?<![A-Za-z])hand[-\s](?:off|over)(?=[sS]?(?![A-Za-z0-9]))${VERB_OBJECT})`,
  /** The work itself as an object of the verb ("hand over your work"): what the verb's request rules accept. */
  work: WORK_OBJECT,
  jaShort: r`(?<![取割値差索])引継(?!続)`,
  /** The Korean names (인수인계 ends in 인계, so a pattern unanchored on the left reads both either way). */
  ko: r`(?:인수인계|인계|핸드오프|핸드오버)`,
  /** The Japanese names as nouns (引き継ぎ, 引継, ハンドオフ, ハンドオーバー). */
  ja: r`(?:引き?継ぎ|(?<![取割値差索])引継(?!続)|ハンドオ(?:フ|ーバー))`,
} as const;

/** A value built once, on first use. */
function lazy<T>(make: () => T): () => T {
  let v: T | undefined;
  return () => (v ??= make());
}

/** A regular-expression atom matching one character. */
type Atom = string;

/**
 * Every spelling one edit from `atoms` (each atom matches one character) as one alternation: each atom from `from` on
 * dropped, changed to `any`, `any` added before it (and at the end), two neighbours swapped. The name itself matches
 * too (a change to the same letter). The first letter is kept (from 1): "and off", "band over" are other words. With
 * no word boundary to stop it (kana), nothing is added at the end: "ハンドオフを" is the name and a particle.
 */
function oneEdit(atoms: readonly Atom[], any: string, from = 1, atEnd = true, to = atoms.length): string {
  // (Native joins only: a helper called once per spelling was hot enough for the optimising JIT, test/hook-jit.test.ts.)
  const n = atoms.length;
  const head: string[] = [];
  const longer: string[] = atEnd ? [atoms.join("") + any] : [];
  const same: string[] = [];
  const shorter: string[] = [];
  for (let i = 0; i < n; i++) {
    // Atoms from `to` on are kept as they are (something may still be added before the first of them).
    if (i >= from && i <= to) {
      const pre = head.join("");
      const rest = atoms.slice(i + 1).join("");
      longer.push(pre + any + atoms[i] + rest);
      if (i < to) {
        same.push(pre + any + rest);
        if (i + 1 < to) same.push(pre + atoms[i + 1] + atoms[i] + atoms.slice(i + 2).join(""));
        shorter.push(pre + rest);
      }
    }
    head.push(atoms[i]);
  }
  // Longest first: an alternation takes the first that matches, and a shorter one could stop inside the word.
  return [...new Set([...longer, ...same, ...shorter])].join("|");
}

/** Hangul syllables: initial, vowel, final. */
const H0 = 0xAC00;
const syl = (l: number, v: number, t: number): number => H0 + (l * 21 + v) * 28 + t;
const parts = (c: string): [number, number, number] => {
  const i = c.codePointAt(0)! - H0;
  return [Math.floor(i / 588), Math.floor((i % 588) / 28), i % 28];
};
/** An initial consonant's index as a final consonant (ㄱ ㄲ ㄴ ㄷ - ㄹ ㅁ ㅂ - ㅅ ㅆ ㅇ ㅈ - ㅊ ㅋ ㅌ ㅍ ㅎ); 0: none. */
const AS_FINAL = [1, 2, 4, 7, 0, 8, 16, 17, 0, 19, 20, 21, 22, 0, 23, 24, 25, 26, 27];

/**
 * A Korean name one jamo from `name`: one syllable changed (any syllable here; `oneJamo` checks the match); a space
 * between its two words; its last syllable's initial moved into the syllable before as a final (핸드오프 → 핸드옾,
 * 핸드옵), unless `merge` is false (인수인계: 인수익 and 인수입 are 인 + 수익 and 인수 + 입니다 / 입력, round 18). (Classes
 * of the syllables one jamo away took loops the optimising JIT compiled: test/hook-jit.test.ts.)
 */
function koreanName(name: string, space: number, merge = true): string {
  const s = [...name];
  const at = (j: number) => (j === space ? `\\s?` : "");
  const alts = s.map((_, i) => s.map((c, j) => at(j) + (j === i ? "[가-힣]" : c)).join(""));
  if (!merge) return alts.join("|");
  const [pl, pv] = parts(s[s.length - 2]);
  const [ll] = parts(s[s.length - 1]);
  const merged = String.fromCodePoint(syl(pl, pv, AS_FINAL[ll]), syl(pl, pv, AS_FINAL[7]));
  alts.push(s.slice(0, -2).map((c, j) => at(j) + c).join("") + `[${merged}]`);
  return alts.join("|");
}

/** Whether a match of `koreanName` is one jamo from `name`: a syllable that differs, differs in one jamo. */
function oneJamo(m: string, name: string): boolean {
  const a = [...m.replace(/\s/g, "")];
  const b = [...name];
  if (a.length !== b.length) return true;
  const i = a.findIndex((c, j) => c !== b[j]);
  if (i < 0) return true;
  const [x, y] = [parts(a[i]), parts(b[i])];
  // The last syllable keeps its consonants (핸드오푸, not 핸드오브: "hand of", a game's item).
  if (i === b.length - 1) return x[0] === y[0] && x[2] === y[2];
  return (x[0] !== y[0] ? 1 : 0) + (x[1] !== y[1] ? 1 : 0) + (x[2] !== y[2] ? 1 : 0) <= 1;
}

/** Katakana and hiragana as one class per kana; small kana as large ones. */
function kanaAtom(k: string): Atom {
  const kata = k.codePointAt(0)!;
  const hira = String.fromCodePoint(kata - 0x60);
  const small: Record<string, string> = { "オ": "ォぉ", "ア": "ァぁ", "ツ": "ッっ" };
  return `[${k}${hira}${small[k] ?? ""}]`;
}

/** Any kana (or the long mark): what a change or an insertion in a kana name may be. */
const ANY_KANA = "[\\u3041-\\u3096\\u30A1-\\u30FA\\u30FC]";

/** The Japanese word's kanji as the input method may give them for the same reading (ひき, つぎ), or in kana. */
// (Never after another kanji: 値引, 取引, 割引 end a word of their own; kana つ only after き: 値引つき is "with a discount".)
const HIKI_TSUGI =
  "(?<![\\u4E00-\\u9FFF])(?:(?:[引挽弾惹曳]き|ひき)(?:継|つ[ぎぐ]|[次接告注嗣][ぎぐ])|[引挽弾惹曳](?:継|[次接告注嗣][ぎぐ]))";
/** 申し送り with its kanji or kana for もうし and おく. */
const MOUSHIOKURI = "(?:申し?|もうし)(?:送り|おくり)";

/** Every misspelling but the Korean ones, by what it is a spelling of. */
const NAMES = lazy((): RegExp => {
  const latin = (w: string) => oneEdit([...w].map((c) => `[${c}${c.toUpperCase()}]`), "[A-Za-z0-9]");
  const alt = [
    // English: one edit from handoff / handover as one word, or "hand" and one edit from off / over as two.
    `(?<en>(?<![A-Za-z0-9])(?:${latin("handoff")}|${latin("handover")}|[Hh][Aa][Nn][Dd][-\\s](?:${latin("off")}|${
      latin("over")
    }))s?(?![A-Za-z0-9]))`,
    // (Not Japanese in Latin letters: the rest of such a prompt is unread, so its work would be too.)
    // The kana name keeps its last kana and is no part of a longer katakana word (ハンドオペ, ハンドオイル, ワンハンド…).
    `(?<kana>(?<![ァ-ヺー])(?:${oneEdit([..."ハンドオフ"].map(kanaAtom), ANY_KANA, 1, false, 4)}|${
      oneEdit([..."ハンドオーバー"].map((k) => k === "ー" ? "ー" : kanaAtom(k)), ANY_KANA, 1, false, 5)
    })(?![ァ-ヺー]))`,
    `(?<ja>${HIKI_TSUGI})`,
    `(?<mo>${MOUSHIOKURI})`,
  ];
  return new RegExp(alt.join("|"), "g");
});

/** The Korean misspellings (their syllable classes are the costly part to build: only for a prompt that may hold one). */
const NAMES_KO = lazy((): RegExp =>
  new RegExp(
    `(?<ko>${koreanName("핸드오프", 2)}|${koreanName("핸드오버", 2)}|${koreanName("인수인계", 2, false)})` +
      // 인계 with the vowel of 게 / 개 / 걔 (the same sound), only as a compound with a document noun (인게 alone is
      // "인 게").
      `|(?<kodoc>인[${
        [1, 3, 5, 7].map((v) => String.fromCodePoint(syl(0, v, 0))).join("")
      }](?=\\s?(?:서|문서|노트|메모|자료|파일)))`,
    "g",
  )
);

/** A Latin letter or digit: what a change or an insertion in the English name may be (MAY). */
const A = "[a-z0-9]";

/**
 * Where a prompt may hold a misspelling, found before the patterns above are built or run. Every prompt reaches this,
 * and building and first running those patterns cost ~4-5 ms of CPU, so a pre-check that everyday words passed (had,
 * header, handler, コマンド, 인수, 오버라이드: review, round 17, finding w) cost that much on most prompts. One small
 * pattern per script, run once over the prompt when it has that script's letters at all. A hit has the shape a
 * misspelling has:
 * - English, one word or two: "h", one to four letters, then "off"/"over" as they are (the edit was in "and"); or
 *   "hand" and one edit of "off"/"over" (a Latin letter or digit changed, dropped, added, or two swapped: "f" kept, or
 *   "v" kept, or "o?er"); or the d and o swapped. One edit touches one half of the name, or both only by that swap.
 *   (Not "had", "hand", "header", "handler", "handful", "however".)
 * - Kana: ハ (or は) not after katakana, two to five kana with ン or ド among the first two, and the name's last kana as
 *   they are (フ, バー). (Not the particle は before サーバー.)
 * - Kanji: the input method's kanji for ひき and つぎ, not after another kanji; 申し送り in other kanji or kana.
 * - Korean: three of a name's four syllables in place (the last keeping its initial), the merged 핸드옾 / 핸드옵, and
 *   인게서-like compounds. (Not 인수 or 오버라이드.)
 * A hit that is the name as the judges spell it, or a real word the patterns keep (AS_IS), is no maybe.
 * test/core/handoff-names.test.ts enumerates every one-edit spelling and checks each is read.
 */
const MAY_EN = new RegExp(
  `(?<![a-z0-9])h(?:${A}{1,4}(?:off|over)|and[-\\s]?(?:${A}?o?${A}?f(?:${A}?f|${A})?|${A}?o?${A}?v${A}?e?${A}?r?${A}?` +
    `|o${A}?er)|anod(?:ff|ver))s?(?![a-z0-9])`,
  "gi",
);
const MAY_JA = new RegExp(
  `(?<![ァ-ヺー])[ハは](?=${ANY_KANA}?[ンんドど])${ANY_KANA}{2,5}(?:[フふ]|[バば]ー)(?![ァ-ヺー])` +
    `|(?<![\\u4E00-\\u9FFF])(?:[引挽弾惹曳]き?|ひき)(?:継|つ[ぎぐ]|[次接告注嗣][ぎぐ])|${MOUSHIOKURI}`,
  "g",
);
const MAY_KO = new RegExp(
  `[가-힣]드\\s?오[프버]|핸[가-힣]\\s?오[프버]|핸드(?:\\s?(?:[가-힣][프버]|오[바-빟파-핗])|[옾옵])` +
    `|[가-힣]수\\s?인계|인[가-힣]\\s?인계|인수\\s?(?:[가-힣]계|인[가-깋])|인[게개걔](?=\\s?(?:서|문서|노트|메모|자료|파일))`,
  "g",
);
/** Letters every hit of MAY_EN, MAY_JA, MAY_KO has (a prompt without them is not run through that pattern). */
const HAS_EN = /h/i;
const HAS_JA = /[ハは引挽弾惹曳ひ申も]/;
const HAS_KO = /[오핸인]/;

/**
 * Hits the patterns leave as they are, one a line: the names as the judges spell them, and the real words KEEP,
 * KEEP_KO and KEEP_KANA list (and the kanji name as rename keeps it).
 */
const AS_IS =
  /^(?:hand[-\s]?(?:off|over)s?|hangovers?|hands[-\s]?(?:off|over)|hand[-\s]of|hann?overs?|hand[-\s]ovens?|ハン[ドズ]オ(?:フ|ーバー)|引き?継|ひきつ[ぎぐ]|申し送り|핸[드즈]오[프버]|인수\s?인[계가거고구기])$/gim;

/** The hits of `may` in `text` that the patterns may rewrite, one a line ("" for none). */
function maybes(text: string, has: RegExp, may: RegExp): string {
  if (!has.test(text)) return "";
  const hits = text.match(may);
  return hits === null ? "" : hits.join("\n").replace(AS_IS, "").trim();
}

/** A maybe for NAMES (Latin letters, kana, kanji) and for NAMES_KO: each script's patterns are built and run only then. */
const mayLatinOrJa = (text: string) => maybes(text, HAS_EN, MAY_EN) !== "" || maybes(text, HAS_JA, MAY_JA) !== "";
const mayKo = (text: string) => maybes(text, HAS_KO, MAY_KO) !== "";

/** Whether the prompt may hold a misspelt or transliterated name (a hit not AS_IS); exported for its tests. */
export function mayHoldName(text: string): boolean {
  return mayLatinOrJa(text) || mayKo(text);
}

/** Real words one edit from a name, and the names already as the judges spell them. */
// (Hanover, Hannover: the city; "hand oven": an oven glove's icon. Round 18, the review's.)
const KEEP =
  /^(?:hand[-\s]?(?:off|over)s?|hangovers?|handouts?|hands[-\s]?(?:off|over)|hand[-\s]of|hann?overs?|hand[-\s]ovens?)$/i;
// (인수인가, 인수인거, 인수인지 …: "is it an argument", "the argument thing", not 인계 with another vowel.)
const KEEP_KO = /^(?:핸드오프|핸드오버|인수인계|핸즈오프|핸즈오버|인수\s?인계|인수\s?인[가거고구기])$/;
const KEEP_KANA = /^(?:ハンドオフ|ハンドオーバー|ハンドオン|ハンズオフ|ハンズオーバー)$/;

/**
 * Round 17's pre-check, now a second condition only (on a maybe): a pair of the name's letters at most two letters
 * after the h, or one of the kana and kanji names' pairs. It misses the spellings that change or drop the d, add a
 * letter before it or swap it with the o (hanfoff, hanxdoff, hanodff): kept so that this change reads no spelling
 * round 17 did not.
 */
const PAIRS =
  /(?<![A-Za-z])[Hh][A-Za-z]{0,2}(?:nd|ad|na|dn|do|of|ov)|[ハは][ンん]|[ンん][ドど]|[ドど][オおォぉ]|[オおォぉ][フふー]|[引挽弾惹曳ひ]き?[継つ次接告注嗣]|申|もうし/i;

/** The prompt with every misspelt or transliterated name of the handoff document written as the judges spell it. */
export function normalizeNames(text: string): string {
  // The same maybes mayHoldName reads, script by script.
  const en = mayLatinOrJa(text) && PAIRS.test(text) ? text.replace(NAMES(), rename) : text;
  return mayKo(en) ? en.replace(NAMES_KO(), rename) : en;
}

/** A match's name as the judges spell it (or the match itself: a real word, or the name already). */
function rename(m: string, ...rest: unknown[]): string {
  const g = rest[rest.length - 1] as Record<string, string | undefined>;
  if (g.en !== undefined) return KEEP.test(m) ? m : "handoff";
  if (g.ko !== undefined) {
    if (KEEP_KO.test(m)) return m;
    // The name it shares the most syllables with, place by place, if the changed syllable is one jamo from it.
    const ko = [...m.replace(/\s/g, "")];
    const same = (n: string) => [...n].filter((c, i) => ko[i] === c).length;
    const name = ["핸드오프", "핸드오버", "인수인계"].reduce((a, b) => same(b) > same(a) ? b : a);
    return oneJamo(m, name) ? name : m;
  }
  if (g.kodoc !== undefined) return "인계";
  if (g.kana !== undefined) {
    if (KEEP_KANA.test(m)) return m;
    return /[ーバばヴ]/.test(m) ? "ハンドオーバー" : "ハンドオフ";
  }
  if (g.ja !== undefined) {
    // Already read: the kanji, and ひきつぎ all in hiragana (both judges read it with かいて, おねがい).
    return /引き?継|引継|^ひきつ[ぎぐ]$/.test(m)
      ? m
      : m.endsWith("継")
      ? "引き継"
      : m.endsWith("ぐ")
      ? "引き継ぐ"
      : "引き継ぎ";
  }
  if (g.mo !== undefined) return "申し送り";
  return m;
}

/**
 * A Japanese syllable in Latin letters: a vowel after a consonant of the romanisation (ky, sh, ch, ts …, or none), a
 * doubled consonant before it (っ), or n alone.
 */
const ONSET = "(?:[kgsztdnhbpmr]y?|sh|ch|ts|j|f|y|w)";
const MORA = `(?:(?:kk|ss|tt|pp|tch)?${ONSET}?[aiueo]|n)`;

/**
 * Japanese in Latin letters (round 18): the object particle "wo" before a word of syllables ("wo typos" is English
 * shorthand), or a polite ending (kudasai, onegai, shimasu); or a verb's te-form a lower-case word of syllables spells
 * (yatte, yonde, kaite, shite, naoshite) with a second such word, a particle (mo, ni, ga, wa, de, he) or another word
 * of three syllables or more (sorekara, tesuto). Only the English name was ever read in such a prompt ("handoff wo yonde tsuzuki wo yatte": read the handoff
 * and carry on with its work), so its work passed. One te-form alone is too weak: English names and words end that way
 * too (Annette, gazette; review, round 18).
 */
const ROMAJI_PLAIN = new RegExp(`(?<![a-z])(?:wo\\s+${MORA}+|kudasai|onegai|[a-z]*shimasu)(?![a-z])`, "i");
const TE_FORM = `(?<![A-Za-z])${MORA}*(?:shite|tte|nde|${ONSET}?[ao]ite)(?![a-z])`;
const ROMAJI_TE = new RegExp(TE_FORM);
const ROMAJI_TE_ALL = new RegExp(TE_FORM, "g");
const ROMAJI_WORD = new RegExp(`(?<![A-Za-z])(?:${MORA}{3,}|mo|ni|ga|wa|de|he)(?![a-z])`);

/** Whether a sentence is Japanese in Latin letters (ROMAJI_PLAIN, or a te-form and a second Japanese word). */
function romanised(sentence: string): boolean {
  if (ROMAJI_PLAIN.test(sentence)) return true;
  if (!ROMAJI_TE.test(sentence)) return false;
  const rest = sentence.replace(ROMAJI_TE_ALL, " ");
  return ROMAJI_TE.test(rest) || ROMAJI_WORD.test(rest);
}

/**
 * The first sentence of `text` that is written in Japanese in Latin letters, or null. Neither judge reads such a
 * sentence (their Japanese is in kana and kanji), so a prompt with one is not a request for the document alone.
 */
export function romanisedSentence(text: string): string | null {
  if (!ROMAJI_PLAIN.test(text) && !ROMAJI_TE.test(text)) return null;
  return text.split(/[。！？\n]+|[.;!?]+(?=\s|$)/).find(romanised)?.trim() ?? null;
}
