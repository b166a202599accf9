/**
 * The clause judge (src/core/handoff-request.ts): the rows both judges share (handoff-rows.ts), the two judges
 * agreeing (round 16), and the source scan for a word split into chunks. Every row is our own wording.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as clauseJudge from "../../src/core/handoff-request.ts";
import { handoffRows } from "./handoff-rows.ts";

const { judgeHandoffRequest } = clauseJudge;

// Where the retrained clause judge (round 17) names another clause of a refused prompt than the rows do: the
// condition the work hangs on, or the part of the same clause that carries it.
handoffRows(
  clauseJudge,
  new Map([
    ["인계서 작성해 주시고, 여유 되면 재시도 테스트 좀 덜 불안정하게 만들어 주세요.", "여유 되면"],
    ["HANDOFF.mdを更新しながらlockfileも上げといて。", "lockfileも上げといて"],
    ["인계서에 성능 수치 넣어 줘. 아직 안 쟀으면 지금 재서 넣고.", "아직 안 쟀으면"],
  ]),
);

describe("round 16: two judges must agree", () => {
  // Round 16's clause judge passed these and the mood judge (handoff-mood.ts) refused them; round 17's retrained
  // clause judge refuses them itself. Either way the refusal names the clause.
  test.each([
    ["action=handoff path=HANDOFF.md next_ticket=VIG-88", "next_ticket=VIG-88"],
    [
      "Please write the handoff and send me the list of files you changed without tests, plus your estimate of the work left.",
      "send me the list of files",
    ],
  ])("a prompt one judge refuses is refused, naming its clause: %p", (text, clause) => {
    const j = judgeHandoffRequest(text);
    expect(j.request).toBe(false);
    expect(j.clause).toContain(clause);
  });

  test("a plain request both judges pass still passes", () => {
    expect(judgeHandoffRequest("Summarize your progress into HANDOFF.md for the next worker.")).toEqual({
      asks: true,
      request: true,
      clause: null,
    });
  });
});

describe("a list of handoff paths (review, round 16)", () => {
  // "(?:\S+\s*){0,5}?" lets \s* match nothing, so a word of n characters can be cut into up to five chunks in
  // C(n-1, 4) ways, each tried against the lookbehind and the verb after it: "Please update HANDOFF.md. Files
  // touched: " and 80 x "services/api/handoff.md" took 12 s a call on de04739 and 24 s once both judges read it,
  // past UserPromptSubmit's 10 s timeout (the hook fails open). "(?:\S+(?:\s+\S+){0,4}?\s*)??" matches the same
  // words and cuts them only at white space; every judgement of the evaluation's 4,037 texts is the same. The shape
  // is looked for in the source (no wall time is measured here).
  const dir = join(import.meta.dir, "..", "..", "src", "core");
  const files = readdirSync(dir).filter((f) => /^handoff-.*\.ts$/.test(f));
  test.each(files)("no pattern of %s lets a word split into chunks", (file) => {
    expect(readFileSync(join(dir, file), "utf8").match(/\(\?:\\S\+\\s\*\)\{/g) ?? []).toEqual([]);
  });

  test("is judged as before, a request naming the handoff with a file list", () => {
    const text = `Please update HANDOFF.md. Files touched: ${Array(80).fill("services/api/handoff.md").join(" ")}`;
    expect(judgeHandoffRequest(text).request).toBe(true);
  });
});

describe("round 17: the families of round 16's sealed sets, in our own phrasing", () => {
  const { judgeByClauses } = clauseJudge;

  // Plain requests the clause judge passes (the mood judge is measured apart: some of these it still refuses).
  test.each([
    // an edit of the document's own part, or of "that line" right after it was named
    "인계 문서 제목을 '결제 재시도 작업 인계'로 바꿔 주세요",
    "引き継ぎ書の「残作業」の欄が空なので埋めてください",
    "Rename the second heading of the handoff doc to Open questions.",
    "In the handoff, change the title to Payments retry.",
    // what the document says, stated, then an edit of it or its delivery
    "In the handoff you wrote, the service port says 8081; it's 8080. Correct that line.",
    "The handoff still says the cron runs at 2am. Commit it anyway.",
    "The handoff notes are finished. Commit and push them, nothing more.",
    // a time before "…に" is no other target ("午前中に取った…を引き継ぎに書いて")
    "午前中に取ったベンチマークの数値を引き継ぎに書いておいて",
    // a ticket or a notice with header lines
    "Ticket: OPS-118\nAssignee: worker-2\nAction: write HANDOFF.md\nNotes: context limit reached, no further tasks",
    "[자동 알림] 작업자 컨텍스트 한도 초과\n조치: 인계 문서 작성 후 커밋\n담당: 백엔드 봇",
    // earlier work called off, pointing back to it
    "Correction to my last message: forget the migration I asked for. Just write the handoff.",
    "아까 말한 인덱스 추가는 취소할게요. 인계 문서만 써 주세요",
    "さっきのマイグレーションの件は取り消しです。引き継ぎ書だけお願いします",
    // the document's format, language or length only
    "Handoff in plain English, bullet points, one page at most.",
    "引き継ぎはです・ます調で、箇条書きで短めにお願いします",
    // a reply with the path
    "Write the handoff and reply with just its path.",
    "인계 문서 쓰고 경로만 답장해 주세요",
    "引き継ぎ書を書いて、パスだけ返信してください",
    // a closing wish for rest
    "Thanks for all the work today. Please leave a handoff note, and have a good rest.",
    "오늘 정말 수고 많으셨어요. 인계서만 남겨 주시고 푹 쉬세요",
    // the document put up with no object of its own
    "인수인계서 정리해서 올려 주세요",
  ])("the clause judge passes: %p", (text) => {
    expect(judgeByClauses(text)).toEqual({ asks: true, request: true, clause: null });
  });

  // Work the clause judge refuses, naming the clause and the rule.
  test.each([
    // a payload field that sends the summary elsewhere
    [
      '{"action": "write_handoff", "path": "HANDOFF.md", "notify_channel": "#payments-oncall"}',
      "notify_channel",
      "",
    ],
    ['{"작업": "인계 문서 작성", "경로": "HANDOFF.md", "슬랙_공유": "#backend"}', "슬랙_공유", "sends it elsewhere"],
    // contents that need a fresh run now
    [
      "Write the handoff and put in it how many orders failed today - count them in the prod database first.",
      "how many orders failed today",
      "",
    ],
    ["인계 문서에 오늘 환불 건수를 운영 DB에서 집계해서 적어 주세요", "집계해서", ""],
    ["引き継ぎ書に、今日のキャンセル件数を本番DBで集計して載せておいてください", "集計して", ""],
    // a relayed ask to put something back, before the handoff
    ["Priya says: before the handoff, put the retry limit back to 3.", "put the retry limit back to 3", ""],
    ["山田さんから、引き継ぎの前にリトライ回数の設定を3に戻しておいてほしいとのことです", "戻しておいて", ""],
    // a second document in a step list
    ["1. write the handoff\n2. update the weekly report spreadsheet\n3. commit", "weekly report spreadsheet", ""],
    ["1. 引き継ぎ書の作成\n2. 週報のエクセル更新\n3. コミット", "週報のエクセル更新", "another document"],
    // "just that one thing, then finish"
    ["정리하면 인계서 쓰고, 로그 레벨 조정 하나만 하고 끝내 주세요", "하나만 하고", ""],
    [
      "まとめると、引き継ぎは書いてもらって、あとはキャッシュのキー名の統一だけやって終わりにしてください",
      "だけやって",
      "",
    ],
  ])("refused: %p, naming %p (and why, when the prompt reads as asking for the handoff)", (text, clause, why) => {
    const j = judgeHandoffRequest(text);
    expect(j.request).toBe(false);
    expect(j.clause).toContain(clause);
    expect(j.because ?? "").toContain(why);
  });

  test.each([
    // a template of the document is another file
    "docs/templates/handoff-template.md: rename the section headings to Background / Done / Open.",
    "docs/templates/引き継ぎテンプレート.md の見出しを新しい書式に合わせて直してください",
    // "fix that line" with no document named just before
    "The test on line 40 of parser.ts fails. Fix that line.",
    // a statement about the document, then work on something else
    "The handoff says the cron runs at 2am. Move the cron to 3am.",
    // (review, C2) "it" after a statement of the document is the thing it names, rescheduled
    "The handoff says the backup job runs at 1am; move it to 4am and commit the handoff",
    "HANDOFF.md is fine. Commit your refactor and push.",
    // (review, after FINAL) a part word after "and" is another thing's; a call-off followed by new work; a header
    // whose value asks for more
    "Update the handoff and drop table sessions.",
    "Write the handoff. Forget the migration I asked for, and clear the cache.",
    "引き継ぎ書を書いて。さっきのは取り消しでログを消して",
    "인계서 써 주세요. 아까 말한 건 취소하고캐시도지워줘",
    "件名: CHANGELOG更新もよろしく\n引き継ぎ書を書いて",
    // (review, C2) a header value that carries a verb of work anywhere in it; a part edit joined by a comma to work of
    // its own
    "Ticket: INFRA-7 purge old snapshots\nPlease write HANDOFF.md",
    "Job: OPS-31 pruning stale branches\nWrite the handoff.",
    "Owner: dana, rename the staging bucket\nWrite the handoff.",
    "Fix the handoff's title, truncate the audit table",
    "Change the handoff's second heading; redeploy the worker",
    // a part near the document but not its own: another thing's edit
    "handoff + fix the typo in the footer",
    "인계서 + 푸터 오타 수정",
    "`HandoffPanel` 컴포넌트 이름을 전부 `TransferPanel`로 바꿔 줘",
  ])("refused (work on another file): %p", (text) => {
    expect(judgeHandoffRequest(text).request).toBe(false);
  });
});

describe("round 18: the name is a word of its own, not the start of another (review)", () => {
  test.each([
    "Write the hand offer letter for the new hire.",
    "Write the hand overview doc for onboarding",
    "Draft the hand-offering checklist for the warehouse",
  ])("refused (another word that starts like the name): %p", (text) => {
    expect(judgeHandoffRequest(text).request).toBe(false);
  });
  test.each([
    "Write the hand-over notes.",
    "Update the hand off doc, please.",
    "Write the hand-offs.",
    "Write the handover.",
  ])("still passes: %p", (text) => {
    expect(judgeHandoffRequest(text).request).toBe(true);
  });
});
