/**
 * Where the line is between a request for the handoff document and a prompt that only
 * mentions a handoff (issue 14, point 4). Every row is our own wording; the first two
 * "mention" rows are the two prompts the issue reports as having slipped through.
 */
import { describe, expect, test } from "bun:test";
import { isHandoffRequest } from "../../src/core/handoff-request.ts";

type Row = [lang: "en" | "ko" | "ja", text: string, request: boolean, why: string];

const ROWS: Row[] = [
  // English: requests
  ["en", "write the handoff", true, "document verb + handoff"],
  ["en", "Please write the handoff document now.", true, "polite, with the noun"],
  ["en", "Write HANDOFF.md and stop there", true, "the file by name"],
  ["en", "Update the handoff notes with the failing test names", true, "update"],
  ["en", "Finish your handover doc, then stop.", true, "finish"],
  ["en", "please do the hand-off", true, "do the hand-off"],
  ["en", "Hand over to a new session", true, "hand over, imperative"],
  ["en", "Handoff please", true, "the bare word as the whole request"],
  ["en", "Time to hand off: write it up and commit.", true, "time to hand off"],
  ["en", "Prepare a short handoff for the next worker", true, "prepare a … handoff"],
  ["en", "You're over the limit, so write the handoff.", true, "reason, then the request"],
  // English: mentions
  ["en", "Ticket #51: fix the handoff parser crash", false, "reported: a ticket about the handoff parser"],
  ["en", "the handover flow in checkout is broken, fix it", false, "reported: a teammate's bug report"],
  ["en", "Review the handoff PR", false, "work on code named handoff"],
  ["en", "Write tests for the handoff module", false, "write, but tests of a module"],
  ["en", "Fix the parser, then write the handoff", false, "new work bundled with the request"],
  ["en", "Implement ticket #52 and update the handoff doc", false, "a ticket and the request"],
  ["en", "handovers are due", false, "a statement, not a request"],
  ["en", "Don't write the handoff yet, keep going", false, "negated"],
  ["en", "handle the offset bug", false, "no handoff at all"],
  ["en", "Shorthand often confuses", false, "no handoff at all"],
  // Korean: requests
  ["ko", "handoff 문서 작성해", true, "English noun, Korean verb"],
  ["ko", "인계서 써 줘", true, "인계서 + 써"],
  ["ko", "인수인계 문서 정리해 주세요", true, "정리"],
  ["ko", "인계 문서를 업데이트해 주세요", true, "업데이트"],
  ["ko", "핸드오프 문서 마무리하고 멈춰", true, "마무리, then stop"],
  ["ko", "인계해 주세요", true, "hand over, verb"],
  // Korean: mentions
  ["ko", "티켓 #51: 핸드오프 파서 크래시 고쳐줘", false, "the reported ticket, in Korean"],
  ["ko", "결제의 인계 흐름이 깨졌어, 고쳐", false, "the reported bug report, in Korean"],
  ["ko", "인계받은 티켓 #45 이어서 구현해", false, "received handover: new work"],
  ["ko", "파서 고치고 인계서 써", false, "new work bundled with the request"],
  ["ko", "인계 문서는 아직 쓰지 마", false, "negated"],
  // Japanese: requests
  ["ja", "引き継ぎ書を書いて", true, "引き継ぎ書 + 書いて"],
  ["ja", "引き継ぎ資料を作成してください", true, "作成"],
  ["ja", "ハンドオフ文書を書いて", true, "katakana"],
  ["ja", "引継書を作って", true, "引継書"],
  ["ja", "引き継ぎメモを更新してください", true, "更新"],
  ["ja", "新しいセッションに引き継いでください", true, "hand over, verb"],
  // Japanese: mentions
  ["ja", "チケット #51: 引き継ぎ処理のクラッシュを直して", false, "the reported ticket, in Japanese"],
  ["ja", "決済のハンドオフフローが壊れている、直して", false, "the reported bug report, in Japanese"],
  ["ja", "パーサーを直してから引き継ぎ書を書いて", false, "new work bundled with the request"],
  ["ja", "引き継ぎ書はまだ書かないで", false, "negated"],
];

describe("handoff request or mention: the line", () => {
  test.each(ROWS)("[%s] %p → %p (%s)", (_lang, text, want) => {
    expect(isHandoffRequest(text)).toBe(want);
  });

  test("every language has requests and mentions on both sides of the line", () => {
    for (const lang of ["en", "ko", "ja"]) {
      const mine = ROWS.filter((r) => r[0] === lang);
      expect(mine.some((r) => r[2])).toBe(true);
      expect(mine.some((r) => !r[2])).toBe(true);
    }
  });

  test("a long ticket that ends by asking for the handoff is still a ticket", () => {
    const ticket = "Ticket #46: add CSV export to the report page. " + "Keep the column order. ".repeat(40) +
      "When CI is green, write the handoff.";
    expect(isHandoffRequest(ticket)).toBe(false);
  });
});
