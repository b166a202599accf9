/**
 * The mood judge (src/core/handoff-mood.ts): the rows both judges share (handoff-rows.ts), where it names a different
 * clause of the same refused prompt, and its own round-16 rows. Every row is our own wording.
 */
import { describe, expect, test } from "bun:test";
import * as moodJudge from "../../src/core/handoff-mood.ts";
import { type ClauseRow, handoffRows } from "./handoff-rows.ts";

const { isHandoffRequest, judgeHandoffRequest } = moodJudge;

/** The mood judge names the clause that asks for the work, where the clause judge names the step before it. */
handoffRows(
  moodJudge,
  new Map([
    ["Summarize progress in HANDOFF.md; the seed script is broken, so fix it now.", "fix it now"],
    ["HANDOFF.mdを更新しながらlockfileも上げといて。", "lockfileも上げといて"],
  ]),
);

// Round 16: each clause's mood (does it ask at all, read from its edges) apart from its target (what it asks for).
// Our own phrasings of the families round 15's blind sets recorded.
const R16_PLAIN: ClauseRow[] = [
  // Context about the successor or the work, whatever its topic words: a statement asks for nothing.
  ["en", "The next worker will pick up the Redis migration. Write the handoff now.", null],
  ["en", "I already fixed the login bug. Write the handoff.", null],
  ["en", "We decided to keep the old API for now; record that in the handoff.", null],
  ["ko", "다음 작업자가 Redis 마이그레이션을 이어받을 거예요. 인계서만 써 주세요.", null],
  ["ja", "次の担当者がRedis移行を引き継ぎます。引き継ぎ書だけ書いてください。", null],
  ["ja", "取引先に渡すので、引き継ぎ資料は英語でお願いします。", null],
  // The sender's own next step, a wish or a permission aimed at the worker, a request said as "I ask".
  ["ko", "인계 문서 작성 부탁드립니다. 커밋만 하시고, 푸시는 제가 확인하고 할게요.", null],
  ["ja", "引き継ぎ書を書いてコミットしてください。プッシュはこちらで確認してからやります。", null],
  ["ja", "最後に引き継ぎ書だけ残してもらえると助かります。", null],
  ["ko", "규정에 따라 인계 문서 작성을 요청합니다.", null],
  // Acting on the document named in another sentence: commit it, cut it down, fix one line of it.
  ["en", "HANDOFF.md is written but not committed. Commit it.", null],
  ["en", "The handoff is far too long. Cut it down to one screen.", null],
  ["en", "The handoff says the cache bug is open, but you fixed it. Fix that line.", null],
  ["ko", "인계 문서에 배포 완료라고 돼 있는데 아직이에요. 그 줄만 고쳐 주세요.", null],
  ["ja", "引き継ぎ書に「移行済み」とありますが、まだです。その一文だけ訂正してください。", null],
  // What goes into it, as a "that" or "which" clause; a completion reply; a relayed ask; a quoted question answered.
  ["en", "Record in the handoff that the staging password changed this morning.", null],
  ["en", "Write the handoff and reply DONE when it's committed.", null],
  ["en", 'Maya asked: "can you write up the handoff before you go?" Please do.', null],
  ["ko", "> 계속 진행할까요, 여기서 멈출까요?\n멈추고 인계서 써 주세요.", null],
  ["en", "action=handoff path=HANDOFF.md then=exit", null],
];

const R16_WORK: ClauseRow[] = [
  // A task label names work; an ask whose target is not the document; a reply that carries new information.
  ["en", "action=handoff path=HANDOFF.md next_ticket=VIG-88", "next_ticket=VIG-88"],
  ["en", "Write a handoff note. Next ticket: switch the cache to Redis.", "Next ticket"],
  ["ko", "인계서 써 주세요. 다음 작업: 결제 재시도 구현", "다음 작업"],
  ["ko", "인계 문서 써 주시고, 오늘은 결제 모듈 테스트 마저 써 주세요.", "테스트 마저 써 주세요"],
  [
    "en",
    "Please write the handoff and send me the list of files you changed without tests.",
    "send me the list of files",
  ],
  ["en", "handoff doc + a quick benchmark of the new cache", "benchmark"],
  // Context first, then an ask for other work: the statement passes, the ask refuses.
  ["en", "The next worker will pick up the Redis migration, so please migrate the cache config first.", "migrate the"],
  ["ja", "次の担当者が続きをやります。引き継ぎ書を書いて、キャッシュをRedisに移してください。", "Redisに移して"],
];

const R16_MENTIONS: [lang: "en" | "ko" | "ja", text: string][] = [
  // Statements that name the document and ask for nothing.
  ["en", "The bot writes the handoff automatically now."],
  ["ko", "어제 인계 문서 정말 잘 쓰셨더라고요."],
  ["ja", "今週から引き継ぎ書はボットが自動で作るので、気にしなくて大丈夫です。"],
  ["ko", "인계서 봤어요. 거기 적어 두신 우회 방법 그대로 적용해 주세요."],
];

describe("round 16: a clause's mood apart from its target", () => {
  test.each(R16_PLAIN)("[%s] a plain request passes: %p", (_lang, text) => {
    expect(judgeHandoffRequest(text)).toEqual({ asks: true, request: true, clause: null });
  });

  test.each(R16_WORK)("[%s] added work is refused, naming its clause: %p", (_lang, text, clause) => {
    const j = judgeHandoffRequest(text);
    expect(j.request).toBe(false);
    expect(j.clause).toContain(clause ?? "");
  });

  test.each(R16_MENTIONS)("[%s] a statement about the document is not a request: %p", (_l, text) => {
    expect(isHandoffRequest(text)).toBe(false);
  });

  test("the refusal says why: a task label, an ask not aimed at the document", () => {
    expect(judgeHandoffRequest("action=handoff path=HANDOFF.md next_ticket=VIG-88").because).toMatch(
      /a (?:task label|payload field) names work/,
    );
    expect(judgeHandoffRequest("인계 문서 써 주시고, 오늘은 결제 모듈 테스트 마저 써 주세요.").because).toMatch(
      /asks \(a Korean request ending\), not for the document|aimed at another target|model other/,
    );
  });
});

// Round 17: the families round 16's sealed sets recorded, read by the mood judge as the clause judge reads them
// (src/core/handoff-families.ts). Our own phrasings.
describe("round 17: the recorded families, in our own phrasing", () => {
  test.each([
    // a header line naming no work, earlier work called off, a reply with the path, a wish for rest
    "Ticket: OPS-118\nAssignee: worker-2\nAction: write HANDOFF.md\nNotes: context limit reached, no further tasks",
    "Correction to my last message: forget the migration I asked for. Just write the handoff.",
    "아까 말한 인덱스 추가는 취소할게요. 인계 문서만 써 주세요",
    "Write the handoff and reply with just its path.",
    "Thanks for all the work today. Please leave a handoff note, and have a good rest.",
    // the document's format only, an edit of its own part, the document put up with no object of its own
    "Handoff in plain English, bullet points, one page at most.",
    "인계 문서 제목을 '결제 재시도 작업 인계'로 바꿔 주세요",
    "인수인계서 정리해서 올려 주세요",
    // an edit of "that line" a few clauses after the document was named
    "In the handoff you wrote, the service port says 8081; it's 8080. Correct that line.",
  ])("the mood judge passes: %p", (text) => {
    expect(judgeHandoffRequest(text)).toEqual({ asks: true, request: true, clause: null });
  });

  test.each([
    ['{"action": "write_handoff", "path": "HANDOFF.md", "notify_channel": "#payments-oncall"}', "notify_channel"],
    ["handoff + fix the typo in the footer", "fix the typo"],
    ["PR 올려 주세요. 인계서도 써 주세요", "PR 올려 주세요"],
  ])("the mood judge refuses: %p, naming %p", (text, clause) => {
    const j = judgeHandoffRequest(text);
    expect(j.request).toBe(false);
    expect(j.clause).toContain(clause);
  });
});
