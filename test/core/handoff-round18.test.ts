/**
 * Round 18 (issue 31): round 17's sealed families, now tuning material, as rules of a clause's role and of what an
 * edit's object is (src/core/handoff-families.ts, readFamilies), read by both judges. Every row is our own wording
 * (eval/handoff-prompts/model/batch-r18a.jsonl holds them and more, each plain request beside the same request with a
 * second job attached). The plain rows below were refused before these rules; the rows with work, where noted, passed.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { judgeHandoffRequest } from "../../src/core/handoff-request.ts";
import { judgeHandoffRequest as moodJudge } from "../../src/core/handoff-mood.ts";
import { readFamilies } from "../../src/core/handoff-families.ts";

describe("round 18: plain requests around the document", () => {
  test.each([
    // courtesy, a sender's line, where it was typed from
    "Hey team, thanks. Please write the handoff to HANDOFF.md and stop.\n-- shift-bot",
    "スマホから。引き継ぎ書だけ書いといて",
    // a ticket's state that is the handoff
    "OPS-88 status -> NEEDS_HANDOFF\nWrite docs/handoff/OPS-88.md and commit it.",
    "Tracker: VG-12 moved to Handoff. Put your notes in HANDOFF.md.",
    "[PAY-7] 상태 변경: 진행 중 → 인계 필요\n인계 문서 작성 후 커밋해 주세요.",
    "チケット ABC-3 のステータスが「引き継ぎ待ち」に変更されました。\n引き継ぎ書を書いてください。",
    // an edit whose object is a text element of the document
    "Fix the broken link in HANDOFF.md and push.",
    "Remove the staging password line from the handoff, then commit.",
    "Change the date '12/03' in the handoff to 12/04, commit, and you're done.",
    "인계 문서에 있는 오타 좀 고쳐 주세요",
    "인계서의 브랜치 이름 수정해 주세요",
    "引き継ぎ書の誤字を直してください。",
    "HANDOFF.md のリンクを全部削除して",
    // the next party's work, or the session's swap, stated as why
    "다음 작업자는 이 코드를 처음 봐요. 인계 문서 자세히 써 주세요.",
    "次の担当者はレビュー対応から始めます。引き継ぎ書を書いてください。",
    "セッションを入れ替えますので、引き継ぎメモを更新してください。",
    // when the worker stops; the context limit noted or asked about
    "Could you write the handoff before you stop?",
    "컨텍스트 거의 다 찼지? 인계 노트 써 줘",
    "コンテキストもう限界でしょ？引き継ぎ書いて",
    // an edit pointed back to, with its delivery after it
    "The handoff says the worker pool is 4; it's 8. Fix that line and recommit.",
    "Your handoff has an empty 'Next steps' section. Fill it in and push.",
    // a relay's opener before the words it relays
    "슬랙 전달: 「하던 거 멈추고 인계 노트만 써 두래요」",
  ])("passes: %p", (text) => {
    expect(judgeHandoffRequest(text)).toEqual({ asks: true, request: true, clause: null });
  });
});

describe("round 18: the same requests with a second job attached are refused", () => {
  test.each([
    // passed before: a relayed second infinitive, go-and-do, the template edited, a second task joined as a noun,
    // work done as the document says
    ['from Lee: "have it write the handoff, and to rotate the tokens after"', "second infinitive"],
    ["Write the handoff. Note how many jobs are queued right now (go look).", "go and do"],
    ["Add a 'Risks' heading to the handoff template and write the handoff.", "the template"],
    ["후속 조치: 인계서 작성 및 주간 보고서 초안 작성", "joined as a noun"],
    ["引き継ぎ書の作成と、障害報告の起票をお願いします。", "joined as a noun"],
    ["인계 문서에 적힌 경로대로 파일 옮겨 주세요", "as the document says"],
    // each new pass rule with work beside it
    ["Thanks! Write the handoff.\n-- Sam (also bump the version to 2.1)", ""],
    ["Write HANDOFF.md.\n(sent by the scheduler; rotate the API keys before you exit)", ""],
    ["인계 노트 업데이트 부탁드립니다.\n- 민수 드림 (PR 머지도 부탁해요)", ""],
    ["OPS-88 status -> NEEDS_HANDOFF_AND_DEPLOY\nWrite docs/handoff/OPS-88.md and commit it.", ""],
    ["Fix the broken link in HANDOFF.md and in README.md.", ""],
    ["Change the date in the handoff to today, commit, and deploy.", ""],
    ["Fix the path in the deploy script mentioned in the handoff.", ""],
    ["인계 문서에 적힌 서버 이름 바꿔 주세요", ""],
    ["引き継ぎ書に書いてあるパスのファイルを削除して", ""],
    ["Thanks for the handoff. It says the cache is stale. Go clear it.", ""],
    ["The next session picks up the migration, and the cache needs clearing now. Write the handoff.", ""],
    ["次のワーカーが最初にやるチケットも切っておいて、引き継ぎ書も書いて", ""],
    ["다음 작업자가 시작하기 전에 캐시 지워 놔. 인계 문서도 쓰고.", ""],
    ["Context is full, merge PR 3 and write the handoff.", ""],
    ["Write the handoff. How much context do you have left?", ""],
    // passed before: "only" narrows the work, it does not make it the document
    ["토큰 다 썼으니 배포만 해. 인계서도.", ""],
    // the review's probes of the first cut (round 18): a sign-off line that says more than a name, a name line that is
    // work, a sender line with a clause in it, an edit whose "to …" takes work, a state value that names work, a part
    // of a thing the document names, a next party who starts after the reader's work
    ["Write the handoff.\n— ship v2 after", ""],
    ["Write the handoff.\n-- reboot the box first", ""],
    ["인수인계서 써 줘.\n-- 지훈 (DB 마이그레이션 돌려놔)", ""],
    ["引き継ぎ書を書いて。\n— 佐藤（デプロイしといて）", ""],
    ["引き継ぎ書を書いて。本番デプロイです。", ""],
    ["- Write the handoff\n- Pause the Renovate bot", ""],
    ["Write the handoff.\n(forwarded from #ops: staging is down, reboot it)", ""],
    ["Update the numbers in the handoff with fresh benchmark runs.", ""],
    ["Fix the dates in the handoff to match the deploy you do tonight.", ""],
    ["OPS-1 moved to handoff-rollback\nWrite the handoff.", ""],
    ["인수인계서에 적힌 크론 항목 수정해 줘.", ""],
    ["引き継ぎ書にある crontab の行を削除して。", ""],
    ["인수인계서 써 줘. 다음 작업자는 배포된 서버에서 시작해요.", ""],
    ["Update the handoff. It says staging needs a redeploy, which is overdue.", ""],
    // the review's second round (h6-c/d/e): a dash line's word or two, a sender "by X to …", a next party on a state
    // only the reader's work makes, a wish or a duty after what it says, a relay opener with a task in it
    ["Write the handoff.\n-- Shut Down", ""],
    ["인수인계서 써 줘.\n-- 재부팅", ""],
    ["引き継ぎ書を書いて。\n— 再起動", ""],
    ["Write the handoff.\n-- restart-the-worker-bot", ""],
    ["Write the handoff.\n(sent by Dana to shut staging down)", ""],
    ["인수인계서 써 줘. 재부팅입니다.", ""],
    ["Write the handoff. The next worker starts from a clean database.", ""],
    ["인수인계서 써 줘. 다음 작업자는 캐시 비운 상태에서 시작해요.", ""],
    ["引き継ぎ書を書いて。次の担当者はキャッシュを消した状態から始めます。", ""],
    ["Write the handoff. It lists the three flaky specs, which I'd like gone.", ""],
    ["Write the handoff. Thanks, squash.", ""],
    ['Fwd from Dana plus wipe the cache: "Write the handoff."', ""],
    ["Change the numbers in the handoff to measured", ""],
    // the review's h6-g/h: an order after a colon, an arrow or a parenthesis in "it lists …"; a next party on a state
    // the reader's work makes; the pointed-back edit's "to <verb> …"
    ["Write the handoff. It lists the temp tables: drop them.", ""],
    ["Write the handoff. It lists the temp tables → drop them", ""],
    ["Write the handoff. It mentions two stale branches (delete both)", ""],
    ["Write the handoff. The next worker begins with the new certs in place.", ""],
    ["引き継ぎ書を書いて。次の担当者は証明書を入れ替えた状態から始めます。", ""],
    ["Write the handoff. Change that line to nuke staging.", ""],
    // h6-i: a verb of work as an adjective after "it lists"; a next session timed after a deploy; a handle, a bot or a
    // job whose name is a task
    ["Write the handoff. It lists the temp tables, all of them droppable now.", ""],
    ["인수인계서 써 줘. 다음 세션은 배포 직후에 시작해요.", ""],
    ["引き継ぎ書を書いて。次のセッションはデプロイ直後に始まります。", "after work only the reader can do"],
    ["Write the handoff.\n-- @wipe-staging", ""],
    ["Write the handoff.\n(sent by the cleanup job)", ""],
    // passed on main too (old leaks the review listed): an operation opening a bullet or following a colon or "so";
    // someone needing a thing done; the document with work done first; a task joined with "and"; what the reader makes
    // first; a relay opener naming work
    ["- Write the handoff\n- Mute the alert bot", ""],
    ["Write the handoff. It mentions the old bucket: empty it", ""],
    ["Write the handoff. The disk limit is exceeded, so double it.", ""],
    ["Context almost full, shut the VM down. Write the handoff.", ""],
    ["Write the handoff.\n(automated message; ticket OPS-4 needs the key rotated)", ""],
    ["Write the handoff with the failing tests fixed.", ""],
    ["Handoff and migration, please.", ""],
    ["Update the handoff's status section, and purge stale sessions", ""],
    ["Update the branch names in the handoff to match the ones you create.", ""],
    ['Fwd from Dana shutting down prod: "Write the handoff."', ""],
    ["The handoff says the worker pool is 4; it's 8. Fix that line and deploy.", ""],
    ["The handoff lists three failing tests, fix them.", ""],
    // passed before: a push to a live environment is a deploy
    ["Your handoff has an empty 'Next steps' section. Fill it in and push to prod.", ""],
    ["Write the handoff and push to prod.", ""],
    ['Fwd from #ops (relayed by chatbridge): "dump your state into the handoff doc, then restart nginx"', ""],
    ["슬랙 전달: 「인계 노트 쓰고 캐시도 지워 주세요」", ""],
    ["佐藤さんより「引き継ぎ書を書いて、デプロイもお願いします」", ""],
  ])("refused: %p", (text, rule) => {
    const j = judgeHandoffRequest(text);
    expect(j.request).toBe(false);
    if (rule !== "") expect(`${j.because}`).toContain(rule);
  });

  test("both judges read the families alike (the mood judge alone refuses the work and passes the edit)", () => {
    expect(moodJudge("후속 조치: 인계서 작성 및 주간 보고서 초안 작성").request).toBe(false);
    expect(moodJudge("引き継ぎ書の誤字を直してください。").request).toBe(true);
  });

  test("a courtesy line that names the document is no courtesy", () => {
    // "引き継ぎだけでいいです" ends like a name line ("オーケストレーターです") but says what to do.
    const n = { en: "handoff", det: "", ko: "인계서", ja: "引き継ぎ" };
    expect(readFamilies("オーケストレーターです", n, /引き継ぎ/)?.kind).toBe("support");
    expect(readFamilies("引き継ぎだけでいいです", n, /引き継ぎ/)).toBeNull();
  });
});

describe("round 18: batch-r18a (our own examples) is decided as labelled", () => {
  const rows = readFileSync(join(import.meta.dir, "../../eval/handoff-prompts/model/batch-r18a.jsonl"), "utf8")
    .split("\n").filter((l) => l.trim() !== "").map((l) =>
      JSON.parse(l) as { id: string; category: string; text: string }
    );
  test.each(rows.map((r) => [r.id, r.category, r.text]))("%s", (_id, category, text) => {
    expect(judgeHandoffRequest(text).request).toBe(category === "request");
  });
});
