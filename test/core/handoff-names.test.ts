/**
 * The handoff document's name as people type it (src/core/handoff-names.ts, round 17): one edit from the name (a Latin
 * letter, a Hangul syllable's jamo, a kana across hiragana and katakana), the input method's other kanji for the same
 * reading. Real words one edit away, and the Japanese word in Latin letters, stay as they are. Every row is our own
 * wording.
 */
import { describe, expect, test } from "bun:test";
import { normalizeNames } from "../../src/core/handoff-names.ts";
import { judgeHandoffRequest } from "../../src/core/handoff-request.ts";

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
