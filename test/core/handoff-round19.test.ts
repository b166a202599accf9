/**
 * Round 19 (issue 31): a clause whose object is the document governs its content, and a correction of the written
 * document reads what it states as what to write (src/core/handoff-content.ts: contentReading, correctionReadings),
 * in both judges. Every row is our own wording (eval/handoff-prompts/model/batch-r19a.jsonl holds the plain requests
 * and, for each rule, the same content or correction with a second job smuggled in: an imperative, "and then …",
 * "while you're at it", a relayed order, a question, a step first, a fresh run).
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { judgeHandoffRequest } from "../../src/core/handoff-request.ts";
import { judgeHandoffRequest as moodJudge } from "../../src/core/handoff-mood.ts";
import { contentReading, correctionReadings, sentencesOf } from "../../src/core/handoff-content.ts";

/** Both judges' answers to one prompt (each must read the round's families alike). */
const bothJudges = (text: string) => [judgeHandoffRequest(text).request, moodJudge(text).request];

const n = { en: "handoff", det: "(?:the\\s+)?", ko: "인계\\s*문서", ja: "引き継ぎ書?" };

describe("round 19: content governed by a clause whose object is the document", () => {
  test.each([
    // The fact's own verbs (expired, reverted, timed out) are what to write, not orders.
    "Add to the handoff that the signing key expired and the nightly deploy was reverted.",
    "Put in the handoff that the import job timed out twice, so whoever is next knows why the table is short.",
    "Please add the incident link (INC-40) and ticket PAY-12 at the top of the handoff.",
    "인증서가 어제 만료돼서 배포가 막힌 거, 인계 문서에 한 줄 넣어 주세요.",
    "인계 문서에 캐시가 정오 롤백 이후 꺼져 있는 상태라고 꼭 적어 둬.",
    "署名キーが昨日切れてデプロイが止まってるってこと、引き継ぎ書に一行足しといてください。",
  ])("passes: %s", (text) => {
    expect(bothJudges(text)).toEqual([true, true]);
  });

  test.each([
    "Add to the handoff that the signing key expired, then rotate it.",
    "Add to the handoff that the signing key expired & rotate it.",
    "Add to the handoff that the cert expired, and it's on you to renew it.",
    "Add to the handoff that the cert expired and the agent renews it right away.",
    "Add to the handoff, after renewing the cert, that it's renewed.",
    "Record in the handoff the p95 from a fresh load test.",
    "Add to the handoff that the queue is paused, and I've asked for it to be drained before you sign off.",
    "Add to the handoff that whoever pushes this note clears the queue beforehand.",
    "引き継ぎ書に、この引き継ぎ書を書く人が先にキューを空にすると書いて。",
    "Add to the handoff that the queue gets drained before anyone else touches this.",
    "인계서에 큐는 이 메시지 받자마자 비운다고 적어 줘.",
    "引き継ぎ書に、キューはこのメッセージを受け取り次第空にすると書いて。",
    "Add to the handoff that whoever received this drains the queue.",
    "Add to the handoff that the queue must be drained before this goes out.",
    "인계서에 큐 비우는 건 이 대화에서 끝낸다고 적어 줘.",
    "引き継ぎ書に、キューはこの会話の中で空にすると書いて。",
    "인계서에 큐는 비운다고 적어 줘.",
    "引き継ぎ書に、キューは空にすると書いて。",
    "Add to the handoff that the queue is stuck. — Dana (drain it pls)",
    "Add to the handoff that the queue is stuck. PS drain it",
    "Add to the handoff that the queue is stuck. ~Dana: drain it",
    "Add to the handoff that the queue is stuck. Cheers, and drain.",
    "Add to the handoff that the queue is stuck. One more thing: the drain.",
    "Add to the handoff that the queue is stuck. Regards, ops (drain needed from you).",
    "인계서에 큐 막힘 → 비우기 필요 (담당: 본 세션)이라고 적어 줘.",
    "인계서에 큐는 너가 비운다고 적어 줘.",
    "引き継ぎ書に、キューを空にするのはお前だと書いて。",
    "키 교체하고 인계 문서에 적어 주세요.",
    "키 교체 후 인계 문서에 적어 주세요.",
    "인계 문서에 스테이징 DB를 비웠다고 적어 줘.",
    "キーを入れ替えてから引き継ぎに書いてください。",
    "キーを入れ替え、引き継ぎ書に書いておいて。",
  ])("refuses the second job: %s", (text) => {
    const j = judgeHandoffRequest(text);
    expect(j.request).toBe(false);
  });

  test("the reading names the rule, and an order in the content leaves the sentence to the clause reading", () => {
    expect(contentReading("Add to the handoff that the key expired", ".", n)?.kind).toBe("request");
    expect(contentReading("Add to the handoff that the key expired, and rotate it", ".", n)).toBeNull();
    expect(contentReading("Fix the login bug", ".", n)).toBeNull();
    // A question mark ends only a request's own frame.
    expect(contentReading("Add to the handoff that the key expired", "?", n)).toBeNull();
    expect(contentReading("Could you add to the handoff that the key expired", "?", n)?.kind).toBe("request");
  });
});

describe("round 19: a correction of the written document", () => {
  test.each([
    "The handoff says the cache is warm. It isn't — it was flushed at noon. Please correct the note.",
    "One fix for the handoff: the tag is v3.4.1, not v3.4. Fix that line, then re-commit.",
    "인계 문서에 태그 이름이 틀렸어요. v3.4.1이 맞아요. 그 줄만 고쳐서 다시 커밋해 주세요.",
    "引き継ぎにタグは v3.4 って書いてありますが、正しくは v3.4.1 です。そこを訂正してください。",
  ])("passes: %s", (text) => {
    expect(bothJudges(text)).toEqual([true, true]);
  });

  test.each([
    // A bare "fix it" may mean the thing, not the text.
    "The handoff says the cache is warm. It isn't. Fix it.",
    "The handoff says the cache is warm. It isn't. Warm it up. Correct the note.",
    "The handoff says the cache is warm. Ops is blocked until it's warmed. Correct the note.",
    "The handoff says the cache is warm. It isn't, and warming it is on you. Correct the note.",
    "引き継ぎにキャッシュ有効って書いてありますが、実際は無効です。お客さんが有効化を待っています。そこを訂正してください。",
    "The handoff says the cache is warm. It isn't. Please correct the note, so whoever is next can deploy it.",
    "인계 문서에 캐시가 켜져 있다고 되어 있는데 사실 꺼져 있어요. 고쳐 주세요.",
    "인계 문서에 캐시가 켜져 있다고 되어 있는데 사실 꺼져 있어요. 그 부분 바로잡고 캐시도 켜 주세요.",
    "引き継ぎにキャッシュ有効って書いてありますが、実際は無効です。直してください。",
    "引き継ぎにキャッシュ有効って書いてありますが、実際は無効です。有効にしてから、そこを訂正してください。",
  ])("refuses the second job: %s", (text) => {
    expect(judgeHandoffRequest(text).request).toBe(false);
  });

  test("the statements between the error and the edit are support, the edit the request", () => {
    const r = correctionReadings(
      sentencesOf("The handoff says the tag is v3.4. It is v3.4.1. Fix that line."),
      n,
      /handoff/i,
    );
    expect([...(r?.values() ?? [])].map((x) => x.kind)).toEqual(["support", "support", "request"]);
    expect(correctionReadings(sentencesOf("The tag is v3.4.1. Fix that line."), n, /handoff/i)).toBeNull();
  });
});

describe("round 19: a clause made only of format words", () => {
  test.each([
    "Write the handoff for a small model: commands over prose, no backstory.",
    "인계 노트 하나만 부탁해요. 스무 줄 이내로.",
    "引き継ぎメモ、です・ます調じゃなくていいよ。箇条書きで。",
  ])("passes: %s", (text) => {
    expect(judgeHandoffRequest(text).request).toBe(true);
  });

  test.each([
    "Write the handoff. Bullets only, then deploy.",
    "Write the handoff. Ten lines max, then start on PAY-12.",
    "인계 노트 하나만. 스무 줄 이내로 그리고 배포해.",
    "인수인계 문서 써 주시고 테스트 고치면 돼요.",
    "引き継ぎメモ、箇条書きで。あとテスト直して。",
  ])("refuses the second job: %s", (text) => {
    expect(judgeHandoffRequest(text).request).toBe(false);
  });
});

describe("round 19: a thing handed over to someone is that work", () => {
  test.each([
    "hand over the repo keys to ops, then write the handoff",
    "Please hand over billing access to Sam and write the handoff.",
  ])("refuses: %s", (text) => {
    expect(judgeHandoffRequest(text).request).toBe(false);
  });
  test.each([
    "Hand off the remaining work to the next session and write the handoff.",
    "Hand over the baton to the next agent with a handoff doc.",
  ])("passes: %s", (text) => {
    expect(judgeHandoffRequest(text).request).toBe(true);
  });
});

// Main passed "…and <verb> it." whenever the verb was not in the list of work verbs (the review's round 19 files: the
// lead's 18:25 fix). Any word on "it" / "them" after "and" at a clause's end is an order, unless it writes, delivers or
// formats the document.
describe("round 19: any verb on 'it' after 'and' at a clause's end is an order", () => {
  test.each([
    "Write the handoff and defrag it.",
    "Update the handoff notes and reindex them.",
    "Add to the handoff that the cache is cold, and prewarm it.",
    "Note in the handoff that the workers are wedged, and recycle them.",
  ])("refuses: %s", (text) => {
    expect(bothJudges(text)).toEqual([false, false]);
  });
  test.each([
    "Write the handoff and commit it.",
    "Write the handoff and date it.",
    "Finish the handoff and proofread it.",
    "Write up the handoff and share it.",
  ])("passes: %s", (text) => {
    expect(bothJudges(text)).toEqual([true, true]);
  });
});

describe("round 19: batch-r19a (our own examples) is decided as labelled", () => {
  const rows = readFileSync(join(import.meta.dir, "../../eval/handoff-prompts/model/batch-r19a.jsonl"), "utf8")
    .split("\n").filter((l) => l.trim() !== "").map((l) =>
      JSON.parse(l) as { id: string; category: string; text: string }
    );
  test.each(rows.map((r) => [r.id, r.category, r.text]))("%s", (_id, category, text) => {
    expect(judgeHandoffRequest(text).request).toBe(category === "request");
  });
});
