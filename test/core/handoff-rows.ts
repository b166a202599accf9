/**
 * The rows both handoff judges decide alike (issue 14's line between a request and a mention, issue 31's clauses,
 * rounds 14 and 15's families, a run of spaces), run once for each judge by its own test file: handoff-request.test.ts
 * for the clause judge (src/core/handoff-request.ts) and handoff-mood.test.ts for the mood judge
 * (src/core/handoff-mood.ts), which round 16 made one exception by requiring both. `named` gives, by prompt, the
 * refused clause a judge names where the two judges name different clauses of the same refused prompt. Every row is
 * our own wording; the first two "mention" rows are the two prompts issue 14 reports as having slipped through.
 */
import { describe, expect, test } from "bun:test";
import type * as ClauseJudge from "../../src/core/handoff-request.ts";

/** A prompt, and the clause a refusal must name (null: the prompt passes). */
export type ClauseRow = [lang: "en" | "ko" | "ja", text: string, refusedClause: string | null];

/** What each judge module exports for these rows. */
export type Judge = Pick<typeof ClauseJudge, "clausesOf" | "isHandoffRequest" | "judgeHandoffRequest">;

/** Registers the shared rows for one judge. */
export function handoffRows(judge: Judge, named: ReadonlyMap<string, string> = new Map()): void {
  const { clausesOf, isHandoffRequest, judgeHandoffRequest } = judge;
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
    ["en", "Find out why CI keeps overwriting the handoff doc", false, "work on what overwrites it"],
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
    ["ko", "인계 문서와 함께 PR도 올려 줘", false, "the document coordinated with other work"],
    ["ko", "CI가 인계 문서를 덮어쓰는 이유를 찾아 줘", false, "덮어쓰 only ends like 쓰"],
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
    ["ja", "CIが引き継ぎメモを上書きする原因を調べて", false, "上書き only ends like 書き"],
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

  /**
   * Issue 31: judged clause by clause. A request phrased with other verbs (summarize into, record
   * in, put into, 정리, まとめる) passes; any clause that asks for other work refuses the whole
   * prompt, and the judgement names that clause. Every row is our own wording.
   */

  const OTHER_VERBS: ClauseRow[] = [
    ["en", "Summarize your progress into HANDOFF.md for the next worker.", null],
    ["en", "Record the open questions in the handoff doc, then stop.", null],
    ["en", "Put everything a new worker needs into the handover notes.", null],
    ["en", "Capture where you are in HANDOFF.md and push it.", null],
    ["en", "Your context is nearly full, so dump your notes into the handoff file and commit.", null],
    ["en", "Write up a handoff: what's done, what's left, open questions.", null],
    ["en", "Update HANDOFF.md with the current status and commit it. Thanks!", null],
    ["ko", "지금까지의 진행 상황을 HANDOFF.md에 정리해 주세요.", null],
    ["ko", "다음 작업자를 위해 남은 일을 인계 문서에 기록해 줘.", null],
    ["ko", "컨텍스트가 거의 찼으니 인계서를 작성하고 커밋해 주세요.", null],
    ["ko", "인계서 작성해 주세요. 막힌 점도 포함해 주세요.", null],
    ["ja", "次の担当者のために、これまでの進捗を HANDOFF.md にまとめてください。", null],
    ["ja", "残っている作業を引き継ぎ書に記録して、コミットしてください。", null],
    ["ja", "コンテキストが上限に近いので、引き継ぎメモを更新してプッシュしてください。", null],
  ];

  /** Plain requests whose other clauses only support the handoff: lists, reasons, stopping, committing. */
  const PLAIN: ClauseRow[] = [
    ["en", "Write HANDOFF.md summarizing what you did, what's left, and any open questions.", null],
    ["en", "Write the handoff. Include the branch name and the failing test.", null],
    ["en", "Please write the handoff document before your context runs out.", null],
    ["en", "Before you stop, write a handoff for the next session.", null],
    ["en", "Time to wrap up: write the handoff notes and commit them.", null],
    ["en", "Please finish the handoff note and push it to the branch.", null],
    ["en", "Let's hand off. Write the handoff document please.", null],
    ["en", "We need a handoff document. Please write one.", null],
    ["ko", "작업을 멈추고 인계서를 작성해 주세요.", null],
    ["ko", "인계 문서를 작성한 다음 푸시해 주세요.", null],
    ["ja", "作業を止めて、引き継ぎ書を書いてください。", null],
    ["ja", "ハンドオフ文書を仕上げてプッシュしてください。", null],
    // Lists of what goes in, joined by commas, stay in their clause.
    ["ko", "한 일, 남은 일, 막힌 부분을 인계서에 정리해 줘.", null],
    ["ko", "인계 노트 작성해. 브랜치 이름과 실패하는 테스트도 적어 줘.", null],
    ["ja", "終わったこと、残っていること、課題を引き継ぎ書にまとめてください。", null],
    ["en", "Could you put together a handoff note for the next person?", null],
    ["en", "We'll hand off after this. Write a short handoff for whoever comes next, then stop.", null],
    // Other shapes of the same request.
    ["en", "Hand this off to a fresh worker: write HANDOFF.md.", null],
    ["en", "Get the handoff doc ready before you stop.", null],
    ["en", "The handoff doc needs updating.", null],
    ["en", "Time for a handoff.", null],
    ["en", "Leave notes for the next worker in HANDOFF.md.", null],
    ["ko", "인수인계 부탁해.", null],
    ["ko", "다음 사람이 이어받을 수 있게 지금까지 한 일을 정리해 줘.", null],
    ["ja", "ハンドオフをお願いします。", null],
    ["ja", "次の人が引き継げるように作業内容をまとめてください。", null],
    ["ja", "引き継ぎ書作成してください。", null],
  ];

  const PLUS_WORK: ClauseRow[] = [
    ["en", "Write the handoff and the migration script.", "the migration script"],
    ["en", "Update HANDOFF.md and the changelog.", "the changelog"],
    ["en", "Write the handoff and then run the benchmarks.", "run the benchmarks"],
    ["en", "Write the handoff document, then update the README with the new API section.", "update the README"],
    ["en", "Write a handoff note. Next ticket: switch the cache to Redis.", "Next ticket"],
    ["en", "Write the handoff. Also bump the version in package.json.", "bump the version"],
    ["en", "Write the handoff, fix the lint errors", "fix the lint errors"],
    ["en", "Update HANDOFF.md and open a PR for the cache change.", "open a PR"],
    ["en", "Summarize your progress into HANDOFF.md while you finish the migration.", "finish the migration"],
    ["en", "Please record your findings in the handoff doc. The flaky test needs a retry loop.", "flaky test"],
    ["ko", "인계 문서를 작성하고 README도 업데이트해 줘.", "README도 업데이트해 줘"],
    ["ko", "인계서 작성해. 다음 티켓: 캐시를 Redis로 바꿔.", "다음 티켓"],
    ["ko", "진행 상황을 HANDOFF.md에 정리하면서 테스트도 고쳐 줘.", "테스트도 고쳐 줘"],
    // "after writing it" and "together with it" join other work too.
    ["ko", "인계서 작성 후 README 업데이트해 줘.", "README 업데이트해 줘"],
    ["ja", "引き継ぎ書を作成後、READMEを更新して。", "READMEを更新して"],
    ["ja", "引き継ぎ書とあわせて README も更新して。", "README も更新して"],
    ["ja", "引き継ぎ書を書いた上で、テストを直して。", "テストを直して"],
    // "while at it": -하는 김에, ついでに, つつ / ながら, while you're at it.
    ["ko", "인계서 쓰는 김에 라우터도 v7로 올려 줘.", "라우터도 v7로 올려 줘"],
    ["ja", "引き継ぎ書を書くついでに、ルーターを v7 に上げておいて。", "ルーターを v7 に上げておいて"],
    ["ja", "引き継ぎメモをまとめつつ、lint エラーを直してください。", "lint エラーを直してください"],
    ["en", "Write up the handoff and while you're at it bump the version.", "bump the version"],
    ["ja", "引き継ぎ書を書いて、README も更新してください。", "README も更新してください"],
    ["ja", "引き継ぎ資料を作成してから、テストを直してください。", "テストを直してください"],
    ["ja", "引き継ぎ書を書いてください。次のチケット: キャッシュを Redis に切り替え。", "次のチケット"],
  ];

  /**
   * Round 13: a supporting verb (note, include, write it down, 적어, 書いて) aimed at another document or
   * file, or making another thing, is other work; a reason (the limit, the context) supports only when its
   * clause asks for no action; "when that is done" is a clause of its own.
   */
  const AIMED_ELSEWHERE: ClauseRow[] = [
    ["en", "Write a handoff note, including a fix for the typo in main.go.", "including a fix"],
    ["en", "Write the handoff notes and include the new endpoint in the OpenAPI spec.", "OpenAPI spec"],
    ["en", "Put your notes into HANDOFF.md and document the CLI flags in docs/cli.md.", "docs/cli.md"],
    ["en", "Update the handoff notes; add logging to the scheduler too.", "add logging"],
    ["ko", "인계 문서 작성하고 테스트도 써 줘.", "테스트도 써 줘"],
    ["ko", "인계 문서를 쓰고 API 문서에도 변경 사항을 기록해 줘.", "API 문서에도"],
    ["ko", "인계서 써 주세요. 그리고 토큰 갱신 로직도 고쳐 주세요.", "토큰 갱신 로직도 고쳐 주세요"],
    ["ko", "인계서 작성해. 끝나면 결제 연동 시작해.", "결제 연동 시작해"],
    ["ja", "引き継ぎ書を書いて、テストも書いてください。", "テストも書いてください"],
    ["ja", "引き継ぎ資料をまとめて、READMEにも書いてください。", "READMEにも書いてください"],
    ["ja", "引き継ぎメモを作成し、トークンの更新処理も直してください。", "トークンの更新処理も直してください"],
    ["ja", "引き継ぎ資料をまとめた後、usersテーブルを移行して。", "usersテーブルを移行して"],
    // English marks a second verb only by "and": a verb with its own object is other work, whatever the verb.
    ["en", "Write the handoff and translate the README.", "translate the README"],
    ["en", "Update HANDOFF.md, and translate the docs into German.", "translate the docs"],
    ["en", "Write the handoff doc and localize the error messages.", "localize the error messages"],
    ["en", "Update HANDOFF.md, and rerun the e2e suite before you stop.", "rerun the e2e suite"],
  ];

  const SUPPORTED: ClauseRow[] = [
    ["en", "We're switching workers; write down your progress in the handoff notes.", null],
    ["en", "Wrap up by writing the handoff.", null],
    ["en", "Go ahead and write the handover doc; list what's blocked.", null],
    ["en", "Spend the rest of your context on the handoff document.", null],
    ["ko", "인계 문서에 지금까지 진행 상황 좀 적어 주세요.", null],
    ["ko", "handoff 문서에 현재 브랜치랑 남은 일 적어 줘.", null],
    ["ko", "인계 문서 준비해 줘. 끝나면 멈춰.", null],
    ["ja", "上限が近いので、進捗をハンドオフ文書に記録してください。", null],
    ["ja", "ハンドオフ資料を用意して、終わったら止まってください。", null],
    ["ja", "引き継ぎ書に詰まっている点も書いておいて。", null],
    // A path that names the handoff is the handoff; bringing it up to date is updating it.
    ["en", "Leave your notes in notes/handoff.md.", null],
    ["en", "Bring HANDOFF.md up to date before you finish, please.", null],
    ["ko", "인계 문서를 최신으로 만들어 줘.", null],
    ["ko", "다음에 이어받을 분을 위해 인계서 작성해 줄래요?", null],
    ["ja", "引き継ぎメモを最新にしておいてください。", null],
    ["ja", "notes/handoff.md に今の状況を残してください。", null],
    // A list of what goes in ("status and blockers") has no object of its own; stopping new work supports it.
    ["en", "Put your status and blockers into the handoff doc and stop.", null],
    ["en", "Write HANDOFF.md with your status and blockers in it.", null],
    ["en", "Stop taking new work. Write HANDOFF.md with your current status.", null],
  ];

  /**
   * The families round 13's sealed run recorded (in eval's words, docs/stop-gate.md), each written again here in our
   * own words: a second verb about the same document, a leading wrap-up or stop clause, a reason clause first, a clause
   * describing what goes in; and a purpose ("for the next worker") that goes on to a task is that task.
   */
  const RECORDED_PLAIN: ClauseRow[] = [
    ["en", "Write the handoff and save it as docs/handoff.md.", null],
    ["en", "Append today's progress to the existing handoff notes.", null],
    ["en", "Please make a handoff note and save it under .vigil/handoff/.", null],
    ["ko", "핸드오프 노트를 업데이트하고 브랜치에 푸시해 주세요.", null],
    ["ko", "기존 인계 문서에 오늘 진행 상황을 덧붙여 주세요.", null],
    ["ko", "인계 메모 만들어서 .vigil/handoff/ 아래에 저장해 주세요.", null],
    ["ja", "引き継ぎメモを更新してブランチにプッシュしてください。", null],
    ["ja", "引き継ぎ書を書いて docs/handoff.md に保存してください。", null],
    ["en", "Let's wrap up here and write the handoff.", null],
    ["en", "Wrap this up: update the handoff and commit.", null],
    ["en", "OK, that's enough for this session. Please write up the handoff and push it.", null],
    ["ko", "여기까지 하고 인계 문서 써 주세요.", null],
    ["ko", "작업은 여기서 마무리하고 핸드오프 노트를 작성해 줘.", null],
    ["ja", "ここまでにして、引き継ぎ書を書いてください。", null],
    ["ja", "そろそろ締めましょう。引き継ぎ書を更新してコミットしてください。", null],
    ["ja", "止まる前にハンドオフ文書の作成をお願いします。", null],
    ["en", "The session has gotten long, so hand off now.", null],
    ["en", "We're rotating you out. Write the handoff and end the session.", null],
    ["ko", "세션이 길어졌으니 이제 인계해 주세요.", null],
    ["ja", "セッションが長くなったので、引き継ぎをお願いします。", null],
    ["ja", "残り時間が少ないので、引き継ぎ書だけ書いてください。", null],
    ["en", "Write the handoff, describing the branch and the next step.", null],
    ["ko", "브랜치와 다음 단계를 설명하는 인계 문서를 작성해 주세요.", null],
    ["ko", "핸드오프 부탁해요. 바뀐 것, 깨진 것, 다음 할 일 위주로요.", null],
    ["ja", "引き継ぎ書を書いて、今のブランチと次にやることを説明してください。", null],
    ["ja", "引き継ぎお願い。変えたところ、壊れているところ、次にやることを中心に。", null],
  ];

  const RECORDED_WORK: ClauseRow[] = [
    [
      "en",
      "Write the handoff; for the next session, also pre-install the dependencies.",
      "pre-install the dependencies",
    ],
    ["ko", "인계 문서 쓰고 다음 작업자를 위해 스테이징 DB도 세팅해 줘.", "스테이징 DB도 세팅해 줘"],
    ["ja", "引き継ぎメモを書いて、次のセッション用に依存関係もインストールしておいて。", "依存関係もインストール"],
    ["ko", "세션이 길어졌으니 로그인 버그 고치고 인계서 써 줘.", "로그인 버그 고치고"],
    ["ko", "인계서 쓰기 전에 API 버전을 v3로 올려 줘.", "API 버전을 v3로 올려 줘"],
    ["ja", "引き継ぎ書を書く前にAPIのバージョンをv3に上げて。", "APIのバージョンをv3に上げて"],
  ];

  describe("handoff exception by clauses (issue 31)", () => {
    test.each(RECORDED_PLAIN)("[%s] a recorded family of plain request passes: %p", (_lang, text) => {
      expect(judgeHandoffRequest(text)).toEqual({ asks: true, request: true, clause: null });
    });

    test.each(RECORDED_WORK)(
      "[%s] a purpose or reason that goes on to a task is that task: %p",
      (_lang, text, clause) => {
        const j = judgeHandoffRequest(text);
        expect(j.request).toBe(false);
        expect(j.clause).toContain(named.get(text) ?? clause ?? "");
      },
    );

    test.each(SUPPORTED)("[%s] a request whose other clauses only support it passes: %p", (_lang, text) => {
      expect(judgeHandoffRequest(text)).toEqual({ asks: true, request: true, clause: null });
    });

    test.each(AIMED_ELSEWHERE)(
      "[%s] a supporting verb aimed at other work is refused, naming it: %p",
      (_lang, text, clause) => {
        const j = judgeHandoffRequest(text);
        expect(j.request).toBe(false);
        expect(j.clause).toContain(named.get(text) ?? clause ?? "");
      },
    );

    test.each(PLAIN)("[%s] a plain request with supporting clauses passes: %p", (_lang, text) => {
      expect(judgeHandoffRequest(text)).toEqual({ asks: true, request: true, clause: null });
    });

    test.each(OTHER_VERBS)("[%s] a request phrased with other verbs passes: %p", (_lang, text) => {
      expect(judgeHandoffRequest(text)).toEqual({ asks: true, request: true, clause: null });
    });

    test.each(PLUS_WORK)("[%s] a request plus other work is refused, naming the clause: %p", (_lang, text, clause) => {
      const j = judgeHandoffRequest(text);
      expect(j.asks).toBe(true);
      expect(j.request).toBe(false);
      expect(j.clause).toContain(named.get(text) ?? clause ?? "");
    });

    test("every language has both families", () => {
      for (const lang of ["en", "ko", "ja"]) {
        expect(OTHER_VERBS.some((r) => r[0] === lang)).toBe(true);
        expect(PLUS_WORK.some((r) => r[0] === lang)).toBe(true);
      }
    });

    test("a prompt that does not ask for the handoff asks nothing of it", () => {
      expect(judgeHandoffRequest("Switch the cache to Redis.")).toEqual({
        asks: false,
        request: false,
        clause: "Switch the cache to Redis",
      });
    });
  });

  /**
   * Round 14 (the fifth design: the rules decide first, the clause model may only rescue a refused clause when it is
   * sure). Request forms, supporting sentences and ways of adding work that the earlier rules did not list, each
   * written by us; the batches they come from are eval/handoff-prompts/model/batch-r14*.jsonl.
   */
  const R14_PLAIN: ClauseRow[] = [
    ["en", "Would you mind writing up the handoff? Thanks a lot.", null],
    ["en", "You've hit the soft limit. Please leave a handoff note for the next worker and commit it.", null],
    ["en", "Task: produce handoff.md (status, blockers, next steps). No other changes.", null],
    ["en", "I need a handover document before you stop, nothing fancy.", null],
    ["en", "Stop here. Just the handoff, nothing more.", null],
    ["ko", "인계 문서 써 둬. 다른 작업은 시작하지 마.", null],
    ["ko", "인계서 좀 써 줄 수 있어? 고마워.", null],
    ["ko", "오늘 진행 상황을 인계 파일에 추가하고 브랜치에 푸시해 줘.", null],
    ["ko", "여기서 멈춰. 인계서만, 그 이상은 필요 없어.", null],
    ["ko", "오늘 고마웠어요. 마지막으로 인계서만 notes/handoff.md에 저장해 주세요.", null],
    ["ja", "引き継ぎメモを書いておいて。", null],
    ["ja", "引き継ぎ書を書いてもらえる？次の人がすぐ続けられるように。", null],
    ["ja", "引き継ぎ資料を用意してほしいです。", null],
    ["ja", "朝の引き継ぎ書が古くなっています。14時以降の内容で更新してプッシュしてください。", null],
    ["ja", "ここで止めて。引き継ぎ書だけ、それ以上はいらない。", null],
  ];

  const R14_WORK: ClauseRow[] = [
    ["en", "Write the handoff including a fix for the login bug.", "including a fix"],
    ["en", "Summarize progress in HANDOFF.md; the seed script is broken, so fix it now.", "seed script"],
    ["en", "Update HANDOFF.md. Oh, and can you revert the last commit first?", "revert the last commit"],
    ["en", "handoff notes, then close out ticket 412", "close out ticket 412"],
    ["ko", "인계서 작성해 주시고, 여유 되면 재시도 테스트 좀 덜 불안정하게 만들어 주세요.", "만들어 주세요"],
    ["ko", "인계 노트를 써라 캐시 무효화 로직을 손봐.", "손봐"],
    ["ko", "HANDOFF.md 업데이트하면서 lockfile도 올려 줘.", "lockfile도 올려 줘"],
    // Round 15: the model trained on many writers reads "…しながら" (while doing) as the start of added work and refuses
    // at that clause, before "lockfileも上げといて"; still refused, naming the first of the two (the mood judge names
    // the second: its test file says so).
    ["ja", "HANDOFF.mdを更新しながらlockfileも上げといて。", "HANDOFF.mdを更新しながら"],
    ["ja", "引き継ぎノートを書いたら412番のチケットをクローズして", "412番のチケットをクローズして"],
    ["ja", "引き継ぎ書をコミットしてv2.3.0のタグを打って。", "タグを打って"],
    ["ja", "引き継ぎ書を書いてほしいのと、リリースノートも書いてほしいです。", "リリースノート"],
  ];

  const R14_MENTIONS: [lang: "en" | "ko" | "ja", text: string][] = [
    ["en", "We'll do the handoff later; keep going on the importer."],
    ["en", "No need for a handoff yet."],
    ["ko", "인계는 나중에 할게요. 임포터 계속 작업해."],
    ["ja", "昨日の引き継ぎ書にテストが通ると書いてあるが通らない。"],
    ["ja", "handoff.tsの単体テストを書いて。"],
  ];

  describe("round 14: request forms, supporting sentences and added work the earlier rules missed", () => {
    test.each(R14_PLAIN)("[%s] a plain request passes: %p", (_lang, text) => {
      expect(judgeHandoffRequest(text)).toEqual({ asks: true, request: true, clause: null });
    });

    test.each(R14_WORK)("[%s] added work is refused, naming its clause: %p", (_lang, text, clause) => {
      const j = judgeHandoffRequest(text);
      expect(j.request).toBe(false);
      expect(j.clause).toContain(named.get(text) ?? clause ?? "");
    });

    test.each(R14_MENTIONS)("[%s] a mention or a handoff put off is not a request: %p", (_lang, text) => {
      expect(isHandoffRequest(text)).toBe(false);
    });

    test("a refusal says what decided: a rule by name, or the model with its probability and heaviest features", () => {
      const byRule = judgeHandoffRequest("Write the handoff and then run the benchmarks.");
      expect(byRule.because).toMatch(/^(?:rule: |model other \d\.\d\d \(|"|a verb of work)/);
      const byModel = judgeHandoffRequest(
        "인계서 작성해 주시고, 여유 되면 재시도 테스트 좀 덜 불안정하게 만들어 주세요.",
      );
      expect(byModel.because).toBeDefined();
      expect(String(byModel.because)).toContain("model other");
    });
  });

  /**
   * Round 15 (the model trained on many writers' prompts, measured leaving one writer out: loso.ts). Our own phrasing
   * for each family the cross-writer evaluation showed: a question about the document asks nothing; work done "for"
   * the handoff is still work; another document by name; English verbs of work inside Korean and Japanese; Japanese
   * それと after a -て form; a request the model reads as asking for the document although no rule does.
   */
  const R15_PLAIN: ClauseRow[] = [
    ["en", "Hi, thanks for today. All I need from you now is the handover notes. Cheers, Dana", null],
    ["en", "Could you put together the handoff? Keep it short.", null],
    ["ko", "인계 문서 써 줄 수 있을까? 짧게요.", null],
    ["ja", "引き継ぎメモを書いてもらえますか？短めでいいです。", null],
    // Cycle 2: the document's word misspelt or in kana, chat shorthand, a request form that names it without a verb
    // the rules list.
    ["en", "hnadoff plz", null],
    ["ko", "인게서 써 줘", null],
    ["ko", "인계서 ㄱㄱ", null],
    ["ja", "ひきつぎしょをかいて", null],
    ["en", "Keep customer names out of the handoff.", null],
  ];

  const R15_WORK: ClauseRow[] = [
    ["en", "Write the handoff and first kill the dev server on port 8080.", "kill the dev server"],
    ["en", "Handoff note: yes. Also tidy up the changelog.", "tidy up the changelog"],
    ["en", "Draft the handoff, then keep tuning the cache until you run out.", "keep tuning the cache"],
    [
      "en",
      "Before the handoff: get the flaky upload test passing, then write it.",
      "get the flaky upload test passing",
    ],
    ["ko", "인계서가 깔끔하도록 업로드 모듈 리팩터링부터 마무리하고 인계서 써 줘.", "리팩터링부터 마무리하고"],
    ["ko", "작업: 인계\n파일: README.md", "README.md"],
    ["ko", "인계 문서 쓰고 남은 lint 경고도 fix 해 줘.", "fix 해 줘"],
    ["ko", "하던 마이그레이션 마저 끝내고 인계서 써.", "마저 끝내고"],
    ["ja", "引き継ぎを楽にするために、アップロード処理を先に仕上げてから引き継ぎ書を書いて。", "先に仕上げて"],
    ["ja", "引き継ぎメモ書いてそれとキャッシュの設定を毎晩クリアにして", "キャッシュの設定"],
    ["ja", "引き継ぎ書をまとめて、残りの型エラーも fix しといて。", "fix しといて"],
    // Cycle 2: families recorded from sealed-8's run, in our own words: tidying something else with the document's
    // verb (정리, 整理), the next ticket started after the document, work added on a condition.
    ["ko", "인계서 써 주시고 안 쓰는 원격 브랜치들 정리해 주세요.", "브랜치들 정리해"],
    ["ko", "[작업] 인계 문서 작성 후 VIG-231 착수", "VIG-231 착수"],
    ["ko", "인수인계 노트 남겨 줘. 시간 남으면 남은 타입 에러 몇 개만 잡아 주고.", "타입 에러"],
    ["ja", "引き継ぎ書を書いて、使っていないリモートブランチを整理しておいて。", "ブランチを整理"],
    ["en", "Write the handoff, then start on VIG-231.", "start on VIG-231"],
    // sealed-7's recorded families in our words: the document joined by "+" to updating another document; a measurement
    // to take now, inside what goes into it.
    ["ko", "인계서 + API 문서 업데이트 부탁해요.", "인계서 + API 문서 업데이트"],
    ["ja", "引き継ぎメモ＋設計書の修正、よろしく。", "設計書の修正"],
    ["en", "handoff doc + ops runbook update", "ops runbook update"],
    ["ko", "인계서에 성능 수치 넣어 줘. 아직 안 쟀으면 지금 재서 넣고.", "지금 재서 넣고"],
  ];

  const R15_MENTIONS: [lang: "en" | "ko" | "ja", text: string][] = [
    ["en", "Where is the handoff file from Monday?"],
    ["en", "How many sections does the handoff have now?"],
    ["en", "Add retries to the handoff loader so it stops timing out."],
    ["ko", "월요일 인계 문서 어디에 저장했어?"],
    ["ko", "인계 문서 지금 몇 줄이야?"],
    ["ja", "月曜の引き継ぎ書はどこに保存した？"],
    ["ja", "引き継ぎ書って今も正しい?直さなくていいので答えるだけで。"],
    // Praise of an earlier document asks for nothing.
    ["ko", "어제 인계서 정말 깔끔하게 잘 써 주셨네요."],
    ["ko", "지난번 인수인계 문서 진짜 좋았어요 👍"],
    ["ja", "昨日の引き継ぎ書、とても分かりやすかったです。"],
  ];

  describe("round 15: phrasing from many writers, measured leaving one writer out", () => {
    test.each(R15_PLAIN)("[%s] a plain request passes: %p", (_lang, text) => {
      expect(judgeHandoffRequest(text)).toEqual({ asks: true, request: true, clause: null });
    });

    test.each(R15_WORK)("[%s] added work is refused, naming its clause: %p", (_lang, text, clause) => {
      const j = judgeHandoffRequest(text);
      expect(j.request).toBe(false);
      expect(j.clause).toContain(named.get(text) ?? clause ?? "");
    });

    test.each(R15_MENTIONS)(
      "[%s] a question about the document or work on its code is not a request: %p",
      (_l, text) => {
        expect(isHandoffRequest(text)).toBe(false);
      },
    );
  });

  describe("a run of spaces", () => {
    // The clause patterns backtracked over a run of blanks once per position: 3,900 spaces in a prompt naming the
    // handoff took 730-805 ms a call (round 15's review), and a hook that slow fails open. A run is one space before
    // any clause pattern runs, which the clauses show (no wall time is measured here).
    test("is one space in every clause the rules read", () => {
      const text = `Write the handoff,${" ".repeat(3_900)}then fix${"\t ".repeat(20)}the  login\u3000\u3000bug.`;
      expect(clausesOf(text)).toEqual(["Write the handoff", "fix the login bug"]);
      const j = judgeHandoffRequest(text);
      expect(j.request).toBe(false);
      expect(j.clause).toContain("fix the login bug");
    });

    test("changes no decision: a padded prompt is judged as the plain one", () => {
      for (
        const text of [
          "Write the handoff to HANDOFF.md and push it.",
          "인계 문서 써 주세요.",
          "引き継ぎ書を書いてください。",
        ]
      ) {
        expect(judgeHandoffRequest(text.replace(/ /g, " ".repeat(50)))).toEqual(judgeHandoffRequest(text));
      }
    });
  });
}
