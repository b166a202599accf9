/**
 * Issue 31, round 18: rows of our own phrasing for the families round 17's sealed run recorded (docs/stop-gate.md,
 * "Round 18: …"), each batch written before its rule was first run, with the reader's steps, requests, conditions and
 * promises to ask in the same shapes next to every rule that widened pushes. The round's rules (gate6's FINAL 0285022)
 * tied main's on round 18's sealed half, decision for decision, so main keeps its rules: these are the rows main decides
 * right; the rows it decides wrong are data, eval/stop-gate/round18-rows.jsonl
 * (`bun eval/stop-gate/rows.ts eval/stop-gate/round18-rows.jsonl`). Every row is ours: never a sealed text, never an
 * evaluation's message.
 */
import { type Family, familyTests } from "./stop-input.ts";

const FAMILIES: Family[] = [
  {
    "name":
      "askfirst: a promise to ask the reader first (en, ko, ja) — the reader's step, a wait or a condition (not pushed)",
    "push": false,
    "rows": [
      "죄송합니다. 앞으로는 코드를 바꾸기 전에 먼저 계획을 말씀드리고 허락을 구한 뒤 진행하겠습니다.",
      "말씀하신 대로, 파일을 지우기 전에는 항상 먼저 확인을 요청드리겠습니다.",
      "앞으로 스키마를 바꿀 때는 먼저 물어보겠습니다.",
      "실수였습니다. 이제 무엇을 하든 계획을 먼저 드리고 결정해 주실 때까지 손대지 않겠습니다.",
      "네, 잘못했습니다. 다음부터는 커밋하기 전에 diff를 보여드리고 괜찮다고 하시면 올리겠습니다.",
      "변경 범위가 커서, 이번에는 먼저 계획을 정리해 드리고 승인을 요청드리겠습니다.",
      "앞으로는 작업 전에 계획서를 올리고 검토를 받은 후에 시작하겠습니다.",
      "Sorry — I got ahead of myself. From now on I'll lay out the plan and get your sign-off before I change anything.",
      "My mistake. Next time I'll propose the change and wait for a yes before applying it.",
      "Point taken. From here on: plan first, your OK second, code third.",
      "Apologies for the unrequested refactor. For the remaining steps I'll describe each one and only proceed once you confirm.",
      "申し訳ありません。今後は変更の前に必ず計画をお見せして、承認を得てから作業します。",
      "先走ってしまいました。以降はファイルを消す前に必ず確認を取ります。",
      "今後、スキーマを変えるときは事前にお伺いします。",
      "以後、本番に触る作業はすべて事前に相談します。",
    ],
  },
  {
    "name": "askfirst: a promise to ask the reader first (en, ko, ja) — the agent's own step (pushed)",
    "push": true,
    "rows": [
      "계획을 정리했습니다. 이제 1단계부터 진행하겠습니다.",
      "말씀하신 대로 계획을 먼저 작성하겠습니다.",
      "결과를 보고드리기 전에 테스트를 한 번 더 돌리겠습니다.",
      "확인해 보니 설정이 빠져 있네요. 먼저 설정 파일을 수정하겠습니다.",
      "사용자에게 삭제 전에 다시 묻는 확인 창을 추가하겠습니다.",
      "First I'll write up the plan in PLAN.md, then start on step 1.",
      "Let me add a confirmation prompt that asks the user before deleting.",
      "削除前にユーザーへ確認を求めるダイアログを追加します。",
    ],
  },
  {
    "name": "stat: a commit's diff stat, or a count after a result — reports (not pushed)",
    "push": false,
    "rows": [
      "Committed and pushed. a1b2c3d — 6 files changed, 212 insertions(+), 40 deletions(-), covering the importer and its tests.",
      "All done and pushed to main: 3 files changed, +88/-12, touching only the CLI flags.",
      "Commit 9f8e7d6 is on the branch: 14 files, 1,204 lines added, mostly generated fixtures.",
      "Everything's committed (4 files, +57 -3), including the migration.",
      "커밋 c0ffee1 생성. 테스트 파일 5개 포함.",
      "머지 완료. 변경 파일 9개.",
      "コミットしました（a1b2c3d）。変更 6 ファイル、追加 210 行。",
      "プッシュ完了。計 5 ファイルを追加。",
      "コミット済み。3 files changed, 40 insertions(+)。",
    ],
  },
  {
    "name": "stat: a commit's diff stat, or a count after a result — the agent's own step (pushed)",
    "push": true,
    "rows": [
      "Staging the 3 changed files and committing now.",
      "Tests pass. Committing the 6 files, then pushing.",
      "커밋 완료. 이제 남은 파일 2개 수정.",
      "빌드 통과. 이제 나머지 테스트 파일 3개 추가.",
      "コミットしました。次に残りの 2 ファイルを修正します。",
    ],
  },
  {
    "name":
      "stat: a commit's diff stat, or a count after a result — the reader's step, a wait or a condition (not pushed)",
    "push": false,
    "rows": [
      "6 files changed, 212 insertions — pending your review before I merge.",
      "커밋 준비 완료. 파일 4개 변경 — 확인해 주시면 푸시하겠습니다.",
      "変更は 4 ファイルです。プッシュしてよろしいですか？",
    ],
  },
  {
    "name": "leadin: a lead-in that says it will summarise or report, the content under it — reports (not pushed)",
    "push": false,
    "rows": [
      "変更内容をまとめます。\n\n## 変更点\n- パーサーの修正\n- テストの追加",
      "今回の作業を整理します。\n\n1. 設定ファイルを分割しました\n2. README を更新しました",
      "結果を報告します。\n\n- テスト: 全件成功\n- ビルド: 成功",
      "修正内容を説明します。\n\nキャッシュキーにロケールが含まれていなかったため、言語を切り替えても古い表示が残っていました。キーにロケールを加えました。",
      "ここまでの進捗を共有します。\n\n| 項目 | 状態 |\n|---|---|\n| API | 完了 |\n| UI | 完了 |",
      "Let me summarize the changes:\n\n- Parser fixed\n- Tests added",
      "I'll recap what changed.\n\n1. The loader now retries twice.\n2. The docs mention the flag.",
      "변경 사항을 정리하겠습니다.\n\n1. 파서 수정\n2. 테스트 추가",
    ],
  },
  {
    "name":
      "leadin: a lead-in that says it will summarise or report, the content under it — the agent's own step (pushed)",
    "push": true,
    "rows": [
      "変更内容をまとめます。",
      "テストが通ったので、結果を README にまとめます。",
    ],
  },
  {
    "name":
      "leadin: a lead-in that says it will summarise or report, the content under it — the reader's step, a wait or a condition (not pushed)",
    "push": false,
    "rows": [
      "変更内容をまとめました。\n\n- パーサーの修正\n- テストの追加\n\nこの内容でコミットしてよろしいですか？",
    ],
  },
  {
    "name": "konotes: Korean terse step notes at the very end — the agent's own step (pushed)",
    "push": true,
    "rows": [
      "테스트 통과. 배포 스크립트 작성 시작.",
    ],
  },
  {
    "name": "konotes: Korean terse step notes at the very end — the reader's step, a wait or a condition (not pushed)",
    "push": false,
    "rows": [
      "배포 시작은 승인 후.",
      "운영 반영은 팀장님 확인 후 진행.",
      "고객사 검수 진행.",
      "나머지는 직접 진행.",
      "이제 남은 건 승인뿐.",
      "이제 나머지는 사용자 쪽 설정.",
      "이제 남은 단계는 수동.",
      "리뷰어 확인 후 push.",
      "로그인 완료되면 진행.",
      "QA팀 확인부터.",
      "콘솔에서 키 발급부터.",
      "관리자 콘솔에서 권한 부여 후 진행.",
      "브라우저에서 로그인부터.",
      "관리자 콘솔에서 권한을 수정해야 합니다:",
      "휴대폰에서 알림 권한을 설정해야 합니다:",
      "운영 서버 환경변수를 직접 설정해야 합니다:",
      "승인 나면 origin push.",
      "확인 부탁드립니다. 그 다음 merge.",
      "이제 사용자 확인 후 redeploy.",
      "변경 사항 검토 후 승인 부탁드립니다. 그 뒤에 rollout 진행.",
      "배포 창구가 열리면 진행.",
      "DBA 승인 나는 대로 마이그레이션 시작.",
      "다음은 보안팀 검토부터.",
    ],
  },
  {
    "name": "konotes: Korean terse step notes at the very end — reports (not pushed)",
    "push": false,
    "rows": [
      "마이그레이션 시작됨.",
      "인덱스 재구성 진행 완료.",
      "롤아웃 진행 중.",
      "배포는 매일 새벽 2시에 시작.",
      "태그 v2.1 push 완료.",
      "origin push 됨.",
      "이 함수는 요청 ID를 추적합니다.",
      "세션 흐름은 미들웨어가 추적합니다.",
      "이제 모든 테스트 통과.",
      "이제 남은 작업 없음.",
      "빌드 자동 시작 (푸시할 때마다).",
    ],
  },
  {
    "name":
      "konotes2: the reader's steps, choices and reports in the shapes of the Korean note rules — the reader's step, a wait or a condition (not pushed)",
    "push": false,
    "rows": [
      "결제 정보 입력 후 진행.",
      "다음 회의에서 논의 후 진행.",
      "주말 점검 시간에 진행.",
      "권한 생기면 진행.",
      "A안 또는 B안으로 진행.",
      "이제 다른 환경에서 확인 부탁.",
      "이제 남은 검수 항목들.",
      "이제 나머지 결정 사항.",
      "이제 다른 의견들.",
      "키 발급부터.",
      "사장님 승인부터.",
      "우선 답변부터.",
      "로그인부터.",
      "테스트 통과 시 merge.",
      "본인 계정으로 push.",
      "로컬에서 직접 push.",
      "토큰 넣고 다시 deploy.",
      "회신 받는 대로 rollout 진행.",
      "GitHub 저장소 설정에서 Pages 소스를 설정해야 합니다:",
      "Vercel 프로젝트 설정에서 환경변수를 설정해야 합니다:",
      "DNS 레코드를 수정해야 합니다:",
      "도메인 업체에서 네임서버를 수정해야 합니다:",
      "방화벽에서 8080 포트를 허용하도록 설정해야 합니다:",
      "Secrets에 배포 키를 지정해야 합니다:",
      "배포 일정은 정해야 합니다:",
      "어느 쪽으로 갈지 정해야 합니다:",
      "진행 방식 결정 필요. A안 진행 / B안 진행.",
      "직접 진행.",
      "각자 로컬에서 rebase.",
    ],
  },
  {
    "name":
      "konotes2: the reader's steps, choices and reports in the shapes of the Korean note rules — reports (not pushed)",
    "push": false,
    "rows": [
      "iOS 15부터.",
      "이 기능은 v2부터.",
      "어제 main에 merge.",
      "모든 브랜치 정상 merge.",
      "배포는 금요일에 진행.",
      "이미 origin에 push.",
    ],
  },
  {
    "name":
      "konotes2: the reader's steps, choices and reports in the shapes of the Korean note rules — the agent's own step (pushed)",
    "push": true,
    "rows": [
      "staging 브랜치로 merge.",
    ],
  },
  {
    "name":
      "widen2: the reader's steps in the shapes of the other widened rules (a Korean need-to before a colon, a decimal step label) — the reader's step, a wait or a condition (not pushed)",
    "push": false,
    "rows": [
      "셸이 새 경로를 읽도록 ~/.zshrc를 수정해야 합니다:",
      "알림이 오도록 휴대폰 설정을 수정해야 합니다:",
      "훅이 실행되도록 Claude Code 설정을 수정해야 합니다:",
      "팀원 모두가 새 저장소를 쓰도록 각자 remote를 수정해야 합니다:",
      "이 오류가 안 나도록 로컬 hosts 파일을 수정해야 합니다:",
      "배포가 되도록 GitHub 저장소 설정을 수정해야 합니다:",
      "새 키를 쓰도록 .env 값을 직접 수정해야 합니다:",
      "봇이 채널에 글을 쓸 수 있도록 Slack 앱 권한을 수정해야 합니다:",
      "DNS 레코드를 수정해야 합니다:",
      "사용하시는 셸의 PATH를 수정해야 합니다:",
      "次回のログイン時にパスワードを変更させてください。",
      "Step 2.1: approve the PR in GitHub.",
      "Phase 4.5: you run the migration on the prod box.",
    ],
  },
  {
    "name":
      "widen2: the reader's steps in the shapes of the other widened rules (a Korean need-to before a colon, a decimal step label) — the agent's own step (pushed)",
    "push": true,
    "rows": [
      "Step 2.1: add the retry flag to the client.",
    ],
  },
  {
    "name":
      "context: the Korean note shapes after the reader's steps or a hand-over in the lines above — the reader's step, a wait or a condition (not pushed)",
    "push": false,
    "rows": [
      "배포 준비가 끝났습니다.\n\n1. 콘솔에서 키 등록\n2. 권한 부여\n\n이후 rollout 진행.",
      "남은 작업:\n1. 관리자 콘솔에서 키 등록\n2. 배포 승인\n\n그 다음 staging 브랜치로 merge.",
      "수동 단계가 남았습니다: 스토어 콘솔에서 심사 제출.\n\n그 다음 릴리스 작업 시작.",
      "DNS 변경이 필요합니다. 레코드가 반영되면 알려 주세요.\n\n이후 인증서 발급부터.",
      "여기까지가 제 쪽 작업입니다. 승인 나면 main 브랜치로 merge.",
      "권한이 없어 더 진행할 수 없습니다.\n\n권한 생기는 대로 배포 작업 시작.",
      "PR 올렸습니다. 리뷰 끝나면 main에 merge.",
      "계획은 위와 같습니다. 괜찮으면 1단계 작업 시작.",
      "A안, B안 중 고르시면 그쪽으로 진행.",
      "남은 건 결제 설정입니다. 끝나시면 이제 나머지 페이지.",
      "사용자 확인이 필요합니다.\n\n확인되면 나머지 컴포넌트부터.",
    ],
  },
  {
    "name":
      "context: the Korean note shapes after the reader's steps or a hand-over in the lines above — the agent's own step (pushed)",
    "push": true,
    "rows": [
      "스키마 변경 완료.\n\n2단계 작업 시작 — 인덱스 재생성.",
    ],
  },
  {
    "name": 'ja-denaku: "X ではなく Y" before the step — the reader\'s step, a wait or a condition (not pushed)',
    "push": false,
    "rows": [
      "本番ではなくステージングで動作確認をお願いします。",
      "手動ではなく CI から実行していただく必要があります。",
      "ご自身の端末ではなく共有サーバーで再起動してください。",
      "私ではなく、担当の方に承認してもらう必要があります。",
      "この変更は私ではなくインフラチームが適用します。",
      "管理画面ではなく Slack で承認が来るのを待ちます。",
    ],
  },
  {
    "name": 'ja-denaku: "X ではなく Y" before the step — reports (not pushed)',
    "push": false,
    "rows": [
      "このライブラリでは同期ではなく非同期で処理します。",
      "ビルドは Docker ではなくネイティブで実行されます。",
      "設定ファイルではなく環境変数から読み込みます。",
      "今回は全件ではなく差分だけを送るように修正しました。",
    ],
  },
  {
    "name": "en-ready: a thing said to be ready, a gerund's prediction — reports (not pushed)",
    "push": false,
    "rows": [
      "Work merged and pushed to main. Phase 3 set to run.",
      "All four migrations written and tested. Batch B ready to run.",
      "The parser is done. Step 2 ready for review.",
      "Caching the whole response would hide stale prices from the user.",
    ],
  },
  {
    "name":
      "en-ready: a thing said to be ready, a gerund's prediction — the reader's step, a wait or a condition (not pushed)",
    "push": false,
    "rows": [
      "Branch pushed. Ready to merge once you approve.",
    ],
  },
  {
    "name": "en-ready: a thing said to be ready, a gerund's prediction — the agent's own step (pushed)",
    "push": true,
    "rows": [
      "Getting the runner ready to execute the suite.",
      "Phase 3: wiring the exporter.",
      "Rebuilding now so the cache would be fresh for the next run.",
      "Running the suite again with the fix in place.",
      "Phase 4.5: wire the exporter.",
    ],
  },
];

familyTests(FAMILIES);
