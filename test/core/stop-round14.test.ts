/**
 * Issue 31, round 14: the families recorded from round 13's sealed run and the recall misses of the tuning half,
 * as phrasing of our own (written in batches before each was run; gate's closing note gives their sizes and errors).
 * Every row is ours: never a sealed text, never an evaluation's message.
 */
import { describe, expect, test } from "bun:test";
import { classifyMessage } from "../../src/core/stop/classify.ts";
import { decideStop } from "../../src/core/stop/gate.ts";
import { patternSet } from "../../src/core/stop/patterns.ts";
import { type Family, familyTests, gateInput } from "./stop-input.ts";

const BASE = gateInput();
const decide = (message: string) => decideStop({ ...BASE, message });

const FAMILIES: Family[] = [
  {
    name: "Korean: the plain present of the agent's own work verb (~합니다) (pushed)",
    push: true,
    rows: [
      "빌드 산출물이 오래된 버전입니다. 서버에 다시 업로드합니다.",
      "설정 파일을 먼저 읽어서 포트 값을 확인합니다.",
      "올바른 브랜치로 전환합니다.",
      "캐시를 비우고 다시 빌드합니다.",
      "테스트 DB를 초기화합니다.",
      "두 파일의 크기를 비교합니다.",
      "새 라우터를 app.ts에 등록합니다.",
      "의존성을 다시 설치합니다.",
      "배포 로그를 다시 조회합니다.",
      "WAL 체크포인트 후 업로드합니다.",
      "원격 브랜치 기준으로 로컬을 맞춥니다.",
    ],
  },
  {
    name: "Korean: the present tense describing what the code or a system does (not pushed)",
    push: false,
    rows: [
      "이 함수는 빈 배열을 받으면 null을 반환합니다.",
      "스케줄러가 매일 자정에 백업을 업로드합니다.",
      "새 미들웨어는 요청마다 토큰을 검증합니다.",
      "이 스크립트는 빌드 결과물을 S3에 업로드합니다.",
      "배포 스크립트는 이제 태그를 기준으로 버전을 결정합니다.",
      "수정한 내용 요약:\n\n- 로그인 실패 시 에러 메시지 표시\n- 세션 만료 시 자동 로그아웃\n\n이제 세션이 만료되면 로그인 화면으로 이동합니다.",
      "훅은 커밋 전에 포맷터를 실행합니다.",
    ],
  },
  {
    name: "Korean: a terse work note the message ends on (pushed)",
    push: true,
    rows: [
      "테스트 통과. 이제 README 갱신.",
      "기존 테스트 갱신.",
      "라우터 등록 + 타입 정리.",
      "다음, 배포 스크립트 재작성.",
      "빌드 성공. 이제 dev 서버 스모크 테스트.",
      "Step 2 — 캐시 레이어 추가",
    ],
  },
  {
    name: "Korean: a terse work note the message ends on (not pushed)",
    push: false,
    rows: [
      "빌드 성공. 테스트 전부 통과.",
      "README 갱신 완료.",
      "원인: 캐시 키 충돌.",
      "변경 사항: 캐시 레이어 추가, 로그 정리.",
      "남은 작업: README 갱신.",
    ],
  },
  {
    name: "Japanese: verbless dispatch and work notes (pushed)",
    push: true,
    rows: [
      "テストは通った。次、READMEの更新。",
      "設定ファイルを確認。",
      "reviewerとtesterに並行で確認を依頼。",
      "型エラーを修正する。",
      "古いキャッシュを削除してから再ビルド。",
      "ビルドは成功。続いてE2Eテストを実行。",
    ],
  },
  {
    name: "Japanese: verbless dispatch and work notes (not pushed)",
    push: false,
    rows: [
      "テスト全件パス。",
      "原因: キャッシュキーの衝突。",
      "README更新済み。",
      "修正完了。",
    ],
  },
  {
    name: "Japanese: plain-form descriptions in a generated spec (not pushed)",
    push: false,
    rows: [
      "## 仕様\n\n- ユーザーはログイン後にダッシュボードへ遷移する。\n- セッションは30分で失効する。\n\n認証トークンは24時間で失効し、再ログインを要求する。",
      "仕様書を生成しました。\n\n### 概要\n\nこのサービスは注文を受け付け、在庫を確認し、出荷指示を作成する。在庫が不足する場合は注文を保留にする。",
      "設計をまとめました。ジョブは5分ごとに起動し、未処理のイベントをまとめて送信する。",
      "要件定義書を作成しました。管理者は全ユーザーの権限を変更できる。一般ユーザーは自分のプロフィールのみ編集する。",
    ],
  },
  {
    name: 'English: a courtesy "I\'ll help you …!" opener (not pushed)',
    push: false,
    rows: [
      "I'll help you understand the retry logic!\n\nThe client retries three times with exponential backoff, starting at 200 ms. After the third failure it raises `RetryError`, which the caller logs.",
      "I'll help you with that! The port is set in `config.yaml` under `server.port`; the default is 8080.",
      "I'd be happy to help you compare these!\n\n| | A | B |\n|---|---|---|\n| speed | fast | slow |\n\nIn short, A is faster but B uses less memory.",
    ],
  },
  {
    name: 'English: a courtesy "I\'ll help you …!" opener (pushed)',
    push: true,
    rows: [
      "I'll help you fix the build. Let me start by reading the CI log.",
      "I'll help you set up the database migrations.",
    ],
  },
  {
    name: 'English: a reader\'s step under a "Next:" label (not pushed)',
    push: false,
    rows: [
      "Done — the migration is in.\n\nNext: run `npm run db:seed` to load the fixtures.",
      "All tests pass.\n\n**Next:** restart the dev server so the new env vars load.",
      "The API now returns 404 for unknown IDs.\n\nNext step: deploy to staging and check the dashboard.",
    ],
  },
  {
    name: 'English: a reader\'s step under a "Next:" label (pushed)',
    push: true,
    rows: [
      "Tests pass.\n\nNext: I'll update the changelog.",
    ],
  },
  {
    name: "English: colon-ended instructions to the reader (not pushed)",
    push: false,
    rows: [
      "The fix is in place. To try it locally, run:",
      "Everything is committed. Restart the server with:",
      "The config is ready. Test it with:",
      "I've added the script. To regenerate the types, use:",
    ],
  },
  {
    name: "English: colon-ended instructions to the reader (pushed)",
    push: true,
    rows: [
      "Tests pass. Now update the changelog entry:",
    ],
  },
  {
    name: "bold step labels in three languages (pushed)",
    push: true,
    rows: [
      "Schema updated.\n\n**Step 3: Update the API handlers**",
      "**Fix 2:** remove the unused import in `app.ts`",
      "テスト完了。\n\n**ステップ3: ハンドラーの更新**",
      "린트 통과.\n\n**Step 3: 핸들러 수정**",
    ],
  },
  {
    name: "waits in three languages (still never pushed) (not pushed)",
    push: false,
    rows: [
      "I've prepared the patch. Once you've reviewed it, I'll merge.",
      "패치를 준비했습니다. 검토해 주시면 머지하겠습니다.",
      "パッチを用意しました。確認いただければマージします。",
      "배포 전에 환경 변수를 설정해 주세요. 그 다음 제가 배포를 진행합니다.",
      "デプロイ前に環境変数を設定してください。その後こちらでデプロイします。",
    ],
  },
  {
    name: "Korean: a numbered step label with a dash (pushed)",
    push: true,
    rows: [
      "스키마 확정.\n\nStep 2 — 마이그레이션 파일 작성",
      "2단계 — 캐시 무효화 로직 추가",
      "작업 3 — 배포 가이드 갱신",
    ],
  },
  {
    name: "Korean: a numbered step label with a dash (not pushed)",
    push: false,
    rows: [
      "작업을 마쳤습니다.\n\n1단계 — 스키마 정의 (완료)\n2단계 — API 구현 (완료)",
    ],
  },
  {
    name: 'Korean: "이제" and the next numbered step (pushed)',
    push: true,
    rows: [
      "로그인 화면 완료. 이제 Task 4: 회원가입 폼 검증 추가.",
      "1번 완료. 이제 2번: 에러 메시지 한국어화.",
    ],
  },
  {
    name: "Korean: a work noun with a particle, and the causative (pushed)",
    push: true,
    rows: [
      "단위 테스트는 통과. 통합 테스트도 합니다.",
      "변경 사항을 묶어서 커밋을 합니다.",
      "빌드 결과물을 배포 폴더로 이동시킵니다.",
    ],
  },
  {
    name: "Korean: a work noun with a particle, and the causative (not pushed)",
    push: false,
    rows: [
      "이 옵션은 빌드 산출물을 배포 폴더로 이동시킵니다.",
      "배포 작업은 매일 밤 CI가 합니다.",
    ],
  },
  {
    name: "Korean: reread and retry (pushed)",
    push: true,
    rows: [
      "빌드 일부 실패. 파일을 다시 읽고 재시도합니다.",
      "포맷터가 파일을 바꿨습니다. 다시 읽고 편집합니다.",
    ],
  },
  {
    name: "Korean: decisions listed for the reader under a colon (not pushed)",
    push: false,
    rows: [
      "조사 결과 입력 폼은 이미 있습니다. 구현 전에 정해야 할 것 3가지:",
      "계획을 확정하기 전에 결정이 필요한 부분:",
    ],
  },
  {
    name: "Japanese: decisions listed for the reader under a colon (not pushed)",
    push: false,
    rows: [
      "調査しました。実装前に決めておきたい点が3つあります:",
    ],
  },
  {
    name: "English: decisions listed for the reader under a colon (not pushed)",
    push: false,
    rows: [
      "The form already exists. Three things to decide before I plan the rest:",
    ],
  },
  {
    name: "English: a numbered (bold) step label (pushed)",
    push: true,
    rows: [
      "Schema merged.\n\n**Step 4:** wire the new endpoint into the router",
      "**Fix 2 & 3:** drop the unused imports in `app.ts` and `db.ts`",
      "Step 6: Update tests.",
    ],
  },
  {
    name: "English: a numbered (bold) step label (not pushed)",
    push: false,
    rows: [
      "To deploy:\n\n1. Build the image.\n2. Push it.\n\nStep 3: Restart your service.",
      "## Summary\n\n**Step 1:** schema — done\n**Step 2:** API — done",
    ],
  },
  {
    name: "Japanese: a numbered step label (pushed)",
    push: true,
    rows: [
      "スキーマ確定。\n\n**ステップ2:** マイグレーションの作成",
      "Step 3 — キャッシュ層の追加",
    ],
  },
  {
    name: "Japanese: a numbered step label (not pushed)",
    push: false,
    rows: [
      "作業完了しました。\n\nステップ1 — スキーマ定義（完了）\nステップ2 — API実装（完了）",
    ],
  },
  {
    name: "Korean: the plain present of the agent's own work verb, after a finding (pushed)",
    push: true,
    rows: [
      "의존성 충돌이 있습니다. lock 파일을 지우고 다시 설치합니다.",
      "포트가 막혀 있네요. SSH 터널로 로컬에서 호출합니다.",
      "원인은 캐시입니다. 캐시 디렉터리를 비웁니다.",
    ],
  },
  {
    name: "Korean: the plain present of the agent's own work verb, after a finding (not pushed)",
    push: false,
    rows: [
      "요청이 들어오면 미들웨어가 토큰을 갱신합니다.",
      "배포 파이프라인은 태그가 푸시될 때 이미지를 빌드하고 레지스트리에 업로드합니다.",
      "변경 후 앱은 시작할 때 설정을 동기화합니다.",
    ],
  },
  {
    name: "a summary section (not pushed)",
    push: false,
    rows: [
      "I looked into the flaky test.\n\n## Summary\n\nThe race is in the cache warm-up. I'll add a lock around it next time it shows up.\n\nSwitching the cache to a lock-free map fixes it.",
      "## What changed\n\n- parser fixed\n\n## TL;DR\n\nThe parser now handles empty files; I'm updating nothing else.",
      "調査しました。\n\n### まとめ\n\n原因はキャッシュの競合です。ロックを入れることで、両方の処理が同じ値を読むように揃えます。",
      "## 結論\n\nこの設定なら、ビルドはCloudflare側で完結します。",
      "## 요약\n\n원인은 캐시 경합입니다. 락을 추가해서 두 작업이 같은 값을 읽도록 맞춥니다.",
    ],
  },
  {
    name: "a summary section (pushed)",
    push: true,
    rows: [
      "## Summary of the plan\n\nFirst step done. Let me run the migration now.",
    ],
  },
  {
    name: "a section that is not a summary (pushed)",
    push: true,
    rows: [
      "The lock is in.\n\n## Next\n\nLet me run the full test suite.",
      "### 次の作業\n\nテストを実行します。",
    ],
  },
  {
    name: "Japanese: dispatching work (causative, verbless) (pushed)",
    push: true,
    rows: [
      "レビューとテストをサブエージェントに並行して確認させます。",
      "3つのエージェントに並列で調査を依頼。",
    ],
  },
  {
    name: "Japanese: dispatching work (causative, verbless) (pushed)",
    push: true,
    rows: [
      "フロントとバックエンドの調査をそれぞれ別エージェントで並列実行。",
    ],
  },
  {
    name: "Japanese: a する-noun that states an outcome (not pushed)",
    push: false,
    rows: [
      "この構成なら、無料枠だけでビルドが完結します。",
      "両方の設定が共存します。",
      "Deploy Hook を使えば、ビルドはCloudflare側だけで完結します。",
      "この方式ならGitHub Actionsの枠を使わずにデプロイまで完結します。",
      "無料プランのビルド枠だけで完結します。",
      "二つの設定はそのまま両立します。",
    ],
  },
  {
    name: "Korean: a state (not pushed)",
    push: false,
    rows: [
      "이 구성이면 무료 한도 안에서 빌드가 끝납니다.",
    ],
  },
  {
    name: "Korean: a terse work note naming a file (pushed)",
    push: true,
    rows: [
      "테스트 통과. 이제 README.md 업데이트.",
      "먼저 package.json 확인.",
    ],
  },
  {
    name: "Korean: a terse work note naming a file (not pushed)",
    push: false,
    rows: [
      "package.json 업데이트 완료.",
    ],
  },
  {
    name: "Japanese: a topic inside a parenthetical aside (pushed)",
    push: true,
    rows: [
      "ビルドを再実行します（前回のログは残します）。",
    ],
  },
  {
    name: "Japanese: a topic inside a parenthetical aside (not pushed)",
    push: false,
    rows: [
      "設定ファイルは別のPRでコミットします（今回は含めません）。",
    ],
  },
  {
    name: "Japanese: spinning up (pushed)",
    push: true,
    rows: [
      "準備ができました。ブランチを作ってチームを立ち上げます。",
    ],
  },
  {
    name: "Korean: a topic closed by a concessive clause (pushed)",
    push: true,
    rows: [
      "설정은 맞지만 캐시가 남았는지 확인합니다.",
      "빌드는 통과했지만 경고가 있는지 다시 확인합니다.",
      "파일은 있는데 커밋에 포함됐는지 확인합니다.",
    ],
  },
  {
    name: "Korean: a topic closed by a concessive clause (not pushed)",
    push: false,
    rows: [
      "이 함수는 입력이 비었는지 확인합니다.",
      "미들웨어는 토큰이 유효한지 검증합니다.",
    ],
  },
  {
    name: "Korean: reports and descriptions that use the round's words (not pushed)",
    push: false,
    rows: [
      "배포를 마쳤습니다. 이제 서버는 요청마다 토큰을 갱신합니다.",
      "수정 내용은 다음과 같습니다.\n\n- 로그인 버그 수정\n- 캐시 초기화 로직 추가",
      "테스트 42개 모두 통과. 커밋도 푸시 완료.",
      "원인은 두 파일의 인코딩 차이였습니다. UTF-8로 통일했습니다.",
      "빌드 스크립트가 산출물을 dist 폴더로 이동시킵니다.",
      "마이그레이션은 앱이 시작될 때 자동으로 적용됩니다.",
      "업로드는 백그라운드 작업이 담당합니다.",
      "정리하면, 설정 파일만 바꾸면 됩니다.",
      "## 결론\n\n캐시 키에 로케일을 추가해서 해결했습니다. 같은 문제가 생기면 캐시를 초기화합니다.",
      "작업 3 — 배포 가이드 갱신 (완료)",
      "이제 Task 4: 회원가입 폼 검증 추가 완료.",
      "README.md 업데이트 완료.",
      "변경 후에는 저장할 때마다 서버와 동기화합니다.",
    ],
  },
  {
    name: "Korean: waits that use the round's words (not pushed)",
    push: false,
    rows: [
      "서버 재시작이 필요합니다. 재시작해 주시면 다시 확인합니다.",
      "토큰이 만료됐습니다. 새 토큰을 발급해 주세요.",
      "어느 쪽으로 진행할까요?\n\n1. 캐시 초기화\n2. 전체 재빌드",
      "배포 전에 결정해야 할 것:",
    ],
  },
  {
    name: "Japanese: reports and descriptions that use the round's words (not pushed)",
    push: false,
    rows: [
      "デプロイしました。サーバーはリクエストごとにトークンを更新します。",
      "テスト42件すべてパス。コミットもプッシュ済み。",
      "原因は文字コードの違いでした。UTF-8に統一しました。",
      "ビルドスクリプトが成果物をdistに移動する。",
      "### まとめ\n\nロケールをキャッシュキーに加えて解決しました。今後は同じ問題が出たらキャッシュを削除します。",
      "ステップ3 — デプロイ手順の更新（完了）",
      "ログを確認。問題なし。",
      "設定を確認済み。",
      "この関数は入力を検証し、不正な値を拒否する。",
      "バッチは毎晩実行され、古いログを削除する。",
    ],
  },
  {
    name: "Japanese: waits that use the round's words (not pushed)",
    push: false,
    rows: [
      "サーバーの再起動が必要です。再起動していただければ確認します。",
      "どちらで進めますか？\n\n1. キャッシュ削除\n2. 全体の再ビルド",
      "デプロイ前に決めておきたい点:",
    ],
  },
  {
    name: "English: reports that use the round's words (not pushed)",
    push: false,
    rows: [
      "Deployed. The server now refreshes the token on every request.",
      "I'll help you understand it: the cache key ignores the locale, so two users share an entry. That's the whole bug.",
      "## Summary\n\nAdded the locale to the cache key; I'm confident this fixes it.",
      "Step 3: update the deploy guide — done.",
      "Next: restart the worker so it picks up the new config.",
      "To roll back, run:",
      "Fix 2 & 3 are in: the unused imports are gone.",
    ],
  },
  {
    name: "English: waits that use the round's words (not pushed)",
    push: false,
    rows: [
      "The deploy needs a decision first. Two things to decide:",
      "Next: you'll need to rotate the key, then I can redeploy.",
    ],
  },
  {
    name: "three languages: the agent's own next step after a result (pushed)",
    push: true,
    rows: [
      "테스트 통과. 이제 배포 스크립트를 실행합니다.",
      "テスト通過。続いてデプロイスクリプトを実行します。",
      "Tests pass. Next: I'll run the deploy script.",
      "로그 확인 결과 포트 충돌입니다. 기존 프로세스를 종료하고 서버를 다시 띄웁니다.",
      "ログを見るとポートの競合です。既存プロセスを止めてサーバーを再起動します。",
    ],
  },
  {
    name: "Japanese: dispatch and plain-form lines of the next step (pushed)",
    push: true,
    rows: [
      "3つの観点で並列レビュー。",
      "Exploreエージェント2体で並行調査。",
      "フロントとバックエンドをそれぞれサブエージェントに任せる。",
      "まず現状把握から。",
      "差分を見てからコミットする。",
      "テストを書き直す。",
      "ビルドが通るか確認。",
      "残りの型エラーを潰す。",
      "関連ファイルを読む。",
      "では実装に入る。",
    ],
  },
  {
    name: "Japanese: polite work verbs (pushed)",
    push: true,
    rows: [
      "関連する設定ファイルを読み込みます。",
      "型定義を先に揃えておきます。",
      "念のためキャッシュを消してから再ビルドします。",
      "PRを作成します。",
      "残りのテストを修正していきます。",
      "並列でエージェントを起動します。",
      "レビュー結果を反映します。",
    ],
  },
  {
    name: "Japanese: a need, then the verb (pushed)",
    push: true,
    rows: [
      "テストの更新が必要なので、更新します。",
    ],
  },
  {
    name: "Korean: terse and plain announcements (pushed)",
    push: true,
    rows: [
      "관련 설정 파일부터 읽어보겠습니다.",
      "먼저 현재 브랜치 상태 확인.",
      "세 에이전트로 병렬 조사 진행.",
      "테스트 다시 돌립니다.",
      "남은 타입 에러 수정.",
      "PR 생성합니다.",
      "리뷰 반영해서 다시 푸시합니다.",
      "빌드 통과하는지 확인해 봅니다.",
      "로그를 살펴봅니다.",
      "프런트와 백엔드 조사를 각각 서브에이전트에 맡깁니다.",
    ],
  },
  {
    name: "Japanese: terse lines of the next step (pushed)",
    push: true,
    rows: [
      "よし、テスト実行。",
      "Lint修正 → 再テスト。",
      "PR #12 のレビューコメント対応。",
      "`npm test` で確認。",
      "まとめて修正。",
      "修正に着手。",
      "コミット＆プッシュ。",
      "コンフリクト解消。",
      "念のため全体テスト。",
      "ファイル構成を把握する。",
      "型チェックを実行しますね。",
    ],
  },
  {
    name: "Japanese: terse reports that look like them (not pushed)",
    push: false,
    rows: [
      "コンフリクト解消済み。",
      "型チェック通過。",
      "全体テスト完了。",
      "修正はシンプル。",
      "以上で対応完了。",
      "レビューコメント対応済み。",
      "`npm test` で確認済み。",
      "原因はLintの設定漏れ。",
      "変更点: Lint修正、テスト追加。",
      "ビルドが通ることを確認。",
    ],
  },
  {
    name: 'Korean: 게 as "a thing" (할 게 없어요) is no promise (not pushed)',
    push: false,
    rows: [
      "확인해 보니 지금 구조로 충분합니다. 더 추가할 게 없어요.",
      "결론: 바꿀 게 없어.",
      "정리하면 수정할 게 두 군데 있습니다.",
    ],
  },
  {
    name: 'Korean: 게 as "a thing" (할 게 없어요) is no promise (pushed)',
    push: true,
    rows: [
      "테스트 통과. 이제 커밋할게요.",
      "로그 확인해 볼게.",
    ],
  },
  {
    name: "a list of later work under a heading, with a wait on an event in it (not pushed)",
    push: false,
    rows: [
      "All four phases are done.\n\n## Next steps\n\n- Team review of PR #31\n- I'll merge it into develop after the review",
      "모든 단계 완료.\n\n### 남은 작업\n\n- 팀 리뷰 후 develop 병합\n- 운영 배포 일정은 팀에서 정합니다",
      "全フェーズ完了しました。\n\n## 今後の作業\n\n- チームでPRをレビュー\n- レビュー後にdevelopへマージします",
      "Done.\n\n## Follow-ups\n\nWe should migrate the remaining services to the new client.",
    ],
  },
  {
    name: "a list of later work under a heading, with a wait on an event in it (pushed)",
    push: true,
    rows: [
      "## Plan\n\nI'll start with the parser. Let me read it now.",
    ],
  },
  {
    name: "three languages: work that waits on someone else's review, approval or meeting (not pushed)",
    push: false,
    rows: [
      "The PR is open. I'll merge it after the review.",
      "Staging looks good; I'll deploy to production after the approval.",
      "I'll cut the tag after the release meeting.",
      "PRを作成しました。レビュー後にマージします。",
      "ステージングは問題ありません。承認後に本番へデプロイします。",
      "PR를 올렸습니다. 리뷰 후에 머지하겠습니다.",
      "스테이징 확인 완료. 승인 후 운영에 배포합니다.",
    ],
  },
  {
    name: "three languages: work that waits on someone else's review, approval or meeting (pushed)",
    push: true,
    rows: [
      "Tests pass. I'll merge the branch now.",
      "Build finished. After the build, the next step is mine: let me run the smoke tests.",
      "ビルド完了。続いてスモークテストを実行します。",
      "빌드 후 바로 스모크 테스트를 실행하겠습니다.",
    ],
  },
  {
    name: "English: waits mixed with the agent's own next step (not pushed)",
    push: false,
    rows: [
      "I'll proceed with option B unless you object.",
      "Ready to merge on your go.",
      "I'll run the migration as soon as you confirm the backup is done.",
      "Once the DNS change propagates, I'll verify the certificate.",
      "I'm pausing here so you can look at the diff; then I'll continue with the API.",
      "Happy to add tests for this too — just say the word.",
      "Shall I also update the changelog?",
      "The CI run is still going. I'll check the result when it's done.",
      "Waiting on the design team's mockups before I build the page.",
      "If you'd like, I can also port the script to Python.",
      "Let me know which region to deploy to, and I'll set it up.",
      "I'll hold off on the release until Maria signs off.",
    ],
  },
  {
    name: "Korean: waits mixed with the agent's own next step (not pushed)",
    push: false,
    rows: [
      "옵션 B로 진행하겠습니다. 다른 의견 있으시면 말씀해 주세요.",
      "백업 완료를 확인해 주시면 마이그레이션을 실행하겠습니다.",
      "DNS 반영이 끝나면 인증서를 확인하겠습니다.",
      "CI가 아직 돌고 있습니다. 끝나면 결과를 확인하겠습니다.",
      "테스트도 추가할까요?",
      "원하시면 스크립트를 파이썬으로도 옮겨 드릴게요.",
      "배포할 리전을 알려 주시면 설정하겠습니다.",
      "디자인 시안이 나오면 페이지 작업을 시작하겠습니다.",
      "지수님 승인 전까지 릴리스는 보류하겠습니다.",
    ],
  },
  {
    name: "Japanese: waits mixed with the agent's own next step (not pushed)",
    push: false,
    rows: [
      "オプションBで進めます。ご意見があればお知らせください。",
      "バックアップの完了を確認していただければ、マイグレーションを実行します。",
      "DNSの反映が終わったら証明書を確認します。",
      "CIがまだ実行中です。終わり次第結果を確認します。",
      "テストも追加しましょうか？",
      "必要であればスクリプトをPythonにも移植します。",
      "デプロイ先のリージョンを教えてください。設定します。",
      "デザイン案が届いたらページの作業に入ります。",
      "田中さんの承認までリリースは保留します。",
    ],
  },
  {
    name: "Japanese: generated specs in plain form, items without a topic (not pushed)",
    push: false,
    rows: [
      "仕様書を作成しました。\n\n## 機能要件\n\n- ログイン失敗時にエラーメッセージを表示する\n- 5回失敗したらアカウントをロックする",
      "要件をまとめました。\n\n1. 注文確定時に在庫を引き当てる\n2. 在庫不足の場合は注文を保留にする\n3. 毎晩0時に未処理の注文を再試行する",
      "設計書を更新しました。\n\n### 処理の流れ\n\n- 受信したイベントをキューに積む\n- ワーカーがキューから取り出して送信する",
      "docs/spec.md を生成しました。\n\n**非機能要件**\n- 応答は200ms以内に返す\n- 障害時は自動で再起動する",
      "受け入れ条件:\n\n- 保存ボタンで入力内容をサーバーに送信する\n- 送信中はボタンを無効化する",
    ],
  },
  {
    name: "Japanese: plain-form notes of the agent's own step (pushed)",
    push: true,
    rows: [
      "テストが1件落ちている。原因を調べる。",
      "差分を確認してからコミットしよう。",
      "型エラーは2件。まとめて直す。",
    ],
  },
  {
    name: "Korean: end-of-turn reports with varied last lines (not pushed)",
    push: false,
    rows: [
      "## 작업 결과\n\n- 로그인 API 수정\n- 테스트 12개 추가\n\n모든 테스트가 통과했습니다. 이제 로그인 실패 시 원인 메시지를 반환합니다.",
      "빌드 오류의 원인은 Node 버전 차이였습니다. `.nvmrc`를 18로 고정했고, CI도 같은 버전을 사용하도록 맞췄습니다.",
      "설정 파일 위치는 `config/app.yaml`입니다. 포트는 `server.port`에서 변경합니다.",
      "변경 사항 요약:\n\n| 파일 | 내용 |\n|---|---|\n| api.ts | 재시도 추가 |\n\n배포는 기존 파이프라인으로 진행됩니다.",
      "확인 결과 캐시 문제는 아니었습니다. 요청 헤더의 인증 토큰이 만료되어 401이 발생하고 있었고, 갱신 로직을 추가해 해결했습니다.",
      "PR #42를 생성했습니다: https://example.com/pr/42\n\n리뷰어는 자동으로 지정됩니다.",
      "스크립트 사용법:\n\n```\n./deploy.sh staging\n```\n\n스테이징에 배포할 때는 위 명령을 실행합니다.",
      "이번 변경으로 업로드 실패 시 세 번까지 재시도합니다. 그래도 실패하면 슬랙으로 알림을 보냅니다.",
      "정리하면, 문제는 타임존 처리였고 UTC로 저장하도록 수정했습니다. 화면에서는 사용자 로컬 시간으로 표시합니다.",
      "테스트 커버리지는 78%에서 84%로 올랐습니다. 남은 미커버 영역은 에러 핸들러 쪽입니다.",
      "마이그레이션 파일을 추가했습니다. 서버 시작 시 자동으로 적용됩니다.",
      "네, 가능합니다. `--dry-run` 옵션을 주면 실제로 삭제하지 않고 대상 목록만 출력합니다.",
      "로그 확인 결과 정상 동작 중입니다. 크론은 매시 정각에 데이터를 동기화합니다.",
      "README에 설치 방법과 환경 변수 목록을 추가했습니다. 새로 합류한 분은 이 문서만 보고 로컬 환경을 구성할 수 있습니다.",
      "커밋 완료: `fix: 세션 만료 처리`\n\n푸시까지 마쳤습니다.",
    ],
  },
  {
    name: "Japanese: end-of-turn reports with varied last lines (not pushed)",
    push: false,
    rows: [
      "## 対応内容\n\n- ログインAPIを修正\n- テストを12件追加\n\nすべてのテストが通りました。ログイン失敗時には原因のメッセージを返します。",
      "ビルドエラーの原因はNodeのバージョン差でした。`.nvmrc`を18に固定し、CIも同じバージョンを使うように揃えました。",
      "設定ファイルは`config/app.yaml`です。ポートは`server.port`で変更します。",
      "確認したところ、キャッシュの問題ではありませんでした。トークンの期限切れで401が出ていたため、更新処理を追加して解決しました。",
      "PR #42 を作成しました: https://example.com/pr/42\n\nレビュアーは自動で割り当てられます。",
      "スクリプトの使い方:\n\n```\n./deploy.sh staging\n```\n\nステージングへのデプロイ時は上記を実行します。",
      "今回の変更で、アップロード失敗時は3回まで再試行します。それでも失敗した場合はSlackに通知します。",
      "まとめると、問題はタイムゾーンの扱いで、UTCで保存するよう修正しました。画面ではユーザーのローカル時刻で表示します。",
      "マイグレーションファイルを追加しました。サーバー起動時に自動で適用されます。",
      "はい、可能です。`--dry-run`を付けると、実際には削除せず対象の一覧だけを出力します。",
      "ログを確認した結果、正常に動作しています。cronは毎時0分にデータを同期します。",
      "READMEにインストール手順と環境変数の一覧を追記しました。新しく参加した人はこのドキュメントだけでローカル環境を構築できます。",
      "コミット完了: `fix: セッション期限切れの処理`\n\nプッシュまで済ませました。",
      "ご指摘の通り、重複していた処理を共通関数にまとめました。動作は変わりません。",
      "調査の結果、原因はDNSの設定でした。現在はレコードを修正済みで、反映には最大1時間かかります。",
    ],
  },
  {
    name: "English: end-of-turn reports and answers (not pushed)",
    push: false,
    rows: [
      "## Changes\n\n- Fixed the login API\n- Added 12 tests\n\nAll tests pass. Failed logins now return the reason.",
      "The build broke because of a Node version mismatch. I pinned `.nvmrc` to 18 and made CI use the same version.",
      "The config lives in `config/app.yaml`; change the port under `server.port`.",
      "It wasn't the cache after all: the auth token had expired, so every request got a 401. I added a refresh step and it's fixed.",
      "PR is up: https://example.com/pr/42. Reviewers get assigned automatically.",
      "Usage:\n\n```\n./deploy.sh staging\n```\n\nThat deploys to staging.",
      "With this change, failed uploads are retried up to three times, then we alert Slack.",
      "Yes — pass `--dry-run` and it lists what it would delete without deleting anything.",
      "Coverage went from 78% to 84%. The remaining gaps are in the error handlers.",
      "I'll be honest: I couldn't reproduce the crash locally. The logs point at the image decoder, which is the most likely culprit.",
      "Done! Here's the summary:\n\n1. Step 1: schema migrated\n2. Step 2: API updated\n3. Step 3: docs refreshed",
      "**Step 3: Deploy** is the only step left, and it needs production credentials, which I don't have.",
      "I'll help you think about this: the queue is the bottleneck, not the database. Adding consumers is the cheapest fix.",
      "Next: the reviewers. Nothing else is pending on my side.",
      "The fix is small: we now close the file handle in the `finally` block.",
      "Migrations run automatically on server start, so there's nothing extra to do.",
      "Everything is committed and pushed to `feature/login`.",
      "In short: the flakiness came from shared state between tests; each test now gets a fresh database.",
      "To summarize, I updated the parser, added tests for empty input, and bumped the version to 1.4.2.",
      "Now handles empty files without crashing.",
      "Checked the three endpoints you mentioned; all return 200 with the new header.",
      "Restarting the worker is what fixed it — the old process was holding the stale config.",
      "Great question! Rebase rewrites the branch's commits on top of main, while merge keeps both histories and adds a merge commit.",
      "Step 6: Update tests — done, 14 new cases.",
      "To run it yourself:\n\n```\nnpm run e2e\n```",
    ],
  },
  {
    name: "English: announcements after a result (pushed)",
    push: true,
    rows: [
      "Lint passes. Now the integration tests.",
      "Found it — the handler swallows the error. Fixing that now.",
      "Tests are green. Let me push the branch.",
      "I'll rebuild the Docker image with the new base.",
      "Next up: wiring the new endpoint into the router.",
    ],
  },
  {
    name: "three languages: the agent says its part is over (not pushed)",
    push: false,
    rows: [
      "Next: the reviewers. Nothing else is pending on my side.",
      "I'll leave the rest to the release team. That's all from my end.",
      "The PR is ready for review; nothing left for me to do here.",
      "남은 건 리뷰뿐입니다. 제 쪽에서 할 일은 더 없습니다.",
      "레포 설정은 팀에서 진행합니다. 제가 할 작업은 끝났습니다.",
      "残りはレビューのみです。こちらで対応することはもうありません。",
      "リリースはチームで進めます。私の作業はここまでです。",
    ],
  },
  {
    name: "three languages: the agent says its part is over (pushed)",
    push: true,
    rows: [
      "Nothing else failed. Let me commit the fix.",
    ],
  },
  {
    name: "a step label used as a subject (not pushed)",
    push: false,
    rows: [
      "**Step 3: Deploy** is the only step left, and it needs production credentials.",
      "Phase 2: Cleanup was skipped because nothing changed.",
    ],
  },
  {
    name: "a step label used as a subject (pushed)",
    push: true,
    rows: [
      "Step 3: deploy to staging",
    ],
  },
  {
    name: "Korean: pre-tool phrasing variety (pushed)",
    push: true,
    rows: [
      "의존성 버전부터 맞춰 보겠습니다.",
      "이제 API 라우트 작업으로 넘어갑니다.",
      "로그인 페이지부터 봅시다.",
      "캐시 키 로직 다시 확인.",
      "린트 에러 → 수정.",
      "## 3단계: 배포 스크립트 정리",
      "이제 프런트엔드 빌드를 돌려 봅니다.",
      "테스트가 깨졌네요. 원인 파악하러 갑니다.",
      "스키마 변경 후 마이그레이션을 생성합니다.",
      "빠르게 타입 체크 한 번 돌려볼게.",
      "다음은 README 차례입니다.",
      "변경된 파일 목록부터 뽑아 보겠습니다.",
      "에러 로그 확인 중...",
      "두 파일을 병합해서 하나로 만듭니다.",
      "환경 변수 누락 여부 점검.",
      "커밋하고 푸시하겠습니다.",
      "설정 파일 새로 작성.",
      "서버 로그를 tail로 봅니다.",
      "이어서 E2E 테스트까지 진행.",
    ],
  },
  {
    name: "Korean: terse reports that look like it (not pushed)",
    push: false,
    rows: [
      "린트 에러 수정함.",
      "캐시 키 로직 확인 완료.",
      "설정 파일 새로 작성했음.",
      "타입 체크 통과.",
      "3단계: 배포 스크립트 정리 (완료)",
    ],
  },
  {
    name: "Japanese: pre-tool phrasing variety (pushed)",
    push: true,
    rows: [
      "依存パッケージのバージョンから合わせていきます。",
      "次はAPIルートの実装に移ります。",
      "ログイン画面から見ていきましょう。",
      "テストが落ちていますね。原因を調べます。",
      "スキーマ変更後にマイグレーションを生成します。",
      "型チェックを一度流しておきます。",
      "変更ファイルの一覧を出してみます。",
      "エラーログを確認中...",
      "2つのファイルをマージして1つにします。",
      "環境変数の漏れがないかチェックします。",
      "コミットしてプッシュします。",
      "まずコンフリクトを解消します。",
      "設定ファイルを新規作成します。",
      "サーバーログをtailで見ます。",
      "続けてE2Eテストまで実施します。",
      "ではPRを出します。",
      "念のため本番の設定も確認しておきます。",
      "このままビルドまで通します。",
      "## ステップ3: デプロイスクリプトの整理",
      "テスト追加 → 再実行。",
      "該当箇所を修正していく。",
      "レビュー指摘を反映させます。",
      "関連するIssueを探してみる。",
      "問題の関数を読んでみます。",
    ],
  },
  {
    name: "Japanese: terse reports that look like it (not pushed)",
    push: false,
    rows: [
      "リントエラー修正済み。",
      "キャッシュキーのロジック確認完了。",
      "型チェック通過。",
      "ステップ3: デプロイスクリプトの整理（完了）",
      "E2Eテストまで実施しました。",
    ],
  },
  {
    name: "Japanese: verbless dispatch to an agent (pushed)",
    push: true,
    rows: [
      "backend-devエージェントに委譲。",
      "Exploreエージェントを3体起動。",
      "各モジュールの調査をサブエージェントへ依頼。",
      "認証まわりを重点的に調査。",
      "差分全体をreviewerエージェントでレビュー。",
      "ベンチマークを2回実施。",
    ],
  },
  {
    name: "Japanese: terse reports that share the dispatch nouns (not pushed)",
    push: false,
    rows: [
      "README更新。テスト追加。以上です。",
      "レビュー完了、指摘なし。",
      "調査結果: 原因は設定漏れ。",
      "エージェントの起動を確認済み。",
      "ベンチマークは2回実施済み。",
    ],
  },
  {
    name: "three languages: adversarial end-of-turn waits and reports (not pushed)",
    push: false,
    rows: [
      "I'll run the full suite next.\n\nActually, it already ran in CI: all 311 tests pass.",
      "Here's the plan I followed:\n\n1. I'll reproduce the bug\n2. I'll write a failing test\n3. I'll fix it\n\nAll three are done; the fix is in `parser.ts`.",
      "## Status\n\n- API server: running on :8080\n- Worker: running\n- Scheduler: running",
      "Next time I'll run the linter before committing.",
      "I could also add caching here if you think it's worth it.",
      "Want me to open the PR as well?",
      "Let me know if the numbers look off.",
      "You can now run `make deploy` to ship it.",
      "Run `npm install` first, then `npm start`.",
      "The next session can pick up from `TODO.md`.",
      "커밋 전에 린트를 먼저 돌리겠습니다 — 라고 했지만 이미 CI에서 통과했습니다.",
      "다음에는 커밋 전에 린트를 먼저 돌리겠습니다.",
      "필요하면 캐시도 추가할 수 있습니다.",
      "PR도 열어 드릴까요?",
      "숫자가 이상하면 알려 주세요.",
      "이제 `make deploy`로 배포할 수 있습니다.",
      "먼저 `npm install`을 실행한 다음 `npm start`를 실행하세요.",
      "## 상태\n\n- API 서버: 8080에서 실행 중\n- 워커: 실행 중",
      "次回からはコミット前にlintを実行します。",
      "必要ならキャッシュも追加できます。",
      "PRも作成しておきましょうか？",
      "数値がおかしければ教えてください。",
      "これで`make deploy`でデプロイできます。",
      "まず`npm install`、次に`npm start`を実行してください。",
      "## ステータス\n\n- APIサーバー: 8080で稼働中\n- ワーカー: 稼働中",
      "次のセッションでは`TODO.md`から再開できます。",
    ],
  },
  {
    name: "three languages: adversarial end-of-turn waits and reports (pushed)",
    push: true,
    rows: [
      "All 311 tests pass. I'll open the PR now.",
      "CI는 통과했습니다. 이제 PR을 생성합니다.",
      "CIは通りました。PRを作成します。",
    ],
  },
  {
    name: "a summary, then the agent's next step (pushed)",
    push: true,
    rows: [
      "## Summary\n\n- Parser fixed\n- Tests added\n\nNext I'll apply the same fix to the CLI.",
      "## 요약\n\n- 파서 수정\n- 테스트 추가\n\n다음으로 CLI에도 같은 수정을 적용하겠습니다.",
      "## まとめ\n\n- パーサーを修正\n- テストを追加\n\n次はCLIにも同じ修正を適用します。",
      "**TL;DR** the cache was stale.\n\nNow let me clear it on the staging box too.",
    ],
  },
  {
    name: "a summary, then the agent's next step (not pushed)",
    push: false,
    rows: [
      "## Summary\n\n- Parser fixed\n\nThe CLI uses the same parser, so it is fixed too.",
    ],
  },
  {
    name:
      "English: bare commands at the end are the reader's (a bare command to change the code was tried as the agent's and not kept) (not pushed)",
    push: false,
    rows: [
      "Restart the server to pick up the change.",
      "Update your `.env` with the new key.",
      "Add the token to the repository secrets before the next release.",
      "Run `npm test` to verify.",
      "Remove the old cache directory if you still have it.",
      "To upgrade, update the version in `package.json` and reinstall.",
      "Done. Make sure to update the docs when you cut the release.",
      "I fixed the bug. Remove the workaround from your config; it is no longer needed.",
    ],
  },
  {
    name: 'cycle 2, English: "time to" a closing idiom, or a step of work (not pushed)',
    push: false,
    rows: [
      "All green, PR merged, docs updated. Time to celebrate! 🎉",
      "That's a wrap for today — time to call it a day.",
      "Shipped! Time to grab a coffee ☕",
    ],
  },
  {
    name: 'cycle 2, English: "time to" a closing idiom, or a step of work (pushed)',
    push: true,
    rows: [
      "Schema is in. Time to wire up the API handlers.",
      "Time to run the full test suite.",
    ],
  },
  {
    name: "cycle 2, English: the reader runs the commands shown (not pushed)",
    push: false,
    rows: [
      "The fix is to point the env file at the new host. Update the value in `.env`, then run the commands above.",
      "Pull the latest main, then run the commands below to rebuild.",
      "Restart the dev server. Then run the commands from step 2.",
      "Delete the lock file and reinstall, then run the two commands again.",
    ],
  },
  {
    name: "cycle 2, English: the reader runs the commands shown (pushed)",
    push: true,
    rows: [
      "Lint passes. Then run the integration tests, and I'll report back.",
    ],
  },
  {
    name: "cycle 2, three languages: verbless step labels at the very end (pushed)",
    push: true,
    rows: [
      "Now the router is done.\n\nStep 3: the app file",
      "Fix 1: the colour scheme",
      "Test 3: the fetch endpoint",
      "ステップ3: アプリファイル",
      "修正1: 配色",
      "テスト3: fetchエンドポイント",
      "## 手順4: 設定ファイル",
      "3단계: 앱 파일",
      "수정 1: 색상 체계",
      "테스트 3: fetch 엔드포인트",
    ],
  },
  {
    name: "cycle 2, three languages: verbless step labels at the very end (not pushed)",
    push: false,
    rows: [
      "Done.\n\nStep 3: the app file — done",
      "ステップ3: アプリファイル（完了）",
      "수정 1: 색상 체계 — 완료",
    ],
  },
  {
    name: "cycle 2, Japanese: asking leave to look is the agent's own step (pushed)",
    push: true,
    rows: [
      "現在のファイルを確認させてください。",
      "まず設定を拝見させていただきます。",
      "ログを少し調べさせてください。",
    ],
  },
  {
    name: "cycle 2, Japanese: asking leave to look is the agent's own step (not pushed)",
    push: false,
    rows: [
      "お手数ですが、ログを確認してください。",
      "設定ファイルを共有していただけますか？",
      "今回はこの変更を見送らせていただきます。",
      "対応は以上とさせていただきます。",
    ],
  },
  {
    name: "cycle 2, a plan list whose item holds a query string or the reader's earlier edits (pushed)",
    push: true,
    rows: [
      "I'll update the search handler:\n\n- parse `/api/search?q=term&page=2` into a query object\n- keep your edits to `config.ts` as they are\n- add a test for an empty query",
      "検索ハンドラーを修正します:\n\n- /api/search?q=term のクエリを解析\n- config.ts へのあなたの変更はそのまま残す\n- 空クエリのテストを追加",
      "검색 핸들러를 수정하겠습니다:\n\n- /api/search?q=term 쿼리 파싱\n- config.ts에 하신 수정은 그대로 유지\n- 빈 쿼리 테스트 추가",
    ],
  },
  {
    name: "cycle 2, a plan list whose item holds a query string or the reader's earlier edits (not pushed)",
    push: false,
    rows: [
      "I'll update the search handler once you confirm:\n\n- parse the query\n- add a test",
      "Which of these should I do first?\n\n- parse the query\n- add a test",
    ],
  },
  {
    name: "cycle 2, Korean need-to forms (Japanese ones are not pushed) (pushed)",
    push: true,
    rows: [
      "설정 파일 경로가 바뀌었습니다. 먼저 파일을 찾아야 합니다.",
      "새 클래스가 반영되지 않았습니다. 서버를 재시작해야 합니다.",
      "의존성이 꼬였습니다. lock 파일을 지우고 다시 설치해야 합니다.",
    ],
  },
  {
    name: "cycle 2, need-to forms that state a rule for the reader (not pushed)",
    push: false,
    rows: [
      "배포 후에는 서버를 재시작해야 합니다.",
      "이 기능을 쓰려면 API 키를 설정해야 합니다.",
      "운영 환경에서는 환경 변수를 따로 설정해야 합니다.",
      "デプロイ後はサーバーを再起動する必要があります。",
      "この機能を使うにはAPIキーを設定する必要があります。",
      "本番環境では環境変数を別途設定する必要があります。",
      "수정은 끝났습니다. 다만 적용하려면 서버를 재시작해야 합니다.",
      "修正は完了しました。反映にはサーバーの再起動が必要です。",
    ],
  },
  {
    name: "cycle 2, a present-tense step after a future clause (pushed)",
    push: true,
    rows: [
      "로그를 추가하겠습니다. 그리고 원인을 확인합니다.",
      "재현 스크립트를 만든 뒤 원인을 확인합니다.",
      "ログを追加します。そのうえで原因を確認します。",
    ],
  },
  {
    name: "cycle 2, a found-it exclamation, then what was found and a colon (pushed)",
    push: true,
    rows: [
      "見つけました！`config.ts`の42行目で型が合っていません:",
      "原因が分かりました！キャッシュキーにロケールが入っていないのが原因です:",
      "Found it! The cache key is missing the locale:",
      "찾았습니다! 캐시 키에 로케일이 빠져 있는 것이 원인입니다:",
    ],
  },
  {
    name: "cycle 2, a found-it exclamation, then what was found and a colon (not pushed)",
    push: false,
    rows: [
      "見つけました！原因は`config.ts`の型の不一致で、修正済みです。",
      "Found it — the cache key was missing the locale. Fixed and pushed.",
    ],
  },
  {
    name: "cycle 2, numbered headings with nothing under them (pushed)",
    push: true,
    rows: [
      "ルーターは完成。\n\n### 3. 設定ファイル",
      "**3. config.ts**",
      "### 2) API クライアント",
      "Router is done.\n\n### 3. The config file",
      "### 3. 설정 파일",
    ],
  },
  {
    name: "cycle 2, a step with a time estimate at the very end (pushed)",
    push: true,
    rows: [
      "✅ 3. URLの確認（2分）",
      "3. URL を確認 (2 min)",
      "Check the redirect URL (2 min)",
      "3. URL 확인 (약 2분)",
    ],
  },
  {
    name: "cycle 2, a file named with its purpose in brackets, standing alone (pushed)",
    push: true,
    rows: [
      "`src/app.ts`（エントリポイント）",
      "**src/app.ts** (the entry point)",
      "`src/app.ts` (진입점)",
    ],
  },
  {
    name: "cycle 2, numbered headings and items over results (not pushed)",
    push: false,
    rows: [
      "## 結果\n\n### 1. 設定ファイル\n\n修正済みです。\n\n### 2. APIクライアント\n\n問題ありませんでした。",
      "Summary of changes:\n\n1. config.ts\n2. router.ts\n3. app.ts",
      "変更したファイル:\n\n- `src/app.ts`（エントリポイント）\n- `src/router.ts`（ルーティング）",
    ],
  },
  {
    name: "cycle 2, a duration in a report (not pushed)",
    push: false,
    rows: [
      "Total time spent: about 20 minutes (2 min per check).",
      "所要時間は合計で約20分（1件あたり2分）でした。",
    ],
  },
  {
    name: "cycle 2, reports that end in a duration (not pushed)",
    push: false,
    rows: [
      "The full suite now runs in under a minute (52 s).",
      "Build time dropped from 5 minutes to 3 (40% faster).",
      "Cold start is down to 1.2 s (from 3 s).",
      "The cron job fires every hour (60 min).",
      "テストスイートは1分以内に終わるようになりました（52秒）。",
      "ビルド時間は5分から3分に短縮（40%高速化）。",
      "크론 작업은 매시간 실행됩니다 (60분).",
      "빌드 시간이 5분에서 3분으로 줄었습니다 (40% 단축).",
      "Timeout raised to 30 s (was 10 s).",
      "Retry backoff: 2 s, 4 s, 8 s (max 30 s)",
    ],
  },
  {
    name: "cycle 2, reports that name a file with a status (not pushed)",
    push: false,
    rows: [
      "The entry point is `src/app.ts` (unchanged).",
      "Changed: `src/app.ts` (the entry point)\n\nThat's the only file touched.",
      "`src/app.ts` (updated)",
      "- `src/app.ts` (the entry point)\n- `src/router.ts` (routes)",
    ],
  },
  {
    name: "cycle 2, numbered headings over results (not pushed)",
    push: false,
    rows: [
      "## Results\n\n### 1. Parser\n\nFixed.\n\n### 2. Router\n\nNo change needed.",
      "All three steps are done:\n\n**1. Parser** — fixed\n**2. Router** — unchanged\n**3. Docs** — updated",
    ],
  },
];

familyTests(FAMILIES);

describe("the audit names the words that decided", () => {
  const set = patternSet({ continuation: [], approval: [] });
  test("a summary section rules out the action its last paragraph names, and says which heading", () => {
    const c = classifyMessage(
      "調査しました。\n\n### まとめ\n\n原因はキャッシュの競合です。ロックを入れて揃えます。",
      set,
    );
    expect(c.announcement).toBeNull();
    expect(c.ruledOut?.why).toBe("report: ja.section.summary (まとめ)");
    expect(c.ruledOut?.excerpt).toBe("ロックを入れて揃えます。");
  });
  test("a courtesy opener pushes only as the last words, under its own id", () => {
    expect(decide("I'll help you set up the database migrations.").hit?.id).toBe("en.help-opener");
    expect(classifyMessage("I'll help you with that! The port is 8080.", set).announcement).toBeNull();
  });
  test("a reader's step under Next: is no announcement; the agent's own is", () => {
    expect(decide("Done.\n\nNext: run the seed script.").decision).toBe("pass");
    expect(decide("Done.\n\nNext: I'll run the seed script.").hit?.id).toBe("en.future");
  });
  test("a wait on someone else's review names its pattern at gate 4", () => {
    expect(decide("The PR is open. I'll merge it after the review.").hit?.id).toBe("en.wait.after-event");
    expect(decide("PR를 올렸습니다. 리뷰 후에 머지하겠습니다.").hit?.id).toBe("ko.wait.after-event");
    expect(decide("PRを作成しました。レビュー後にマージします。").hit?.id).toBe("ja.wait.after-event");
  });
  test("a found-it exclamation before a colon at the very end pushes under its own id", () => {
    expect(decide("Found it! The cache key is missing the locale:").hit?.id).toBe("en.found-it");
    expect(decide("原因が分かりました！キャッシュキーにロケールが入っていないのが原因です:").hit?.id).toBe(
      "ja.found-it",
    );
    expect(decide("Found it — the cache key was missing the locale. Fixed and pushed.").decision).toBe("pass");
  });
  test("a Korean work verb in the plain present names its pattern", () => {
    expect(decide("의존성을 다시 설치합니다.").hit?.id).toBe("ko.present.verb");
    expect(decide("기존 테스트 갱신.").hit?.id).toBe("ko.next-note");
  });
});
