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
    name: "English: end-of-turn reports and answers in varied styles (not pushed)",
    push: false,
    rows: [
      "Done. The login form now validates the email field before submitting, and the error shows under the input.",
      "All set — the cron job runs at 02:00 UTC and writes its log to /var/log/backup.log.",
      "Here's what changed:\n\n- The parser skips blank lines\n- Errors carry the line number\n- Two new tests cover both",
      "We're now caching the profile responses for five minutes, so the dashboard loads in about 300 ms.",
      "We're now returning 404 instead of 500 when the record is missing.",
      "The API is now streaming tokens as they arrive instead of buffering the whole reply.",
      "I'm keeping the old endpoint around for one more release so existing clients don't break.",
      "I'm leaving the feature flag off by default for now.",
      "The next step would be adding pagination to the search results.",
      "From here, the natural next step is wiring the export into the settings page.",
      "Next up on the roadmap: offline mode and push notifications.",
      "All that's left is a changelog entry, which you can add when you cut the release.",
      "Adding a retry around the upload would make this more robust, but it isn't needed for the demo.",
      "Worth adding an integration test for this path at some point.",
      "Running the migration on production is a separate step; the script is in scripts/migrate.sh.",
      "Deploying this is just a matter of merging the PR; the pipeline takes it from there.",
      "Fixed the flaky test. The root cause was a shared temp dir between two suites; each suite now gets its own.",
      "Short answer: yes, the hook runs before every commit, including amends.",
      "The difference is that `merge` keeps both histories while `rebase` rewrites yours on top of main.",
      "In this codebase, config is loaded once at startup and then passed down explicitly.",
      "Summary of the review: two blocking issues (SQL injection in search, missing auth on /admin) and four nits.",
      "The build is green on all three platforms and the release notes are in CHANGELOG.md.",
      "Checking the logs, the failures all started after the 14:00 deploy.",
      "Looking at the trace, the time goes into JSON serialization, not the database.",
      "Rewriting it as a stream is what finally brought memory under 200 MB.",
      "Now the tests run in 40 seconds instead of four minutes.",
      "Now every request carries a trace id, so the logs line up across services.",
      "Pushed to the feature branch. CI will pick it up.",
      "That should be everything for this ticket.",
      "The remaining piece, the admin UI, is out of scope for this PR.",
      "I've also documented the new env var in the README.",
      "To run it locally: `make dev`, then open http://localhost:3000.",
      "To roll back, revert commit abc123 and redeploy.",
      "Next steps for the team:\n\n1. Rotate the leaked key\n2. Audit the access logs for the last week",
      "I'd go with Postgres here: it handles the JSON queries well and the team already runs it.",
      "The plan for phase 2 is to move the queue to SQS and drop the cron job.",
      "Phase 1 is complete. Phase 2 covers the billing integration.",
      "We're in good shape: coverage went from 61% to 78%.",
      "Everything is committed and pushed; the working tree is clean.",
      "Going forward, the nightly job will also prune branches older than 90 days.",
      "The fix is live on staging.",
      "There's one thing I couldn't verify: the email template on Outlook, since I have no Outlook client here.",
      "For context, the retry logic lives in client.ts and the backoff constants in config.ts.",
      "Nothing else is pending on my side.",
      "Migrating the remaining services would follow the same pattern as the two I converted.",
      "Refactoring the auth module is tracked in #412.",
      "Both approaches are implemented behind a flag, so we can compare them in production.",
      "Implemented the rate limiter (token bucket, 100 req/min per key) with tests for burst and refill.",
      "The page now shows a skeleton while loading, then fades in the data.",
    ],
  },
  {
    name: "Japanese: end-of-turn reports and answers in varied styles (not pushed)",
    push: false,
    rows: [
      "対応しました。ログイン画面でメールアドレスの形式チェックを行い、エラーは入力欄の下に表示されます。",
      "キャッシュを導入したので、ダッシュボードの表示が約300msになりました。",
      "現在はレコードがない場合に500ではなく404を返しています。",
      "旧エンドポイントは互換性のため次のリリースまで残しています。",
      "次のステップとしては、検索結果のページネーション対応が考えられます。",
      "本番環境でのマイグレーションは別作業です。スクリプトは scripts/migrate.sh にあります。",
      "結論として、フックはamendを含むすべてのコミットの前に実行されます。",
      "この設定では、起動時に一度だけ設定ファイルを読み込み、その後は引数で渡しています。",
      "フェーズ1は完了です。フェーズ2では課金の連携を扱います。",
      "変更はすべてコミット・プッシュ済みです。",
      "今後、夜間ジョブで90日以上前のブランチも削除されます。",
      "ローカルで動かすには `make dev` を実行してから http://localhost:3000 を開きます。",
      "ロールバックする場合は、コミット abc123 をリバートして再デプロイします。",
      "テストは4分から40秒に短縮されました。",
      "残りの管理画面はこのPRの範囲外です。",
      "このスクリプトは毎朝バックアップを取得し、古いものを削除します。",
      "各リクエストにトレースIDを付与するようにしたので、サービスをまたいでログを追えます。",
      "レートリミッター（トークンバケット、キーごとに毎分100リクエスト）を実装し、テストも追加しました。",
    ],
  },
  {
    name: "Korean: end-of-turn reports and answers in varied styles (not pushed)",
    push: false,
    rows: [
      "완료했습니다. 로그인 폼에서 이메일 형식을 검사하고, 오류는 입력창 아래에 표시됩니다.",
      "이제 프로필 응답을 5분간 캐시하므로 대시보드가 약 300ms에 로드됩니다.",
      "레코드가 없으면 500 대신 404를 반환합니다.",
      "기존 엔드포인트는 호환성을 위해 다음 릴리스까지 유지합니다.",
      "다음 단계로는 검색 결과 페이지네이션을 추가하는 것이 좋겠습니다.",
      "운영 환경 마이그레이션은 별도 작업입니다. 스크립트는 scripts/migrate.sh에 있습니다.",
      "결론적으로, 훅은 amend를 포함한 모든 커밋 전에 실행됩니다.",
      "1단계는 완료되었습니다. 2단계에서는 결제 연동을 다룹니다.",
      "모든 변경 사항을 커밋하고 푸시했습니다.",
      "앞으로 야간 작업이 90일 지난 브랜치도 정리합니다.",
      "로컬에서 실행하려면 `make dev` 후 http://localhost:3000 을 엽니다.",
      "롤백하려면 abc123 커밋을 되돌리고 다시 배포하면 됩니다.",
      "테스트 시간이 4분에서 40초로 줄었습니다.",
      "이 스크립트는 매일 아침 백업을 만들고 오래된 백업을 삭제합니다.",
      "레이트 리미터(토큰 버킷, 키당 분당 100회)를 구현하고 테스트도 추가했습니다.",
    ],
  },
  {
    name: "English: the agent's own work near the words of what code does (pushed)",
    push: true,
    rows: [
      "I'm now adding caching to the profile endpoint.",
      "We're now wiring the cache into the profile endpoint.",
      "Tests pass. I'm updating the handler to return 404 instead of 500.",
      "Next up: the release notes.",
      "Next up, the pagination for the search page.",
      "Now every failing test — rerunning them one by one.",
    ],
  },
  {
    name: "English: what the system does now, said with 'we' or 'now every' (not pushed)",
    push: false,
    rows: [
      "We're also logging the request id on every error now.",
      "We're no longer retrying on 4xx responses.",
      "We are now serving the static files from the CDN.",
      "We're caching the token for 10 minutes by default.",
      "Next on the roadmap is the mobile layout.",
      "Next up in the backlog: SSO and audit logs.",
      "Now each job gets its own temp directory.",
      "Now any failed upload triggers a retry with backoff.",
    ],
  },
  {
    name: "Sub-step labels, the agent's own next phase, 'now also', bold titles under its own lead-in (pushed)",
    push: true,
    rows: [
      "ステップ3: app.js の修正\n3-1: UI オブジェクトに日付入力要素を追加",
      "2-2: バリデーション関数の追加",
      "3-1: Add the date input to the form",
      "2-1: 로그인 폼 검증 추가",
      "All three agents are done. Let me mark the task complete and move to the next phase.",
      "Good, both repos exist. Now copy the updated skill files and commit.",
      "Now also clean up the unused CSS rules.",
      "Now find where the component mounts to add the ref.",
      "I see both issues. Let me fix them:\n**Issue 1: wrong flag format** (line 12)\n**Issue 2: argument order** (line 40)",
      "Let me check if the routes are registered in main.py:",
      "Let me check whether the options are passed through to the client:",
      "Let me check if you have the CLI installed:",
    ],
  },
  {
    name: "Bold titles under a label, a phase named for later, the reader's steps (not pushed)",
    push: false,
    rows: [
      "The review found two problems:\n**Issue 1: wrong flag format** (line 12)\n**Issue 2: argument order** (line 40)",
      "Here's the breakdown:\n**Part 1: the parser**\n**Part 2: the renderer**",
      "Phase 1 is done. The next phase is the billing integration.",
      "Let me know when to move to the next phase.",
      "Now copy the token into your .env and restart.",
      "Now find the file in your downloads folder and upload it here.",
      "You have three options:\n**Option 1: keep the cache**\n**Option 2: drop it**",
      "3-1: 管理画面で権限を付与してください",
      "完了した作業:\n3-1: UI オブジェクトに日付入力要素を追加（済み）",
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
      "Phase 2 is ready. Let me know if I should move to the next phase.",
      "Let's move to the next phase once you've signed off on the schema.",
      "Should I mark the task complete and move to the next phase?",
      "Let me know when you want to start the next phase; I'll hold until then.",
      "Now copy the API key from the dashboard into the .env file.",
      "Next, copy the token from your password manager and paste it here.",
      "Now find the invite email and accept it.",
      "Then locate the downloaded certificate and double-click it to install.",
      "Now also approve the two pending deployments in the console.",
      "First, copy the connection string from the Azure portal.",
      "3-1: Approve the migration in the admin console",
      "3-2: Please review the generated schema",
      "3-1: 管理画面で承認してください",
      "2-2: 内容をご確認ください",
      "3-1: 관리자 콘솔에서 승인해 주세요",
      "Two ways to go from here:\n**Option 1: keep the cache** (simpler)\n**Option 2: drop it** (faster writes)\nWhich do you prefer?",
      "I need a decision on these:\n**Question 1: keep the v1 API?** (affects two clients)\n**Question 2: rename the package?** (breaking)",
      "Here's the plan for your review:\n**Step 1: migrate the schema** (10 min)\n**Step 2: backfill** (1 h)\nOK to start?",
      "Let me check whether you'd prefer the two options as separate PRs:",
      "The choice is between the two routes: rewrite or patch. Let me check whether the patch route is even possible — if you'd rather rewrite, say so.",
      "Before I start, the options:\n**A: patch now**\n**B: wait for upstream**",
      "ご判断いただきたい点:\n**論点1: v1 API を残すか**\n**論点2: パッケージ名の変更**",
      "결정이 필요한 부분:\n**1번: v1 API 유지 여부**\n**2번: 패키지 이름 변경**",
      "What changed:\n**Parser:** skips blank lines\n**Renderer:** escapes HTML",
      "Summary:\n**Fixed:** the race in the uploader\n**Added:** two tests",
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

  test("bold titles under the agent's own colon are its items; under a label they are the label's", () => {
    const own = viewMessage(
      "I see both issues. Let me fix them:\n**Issue 1: wrong flag** (line 12)\n**Issue 2: order** (line 40)",
    );
    expect(own.leadIn?.lead.text).toBe("Let me fix them:");
    expect(own.leadIn?.items.length).toBe(2);
    const label = decide("Here's the breakdown:\n**Part 1: the parser**\n**Part 2: the renderer**");
    expect(label.decision).toBe("pass");
    expect(label.note).toContain("label");
  });

  test("what the system does now, said with 'we', is no work under way", () => {
    const d = decide("We're now returning 404 instead of 500 when the record is missing.");
    expect(d.decision).toBe("pass");
    expect(d.gate).toBe("announcement");
  });
});
