/**
 * Round 20 (issue 31, handoff8): main's leak families closed from our own examples. The plain readings built after them
 * were dropped (the reviewers showed that every prompt a reading newly passes inherits every order main's judges miss),
 * so the candidate refuses more than main and passes nothing main refuses (docs/stop-gate.md, "Round 20: the handoff
 * exception (handoff8)"). Every row is our own wording; eval/handoff-prompts/model/batch-r20h.jsonl holds these and
 * their neighbours, each decided as labelled.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { judgeHandoffRequest } from "../../src/core/handoff-request.ts";

const passes = (text: string) => judgeHandoffRequest(text).request;

describe("round 20: main's leak families, refused", () => {
  test.each([
    // A second verb main does not know, on an object named with a number, "this …", or a bare plural at the end.
    "Write up the handoff and decommission worker-7 after.",
    "write the handoff, and reassign this ticket to worker-5 when you're done.",
    "Write the handoff and re-shard users.",
    "Update the handoff and vendor dependencies.",
    // The document sent to a channel or a mail, a reply asked for.
    "Write the handoff and share it in #team.",
    "Write the handoff and lmk if staging is up.",
    // A fresh measurement for the document.
    "Write the handoff with the current error rate from a fresh query.",
    "Put today's fresh p99 in the handoff.",
    "인계 문서에 지금 에러율 새로 재서 넣어 줘.",
    "引き継ぎに、ステージングを再起動した結果を載せておいてください。",
    // A Japanese step right before the document, and a casual order inside its content.
    "ブランチ切って引き継ぎ書書いといて。",
    "チケット閉じて引き継ぎ書いて。",
    "引き継ぎに書いた通知の不具合、原因わかってるならもう直しちゃって、直したって書いといて。",
    // A question about the document that wants an answer.
    "이 인계 문서 누가 쓴 거예요? 날짜가 없네요.",
    "この引き継ぎ書、誰が書いたんですか？日付がないです。",
    // A mention: a past act names the document; someone else writes it; it is written; it waits; it stays as it is.
    "火曜に書いてもらった引き継ぎ、山田さんがすぐ動けたって。お礼だけです。",
    "Sam will write the handoff tomorrow.",
    "引き継ぎ書はもうコミット済みです。",
    "引き継ぎ書は明日田中さんが書きます。",
    "引き継ぎ書を書くのは明日です。",
    "인계 문서 쓰는 건 내일이에요.",
    "Leave the handoff as it is.",
    "Got the handoff, thanks.",
    "Passed your handoff to Dana.",
    "引き継ぎありがとう！助かりました。",
    "인계 회의는 3시예요.",
  ])("refused: %s", (text) => {
    expect(passes(text)).toBe(false);
  });
});

describe("round 20: the whole document edited with a second job (the edit reading itself was dropped)", () => {
  test.each([
    // (The review's early warning on 8bf9683, in our words: another place, another document, a second job.)
    "Split the handoff into Jira tickets.",
    "Move the handoff into our Confluence space.",
    "Rewrite the handoff as a blog post for the engineering blog.",
    "Keep the handoff to a page, revert yesterday's config change.",
    "Rename HANDOFF.md to NOTES.md across the repo.",
    "Translate the handoff into Korean and the UI into Japanese.",
    "Move the handoff to the wiki.",
    "Remove the feature flag from prod and from the handoff.",
    "引き継ぎ書からパスワードを消してgitの履歴からも消して。",
    "인계 문서에서 토큰이랑 저장소 히스토리에서 토큰 지워 줘.",
    "Keep the handoff bot running overnight.",
  ])("refused: %s", (text) => {
    expect(passes(text)).toBe(false);
  });
});

describe("round 20: words of work, split-off endings and the reader's hello, with work", () => {
  test.each([
    // "the doc" once the handoff is named: the document itself.
    "The handoff says the cron is off. It's on. Correct the doc.",
  ])("passes: %s", (text) => {
    expect(passes(text)).toBe(true);
  });

  test.each([
    "인계서 쓰고 PR 다시 올려 주세요.",
    "로그 읽고 인계 문서 써 주세요.",
    "引き継ぎ書いて、田中さんに「完了」と返信してください。",
    "引き継ぎ書いて、チケットを worker-3 に回してください。",
    "인계 문서 쓰고, 제가 확인한 버그 수정해 주세요.",
    "인계서 써 주시고 빌드도 고쳐 주시면 감사하겠습니다.",
    "다음 담당자가 바로 배포할 수 있게 빌드 고쳐야 해요. 인계서도 써 주세요.",
    "u there? write the handoff and fix the build",
    "Write the handoff and update the doc.",
    "The handoff mentions the retry bug. Fix the bug and update the doc.",
    "引き継ぎに、ベンチを回し直した数値を貼っておいてください。",
  ])("refused: %s", (text) => {
    expect(passes(text)).toBe(false);
  });
});

describe("round 20: payloads naming work, and the worker's own quoted question with work", () => {
  test.each([
    '{"task":"handoff","path":"HANDOFF.md","commit":true,"push":true,"then":"exit"}',
  ])("passes: %s", (text) => {
    expect(passes(text)).toBe(true);
  });

  test.each([
    '{"task":"handoff","path":"HANDOFF.md","also":"bump lodash"}',
    '{"task":"handoff","path":"HANDOFF.md","then":"deploy"}',
    '{"task":"handoff","path":"HANDOFF.md","sections":["status","deploy the fix"]}',
    '{"task":"handoff","target":"restart-api","then":"stop"}',
    '{"task":"handoff","run":"make-test","path":"HANDOFF.md"}',
    "action=handoff worker=w-2 job=reindex-users",
    '{"작업":"인계","경로":"HANDOFF.md","이후":"배포"}',
    "> Should I fix the flaky test before writing the handoff?\n\nYes.",
    "> Should I put the logs in the handoff?\n\nYes, and also rotate the keys.",
    "> 인계 문서 쓰고 PR 올릴까요?\n\n네.",
    "> 引き継ぎの前にキャッシュを消しますか？\n\nはい。",
  ])("refused: %s", (text) => {
    expect(passes(text)).toBe(false);
  });
});

describe("round 20: another document's parts, sender tags, a declined question, a payload's keys", () => {
  test.each([
    "인계 문서 써 주시고 PR 제목에 티켓 번호 넣어 주세요.",
    "引き継ぎ書いて、PRのタイトルにチケット番号を入れて。",
    "[배포봇] 스테이징 재시작\n인계 문서 써 주세요.",
    "[긴급] 롤백\n인계서 써 주세요.",
    "> Should I fix the flaky test first?\n\nNo, write the handoff and then fix it.",
    "> Could you also fix the login bug?\n\nNo wait, write the handoff.",
    "> Should I merge the PR?\n\nNot now. Write the handoff, then carry on.",
    "> 배포할까요?\n\n아뇨, 인계 문서 먼저 쓰고 나중에 해 주세요.",
    "> デプロイしますか？\n\nいいえ、引き継ぎ書を書いて、あとでやってください。",
    '{"task":"deploy","task":"handoff","path":"HANDOFF.md"}',
    '{"작업":"배포","작업":"인계문서 작성"}',
    '{"task":"handoff","path":"CONTRIBUTING.md","commit":true}',
    "task=handoff job=RESTART-WORKERS then=exit",
  ])("refused: %s", (text) => {
    expect(passes(text)).toBe(false);
  });
});

describe("round 20: facts announced for the document, with work", () => {
  test.each([
    "one more thing for the handoff: the export job times out. fix it before you go. add it under known issues",
    "one more thing for the handoff: the export job times out. add it under known issues and open a ticket",
    "인계서에 하나 더. 배포 스크립트가 스테이징에서 실패함. 운영 배포 전에 고쳐야 함.",
    "引き継ぎにもう一点。検索APIは夜間に503を返します。直しておいてください。",
    "あ、引き継ぎにもう一点。テストが落ちます。デプロイしたと既知の問題に入れといて。",
  ])("refused: %s", (text) => {
    expect(passes(text)).toBe(false);
  });
});

describe("round 20: review2's families (R1, R2), in our words", () => {
  test.each([
    "인계 문서에서 언급한 테스트 브랜치 삭제해 주세요.",
    "引き継ぎ書の一覧にある古いタグを削除して。",
    "引き継ぎ書の手順で作った一時ファイルを消してください。",
    "> 캐시 정리는 다음 세션에 넘길까요?\n\n아뇨, 넘기지 마세요. 끝나면 인계 문서 써 주세요.",
    "> Should I update the handoff and rerun the suite tonight?\n\nYes.",
    "> 제가 로그 다시 뽑은 다음 인계 문서에 넣을까요?\n\n네.",
    "引き継ぎ書を書いたら、お客さんに「解決済み」と返信しておいて。",
    "引き継ぎに、ユーザーテーブルの現在の行数を載せてください。",
    "Merge CONTRIBUTING.md into the handoff and commit.",
    '{"task":"handoff","job":"rotate-db-creds","commit":true}',
    "task=handoff job=CLOSE-OPS-12 then=exit",
  ])("refused: %s", (text) => {
    expect(passes(text)).toBe(false);
  });
});

describe("round 20: review2's families (R7-R10), in our words", () => {
  test.each([
    "引き継ぎ書いて、チャットで「終わりました」とだけ返信してください。",
    "Handoff please, then the revert.",
    "task=handoff job=FLUSH-QUEUE-3 then=exit",
    "one more thing for the handoff: the importer drops empty rows. Put it in the wiki under caveats.",
    "引き継ぎにもう一点。インポーターが空行を落とします。既知の問題として課題管理に入れといて。",
    "Move the handoff to scripts/handoff.sh and commit.",
    '{"task":"handoff","file":"infra/rollout.sh"}',
    "> Should I force-push the handoff branch?\n\nYes.",
    "인계 문서 쓰고 아까 제가 말한 롤백 해 주세요.",
    "引き継ぎ書いたら、こちらで修正お願いします。",
    "Dana already updated the handoff with the steps you still have to run tonight.",
    "인계 문서 쓰고 빌드 다시 올려 주세요.",
  ])("refused: %s", (text) => {
    expect(passes(text)).toBe(false);
  });
});

describe("round 20: a ticket's own work, another document's parts (review H7, review2's mutations), in our words", () => {
  test.each([
    "인계 문서 써 주세요. 아 그리고 PAY-7 종료.",
    "인계 문서 써 주시면 감사하겠습니다. PAY-7 닫기도요.",
    "Remove the customer emails from the handoff. Oh, and closing PAY-7.",
    "write the handoff pls. Get PAY-7 closed.",
    "引き継ぎ書を書いてください。あとPAY-7をクローズ。",
    "引き継ぎ書をお願いします。\n・落ちてるバッチ",
    "引き継ぎ書をお願いします。\n・デプロイ",
    "Issue の本文に引き継ぎ書のリンクを入れて。",
  ])("refused: %s", (text) => {
    expect(passes(text)).toBe(false);
  });
});

describe("round 20: batch-r20h (our own examples) is decided as labelled", () => {
  const rows = readFileSync(join(import.meta.dir, "../../eval/handoff-prompts/model/batch-r20h.jsonl"), "utf8")
    .split("\n").filter((l) => l.trim() !== "").map((l) =>
      JSON.parse(l) as { id: string; category: string; text: string }
    );
  test.each(rows.map((r) => [r.id, r.category, r.text]))("%s", (_id, category, text) => {
    expect(passes(text)).toBe(category === "request");
  });
});
