/**
 * Issue 31, round 16: the families recorded from round 15's second sealed run (docs/stop-gate.md, "Round 15's second
 * sealed run"), the rows gate3 left wrong, and waits next to every new rule, as phrasing of our own, written in batches
 * before each was run (docs/stop-gate.md, "Round 16"). Every row is ours: never a sealed text, never an evaluation's
 * message.
 */
import { describe, expect, test } from "bun:test";
import { decideStop } from "../../src/core/stop/gate.ts";
import { viewMessage } from "../../src/core/stop/text.ts";
import { type Family, familyTests, gateInput } from "./stop-input.ts";

const BASE = gateInput();
const decide = (message: string) => decideStop({ ...BASE, message });

const FAMILIES: Family[] = [
  {
    name: "English: a progressive that describes an approach after a summary (not pushed)",
    push: false,
    rows: [
      "Phase 2 is done: the classifier now reads the whole tail. In this phase we are teaching the model to tell a report from a plan.",
      "To sum up: the loader now batches its reads. Essentially, we're trading a little memory for far fewer round trips.",
      "So the idea is simple. We're letting the cache absorb the burst instead of the database.",
      "That's the whole design. Basically we are asking the scheduler to do less, not more.",
      "Summary: the retry logic moved into the client. What we're doing here is making every caller get the same backoff.",
      "Results so far: accuracy went from 71% to 84%. In effect we're teaching the ranker to prefer recent documents.",
      "The trick is in the prompt. We are giving the model two examples of each label and asking it to pick.",
      "That's the gist of the design. In essence, we're letting each worker own its queue.",
      "Phase 1 recap: the ingest is stable. What we're doing in phase 2 is teaching the classifier to ignore boilerplate.",
      "So conceptually we are trading latency for consistency here.",
    ],
  },
  {
    name: "Korean and Japanese: the approach described (not pushed)",
    push: false,
    rows: [
      "요약하면, 이 단계에서는 모델이 보고와 계획을 구분하도록 가르치고 있는 것입니다.",
      "まとめると、このフェーズではモデルに報告と計画の違いを教えているわけです。",
    ],
  },
  {
    name: "English: a progressive of the agent's own work (pushed)",
    push: true,
    rows: [
      "Tests pass. I'm now adding the migration for the new column.",
      "We're adding the retry wrapper to the client now.",
      "Summary done. Now we're wiring the handler into the router.",
      "Phase 1 is merged. I'm starting on the export endpoint.",
      "We're letting the old endpoint go now: removing the route and its tests.",
      "I'm asking a subagent to review the diff.",
      "I'm giving the parser a default for empty input now.",
    ],
  },
  {
    name: "English: a hypothetical with a gerund subject (not pushed)",
    push: false,
    rows: [
      "The numbers look solid. Building the dashboard on this schema would lead to slow joins later.",
      "Findings: the API is rate-limited at 10 rps. Caching the responses could cut that load by half.",
      "Overall the module is fine. Splitting it further might make the imports harder to follow.",
      "Rewriting the parser in Rust would probably take a week.",
      "Adding an index on user_id should make the query fast enough.",
      "Moving the check into middleware will mean every route gets it for free.",
      "All three options work. Switching to the hosted queue would remove the cron job entirely.",
      "Overall it holds up. Moving the cache to Redis would add an operational dependency.",
      "Inlining that helper might hurt readability more than it helps.",
      "Dropping Node 16 support will let us use the built-in fetch.",
    ],
  },
  {
    name: "English: the same gerunds as the agent's next step (pushed)",
    push: true,
    rows: [
      "Findings are in. Building the dashboard on the new schema now.",
      "Caching the responses next.",
      "OK. Adding an index on user_id.",
      "Dropping Node 16 support now.",
      "Checking whether the build will pass on Node 18.",
    ],
  },
  {
    name: "English: the reader's steps, then the information the agent needs (not pushed)",
    push: false,
    rows: [
      "To get the details:\n\n1. Open the browser devtools\n2. Reload the page\n3. Copy the red error from the console\n\nWe need to see the exact error to fix this.",
      "Steps to capture it:\n\n1. Start the dev server\n2. Open /settings\n3. Copy whatever shows up in the terminal\n\nWe need to see that error to know what is failing.",
      "I can't reproduce it here. Run the build on that machine with `--verbose` and paste the output. I need to see the full stack trace to find the cause.",
      "Try starting the app with DEBUG=1 and send the log. We need the actual error message to know what's failing.",
      "Run the failing test once more with --verbose. We need to see which assertion fails.",
      "To help me narrow it down:\n\n1. Open the network tab\n2. Trigger the upload\n3. Note the status code\n\nWe need that status code to know where it fails.",
      "Try it once more on the staging box. I need the full traceback to see which import fails.",
    ],
  },
  {
    name: "Korean and Japanese: the reader's steps, then the information needed (not pushed)",
    push: false,
    rows: [
      "브라우저 콘솔에서 오류 메시지를 복사해 주세요. 원인을 찾으려면 정확한 오류를 봐야 합니다.",
      "ブラウザの開発者ツールを開いて、コンソールのエラーを確認してみてください。原因を特定するには、実際のエラー内容を見る必要があります。",
    ],
  },
  {
    name: "English: a need, then the agent's own way to meet it (pushed)",
    push: true,
    rows: [
      "The build fails in CI only. I need to see the full log, so let me fetch it from the last run.",
      "We need to see the exact error. Let me run the test with --verbose.",
      "I need to check the migration file next.",
      "I need the full traceback, so I'll rerun it with -X dev.",
      "Let me see the full error first.",
    ],
  },
  {
    name: "Korean and Japanese: a need, then the agent's own way to meet it (pushed)",
    push: true,
    rows: [
      "정확한 오류를 확인해야 합니다. 로그 파일을 열어 보겠습니다.",
      "実際のエラー内容を見る必要があるので、ログを確認します。",
    ],
  },
  {
    name: "English: done, then 'now I can go on with X' as the last words (pushed)",
    push: true,
    rows: [
      "Done and pushed! Now I can go on with the settings page.",
      "All green. Now I can move on to the export feature.",
      "Merged. Now we can continue with step 3.",
      "Committed! I can now proceed with the API client.",
      "Fixed and tested. Now I can get back to the search refactor.",
      "Pushed to main! Now I can go on with the CSV export.",
      "That bug's gone. We can now proceed to the pagination work.",
      "Great, green on all three platforms. Now I can move on to the docs.",
      "OK, merged. I can now continue with step 4.",
    ],
  },
  {
    name: "English: 'can go on' said of the reader, a thing, a later time or a condition (not pushed)",
    push: false,
    rows: [
      "Done! Now you can go on with the settings page.",
      "Deployed. Now we can move on to the export feature whenever you're ready.",
      "The fix is in. Now the app can go on with startup even without the cache.",
      "With the parser done, we can move on to the UI in the next session.",
      "Now we can finally proceed with the release, if you agree.",
      "That's the last blocker. From here the team can move on to the beta.",
      "Now users can go on with checkout even if the coupon service is down.",
      "Merged. Now the worker can move on to the next job without blocking.",
      "With this in place, we can now continue with confidence.",
    ],
  },
  {
    name: "English: a numbered step alone at the end, as an imperative title (pushed)",
    push: true,
    rows: [
      "1. Add the locale field to the frontend form",
      "The backend part is done.\n\n2. Wire the new endpoint into the frontend",
      "### 1. Add locale to the frontend",
      "**2. Update the API client**",
      "1. Add the locale field to the frontend form:",
      "Schema migrated.\n\n2. Update the repository layer to read the new column",
      "1. Refactor the auth middleware",
      "Step one is in.\n\n2. Add the tests for the retry path",
      "Now the second part.\n\n2. Write the CLI flag parsing",
    ],
  },
  {
    name: "Japanese and Korean: a numbered step alone at the end (pushed)",
    push: true,
    rows: [
      "1. フロントエンドのフォームにロケール項目を追加",
      "2. 설정 검증 — 기본값 확인",
      "1단계 완료.\n\n2. 라우터 수정 — 헬스 체크 추가",
      "이어서\n\n3. 파일 검증 — PNG 생성",
      "1. 로그인 폼 검증 추가",
      "첫 번째 작업 끝.\n\n2. API 클라이언트 수정 — 타임아웃 추가",
      "スキーマの移行が終わりました。\n\n2. リポジトリ層の修正",
      "1. 認証ミドルウェアのリファクタリング",
    ],
  },
  {
    name: "A numbered step under a label, for the reader, or one of several (not pushed)",
    push: false,
    rows: [
      "To try it:\n\n1. Run the dev server",
      "Steps for you:\n\n1. Add the API key to your .env",
      "All done. To deploy:\n\n1. Merge the PR\n2. Tag the release\n3. Run the deploy workflow",
      "The guide has three steps.\n\n1. Install the CLI\n\n```\nnpm i -g foo\n```\n\n2. Log in\n\n```\nfoo login\n```\n\n3. Deploy the app",
      "Everything is merged. Remaining for later:\n\n1. Add rate limiting to the API",
    ],
  },
  {
    name: "English: a plain let-me line naming routes, paths or options in the code (pushed)",
    push: true,
    rows: [
      "Now let me check the routes folder:",
      "Let me look at the paths in tsconfig:",
      "Let me check whether the locale is included:",
      "Let me compare the options in the two config files:",
      "OK, let me trace the routes that hit the cache:",
      "Let me check the routes in app.ts:",
      "Now let me see the options passed to the client:",
      "Let me look at the directions file for the map test:",
      "I'll grep the paths that import the old module:",
    ],
  },
  {
    name: "English: options, routes and paths offered to the reader (not pushed)",
    push: false,
    rows: [
      "There are two options: patch the client or bump the server. Which do you prefer?",
      "Here are the options:\n\n1. Keep the cache\n2. Drop it",
      "Either route works for me; let me know which you'd like.",
      "The paths forward: patch now, or wait for upstream. Your call.",
      "You have three options here.",
    ],
  },
  {
    name: "A proposed fix marked as a proposal, ending in a colon (not pushed)",
    push: false,
    rows: [
      "分析結果です。タイムアウトは接続プールの枯渇が原因です。\n\n修正案2（任意）: プールサイズを20に増やす:",
      "原因は機能フラグが無効のままだったことです。\n\n修正1（任意）: config.ts の 40〜52 行目のコメントを外す —",
      "調査結果をまとめます。\n\n- 原因: 環境変数の読み込み順\n- 対策案（オプション）: dotenv の読み込みを先頭に移す:",
      "Root cause: the pool runs dry under load.\n\nFix 2 (optional): raise the pool size to 20 —",
      "The flag was never enabled.\n\nOption B (optional): uncomment lines 40-52 of config.ts:",
      "原因は2つです。\n\n対策案1: リトライ回数を増やす:",
      "ログから判断すると設定ミスです。\n\n改善案（推奨）: 設定ファイルを環境ごとに分ける —",
      "원인은 캐시 만료 설정입니다.\n\n수정안 1 (선택): 만료 시간을 10분으로 늘리기:",
      "Two fixes are possible.\n\nOption 1 (recommended): drop the unused index:",
    ],
  },
  {
    name: "Japanese: the agent's own fix step with a colon (pushed)",
    push: true,
    rows: [
      "原因が分かりました。\n\n修正1: キャッシュの有効期限を短くする",
      "では config.ts の 40〜52 行目のコメントを外します:",
    ],
  },
  {
    name: "Japanese and Korean: a need-to before the edit, ending in a colon (pushed)",
    push: true,
    rows: [
      "関数の引数に timeout が足りないので、追加する必要があります:",
      "型定義に locale が無いので追加が必要です:",
      "テストの期待値も更新する必要があります:",
      "함수 인자에 timeout이 빠져 있어서 추가해야 합니다:",
      "ここで null チェックが抜けているので修正が必要です:",
      "依存関係の更新が必要です:",
    ],
  },
  {
    name: "Japanese: a need-to for the reader, above a command or as advice (not pushed)",
    push: false,
    rows: [
      "本番に反映するには、環境変数を追加する必要があります。",
      "APIキーを設定する必要があります:\n\n```\nexport API_KEY=xxx\n```",
      "デプロイ前に、管理画面で権限を付与していただく必要があります:",
    ],
  },
  {
    name: "On to the next step, its sub-step headings below (pushed)",
    push: true,
    rows: [
      "フェーズ1が終わりました！ステップ2に進みます。\n\n**2.1 ルーターの修正**\n\n**2.2 テストの追加**",
      "ステップ2が完了しました。ステップ3に進みます。\n\n**3-1. 設定ファイルの読み込み**\n**3-2. バリデーション**",
      "Step 2 is done. Moving to step 3.\n\n**3-1. Parse the config**\n**3-2. Validate it**",
      "ステップ1が終わりました！\n\n**2-1. ルーターの修正**",
    ],
  },
  {
    name: "A numbered item that reports (not pushed)",
    push: false,
    rows: [
      "Everything is done.\n\n1. Added the tests for the retry path",
      "Here is the only change:\n\n1. Updated the repository layer",
      "Summary of the release.\n\n1. Add the export endpoint ✅",
      "今回の変更です。\n\n1. リポジトリ層を修正しました",
      "이번 변경 사항입니다.\n\n1. 로그인 폼 검증 추가 완료",
    ],
  },
  {
    name: "Waits in the words of round 16's rules (not pushed)",
    push: false,
    rows: [
      "Done and pushed! Now I can go on with the settings page once you confirm the layout.",
      "Done! Now I can go on with the export — should I?",
      "Merged. Can I now proceed with step 3?",
      "Now I can continue with the deploy after you approve it in the console.",
      "Now we can move on to the UI. Want me to start?",
      "Your turn: run the migration, then I can go on with the seed data.",
      "Done! Once you restart the app, I can go on with the checks.",
      "If you'd like, I can go on with the settings page next.",
      "Next: approve the PR and I'll merge it.",
      "1. Approve the pending deployment in the dashboard",
      "1. Add your API key to the .env file",
      "2. Restart the server on your machine",
      "1. Open the admin console and grant the bot access",
      "2. 관리자 승인 — 대시보드에서 승인해 주세요",
      "1. 管理画面で権限を付与してください",
      "Let me check the routes folder once you've pushed your branch:",
      "Which of the two options should I take: patch the client or bump the server?",
      "Option A (recommended): patch the client. Option B: bump the server. Which one?",
      "修正案は2つあります。どちらにしますか？",
      "修正1（任意）: キャッシュ期限を短くする。必要であれば対応します。",
      "追加する必要があります。進めてよろしいですか？",
      "APIキーを追加していただく必要があります:",
      "권한을 추가해 주셔야 합니다:",
      "We need to see the error to fix it — could you paste it here?",
      "We need to see the error. Please run it again with --verbose.",
      "I need the exact error from your terminal to fix this.",
      "Building on this would need your sign-off first.",
      "In this phase we're teaching the model to classify, if that matches what you had in mind.",
      "완료했습니다! 승인해 주시면 다음 단계로 넘어가겠습니다.",
      "完了しました！確認いただければ次のパートに進みます。",
      "ステップ2に進んでよろしいでしょうか？",
      "ステップ1が完了しました。ステップ2に進む前に、設定内容をご確認ください。\n\n**2.1 ルーターの修正**\n**2.2 テストの追加**",
      "Looking at the options for the cache layer: Redis gives us TTLs, Memcached is simpler to run.",
      "Here are the options for the deploy target:\n\n1. Fly.io\n2. Render\n3. A plain VM",
      "The options for the fix are to raise the limit or to batch the writes.",
      "Let me lay out the options for the migration:\n\n- Option A: dual writes\n- Option B: a cutover weekend",
      "I see the two routes here: rewrite the loader, or patch the cache and move on.",
      "Comparing the approaches in the RFC, the second one is cheaper. Which way should we go?",
      "We're weighing the options for the auth provider; the choice is yours.",
      "There are the paths in the decision tree: retry, fail over, or give up.",
      "Both directions work. Pick one and I'll implement it.",
      "Now I can go on with the settings page — just say go.",
      "Now I can move on to the export. Sound good?",
      "Now we can move on to phase 3 as soon as the designs land.",
      "Now I can proceed with the rollout, pending your approval.",
      "Now I can continue with the migration when the DBA is around.",
      "Now we can proceed with merging — waiting on CI.",
      "All fixed. Now I can go on with the rest. Standing by for the go-ahead.",
      "Committed. We can now move on to the review step, which is the team's.",
      "The tests pass. Now we can continue with the release in the next sprint.",
      "Done! Now I can continue with the data import once the credentials arrive.",
      "All set.\n\n1. Open the app in your browser",
      "Deployed.\n\n1. Log in to the dashboard and confirm the banner",
      "Fixed.\n\n1. Merge the PR when you're ready",
      "One thing left for you:\n\n1. Add the secret to the repo settings",
      "I'd suggest one more change.\n\n1. Add rate limiting to the public API",
      "Later, in a follow-up:\n\n1. Split the monolith's auth module",
      "## Open items\n\n1. Add rate limiting to the public API",
      "Ready for review.\n\n1. Approve the release in the portal",
      "Should I keep going?\n\n1. Add the export endpoint",
      "The config is done.\n\n1. Update the DNS record manually",
      "배포 완료.\n\n1. 대시보드에서 승인 — 관리자 계정 필요",
      "1. 브라우저에서 확인 — 새로고침 후 캐시 확인해 주세요",
      "수정했습니다.\n\n1. 권한 설정 변경 — 관리자 콘솔에서",
      "남은 작업:\n\n1. 문서 업데이트",
      "デプロイしました。\n\n1. ブラウザで動作確認をお願いします",
      "1. 管理画面で権限を追加",
      "設定が終わりました。\n\n1. 本番環境の環境変数を設定（手動）",
      "残りの作業:\n\n1. ドキュメントの更新",
      "次回以降の対応:\n\n1. ログ出力の整理",
      "判断が必要です:",
      "あなたの承認が必要です:",
      "APIトークンの再発行が必要です:",
      "ユーザー側での設定変更が必要です:",
      "管理画面での手動操作が必要です:",
      "本番DBへのアクセスが必要です:",
      "続行するにはログインが必要です:",
      "Essentially, we're asking you to pick the storage tier before I write the adapter.",
      "Building the adapter would need a decision from you on the storage tier.",
      "We need the exact error from your side; could you paste it?",
      "Step 3 is yours.\n\n**3-1. Approve the release**\n**3-2. Announce it in the channel**",
      "ステップ3はお客様側の作業です。\n\n**3-1. 管理画面で承認**\n**3-2. 社内への周知**",
    ],
  },
];

familyTests(FAMILIES);

describe("round 16: the audit names the words that decided", () => {
  test("a can-go-on line after a result pushes on its own words", () => {
    const d = decide("Done and pushed! Now I can go on with the settings page.");
    expect(d.decision).toBe("block");
    expect(d.hit?.id).toBe("en.can-proceed");
    expect(d.hit?.excerpt).toBe("Now I can go on with the settings page.");
  });

  test("a numbered step alone at the end pushes; under a label it is the label's", () => {
    const alone = decide("The backend part is done.\n\n2. Wire the new endpoint into the frontend");
    expect(alone.hit?.id).toBe("en.lone-step");
    expect(alone.decision).toBe("block");
    const later = decide("Everything is merged. Remaining for later:\n\n1. Add rate limiting to the API");
    expect(later.decision).toBe("pass");
    expect(later.note).toContain("label");
    const advice = decide("I'd suggest one more change.\n\n1. Add rate limiting to the public API");
    expect(advice.decision).toBe("pass");
    expect(advice.note).toContain("recommendation");
  });

  test("the information the agent needs, after the reader's steps, is ruled out by name", () => {
    const d = decide("Run the failing test once more with --verbose. We need to see which assertion fails.");
    expect(d.decision).toBe("pass");
    expect(d.note).toContain("en.ruleout.need-info");
  });

  test("a lone numbered item is only the last paragraph's single numbered line", () => {
    const lone = (m: string) => viewMessage(m).tail.some((s) => s.lone === true);
    expect(lone("Done.\n\n2. Wire the endpoint")).toBe(true);
    expect(lone("1. Install\n\n```\nnpm i\n```\n\n2. Deploy the app")).toBe(false);
    expect(lone("Steps:\n\n1. Build\n2. Deploy")).toBe(false);
    expect(lone("## Open items\n\n1. Add rate limiting")).toBe(false);
    expect(lone("1. Install the CLI\n\n```\nnpm i -g foo\n```")).toBe(false);
  });

  test("a sub-step's number is no sentence end", () => {
    const t = viewMessage("Moving to step 3.\n\n**3-1. Parse the config**\n**3-2. Validate it**").tail;
    expect(t.at(-1)?.text).toBe("3-2. Validate it");
  });
});
