/**
 * The handoff document's name as people type it (src/core/handoff-names.ts, round 17): one edit from the name (a Latin
 * letter, a Hangul syllable's jamo, a kana across hiragana and katakana), the input method's other kanji for the same
 * reading. Real words one edit away, and the Japanese word in Latin letters, stay as they are. Every row is our own
 * wording.
 */
import { describe, expect, test } from "bun:test";
import { DOC_NOUN as MOOD_DOC_NOUN } from "../../src/core/handoff-mood-model.ts";
import { judgeHandoffRequest as judgeByMood } from "../../src/core/handoff-mood.ts";
import { DOC_NOUN } from "../../src/core/handoff-model.ts";
import { mayHoldName, normalizeNames } from "../../src/core/handoff-names.ts";
import { EN_NOUN } from "../../src/core/handoff-patterns.ts";
import { judgeByClauses, judgeHandoffRequest } from "../../src/core/handoff-request.ts";

describe("a misspelt or transliterated name is the handoff's", () => {
  test.each([
    ["write up the handfof notes", "write up the handoff notes"],
    ["Update HNADOFF.md now", "Update handoff.md now"],
    ["the handovr doc, please", "the handoff doc, please"],
    ["hand ofd please", "handoff please"],
    ["헨드오프 문서 작성해 주세요", "핸드오프 문서 작성해 주세요"],
    ["핸드오푸 노트", "핸드오프 노트"],
    ["핸드옾 문서 부탁", "핸드오프 문서 부탁"],
    ["핸드 오프 문서", "핸드오프 문서"],
    ["인수인게서 정리", "인수인계서 정리"],
    ["인개서 써 줘", "인계서 써 줘"],
    ["はんどおふ資料", "ハンドオフ資料"],
    ["ハンドオッフ資料", "ハンドオフ資料"],
    ["ひき継ぎ書", "引き継ぎ書"],
    ["引き次ぎメモ", "引き継ぎメモ"],
    ["引きつぎ書", "引き継ぎ書"],
    ["申送り事項", "申し送り事項"],
  ])("%p reads as %p", (typed, read) => {
    expect(normalizeNames(typed)).toBe(read);
  });

  test.each([
    "I have a hangover",
    "the handouts are printed",
    "hands off the database",
    "hand over the keys",
    "the hand of the clock",
    "turn it on and off",
    "핸즈오프 방식",
    "확인인게 맞아",
    "ハンドオンで試す",
    "引き続き進めてください",
    "値引き次第で変わる",
    "write the handoff",
    // (review, after FINAL) other words one edit away, or the name in Latin letters, whose rest is unread
    "値引つきの商品を並べる",
    "ワンハンドオペの画面",
    "ハンドオペレーションの手順",
    "はんどおけの在庫",
    "인수 인가 절차",
    "인수인가 여부",
    // (review, C2) 인수인 거 / 인수인 것: "it is an argument", not 인계 with another vowel
    "첫 번째가 인수인거 맞지?",
    "핸드오브 아이템",
    "hikitsugi wo kaite",
  ])("%p stays as it is", (text) => {
    expect(normalizeNames(text)).toBe(text);
  });
});

describe("round 17: a request with a misspelt name passes; work or a mention with one does not", () => {
  test.each([
    "write up the handfof notes and stop there",
    "Please update HNADOFF.md with where things stand.",
    "헨드오프 문서 작성해 주세요",
    "인수인게서 작성해 주세요",
    "ひき継ぎ書を書いておいてください",
    "引き次ぎメモをまとめてコミットして",
    "はんどおふ資料を更新してください",
  ])("passes: %p", (text) => {
    expect(judgeHandoffRequest(text).request).toBe(true);
  });

  test.each([
    ["write the hadnoff doc, then bump the version to 2.4", "bump the version to 2.4"],
    ["인개서 쓰고 나서 캐시 서버 재시작해 줘", "캐시 서버 재시작해 줘"],
    ["引きつぎ書を書いたら、ステージングのDBを再起動しておいて", "ステージングのDBを再起動しておいて"],
  ])("refused, naming the work: %p", (text, clause) => {
    const j = judgeHandoffRequest(text);
    expect(j.request).toBe(false);
    expect(j.asks).toBe(true);
    expect(j.clause).toContain(clause);
  });

  // The clause named is the prompt as the judges read it: the name rewritten (a mention still refused), the real word kept.
  test.each([
    ["the handofff parser crashes on empty files, fix it", "the handoff parser"],
    ["핸드오푸 파서에서 빈 파일이면 죽는 버그 고쳐 줘", "핸드오프 파서"],
    ["ひき継ぎ処理のタイムアウトのバグを直して", "引き継ぎ処理"],
    ["I have a hangover today, so just fix the lint errors", "a hangover today"],
  ])("refused (a mention or other work): %p", (text, read) => {
    const j = judgeHandoffRequest(text);
    expect(j.request).toBe(false);
    expect(j.clause).toContain(read);
  });
});

/**
 * Every spelling one Damerau edit from `w` over `letters`: from `from` on, a letter changed, dropped, added before it
 * (or at the end), or two neighbours swapped.
 */
function oneEditOf(w: string, letters: string, from = 1): string[] {
  const a = [...w];
  const out = new Set<string>();
  for (let i = from; i <= a.length; i++) {
    for (const c of letters) out.add([...a.slice(0, i), c, ...a.slice(i)].join(""));
    if (i === a.length) continue;
    for (const c of letters) out.add([...a.slice(0, i), c, ...a.slice(i + 1)].join(""));
    out.add([...a.slice(0, i), ...a.slice(i + 1)].join(""));
    if (i + 1 < a.length) out.add([...a.slice(0, i), a[i + 1], a[i], ...a.slice(i + 2)].join(""));
  }
  return [...out];
}

/** Every katakana and the long mark; a katakana spelling in hiragana. */
const KANA = Array.from({ length: 0x30FA - 0x30A1 + 1 }, (_, i) => String.fromCodePoint(0x30A1 + i)).join("") + "ー";
const hiragana = (s: string) => s.replace(/[\u30A1-\u30F6]/g, (c) => String.fromCodePoint(c.codePointAt(0)! - 0x60));

/** One jamo of one syllable of `name` changed; the last syllable keeps its consonants. */
function oneJamoOf(name: string): string[] {
  const jamo = (c: string) => {
    const i = c.codePointAt(0)! - 0xAC00;
    return [Math.floor(i / 588), Math.floor((i % 588) / 28), i % 28];
  };
  const syllable = (l: number, v: number, t: number) => String.fromCodePoint(0xAC00 + (l * 21 + v) * 28 + t);
  const s = [...name];
  return s.flatMap((c, i) => {
    const [l, v, t] = jamo(c);
    const last = i === s.length - 1;
    return [
      ...(last ? [] : Array.from({ length: 19 }, (_, x) => syllable(x, v, t))),
      ...Array.from({ length: 21 }, (_, x) => syllable(l, x, t)),
      ...(last ? [] : Array.from({ length: 28 }, (_, x) => syllable(l, v, x))),
    ].filter((a) => a !== c).map((a) => [...s.slice(0, i), a, ...s.slice(i + 1)].join(""));
  });
}

describe("round 18: the pre-check says maybe for every misspelling's shape and for no everyday word", () => {
  // Each of these made round 17's pre-check build and first run every pattern (~4-5 ms CPU in a hook process; review,
  // round 17, finding w): a pair of the name's letters near an h, or any of ハン, ンド, 인수, 오버 ….
  test.each([
    "I had a look",
    "take the hand brake off",
    "fix the header",
    "the handler crashes",
    "handle the error",
    "a handful of tests",
    "however, it fails",
    "headless mode",
    "コマンドを実行して",
    "バンドルのサイズ",
    "設定はサーバーにある",
    "인수 확인",
    "오버라이드 추가",
    "오프라인 모드",
    "확인 부탁",
    // The names as the judges spell them, and the real words kept.
    "write the handoff",
    "Update HANDOFF.md and the hand-over notes",
    "I have a hangover",
    "ハンドオフを書いて",
    "ハンドオーバー資料",
    "핸드오프 문서",
    "인수인계서 작성",
    "인수인가 여부",
    "引き継ぎ書",
    "ひきつぎ",
    "申し送り事項",
  ])("no maybe: %p", (text) => {
    expect(mayHoldName(text)).toBe(false);
  });

  const az = "abcdefghijklmnopqrstuvwxyz0123456789";
  const keptEn =
    /^(?:hand[-\s]?(?:off|over)s?|hangovers?|hands[-\s]?(?:off|over)|hand[-\s]of|hann?overs?|hand[-\s]ovens?)$/;
  test.each([["handoff", ""], ["handover", ""], ["off", "hand "], ["over", "hand "], ["off", "hand-"]])(
    "maybe: every one-edit spelling of %p after %p (its first letter kept)",
    (name, before) => {
      const spellings = oneEditOf(name, az).map((e) => before + e).filter((e) => !keptEn.test(e));
      expect(spellings.length).toBeGreaterThan(100);
      expect(spellings.filter((e) => !mayHoldName(`write the ${e} notes`))).toEqual([]);
    },
  );

  test.each([["ハンドオフ", "フ"], ["ハンドオーバー", "バー"]])(
    "maybe: every one-edit spelling of %p, %p kept",
    (name, end) => {
      const head = name.slice(0, -end.length);
      const spellings = oneEditOf(head, KANA).map((e) => e + end).filter((e) => !/^ハン[ドズ]オ(?:フ|ーバー)$/.test(e))
        .flatMap((e) => [e, hiragana(e)]);
      expect(spellings.filter((e) => !mayHoldName(`${e}を書いて`))).toEqual([]);
    },
  );

  test.each(["핸드오프", "핸드오버", "인수인계"])("maybe: every one-jamo spelling of %p", (name) => {
    const spellings = oneJamoOf(name).filter((e) => !/^(?:핸즈오[프버]|인수인[가거고구기])$/.test(e));
    expect(spellings.filter((e) => !mayHoldName(`${e} 문서 작성해 줘`))).toEqual([]);
  });
});

describe("round 18: 引継 inside a word is no name", () => {
  // 取引継続 (continuing a transaction) and 割引継続 (a discount kept on) hold 引継 across two words; read as the
  // handoff's name, a request for a procedure or a deck about them passed as a handoff request (review, round 17).
  test.each([
    "取引継続の手順書を作って",
    "割引継続の資料を更新して",
    "値引継続の条件をREADMEに書いて",
    "索引継続の設定を直して",
  ])("refused: %p", (text) => {
    expect(judgeHandoffRequest(text).request).toBe(false);
  });

  test.each([
    "引継書を作って",
    "業務引継書を作って",
    "引継メモを書いて",
    "取引先向けの引継書を作って",
    "引き継ぎ書を更新して",
  ])(
    "passes: %p",
    (text) => {
      expect(judgeHandoffRequest(text).request).toBe(true);
    },
  );
});

describe("round 18: Japanese in Latin letters is read by no judge, so a prompt with it is no request", () => {
  // Only the English name was read in these; the rest asks for other work (review, round 17, still open).
  test.each([
    ["handoff wo yonde tsuzuki wo yatte", "handoff wo yonde tsuzuki wo yatte"],
    ["HANDOFF.md wo koushin shite", "HANDOFF.md wo koushin shite"],
    ["Write the handoff, sorekara deploy shite", "sorekara deploy shite"],
    ["Write the handoff. Ato, kyasshu wo kesite kudasai", "Ato, kyasshu wo kesite kudasai"],
    ["handoff onegai, sono ato migration mo", "sono ato migration mo"],
    ["handoff kaite, tesuto mo naoshite", "tesuto mo naoshite"],
    ["handoff mo kaite", "handoff mo kaite"],
  ])("refused: %p", (text, clause) => {
    const j = judgeHandoffRequest(text);
    expect(j.request).toBe(false);
    expect(j.clause).toContain(clause);
  });

  // English words with a Japanese syllable's shape stay English.
  test.each([
    "Write the handoff note",
    "Write the handoff guide",
    "Write the handoff suite notes",
    "write the handoff to unite the docs",
    "Write the handoff, quite short",
    // A te-form's ending alone (a name, an English word), and "wo" as shorthand for "without".
    "Write the handoff for Colette and Babette.",
    "Write the handoff; Yvette takes over tomorrow.",
    "Add the gazette import status to HANDOFF.md",
    "handoff kaite",
    "Write the handoff wo the typos",
  ])("passes: %p", (text) => {
    expect(judgeHandoffRequest(text).request).toBe(true);
  });
});

describe("round 18: 인수인계 has no merged spelling", () => {
  // Round 17 also read 인수인계 with its last syllable's initial moved into the one before (인수익, 인수입), as for
  // 핸드옾; but 인수익 / 인수입 are 인 + 수익 and 인수 + 입니다 / 입력, so "tidy the argument input part" passed.
  test.each(["이건 인수입니다", "인수입력 부분 정리해 줘", "인수익 계산"])("%p stays as it is", (text) => {
    expect(normalizeNames(text)).toBe(text);
  });
  test.each(["인수입력 부분 정리해 줘", "첫 번째 인수입니다. README에 정리해 줘"])("refused: %p", (text) => {
    expect(judgeHandoffRequest(text).request).toBe(false);
  });
  test.each(["핸드옾 문서 부탁", "인수인게서 작성해 주세요"])("passes: %p", (text) => {
    expect(judgeHandoffRequest(text).request).toBe(true);
  });
});

describe("round 18: real words one edit from a name stay", () => {
  // Hanover / Hannover (the city: one letter dropped from, or changed in, handover) and "hand oven" (one letter from
  // "hand over") were read as the name, so work about them passed as a handoff request (review, round 18).
  test.each(["Update the Hanover office page", "Write the HANNOVER trip notes", "Add a hand oven icon to the menu"])(
    "refused: %p",
    (text) => {
      expect(normalizeNames(text)).toBe(text);
      expect(judgeHandoffRequest(text).request).toBe(false);
    },
  );
});

/**
 * Round 19: one table of the names (NAME in handoff-names.ts) that every pattern spelling the name is built from. Each
 * family of boundary cases is read by every such pattern the same way: both models' DOC_NOUN, EN_NOUN (Latin cases), and
 * each judge's "asks" (its Korean and Japanese nouns and rules) on the same case in a request's shape; normalizeNames
 * leaves each case as it is. Before the table, EN_NOUN and the judges' nouns read "hand offer 문서", "the hand offset
 * notes", "the hand of cards" and "beforehand over" as the name while the models' DOC_NOUN did not; and every pattern
 * read the verb with an object of its own ("hand over the keys to ops") as the name, so such a prompt passed.
 */
describe("round 19: every pattern reads the name's boundaries the same way", () => {
  const patterns: [string, RegExp][] = [
    ["clause model DOC_NOUN", DOC_NOUN],
    ["mood model DOC_NOUN", MOOD_DOC_NOUN],
    ["EN_NOUN", new RegExp(EN_NOUN, "i")],
  ];
  /** The case in a request's shape in each script: what each judge reads it in. */
  const shapes = (w: string) => [`write the ${w} today`, `${w} 문서 작성해 줘`, `${w}の資料をまとめてください`];
  const judges: [string, (s: string) => boolean][] = [
    ["clause judge", (s) => judgeByClauses(s).asks],
    ["mood judge", (s) => judgeByMood(s).asks],
  ];
  const family = (name: string, rows: [string, boolean][]) =>
    test.each(rows)(`${name}: %p is the name: %p`, (w, isName) => {
      const read: string[] = [];
      for (const [k, p] of patterns) {
        if ((k !== "EN_NOUN" || /^[A-Za-z -]+$/.test(w)) && p.test(w) !== isName) read.push(k);
      }
      for (const s of shapes(w)) for (const [k, j] of judges) if (j(s) !== isName) read.push(`${k} on ${s}`);
      expect(normalizeNames(w)).toBe(w);
      expect(read).toEqual([]);
    });
  family("spelt apart, it ends the word", [
    ["hand offer", false],
    ["hand overview", false],
    ["hand offset", false],
    ["hand oversight", false],
    ["hand off", true],
    ["hand-over", true],
    ["hand offs", true],
  ]);
  family("spelt apart, it starts the word", [
    ["beforehand over", false],
    ["beforehand-off", false],
    ["handover", true],
  ]);
  // Spelt apart with an object of its own it is the verb, where nothing before it says it is a noun (NAME.enAlone):
  // both models' DOC_NOUN and both judges on the prompt itself agree.
  test.each([
    ["Hand over the keys.", false],
    ["Hand off the pager.", false],
    ["Hand-over the credentials.", false],
    ["Hand over prod access to Dana.", false],
    ["Hand off on-call to Sam.", false],
    ["Hand over ownership of the bucket to ops.", false],
    ["Hand off to the next session.", true],
    ["Hand over all the remaining work.", true],
    ["Hand off the work to the next session.", true],
  ])("the verb with an object: %p names the document: %p", (text, isName) => {
    const read: string[] = [];
    for (const [k, p] of [["clause model DOC_NOUN", DOC_NOUN], ["mood model DOC_NOUN", MOOD_DOC_NOUN]] as const) {
      if (p.test(text) !== isName) read.push(k);
    }
    for (const [k, j] of judges) if (j(text) !== isName) read.push(k);
    expect(read).toEqual([]);
  });
  // The request rules for the verb ("time to hand off", "hand off to …", "hand over your work") read it from the table
  // too: with an object of its own it asks for that thing, not the document.
  test.each([
    "Hand off your pager to Sam.",
    "Let's hand over the keys to ops.",
    "time to hand over prod access to Dana",
  ])(
    "the verb with an object of its own is refused: %p",
    (text) => expect(judgeHandoffRequest(text).request).toBe(false),
  );
  test.each(["time to hand off", "Hand off to the next session.", "hand over your work", "hand off please"])(
    "the verb for the work itself passes: %p",
    (text) => expect(judgeHandoffRequest(text).request).toBe(true),
  );
  family("real words one edit away", [
    ["hand of", false],
    ["Hanover", false],
    ["Hannover", false],
    ["hand oven", false],
    ["handout", false],
  ]);
  family("引継 inside a word", [
    ["取引継続", false],
    ["割引継続", false],
    ["索引継承", false],
    ["引継書", true],
  ]);
  family("인수 before another syllable", [
    ["인수입력", false],
    ["인수익", false],
    ["인수인계", true],
  ]);
});
