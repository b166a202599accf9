/**
 * Issue 31, round 15: the families recorded from round 14's second sealed run (docs/stop-gate.md, "Round 14's second
 * sealed run") and Korean pre-tool announcement forms, as phrasing of our own, written in batches before each was run
 * (gate2's closing note gives their sizes and first-run errors). Every row is ours: never a sealed text, never an
 * evaluation's message.
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
    name: "Japanese: agreeing to keep things as they are, then saying it is already so (not pushed)",
    push: false,
    rows: [
      "ポーリング間隔は今の30秒のままでいきましょう。設定はすでにその値になっているので変更は不要です。",
      "了解です、その方針でいきましょう。現在の実装がすでにそうなっています。",
      "タイムアウトは据え置きでいきましょう。既に反映済みです。",
      "それでいこう。今の設定で問題ありません。",
      "はい、デフォルトのままにしておきましょう。",
      "その案で進めましょう。必要な変更はすでにコミットしてあります。",
    ],
  },
  {
    name: "Korean: agreeing to keep things as they are (not pushed)",
    push: false,
    rows: [
      "네, 지금 설정 그대로 가죠. 이미 그 값으로 되어 있습니다.",
      "좋습니다, 그 방향으로 가겠습니다. 현재 코드가 이미 그렇게 동작합니다.",
    ],
  },
  {
    name: "English: agreeing to keep things as they are (not pushed)",
    push: false,
    rows: [
      "Sounds good — let's keep the 30 s interval. That's already what the config says, so nothing to change.",
      "Agreed, let's go with the default. It's already set that way.",
    ],
  },
  {
    name: "Agreement followed by the agent's own step (pushed)",
    push: true,
    rows: [
      "了解です、その方針でいきましょう。まず設定ファイルを修正します。",
      "Agreed. Let me update the config to use the default now.",
    ],
  },
  {
    name: "Japanese: a summary opener with the summary under it (not pushed)",
    push: false,
    rows: [
      "変更内容をまとめます。\n\n- キャッシュキーにロケールを追加\n- テストを2件追加\n- READMEを更新\n\n以上です。",
      "今回の作業をまとめます。\n\n1. ログイン画面のバリデーションを修正しました。\n2. エラーメッセージを日本語化しました。",
      "ここまでの内容を整理します。\n\n**原因**: 環境変数の読み込み順\n**対応**: dotenvの読み込みを先頭に移動\n**確認**: テスト全件パス",
      "結果を報告します。\n\nビルドは成功し、全テストが通りました。",
    ],
  },
  {
    name: "English: a summary opener with the summary under it (not pushed)",
    push: false,
    rows: [
      "Let me sum up what changed.\n\n- The parser now handles unclosed tags\n- Two tests were added\n- The README mentions the new flag",
      "I'll summarize the session.\n\n**Fixed:** the redirect loop on logout.\n**Added:** a regression test.\n**Left:** nothing.",
      "Here's a quick recap of the work.\n\n1. Moved the config loader into its own module.\n2. Dropped the unused helper.",
    ],
  },
  {
    name: "Korean: a summary opener with the summary under it (not pushed)",
    push: false,
    rows: [
      "변경 사항을 정리하겠습니다.\n\n- 로그인 실패 시 메시지 수정\n- 테스트 2개 추가\n- README 갱신",
      "작업 내용을 요약합니다.\n\n1. 캐시 키에 로케일 추가\n2. 테스트 추가\n\n모두 통과했습니다.",
    ],
  },
  {
    name: "Japanese: what a hook or job does by itself next time (not pushed)",
    push: false,
    rows: [
      "修正したフックは次回のapply後に自動で実行されます。",
      "これで次回のデプロイ時からマイグレーションが自動で走ります。",
      "次にcronが動いたときに、新しい設定でバックアップを取得します。",
      "次回セッション開始時には、フックが自動的に状態ファイルを読み込みます。",
      "以後、pushのたびにCIがlintを実行します。",
    ],
  },
  {
    name: "English: what a hook or job does by itself next time (not pushed)",
    push: false,
    rows: [
      "Next time you run apply, the hook will regenerate the lockfile by itself.",
      "From the next deploy on, the migration will run automatically.",
      "The watcher will pick up the new config on its next restart.",
    ],
  },
  {
    name: "Korean: what a hook or job does by itself next time (not pushed)",
    push: false,
    rows: [
      "다음 배포부터는 훅이 자동으로 마이그레이션을 실행합니다.",
      "이제 다음 세션이 시작될 때 상태 파일을 자동으로 읽어 옵니다.",
    ],
  },
  {
    name: "Japanese: the agent's own step that makes something run by itself (pushed)",
    push: true,
    rows: [
      "次にフックを修正して、apply後に自動で実行されるようにします。",
    ],
  },
  {
    name: "Japanese: a step, then the case it handles as a spec (pushed)",
    push: true,
    rows: [
      "次にパーサーを修正。タグが閉じていない場合は、テキストとして扱う。",
      "次は設定ローダーの修正。環境変数が見つかったときは、そちらを優先する。",
      "続いてキャッシュの無効化処理を追加。キーが見つかった場合、古いエントリを削除する。",
      "リトライ処理を修正します。タイムアウトした場合は、3回まで再試行する形にします。",
    ],
  },
  {
    name: "English: a step, then the case it handles as a spec (pushed)",
    push: true,
    rows: [
      "Next, fix the parser. When a tag is unclosed, treat the rest as text.",
    ],
  },
  {
    name: "Korean: a step, then the case it handles as a spec (pushed)",
    push: true,
    rows: [
      "다음으로 파서를 수정합니다. 태그가 닫히지 않은 경우에는 텍스트로 처리합니다.",
    ],
  },
  {
    name: "A condition on the action, or a report followed by a spec (not pushed)",
    push: false,
    rows: [
      "ビルドが通ればマージします。",
      "パーサーを修正しました。タグが閉じていない場合は、テキストとして扱います。",
    ],
  },
  {
    name: "Japanese: found it, then a fix plan's label over its steps (pushed)",
    push: true,
    rows: [
      "構造を確認しました。\n\n修正方針:\n1. キャッシュキーにロケールを追加\n2. 既存テストの更新",
      "原因を特定しました。\n\n対応方針:\n1. 設定読み込み順の変更\n2. 回帰テストの追加",
      "ログを確認しました。次の手順で直します:\n\n1. リトライ回数の上限設定\n2. タイムアウト値の見直し",
    ],
  },
  {
    name: "English: found it, then a fix plan's label over its steps (pushed)",
    push: true,
    rows: [
      "Found the cause: the cache key ignores the locale.\n\nFix plan:\n1. Add the locale to the key\n2. Update the two tests",
    ],
  },
  {
    name: "Korean: found it, then a fix plan's label over its steps (pushed)",
    push: true,
    rows: [
      "원인을 찾았습니다.\n\n수정 계획:\n1. 캐시 키에 로케일 추가\n2. 기존 테스트 갱신",
    ],
  },
  {
    name: "A plan offered for a choice, or a list of what was changed (not pushed)",
    push: false,
    rows: [
      "原因を特定し、修正しました。\n\n対応内容:\n1. 設定読み込み順の変更\n2. 回帰テストの追加",
      "構造を確認しました。\n\n修正方針の候補:\n1. キャッシュキーにロケールを追加\n2. キャッシュを無効化\n\nどちらで進めますか？",
      "Fixed the cause.\n\nChanges:\n1. Added the locale to the key\n2. Updated the two tests",
    ],
  },
  {
    name: "Japanese: one more fix after a when-clause noun phrase (pushed)",
    push: true,
    rows: [
      "設定ファイルがない場合のフォールバックも修正。",
      "引数が空のときのエラー処理も追加。",
      "トークン期限切れ時のリトライもあわせて修正する。",
      "ついでに、キーが存在しない場合のデフォルト値も直す。",
    ],
  },
  {
    name: "English: one more fix at the very end (pushed)",
    push: true,
    rows: [
      "Also fix the fallback for when there's no config file.",
    ],
  },
  {
    name: "Korean: one more fix after a when-clause noun phrase (pushed)",
    push: true,
    rows: [
      "설정 파일이 없을 때의 폴백도 수정.",
    ],
  },
  {
    name: "One more fix reported, or a spec after a case (not pushed)",
    push: false,
    rows: [
      "設定ファイルがない場合のフォールバックも修正済み。",
      "設定ファイルがない場合は、デフォルト値を使います。",
    ],
  },
  {
    name: "English: waiting on one's own agents or jobs, then one's own step meanwhile (pushed)",
    push: true,
    rows: [
      "Now I'm waiting for the remaining agents to finish. In the meantime, let me check which worktrees exist.",
      "Two of the three subagents are still running. While they work, I'll look at the failing test myself.",
      "Waiting on the background build. Meanwhile, let me read the migration file.",
      "The agents are still going. Let me check their worktrees now.",
    ],
  },
  {
    name: "English: waiting on one's own agents with no step meanwhile, or on the reader (not pushed)",
    push: false,
    rows: [
      "I'm waiting for the remaining agents to finish. I'll review their output when they're done.",
      "The three agents are running in the background; I'll report back once they finish.",
      "Waiting on your review. In the meantime, let me know if you want the docs updated too.",
      "The build is running. When it finishes, I'll run the smoke test.",
    ],
  },
  {
    name: "English: the fix stated impersonally as the last words (pushed)",
    push: true,
    rows: [
      "The root cause is the sort order. The fix is to give drafts a lower rank than published posts.",
      "The fix is to pass the locale through to the cache key.",
      "So the right fix here is to move the retry inside the lock.",
    ],
  },
  {
    name: "English: the fix in the past, for the reader, or for a case (not pushed)",
    push: false,
    rows: [
      "The fix was to pass the locale through to the cache key.",
      "If you hit this again, the fix is to clear the cache and restart.",
      "The fix is to upgrade to v2.3 on your side; I can't change the vendor package.",
    ],
  },
  {
    name: "English: a numbered edit heading at the very end (pushed)",
    push: true,
    rows: [
      "Now the sort change.\n\n**Edit 9: give drafts a lower rank than published posts**",
      "**Edit 3: add the locale to the cache key**",
      "## Change 2: move the retry inside the lock",
    ],
  },
  {
    name: "Japanese: a numbered edit heading at the very end (pushed)",
    push: true,
    rows: [
      "**編集3: キャッシュキーにロケールを追加**",
    ],
  },
  {
    name: "Numbered edit headings over results (not pushed)",
    push: false,
    rows: [
      "**Edit 3: add the locale to the cache key** — done.\n\nAll tests pass.",
      "## Edits\n\n**Edit 1:** added the locale to the key\n**Edit 2:** updated the tests",
    ],
  },
  {
    name: "Waits on the reader or a question next to a step taken meanwhile (not pushed)",
    push: false,
    rows: [
      "The build is still running. In the meantime, let me know if you want the changelog updated as well.",
      "I'm waiting for your approval on the PR. Meanwhile, I'll fix the lint warnings.",
      "Waiting for the reviewer. In the meantime I'll tidy the docs.",
      "Still waiting on the agents. Should I cancel them and do it myself?",
      "The agents are still running. Meanwhile, could you check whether the staging key is still valid?",
      "I'm waiting for the CI to finish. Once it's green, please merge.",
      "Waiting on the deploy. While it runs, you can review the diff.",
      "Waiting on the background build; I'll check it when it finishes.",
    ],
  },
  {
    name: "The fix stated for the reader, asked about, or done (not pushed)",
    push: false,
    rows: [
      "The fix is to upgrade the SDK on your machine.",
      "The fix is to set `NODE_OPTIONS` before you start the server.",
      "The fix was to give drafts a lower rank than published posts.",
      "The fix is to add the locale to the cache key. Want me to do that?",
      "The fix is to add the locale to the cache key, if you agree with that direction.",
      "The fix is to add the locale to the cache key. Done in the last commit.",
    ],
  },
  {
    name: "A fix plan asked about, offered as choices, or done (not pushed)",
    push: false,
    rows: [
      "原因を特定しました。\n\n修正方針:\n1. キャッシュキーにロケールを追加\n2. 既存テストの更新\n\nこの方針で進めてよいですか？",
      "原因を特定しました。\n\n修正方針の案:\n- A案: キャッシュキーにロケールを追加\n- B案: キャッシュを無効化\n\nどちらにしますか？",
      "Found the cause.\n\nFix plan:\n1. Add the locale to the key\n2. Update the two tests\n\nShall I go ahead?",
      "원인을 찾았습니다.\n\n수정 계획:\n1. 캐시 키에 로케일 추가\n2. 기존 테스트 갱신\n\n이 방향으로 진행해도 될까요?",
      "修正方針:\n1. キャッシュキーにロケールを追加（済み）\n2. 既存テストの更新（済み）\n\n以上で対応完了です。",
      "対応方針:\n1. 設定読み込み順の変更 ✅\n2. 回帰テストの追加 ✅",
      "Fix plan:\n1. Added the locale to the key\n2. Updated the two tests",
    ],
  },
  {
    name: "One more fix reported or asked of the reader (not pushed)",
    push: false,
    rows: [
      "Also fix your `.npmrc` so the registry points at the mirror.",
      "設定ファイルがない場合のフォールバックも修正済みです。",
      "設定ファイルがない場合のフォールバックも修正しました。",
      "설정 파일이 없을 때의 폴백도 수정했습니다.",
      "引数が空のときのエラー処理も追加をお願いします。",
      "設定ファイルがない場合のフォールバックも修正してください。",
    ],
  },
  {
    name: "An agreement followed by a turn to the reader (not pushed)",
    push: false,
    rows: [
      "了解しました。そのままでいきましょう。何か変更があれば教えてください。",
      "Let's keep the current layout. Let me know if you change your mind.",
    ],
  },
  {
    name: "A summary followed by a question or a request (not pushed)",
    push: false,
    rows: [
      "変更内容をまとめます。\n\n- キャッシュキーにロケールを追加\n- テストを追加\n\nこのままマージしてよいですか？",
      "작업 내용을 정리하겠습니다.\n\n- 로그인 수정\n- 테스트 추가\n\n확인 부탁드립니다.",
      "Let me recap.\n\n- Parser fixed\n- Tests added\n\nWant me to open the PR?",
    ],
  },
  {
    name: "A step followed by a turn to the reader, or a rule for the reader (not pushed)",
    push: false,
    rows: [
      "パーサーを修正します。タグが閉じていない場合は、ご連絡ください。",
      "テストを実行します。失敗した場合は、ログを共有いただけますか？",
      "PRを作成しました。レビューが通った場合は、マージする。",
      "I'll deploy it. If anything breaks, let me know.",
      "When a user signs up, send them the welcome email.",
    ],
  },
  {
    name: "Next time: a rule for the reader, or what happens by itself (not pushed)",
    push: false,
    rows: [
      "次にデプロイするときは、環境変数を設定してください。",
      "次回のリリースで自動的に反映されます。",
      "This runs automatically on the next deploy.",
    ],
  },
  {
    name: "Edit headings done, explained, or for review (not pushed)",
    push: false,
    rows: [
      "**Edit 1: add the locale to the cache key** (done)\n**Edit 2: update the tests** (done)",
      "## Edit 2: move the retry inside the lock\n\nThis moves the retry inside the lock so two workers can't both retry.",
      "**Change 2 — please review before I apply it.**",
    ],
  },
  {
    name: "A step meanwhile, a fix plan, the fix stated (controls) (pushed)",
    push: true,
    rows: [
      "Waiting on the three agents. Meanwhile, I'll run the unit tests myself.",
      "While the tests run, let me read the migration file.",
      "原因を特定しました。\n\n修正方針:\n1. リトライ回数の上限設定\n2. ログの追加",
      "So the fix is to move the retry inside the lock.",
    ],
  },
  {
    name: "Korean: need-to with more verbs of work (pushed)",
    push: true,
    rows: [
      "원인은 환경 변수가 하위 프로세스에 전달되지 않는 것입니다. 실행 스크립트에서 변수를 명시적으로 넘겨야 합니다.",
      "새 컨트롤러가 아직 로드되지 않았습니다. 서버를 재시작해야 합니다.",
      "두 컴포넌트를 콜백으로 연결해야 합니다.",
      "마이그레이션 파일도 같이 고쳐야 합니다.",
      "타입 정의를 먼저 맞춰야 합니다.",
    ],
  },
  {
    name: "Korean: need-to as a rule for the reader or before a request (not pushed)",
    push: false,
    rows: [
      "배포 전에는 환경 변수를 설정해야 합니다.",
      "이 설정을 쓰려면 관리자 권한이 있어야 합니다.",
      "서버를 재시작해야 합니다. 재시작한 뒤 알려 주세요.",
    ],
  },
  {
    name: "Korean: the agent's own step while its own work runs (pushed)",
    push: true,
    rows: [
      "빌드가 끝나길 기다리는 동안 README를 업데이트할게요.",
      "에이전트들이 작업하는 동안 테스트 코드를 먼저 살펴보겠습니다.",
      "배포를 기다리면서 로그 설정을 미리 확인해 두겠습니다.",
    ],
  },
  {
    name: "Korean: waiting, or a step meanwhile for the reader (not pushed)",
    push: false,
    rows: [
      "리뷰를 기다리는 동안 다른 작업은 하지 않겠습니다.",
      "승인을 기다리는 동안 확인해 주실 부분을 정리해 두었습니다.",
      "빌드가 끝나길 기다리고 있습니다.",
    ],
  },
  {
    name: "Korean: the next step after 이제 named by a QA or E2E word (pushed)",
    push: true,
    rows: [
      "테스트 통과. 이제 스테이징 서버 스모크 QA.",
      "타입 에러 해결. 이제 API 라우터 E2E.",
      "이제 로그인 화면 접근성 점검.",
    ],
  },
  {
    name: "Korean: where the agent starts (…부터 시작) (pushed)",
    push: true,
    rows: [
      "Task 3부터 시작.",
      "2단계부터 진행.",
    ],
  },
  {
    name: "Korean: the plain written style of a working note (pushed)",
    push: true,
    rows: [
      "설정 파일을 갱신하고 바로 진행한다.",
      "먼저 로그를 확인한다.",
      "테스트를 다시 돌린다.",
    ],
  },
  {
    name: "Korean: the plain written style describing code (not pushed)",
    push: false,
    rows: [
      "이 함수는 입력이 비면 null을 반환한다.",
      "훅은 커밋 전에 포맷터를 실행한다.",
    ],
  },
  {
    name: "Korean: the terse need-to of a working note (pushed)",
    push: true,
    rows: [
      "스타일 기본값도 처리해야 함.",
      "테마 파일도 패치해야.",
      "캐시 키에 로케일을 넣어야 함.",
    ],
  },
  {
    name: "Korean: a terse need-to for the reader with a reference (not pushed)",
    push: false,
    rows: [
      "배포 전 환경 변수 설정해야 함 (운영 가이드 참고).",
    ],
  },
  {
    name: "Korean: a tool's command word before 합니다 (pushed)",
    push: true,
    rows: [
      "최근 커밋을 soft reset합니다.",
      "로컬 브랜치를 rebase합니다.",
      "변경 사항을 stash합니다.",
      "의존성 버전을 bump합니다.",
    ],
  },
  {
    name: "Korean: a tool's command word describing a system (not pushed)",
    push: false,
    rows: [
      "CI는 매 푸시마다 lint합니다.",
    ],
  },
  {
    name: "Korean: checking a problem that names a when-clause (pushed)",
    push: true,
    rows: [
      "연결 오류를 조사하겠습니다. 호출 시 API 키가 빠지는 문제를 확인합니다.",
      "로그인 실패 원인을 살펴보겠습니다. 토큰이 만료될 때 갱신이 안 되는 부분을 확인합니다.",
    ],
  },
  {
    name: "Korean: a terse note ending on a colon (pushed)",
    push: true,
    rows: [
      "프론트엔드 타입 파일에 필드 추가:",
      "이제 .env 복원 + 매핑 테스트 추가:",
    ],
  },
  {
    name: "Korean: found it, then the fix (pushed)",
    push: true,
    rows: [
      "업로드 경로는 별도 코드 경로라 하이라이트가 빠져 있음. 수정.",
      "원인 찾음. 스킴을 떼는 부분이 잘못됨. 고치겠습니다.",
    ],
  },
  {
    name: "Korean: found it and fixed (not pushed)",
    push: false,
    rows: [
      "원인 찾음. 스킴을 떼는 부분이 잘못되어 있었고 수정 완료.",
    ],
  },
  {
    name: "Korean: results (not pushed)",
    push: false,
    rows: [
      "빌드 성공 (21/21 페이지, 에러 0).",
      "모든 테스트가 통과했습니다. 이제 로그인 화면에서 세션이 유지됩니다.",
    ],
  },
  {
    name: "Korean: waiting a moment (not pushed)",
    push: false,
    rows: [
      "웹훅 재등록에 시간이 걸립니다. 잠시 기다립니다.",
    ],
  },
  {
    name: "Japanese: more agreements to keep things as they are (not pushed)",
    push: false,
    rows: [
      "なるほど、ではリトライは3回のままにしましょう。今のコードがその値です。",
      "ご提案どおり、命名は現状のままでOKとしましょう。",
      "そうですね、ここは今の構成を維持しましょう。特に変更はありません。",
      "承知しました。Node 20のままで進めましょう。CIもすでに20で動いています。",
      "了解、既存のスキーマを活かす方向でいきましょう。追加の作業はありません。",
    ],
  },
  {
    name: "Japanese: a volitional that advises the reader (not pushed)",
    push: false,
    rows: [
      "次に同じエラーが出たら、キャッシュを消してから再実行しましょう。",
      "本番に入れる前に、ステージングで一度動かしておきましょう。",
      "今後はmainに直接pushせず、PRを経由するようにしましょう。",
    ],
  },
  {
    name: "Japanese: more summary openers with the summary under them (not pushed)",
    push: false,
    rows: [
      "最後に、今回の変更点を整理しておきます。\n\n1. 設定ファイルの読み込み順を修正\n2. テストを追加\n3. ドキュメントを更新",
      "作業内容を簡単にまとめます。\n\n- APIのレスポンス形式を統一\n- エラーハンドリングを追加",
      "調査結果を共有します。\n\n原因はタイムゾーンの扱いでした。UTCに統一することで解消しています。",
      "ここまでの経緯を振り返ります。\n\n最初にビルドが失敗し、依存関係を更新して解決しました。",
      "変更点をまとめると以下の通りです。\n\n- パーサー修正\n- テスト追加",
    ],
  },
  {
    name: "Japanese: what happens by itself next time or on a schedule (not pushed)",
    push: false,
    rows: [
      "次回起動時から新しい設定が読み込まれます。",
      "これ以降、PRを作るたびにプレビュー環境が自動で作成されます。",
      "次にcronが走るタイミングで、古いログは削除されます。",
      "明日の定期実行で、このジョブが新しいバケットにバックアップを書き出します。",
      "フックはコミットのたびにフォーマッタを実行します。",
      "次のapply以降は、このフックが自動でトークンを更新します。",
    ],
  },
  {
    name: "Japanese: a step, then the case it handles (second phrasing) (pushed)",
    push: true,
    rows: [
      "次はバリデーションの追加。値が空のときは、デフォルトを返す。",
      "続いて日付パーサーを修正します。タイムゾーンが無い場合は、UTCとして扱います。",
      "エラー処理を入れます。レスポンスが404のときは、空配列を返すようにします。",
    ],
  },
  {
    name: "Japanese: a spec after a report, alone, or a condition on the action (not pushed)",
    push: false,
    rows: [
      "日付パーサーを修正しました。タイムゾーンが無い場合は、UTCとして扱います。",
      "タイムゾーンが無い場合は、UTCとして扱います。",
      "テストが通った場合は、そのままマージします。",
    ],
  },
  {
    name: "Japanese: a fix plan under its label (second phrasing) (pushed)",
    push: true,
    rows: [
      "原因がわかりました。\n\n対応手順:\n1. 古いキャッシュの削除\n2. キー生成関数の修正\n3. テストの追加",
      "問題箇所を特定しました。修正計画:\n\n- ロック取得順の統一\n- タイムアウトの追加",
    ],
  },
  {
    name: "Japanese: a fix plan marked done, or options (not pushed)",
    push: false,
    rows: [
      "修正計画:\n\n- ロック取得順の統一（完了）\n- タイムアウトの追加（完了）",
      "原因がわかりました。\n\n対応方針は2つ考えられます:\n1. キャッシュを無効化\n2. キーを修正",
    ],
  },
  {
    name: "Japanese: one more fix (second phrasing) (pushed)",
    push: true,
    rows: [
      "あわせて、トークンが無いときの401処理も修正。",
      "入力が長すぎる場合のエラーメッセージも追加する。",
    ],
  },
  {
    name: "Japanese: one more fix reported (not pushed)",
    push: false,
    rows: [
      "入力が長すぎる場合のエラーメッセージも追加済みです。",
      "入力が長すぎる場合のエラーメッセージも追加されています。",
    ],
  },
  {
    name: "English: one's own step while one's own agents or tests run (pushed)",
    push: true,
    rows: [
      "Two agents are still working on the migration. While they run, I'll update the changelog.",
      "The test suite is still running in the background. Meanwhile I'll look at the flaky test's history.",
    ],
  },
  {
    name: "English: waiting on one's own agents, or the reader meanwhile (not pushed)",
    push: false,
    rows: [
      "Two agents are still working on the migration. I'll wait for them before touching the schema.",
      "The deploy is still running. Meanwhile, feel free to review the PR.",
    ],
  },
  {
    name: "English: the fix or the plan stated as the last words (pushed)",
    push: true,
    rows: [
      "Found it — the sort comparator ignores drafts. The simplest fix is to rank drafts below published posts.",
      "The plan is to split the config loader into a reader and a validator.",
    ],
  },
  {
    name: "English: a plan for later (not pushed)",
    push: false,
    rows: [
      "The plan is to ship this in the next release.",
      "The plan is to revisit this after the holidays.",
    ],
  },
  {
    name: "English: edit and change headings at the very end (pushed)",
    push: true,
    rows: [
      "**Edit 4: move the retry into the lock**",
      "Next the tests.\n\n### Change 3: update the fixtures",
    ],
  },
  {
    name: "English: more agreements to keep things as they are (not pushed)",
    push: false,
    rows: [
      "Let's keep it simple then — the current check already covers both cases.",
      "Fine by me, let's leave the timeout at 30 s.",
    ],
  },
  {
    name: "English: an agreement followed by the agent's own step (pushed)",
    push: true,
    rows: [
      "OK, let's go with option B. Starting with the schema change now.",
    ],
  },
  {
    name: "English: a plain wait on one's own agents or jobs, then one's own step (pushed)",
    push: true,
    rows: [
      "Now I'm waiting for the last two agents to complete. Let me look at the first agent's output.",
      "Still waiting on the background install. Let me read the config loader.",
      "I'm waiting for the three subagents to report. I'll start on the README now.",
      "The build is still running, so I'm waiting on it. Let me check the lint output.",
    ],
  },
  {
    name: "English: a wait on one's own agents followed by a request, a later step or a conditional one (not pushed)",
    push: false,
    rows: [
      "Now I'm waiting for the last two agents to complete. Let me know if you need anything else.",
      "I'm waiting for the agents to finish. I'll review their output when they're done.",
      "Waiting on the CI run. Let me check back in a few minutes.",
      "I'm waiting for your answer on the naming. Let me know which one you prefer.",
      "I'm waiting for the reviewer. I'll merge after the review.",
      "Waiting on the build. I'll let you know when it's done.",
      "I'm waiting for the agents. If one fails, I'll retry it.",
    ],
  },
  {
    name: "Japanese: automatic compounds (自動実行, 自動起動) describe what happens by itself (not pushed)",
    push: false,
    rows: [
      "次の apply 後にファイルを編集すると、修正版のフックが自動実行されます。",
      "以後はマージのたびに、ドキュメントが自動更新されます。",
      "次回のビルドから、この設定が自動反映されます。",
      "次にセッションを開くと、フックが自動起動します。",
      "デプロイ後は、このジョブが毎朝自動実行します。",
    ],
  },
  {
    name: "Japanese: the agent's own step that adds something automatic (pushed)",
    push: true,
    rows: [
      "フックを修正して自動実行されるようにします。",
      "自動更新スクリプトを追加します。",
    ],
  },
  {
    name: "Japanese: a fix plan's label inline after the found-it sentence (pushed)",
    push: true,
    rows: [
      "現在の実装を確認しました。修正方針：\n1. 古い分岐を削除（判定を有効化）\n2. タイムアウト後も安全に再試行",
      "ログを読みました。対応方針：\n\n1. リトライ処理の削除\n2. 上限値の見直し",
    ],
  },
  {
    name: "Japanese: a fix plan's items reported as done (not pushed)",
    push: false,
    rows: [
      "現在の実装を確認しました。修正方針：\n1. 古い分岐を削除しました\n2. タイムアウト後も安全に再試行するようにしました",
    ],
  },
  {
    name: "Waits on one's own agents or jobs that end waiting, conditional, or on the reader (not pushed)",
    push: false,
    rows: [
      "The two agents are still running. I'll collect their results when they finish.",
      "I've launched four agents in the background. I'll wait for them and then merge the branches.",
      "Waiting for the deploy job. Once it's live, I'll run the smoke test.",
      "Still waiting on the install. I'll continue after it completes.",
      "The agents are still running. Let me know if you'd like me to stop them.",
      "Waiting on the test run. Should I also update the snapshots?",
      "I'm waiting for the build, and then I'll need your OK before deploying.",
      "I'm waiting for the migration agent. I'll check back in ten minutes.",
      "Waiting on the CI pipeline. I'll merge it as soon as it's green.",
      "The subagents are still working. Nothing else to do until they report back.",
      "Waiting for your deploy to finish. Let me check the logs once you're done.",
    ],
  },
  {
    name: "A fix plan followed by a request or a condition on the reader (not pushed)",
    push: false,
    rows: [
      "原因を特定しました。\n\n修正方針:\n1. キャッシュキーにロケールを追加\n2. テスト更新\n\nこの方針でよければ実装します。",
      "原因を特定しました。\n\n修正方針:\n1. キャッシュキーにロケールを追加\n2. テスト更新\n\nご確認ください。",
      "Found the cause.\n\nFix plan:\n1. Add the locale to the key\n2. Update the tests\n\nLet me know if this looks right.",
      "Found the cause.\n\nFix plan:\n1. Add the locale to the key\n2. Update the tests\n\nIf that works for you, I'll start.",
      "원인을 찾았습니다.\n\n수정 계획:\n1. 캐시 키에 로케일 추가\n2. 테스트 갱신\n\n괜찮으시면 진행하겠습니다.",
      "원인을 찾았습니다.\n\n수정 계획:\n1. 캐시 키에 로케일 추가\n2. 테스트 갱신\n\n확인해 주세요.",
      "Fix plan (needs your approval):\n1. Drop the old table\n2. Recreate it from the backup",
    ],
  },
  {
    name: "One more fix asked of the reader or asked about (not pushed)",
    push: false,
    rows: [
      "Also fix the README on your end if you keep a fork.",
      "あわせて、トークンが無いときの401処理もご確認ください。",
      "トークンが無いときの401処理も修正しますか？",
      "토큰이 없을 때의 401 처리도 수정할까요?",
    ],
  },
  {
    name: "The fix is the reader's (a console, a grant, an approval) or asked about (not pushed)",
    push: false,
    rows: [
      "The fix is to rotate the key in the AWS console, which only you can do.",
      "The fix is to grant the bot write access to the repo.",
      "The fix is to approve the pending migration in the dashboard.",
      "I think the fix is to bump the timeout. Want me to try that?",
    ],
  },
  {
    name: "Korean: this round's working-note forms followed by a request or a question (not pushed)",
    push: false,
    rows: [
      "먼저 로그를 확인한다. 결과는 알려 주세요.",
      "서버를 재시작해야 함. 재시작 후 알려 주시면 이어서 진행하겠습니다.",
      "API 키를 넣어야 함. 키를 받으면 진행하겠습니다.",
      "Task 3부터 시작할까요?",
      "이제 스테이징 QA. 접속 정보를 알려 주시면 바로 시작하겠습니다.",
      "브랜치를 rebase합니다. 괜찮을까요?",
    ],
  },
  {
    name: "Japanese: this round's forms followed by a question, or waiting on an approval (not pushed)",
    push: false,
    rows: [
      "次はバリデーションの追加。値が空のときの扱いはどうしますか？",
      "エラー処理を入れます。404のときは空配列を返す形でよいでしょうか？",
      "デフォルトのままでいきましょうか？",
      "変更内容をまとめます。\n\n- A\n- B\n\nマージしてよろしいですか？",
      "承認をいただいたら、フックが自動で有効になります。",
    ],
  },
  {
    name: "English: this round's forms followed by a question or a request (not pushed)",
    push: false,
    rows: [
      "Let's keep the interval at 30 s — or would you rather make it configurable?",
      "Let me sum up the options:\n\n1. Keep the cache\n2. Drop it\n\nWhich do you prefer?",
      "**Edit 3: drop the users table** — waiting for your go-ahead before I run this.",
      "## Step 2: your part\n\nRun the migration in the console, then tell me and I'll continue.",
    ],
  },
  {
    name: "Korean: working notes before a tool call (batch 7) (pushed)",
    push: true,
    rows: [
      "좋아요, 그럼 마이그레이션부터 돌려 볼게요.",
      "일단 현재 브랜치 상태부터 볼게요.",
      "에러 로그를 먼저 뽑아 보겠습니다.",
      "의존성 충돌 같아서 lock 파일을 지우고 다시 설치해 봅니다.",
      "테스트 하나가 깨져서 그 부분만 따로 돌려 보겠습니다.",
      "설정 파일 경로를 잡아 주는 부분을 찾아보겠습니다.",
      "다음으로 라우터 쪽 타입 오류를 잡겠습니다.",
      "빌드 캐시를 날리고 재빌드.",
      "린트 에러 3건 수정 중.",
      "스키마 변경분 반영하러 갑니다.",
      "README에 설치 방법 섹션 추가합니다.",
      "PR 본문 작성할게요.",
      "커밋 메시지 정리해서 푸시하겠습니다.",
      "로그인 API 응답 형식 확인.",
      "이 부분은 서브에이전트에게 맡기겠습니다.",
      "원인을 좁히기 위해 요청 헤더를 출력해 봅니다.",
      "변경된 파일 목록을 뽑아서 확인해 보겠습니다.",
      "이제 남은 건 문서 업데이트입니다. 바로 하겠습니다.",
    ],
  },
  {
    name: "Korean: reports, offers and descriptions in the same words (batch 7) (not pushed)",
    push: false,
    rows: [
      "마이그레이션을 돌렸고 모든 테이블이 생성되었습니다.",
      "lock 파일을 지우고 다시 설치했더니 충돌이 해결되었습니다.",
      "이 스크립트는 배포 시 캐시를 비우고 재빌드합니다.",
      "라우터는 요청마다 토큰을 확인합니다.",
      "린트 에러 3건 수정 완료.",
      "README에 설치 방법 섹션을 추가해 두었습니다.",
      "PR 본문까지 작성해 두었습니다. 확인 부탁드립니다.",
      "다음 작업으로는 문서 업데이트가 남아 있습니다.",
      "필요하시면 요청 헤더 출력도 추가해 드릴게요.",
      "원하시면 커밋 메시지도 정리해 드리겠습니다.",
      "이 경우에는 lock 파일을 지우고 다시 설치하시면 됩니다.",
      "서버 재시작은 사용자께서 직접 하셔야 합니다.",
      "CI가 푸시마다 린트를 실행한다.",
      "결론적으로 설정 파일 경로 문제였습니다.",
    ],
  },
  {
    name: "Japanese: reports and specs that end on forms read as steps (not pushed)",
    push: false,
    rows: [
      "この設定により、ビルド時に型チェックを実行します。",
      "スクリプトは起動時に環境変数を読み込み、足りなければエラーを出す。",
      "今回の修正で、ログイン失敗時にリトライを3回行います。",
      "CIではmainへのpushごとにE2Eテストを実行します。",
      "仕様としては、トークンの期限が切れたら再ログインを求める。",
      "以上の変更で、次回から設定ファイルを自動で読み込みます。",
      "まとめると、キャッシュの無効化が漏れていたのが原因です。",
      "対応内容は以下です。\n\n- キャッシュキーの修正\n- テスト追加",
      "READMEに手順を追記済み。あとはレビュー待ちです。",
      "デプロイしました。本番で新しい画面が表示されることを確認済みです。",
      "動作確認は完了しています。問題があれば教えてください。",
      "このフックはapplyのたびに設定ファイルを再生成する。",
      "では、この内容でコミットしておきました。",
      "まずは現状のままで様子を見ましょう。",
      "必要になったら、そのときにキャッシュ層を追加しましょう。",
    ],
  },
  {
    name: "Japanese: working notes before a tool call (batch 8) (pushed)",
    push: true,
    rows: [
      "では、型定義の修正に取り掛かります。",
      "まず失敗しているテストを個別に流してみる。",
      "ログを見る限りタイムアウトが原因っぽいので、設定値を確認。",
      "次はREADMEの更新。",
      "差分を確認してからコミットします。",
      "残りの2ファイルもまとめて直します。",
      "テスト用のフィクスチャを作成する。",
      "サブエージェントに並列でレビューを依頼。",
      "続けてlintを走らせます。",
      "念のためビルドも通しておきます。",
    ],
  },
  {
    name: "Korean: the agent's own step while its own job runs (batch 9) (pushed)",
    push: true,
    rows: [
      "재빌드 기다리는 동안 CHANGELOG.md 정리할게요.",
      "에이전트 작업이 끝나길 기다리면서, 다음 단계에 필요한 파일을 미리 살펴보겠습니다.",
      "배포가 도는 동안 문서부터 갱신하겠습니다.",
      "테스트 기다리는 사이에 타입 정의를 정리합니다.",
    ],
  },
  {
    name: "Korean: a step meanwhile that waits on the reader, or nothing meanwhile (not pushed)",
    push: false,
    rows: [
      "재빌드 기다리는 동안 다른 파일은 건드리지 않겠습니다.",
      "리뷰를 기다리는 동안 수정 사항을 정리해 두었습니다. 확인 부탁드립니다.",
      "재빌드가 끝나면 결과를 확인하겠습니다.",
      "승인을 기다리는 동안 CHANGELOG.md 정리할게요.",
      "답변 주시길 기다리는 동안 문서부터 갱신하겠습니다.",
    ],
  },
  {
    name: "Korean: a terse note with its details after a dash (pushed)",
    push: true,
    rows: [
      "로그인 폼 검증 추가 — 빈 값과 이메일 형식.",
      "설정 로더 전체 재작성 — 환경 변수 우선 + 기본값 분리.",
      "README 갱신 — 설치 섹션 뒤에 문제 해결 항목으로.",
      "작업 4 — 배포 가이드 갱신",
    ],
  },
  {
    name: "Korean: a terse note with a status after a dash (not pushed)",
    push: false,
    rows: [
      "로그인 폼 검증 추가 — 완료.",
      "설정 로더 재작성 — 이미 반영됨.",
    ],
  },
  {
    name: "Korean: notes ending on 추가 or 통일 (추가 is no subject) (pushed)",
    push: true,
    rows: [
      "로그인 화면 테스트 추가 + 신규 render_form 단위 테스트.",
      "버튼 스타일 통일.",
      "Task 2부터 시작. 공통 컴포넌트 기준 통일.",
    ],
  },
  {
    name: "Korean: 통일 reported (not pushed)",
    push: false,
    rows: [
      "버튼 스타일 통일 완료.",
      "버튼 스타일은 이미 통일되어 있습니다.",
    ],
  },
  {
    name: "Japanese: a tool's command word before する (pushed)",
    push: true,
    rows: [
      "よし。push する。",
      "差分は問題なし。rebase する。",
      "では merge する。",
    ],
  },
  {
    name: "Japanese: a tool's command word describing a habit (CI は…たびに) (not pushed)",
    push: false,
    rows: [
      "CI は push するたびに lint を走らせる。",
    ],
  },
  {
    name: "Japanese: a step with an aside in brackets at the end (pushed)",
    push: true,
    rows: [
      "README だけ更新します（CHANGELOG は次の PR なので触りません）。",
      "設定ファイルのみコミットします（テストは別の変更なので含めません）。",
    ],
  },
  {
    name: "Japanese: a report with an aside in brackets (not pushed)",
    push: false,
    rows: [
      "README だけ更新しました（CHANGELOG は次の PR なので触っていません）。",
    ],
  },
  {
    name: "Japanese: a step with an emoji after it (pushed)",
    push: true,
    rows: [
      "次に、設定画面にトグルボタンを追加します 🌙",
      "では、テストを実行します 🚀",
    ],
  },
  {
    name: "Japanese: a report with an emoji after it (not pushed)",
    push: false,
    rows: [
      "設定画面にトグルボタンを追加しました 🎉",
    ],
  },
  {
    name: "Japanese: a phase begun now (これから, 今から) (pushed)",
    push: true,
    rows: [
      "Step 1 は完了。Step 2 で設計を確認済み、これから Step 3 のレビューを実行します。",
      "フェーズ1は完了しました。今からフェーズ2の実装に入ります。",
    ],
  },
  {
    name: "Japanese: a phase named for its step, not now (not pushed)",
    push: false,
    rows: [
      "Step 3 でレビューを実行します。",
      "実装フェーズで結合テストを行います。",
    ],
  },
  {
    name: "Japanese: a dispatch to a subagent at the very end (pushed)",
    push: true,
    rows: [
      "レビュー subagent dispatch (Sonnet)。",
      "一次レビュー完了 → 検証 subagent を dispatch。",
    ],
  },
  {
    name: "Japanese: a dispatch reported (not pushed)",
    push: false,
    rows: [
      "検証 subagent の dispatch は完了済み。",
    ],
  },
  {
    name: "Japanese: a step label with two numbers (pushed)",
    push: true,
    rows: [
      "**修正 2 & 3:** 入力チェックの追加、型の整理",
    ],
  },
  {
    name: "Japanese: a step above a label over the list (the label defers to it) (pushed)",
    push: true,
    rows: [
      "全体像が把握できました。実装に移ります。\n\n必要な変更:\n1. `a.nix` - 入力追加\n2. `b.nix` - 新規作成",
      "ブランチを確認しました。では変更を進めます。\n\nやること:\n1. `flake.nix` の入力を変更\n2. 不要な inherit を削除",
    ],
  },
  {
    name: "Japanese: a step list asked about (not pushed)",
    push: false,
    rows: [
      "全体像が把握できました。\n\n必要な変更:\n1. `a.nix` - 入力追加\n2. `b.nix` - 新規作成\n\nこの方針で進めてよいですか？",
    ],
  },
  {
    name: "A label naming the files made or changed, above their list, reports (not pushed)",
    push: false,
    rows: [
      "仕様書の雛形を配置する。\n\n作成ファイル:\n- docs/spec.md\n- docs/brief.md",
      "Split the loader and add validation.\n\nFiles changed:\n- src/config/load.ts\n- src/config/validate.ts",
      "Add the retry wrapper.\n\nCreated files:\n- src/retry.ts\n- test/retry.test.ts",
      "설정 로더를 분리하고 검증을 추가한다.\n\n변경된 파일:\n- src/config/load.ts\n- src/config/validate.ts",
    ],
  },
  {
    name: "A label naming the files about to change, after the agent's step (pushed)",
    push: true,
    rows: [
      "では変更を進めます。\n\n対象ファイル:\n- src/config/load.ts\n- src/config/validate.ts",
      "Let me update these next.\n\nFiles to change:\n- src/config/load.ts\n- src/config/validate.ts",
    ],
  },
  {
    name: "Reports where a step-like sentence sits above a label and its list (not pushed)",
    push: false,
    rows: [
      "All done. Here is what changed:\n- The loader reads the env first\n- The file is a fallback",
      "I'll keep this short. Summary:\n- Parser fixed\n- Tests added",
      "I refactored the loader. Changes:\n- Split into two files\n- Added validation",
      "Deployment finished. Next steps for you:\n1. Rotate the key\n2. Restart the worker",
      "I'll leave the rest to you. Remaining work:\n- Update the docs\n- Tag the release",
      "設定を見直しました。変更内容:\n- タイムアウトを30秒に\n- リトライを3回に",
      "以下にまとめます。変更点:\n- パーサー修正\n- テスト追加",
      "作業は完了しました。残作業:\n- ドキュメント更新\n- リリースタグ付け",
      "설정을 검토했습니다. 변경 내용:\n- 타임아웃 30초\n- 재시도 3회",
      "작업을 마쳤습니다. 남은 작업:\n- 문서 갱신\n- 릴리스 태그",
      "Let me know if anything is unclear. Files:\n- src/a.ts\n- src/b.ts",
    ],
  },
  {
    name: "Waits where a sentence sits above a label and its list (not pushed)",
    push: false,
    rows: [
      "Before I continue, I need two things from you:\n1. The staging key\n2. Access to the bucket",
      "I'll deploy once you confirm. Checklist:\n- Key rotated\n- Backup taken",
      "Which should I do first? Options:\n1. Fix the parser\n2. Update the docs",
      "続ける前に確認させてください。質問:\n1. 対象ブランチは main ですか？\n2. テストは必須ですか？",
      "진행하기 전에 확인이 필요합니다. 질문:\n1. 대상 브랜치가 main인가요?\n2. 테스트가 필요한가요?",
      "ご判断をお願いします。選択肢:\n1. パーサーを修正\n2. ドキュメント更新",
      "Please review the plan. Plan:\n1. Drop the table\n2. Restore it",
    ],
  },
  {
    name: "The agent's step above a label and its steps (pushed)",
    push: true,
    rows: [
      "Let me fix both now. Changes:\n1. Read the env first\n2. Fall back to the file",
      "바로 수정하겠습니다. 변경 내용:\n1. 환경 변수를 먼저 읽기\n2. 파일은 폴백",
    ],
  },
  {
    name: "English answers and reports that end on this round's English forms (not pushed)",
    push: false,
    rows: [
      "The cache key ignores the locale, which is why French users saw English pages. That's fixed in the last commit.",
      "Good question. The fix is to add the locale to the key, which is what the last commit does.",
      "The fix was small: the key now includes the locale.",
      "Also fixed: the fallback for when there's no config file.",
      "Also, note that the fallback only applies when there's no config file.",
      "Edit 3 was the only risky one; the rest are renames.",
      "**Edit 3: add the locale to the cache key** ✅",
      "## Change 2: move the retry inside the lock\n\nDone — the retry now runs under the lock.",
      "Let's keep the conversation focused on the parser for now.",
      "Let's keep in mind that the cache is per process.",
      "I'll summarize: the parser is fixed and the tests pass.",
      "The agents finished. Meanwhile, I also updated the changelog.",
      "While the tests ran, I updated the changelog.",
      "In the meantime, you can use the old endpoint.",
      "Fix plan:\n1. ~~Add the locale~~ done\n2. ~~Update tests~~ done",
      "When a tag is unclosed, the parser now treats the rest as text.",
      "If a key is missing, return the default — that's the behaviour now.",
    ],
  },
  {
    name: "English: this round's forms as the agent's own step (controls) (pushed)",
    push: true,
    rows: [
      "The fix is to add the locale to the key.",
      "Also add a test for the French locale.",
      "I'm waiting for the test agent. Let me read the parser meanwhile.",
    ],
  },
  {
    name: 'An "also" note after a result continues the report (not pushed)',
    push: false,
    rows: [
      "パーサーを修正しました。ついでにREADMEの誤字も修正。",
      "ビルドエラーを解消しました。\n\n設定ファイルがない場合のフォールバックも対応。",
      "ログイン処理を直しました。トークン切れのときのリトライも追加。",
      "Fixed the parser. Also fixed the README typo.",
      "파서를 수정했습니다. 설정 파일이 없을 때의 폴백도 수정.",
    ],
  },
  {
    name: 'An "also" note after a next step, or standing alone (pushed)',
    push: true,
    rows: [
      "パーサーの修正は終わり。次に、設定ファイルがない場合のフォールバックも修正。",
      "設定ファイルがない場合のフォールバックも修正。",
    ],
  },
  {
    name: "Reports that end on a need-to note for the reader, a caveat or production (not pushed)",
    push: false,
    rows: [
      "모든 변경을 푸시했습니다. 참고: 운영 서버에서는 포트를 열어야 함.",
      "배포 완료. 주의: 다음 배포 전 환경 변수 설정해야 함.",
      "마이그레이션을 적용했습니다. 운영 DB에도 같은 마이그레이션을 적용해야 합니다.",
      "작업 끝. 나중에 토큰 갱신해야 함.",
      "テストは全て通りました。注意: 本番ではキャッシュを消す必要があります。",
      "Pushed everything. Note: the prod server still needs the port opened.",
      "The migration is applied locally. Production will need the same migration.",
    ],
  },
  {
    name: "A need-to as the agent's own next step (controls) (pushed)",
    push: true,
    rows: [
      "테스트 실패 원인 확인. 타입 정의를 고쳐야 함.",
      "빌드가 깨졌습니다. 의존성 버전을 맞춰야 합니다.",
    ],
  },
  {
    name: "Korean waits phrased with this round's working-note forms (not pushed)",
    push: false,
    rows: [
      "Task 3부터 시작하면 될까요?",
      "어디부터 시작할지 정해 주세요. 2단계부터 진행?",
      "로그인 폼 검증 추가 — 이 방향이 괜찮으면 진행하겠습니다.",
      "배포 진행 중. 끝나면 알려 드리겠습니다.",
      "배포 승인 대기 중입니다.",
      "빌드 확인 중. 결과 나오면 공유하겠습니다.",
      "먼저 로그를 확인한다? 아니면 바로 배포한다?",
      "이제 스테이징 QA. 테스트 계정을 알려 주시면 시작하겠습니다.",
      "수정 계획:\n1. 캐시 키 수정\n2. 테스트 갱신\n\n어느 쪽부터 할까요?",
      "브랜치를 rebase합니다. 다만 강제 푸시가 필요하니 승인해 주세요.",
      "서브에이전트 작업이 끝나길 기다리는 동안 잠시 대기하겠습니다.",
      "테마 파일도 패치해야 하는데, 디자인 팀 확인이 필요합니다.",
    ],
  },
  {
    name: "Japanese waits phrased with this round's working-note forms (not pushed)",
    push: false,
    rows: [
      "レビュー subagent dispatch してよいですか？",
      "rebase する？それとも merge する？",
      "修正方針:\n1. キャッシュキー修正\n2. テスト更新\n\nどちらから着手しますか？",
      "修正方針:\n1. キャッシュキー修正\n2. テスト更新\n\n問題なければ着手します。",
      "変更内容をまとめます。\n\n- A\n- B\n\nこの内容でコミットしてよろしいでしょうか。",
      "設定はそのままでいきましょうか、それとも60秒に変えますか？",
      "次はREADMEの更新。内容はお任せいただけますか？",
      "デプロイ後に自動実行されるので、承認をお願いします。",
      "サブエージェントの結果待ちです。戻り次第まとめます。",
      "ビルド完了を待っています。終わったらテストを流す。",
    ],
  },
  {
    name: "English waits phrased with this round's forms (not pushed)",
    push: false,
    rows: [
      "I'm waiting for the agents. Let me know when you want me to merge their branches.",
      "Waiting on the build. Let me get your approval before I deploy it.",
      "Waiting for the agents to finish. I'll then need you to pick which result to keep.",
      "Also fix this in your local config, since I can't reach it.",
      "The fix is to move the retry inside the lock — should I go ahead?",
    ],
  },
  {
    name: "Korean pre-tool lines in mixed styles (batch 17) (pushed)",
    push: true,
    rows: [
      "좋아, 이제 실제로 API 호출 부분 바꿔볼게.",
      "package.json 스크립트 확인해볼게요.",
      "린트 먼저 통과시키고 나서 테스트 돌리겠습니다.",
      "캐시 무효화 로직을 넣겠습니다.",
      "테스트 파일 생성.",
      "DB 스키마부터 확인.",
      "문제 재현을 위해 같은 요청을 다시 보내봅니다.",
      "이제 커밋하고 PR 올리겠습니다.",
      "변경 사항 커밋.",
    ],
  },
  {
    name: "Korean reports and offers in the same words (batch 17) (not pushed)",
    push: false,
    rows: [
      "빌드가 통과했고 테스트도 모두 성공했습니다.",
      "API 호출 부분을 바꿔서 이제 응답이 2배 빨라졌어요.",
      "캐시 무효화 로직은 이미 들어가 있습니다.",
      "테스트 파일 생성 완료.",
      "원하시면 PR도 올려 드릴게요.",
      "이 함수는 입력값을 검증한 뒤 저장합니다.",
    ],
  },
  {
    name: "Japanese pre-tool lines in mixed styles (batch 17) (pushed)",
    push: true,
    rows: [
      "よし、APIの呼び出し部分を書き換えます。",
      "とりあえずビルドを回してみます。",
      "package.json のスクリプトを見てみます。",
      "lint を通してからテストを流します。",
      "キャッシュ無効化のロジックを入れます。",
      "DBスキーマから確認。",
      "再現のため同じリクエストをもう一度送ってみる。",
      "コミットしてPRを出します。",
    ],
  },
  {
    name: "Japanese reports and offers in the same words (batch 17) (not pushed)",
    push: false,
    rows: [
      "ビルドが通り、テストもすべて成功しました。",
      "キャッシュ無効化のロジックは既に入っています。",
      "テストファイル作成済み。",
      "ご希望であればPRも作成します。",
      "この関数は入力値を検証してから保存します。",
    ],
  },
  {
    name: "English: a wait on one's own agents, then a check that is itself later (not pushed)",
    push: false,
    rows: [
      "Waiting on the agents now. I'll check on them in a bit.",
      "The three agents are running. I'll look at their progress shortly.",
      "I'm waiting for the build. I'll poll it every few minutes.",
      "Waiting for the test run to complete. Let me give it a moment.",
      "The background job is still going. I'll keep an eye on it.",
      "I'm waiting for the agents to report back. I'll summarize everything at the end.",
      "Still waiting on CI. I'll merge afterwards.",
      "I'm waiting for the deploy. Let me pause here until it's live.",
    ],
  },
  {
    name: "English: a wait on one's own job, then a step meanwhile (pushed)",
    push: true,
    rows: [
      "I'm waiting for the deploy. Let me draft the release notes in the meantime.",
    ],
  },
  {
    name: "Korean and Japanese: a wait on one's own agents or jobs, then a later check (not pushed)",
    push: false,
    rows: [
      "에이전트 작업을 기다리는 중입니다. 잠시 후 확인하겠습니다.",
      "빌드가 돌고 있습니다. 끝나면 결과를 보겠습니다.",
      "서브에이전트 3개가 실행 중입니다. 조금 있다가 진행 상황을 확인할게요.",
      "CI 결과를 기다리고 있어요. 통과하면 머지하겠습니다.",
      "エージェントの完了を待っています。少ししたら確認します。",
      "ビルド中です。終わり次第、結果を見ます。",
      "サブエージェント3体が実行中です。しばらくしてから進捗を確認します。",
      "CIの結果待ちです。通ったらマージします。",
    ],
  },
  {
    name: "Korean and Japanese: a step while one's own job runs (pushed)",
    push: true,
    rows: [
      "빌드가 도는 동안 README를 고치겠습니다.",
      "ビルドを待つ間に、READMEを直します。",
    ],
  },
];

familyTests(FAMILIES);

describe("the audit names the words that decided", () => {
  const set = patternSet({ continuation: [], approval: [] });
  test("a summary opener with the summary under it is ruled out by its own id", () => {
    const c = classifyMessage("変更内容をまとめます。\n\n- キャッシュキーにロケールを追加\n- テストを2件追加", set);
    expect(c.announcement).toBeNull();
    expect(c.ruledOut?.why).toBe("report: ja.ruleout.summary-opener");
    // As the message's last words it is still a step.
    expect(decide("変更内容をまとめます。").decision).toBe("block");
  });
  test("an agreement to keep things as they are names its rule-out", () => {
    const c = classifyMessage("タイムアウトは据え置きでいきましょう。", set);
    expect(c.ruledOut?.why).toBe("state: ja.ruleout.agree");
    expect(classifyMessage("Agreed, let's go with the default.", set).ruledOut?.why).toBe("state: en.ruleout.agree");
  });
  test("a step taken meanwhile outranks a background wait on the agent's own work, not one on the reader", () => {
    const own = decide("Now I'm waiting for the remaining agents. In the meantime, let me check the worktrees.");
    expect(own.decision).toBe("block");
    expect(own.hit?.excerpt).toBe("In the meantime, let me check the worktrees.");
    const reader = decide("I'm waiting for your approval on the PR. Meanwhile, I'll fix the lint warnings.");
    expect(reader.decision).toBe("pass");
    expect(["approval", "wait"]).toContain(reader.hit?.kind ?? "none");
  });
  test("a step before the wait on the agent's own work does not outrank it: the message ends waiting", () => {
    const d = decide("Let me check the worktrees first. I'm waiting for the remaining agents to finish.");
    expect(d.decision).toBe("pass");
    expect(d.hit?.kind).toBe("wait");
    expect(decide("I'm waiting for the remaining agents to finish. Let me check the worktrees.").decision).toBe(
      "block",
    );
  });
  test("a fix plan's label over its steps pushes under its own id", () => {
    expect(decide("原因を特定しました。\n\n修正方針:\n1. キャッシュキーにロケールを追加\n2. 既存テストの更新").hit?.id)
      .toBe("ja.plan-label");
    expect(decide("Found the cause.\n\nFix plan:\n1. Add the locale to the key\n2. Update the tests").decision).toBe(
      "block",
    );
  });
  test("what a hook does by itself next time is a state, and the audit says so", () => {
    const c = classifyMessage("修正したフックは次回のapply後に自動で実行されます。", set);
    expect(c.announcement).toBeNull();
    expect(decide("The fix is to pass the locale through to the cache key.").hit?.id).toBe("en.fix-is");
  });
  test("a label naming the files made reports, and the audit names it", () => {
    const c = classifyMessage("仕様書の雛形を配置する。\n\n作成ファイル:\n- docs/spec.md\n- docs/brief.md", set);
    expect(c.announcement).toBeNull();
    expect(c.ruledOut?.why).toBe("report: ja.end.files-label");
  });
  test("an also note after a result names the result it continues", () => {
    const c = classifyMessage("ログイン処理を直しました。トークン切れのときのリトライも追加。", set);
    expect(c.announcement).toBeNull();
    expect(c.ruledOut?.why).toBe("result: ja.ruleout.also-after-result (after ja.end.past)");
  });
  test("Korean working-note forms name their patterns", () => {
    expect(decide("Task 3부터 시작.").hit?.id).toBe("ko.start-from");
    expect(decide("먼저 로그를 확인한다.").hit?.id).toBe("ko.plain");
    expect(decide("테마 파일도 패치해야.").hit?.id).toBe("ko.need");
  });
});

/**
 * Cycle 2 (gate3): the families recorded from round 15's first sealed run (docs/stop-gate.md, "Round 15's sealed run
 * (once on each candidate)"), as phrasing of our own written in two batches before each was run, with waits and reports
 * that use the same words next to each family. Never a sealed text, never an evaluation's message.
 */
const CYCLE2: Family[] = [
  {
    name: "Japanese: what the new code does, after the report of making it (not pushed)",
    push: false,
    rows: [
      "APIエンドポイント /api/users を追加しました。このエンドポイントはデータベースからユーザー一覧を取得し、JSON形式で返します。",
      "キャッシュ層を実装しました。リクエストごとにまずRedisを確認し、なければDBから読み込んでキャッシュに保存します。",
      "設定画面を作り直しました。保存ボタンを押すと入力値を検証し、問題がなければサーバーに送信します。",
      "変更は以上です。新しいミドルウェアはトークンを検証し、期限切れの場合は401を返します。",
      "修正しました。この関数は引数が空のときにデフォルト値を返します。",
      "ハンドラを追加しました。受け取ったイベントをキューに積み、ワーカーが順に処理します。",
      "通知機能を追加しました。タスクが完了するたびにSlackへメッセージを送ります。",
      "リトライ処理を入れました。失敗するとバックオフを挟んで最大3回まで再試行します。",
      "フックを修正しました。コミットごとにlintを走らせ、エラーがあれば中断します。",
      "バリデーションを追加しました。入力が空だと、エラーメッセージを表示して送信を止めます。",
      "ログ出力を整理しました。リクエストごとにIDを付けて出力します。",
    ],
  },
  {
    name: "Japanese: a description of new code, then a request or question (not pushed)",
    push: false,
    rows: [
      "エンドポイントを追加しました。このエンドポイントはユーザー一覧を取得してJSONで返します。動作を確認していただけますか？",
      "ハンドラを追加しました。イベントをキューに積んで順に処理します。この方式で問題なければマージしてください。",
      "ログ出力を整理しました。リクエストごとにIDを付けて出力します。この形式でよろしいですか？",
    ],
  },
  {
    name: "Japanese: the same words as the agent's next step (pushed)",
    push: true,
    rows: [
      "次にエンドポイントを追加します。",
      "まずデータベースからユーザー一覧を取得する処理を書きます。",
      "キャッシュ層を実装しました。次にテストを追加します。",
      "通知機能を追加しました。次に、タスクが完了するたびにSlackへ送る部分をテストします。",
      "フックを修正しました。続いてコミットごとにlintが走るか確認します。",
    ],
  },
  {
    name: "English: a standing rule in the habitual future (not pushed)",
    push: false,
    rows: [
      "I've added the rule to CLAUDE.md. From now on I'll always check the lockfile before bumping a version.",
      "Noted — going forward, I'll always run the linter before committing.",
      "That's the new convention. From now on I'll be looking for stale imports every time I touch a module.",
      "Got it. In future I'll always ask before deleting branches.",
      "Rule saved. I will always prefer the existing helpers over writing new ones from here on.",
      "Understood. From now on, I'll keep the changelog updated with every PR.",
      "Saved to memory. I'll always run the full suite before opening a PR.",
      "OK — I will always use pnpm in this repo from here on.",
      "Noted: I'll always rebase instead of merging from now on.",
    ],
  },
  {
    name: "English: a standing rule, then a question (not pushed)",
    push: false,
    rows: [
      "From now on I'll always check the lockfile first. Do you want me to add this to the team docs too?",
      "I'll always use pnpm here from now on. Should I also update the CI config?",
      "Going forward I'll always ask before force-pushing. Is that what you wanted?",
    ],
  },
  {
    name: "English: a standing rule, then a step now (pushed)",
    push: true,
    rows: [
      "Rule saved. Now I'll check the lockfile before bumping the version.",
      "From now on I'll always run the linter. Let me run it now on the current changes.",
      "I'll always use pnpm here from now on. Let me switch the lockfile over now.",
      "I'll run the full suite now.",
      "Next I'll update the CI config.",
      "I'll rebase onto main now.",
    ],
  },
  {
    name: "Japanese: a count of the places to change as the last words (pushed)",
    push: true,
    rows: [
      "修正箇所は2つあります。",
      "変更が必要な箇所は3か所です。",
      "直すところは2箇所あります。",
      "対応が必要な箇所は4つです。",
      "修正するファイルは2ファイルです。",
      "変更が必要なファイルは3つあります。",
    ],
  },
  {
    name: "Japanese: a count of places, then a question (not pushed)",
    push: false,
    rows: [
      "修正箇所は2つあります。どちらから対応しましょうか？",
      "変更が必要な箇所は3か所です。進めてよろしいですか？",
      "修正箇所は2つあります。まとめて直してもよろしいですか？",
      "変更が必要なファイルは3つあります。全部直しますか？",
    ],
  },
  {
    name: "Japanese: a count of the places changed (not pushed)",
    push: false,
    rows: [
      "修正箇所は2つありました。どちらも対応済みです。",
      "修正した箇所は3か所です。",
      "修正箇所は2つでした。",
      "全部で修正した箇所は4つです。",
      "変更したファイルは3つです。",
    ],
  },
  {
    name: "Japanese: a step, then a reassurance with its reason (pushed)",
    push: true,
    rows: [
      "次に呼び出し側を修正します。getPathは絶対パスを返すので、こちらは問題ありません。",
      "テストを追加します。既存のモックはそのまま使えるので影響はありません。",
      "設定ファイルを更新します。デフォルト値は変わらないので、既存の環境は大丈夫です。",
      "READMEを更新します。既存のリンクはそのまま残るので問題ありません。",
      "では型定義を修正します。ランタイムの挙動は変わらないから影響はありません。",
    ],
  },
  {
    name: "Japanese: a result, then a reassurance with its reason (not pushed)",
    push: false,
    rows: [
      "呼び出し側を修正しました。getPathは絶対パスを返すので、こちらは問題ありません。",
      "テストを追加しました。既存のモックはそのまま使えるので影響はありません。",
      "READMEを更新しました。既存のリンクはそのまま残るので問題ありません。",
      "確認しました。テストが全て通っているので問題ありません。",
      "差分を見ました。設定値だけの変更なので影響はありません。",
      "レビューしました。テストが揃っているので問題ありません。承認します。",
      "全テストが通りました。警告は既知のものなので問題ありません。",
    ],
  },
  {
    name: "Japanese: a request or question near a reassurance (not pushed)",
    push: false,
    rows: [
      "設定ファイルの更新が必要です。デフォルト値は変わらないので大丈夫です。更新してよろしいですか？",
      "次にマイグレーションを実行していただく必要があります。データは保持されるので問題ありません。",
      "マージしてよろしいでしょうか。テストは通っているので問題ありません。",
      "本番DBへの反映をお願いします。ロールバック手順もあるので心配ありません。",
      "念のためご確認ください。後方互換は保たれるので問題ありません。",
      "この方針でよいか教えてください。既存のデータは消えないので心配ありません。",
    ],
  },
  {
    name: "Japanese: an either-or step of the agent's own under a case on the code or a tool (pushed)",
    push: true,
    rows: [
      "ツールが使える場合は、そのテストをスキップするか別の種類のテストに切り替えます。",
      "ファイルが存在しない場合は、作成するかテンプレートからコピーします。",
      "ビルドが失敗する場合は、キャッシュを消すか依存を入れ直します。",
      "テストが落ちる場合は、原因を調べるか一旦スキップにします。",
      "型エラーが出るときは、型定義を直すかanyで回避します。",
      "依存が古い場合は、更新するかロックファイルを再生成します。",
      "lintが通らない場合は、ルールを無効化するかコードを直します。",
      "ポートが使用中のときは、プロセスを止めるか別のポートで起動します。",
    ],
  },
  {
    name: "Japanese: an either-or under the reader's condition, a request or a question (not pushed)",
    push: false,
    rows: [
      "ファイルが存在しない場合は、作成するかテンプレートからコピーしてください。",
      "承認いただけた場合は、マージするかリリースブランチに入れます。どちらがよいですか？",
      "権限をいただけた場合は、再実行します。",
      "問題なければ、マージするかリリースブランチに入れてください。",
      "ご都合がよい場合は、今日マージするか明日に回します。どちらにしますか？",
      "承認いただける場合は、マージするかタグを打ちます。",
      "権限が付与された場合は、デプロイするかステージングで確認します。",
      "あなたがOKの場合は、このまま進めるか別案にします。",
    ],
  },
  {
    name: "Japanese: an either-or for a later case, or a rule of operation (not pushed)",
    push: false,
    rows: [
      "次回ビルドが失敗する場合は、キャッシュを消すか依存を入れ直すとよいです。",
      "今後同じエラーが出る場合は、キャッシュを消すか再インストールします。",
      "次回ビルドが失敗する場合は、キャッシュを消すか依存を入れ直します。",
      "テストが落ちる場合は、原因を調べるか一旦スキップにする、という運用にしました。",
    ],
  },
  {
    name: "Japanese: a phase done, then on to the next phase with its sub-step headings (pushed)",
    push: true,
    rows: [
      "フェーズ2完了！次はフェーズ3に進みます。\n\n### 3.1 データモデル\n### 3.2 API",
      "Phase 1 完了！では Phase 2 に入ります。\n\n## 2.1 スキーマ定義",
    ],
  },
  {
    name: "Japanese: a phase done, then a question or the reader's review first (not pushed)",
    push: false,
    rows: [
      "フェーズ2完了！フェーズ3に進んでよろしいですか？\n\n### 3.1 データモデル\n### 3.2 API",
      "フェーズ2完了です。レビューいただいたらフェーズ3に進みます。",
    ],
  },
  {
    name: "Japanese: a phase done with its headings reporting (not pushed)",
    push: false,
    rows: [
      "フェーズ2完了！\n\n### 2.1 データモデル\n- 追加済み\n### 2.2 API\n- 実装済み",
    ],
  },
  {
    name: "Japanese: a label and a list after an announcement or a finding (pushed)",
    push: true,
    rows: [
      "実装します。\n\n作業項目:\n1. モデルの追加\n2. APIの追加\n3. テスト",
      "原因がわかりました。\n\n対応方針:\n1. キーにロケールを含める\n2. テストを更新",
    ],
  },
  {
    name: "Japanese: a label and a list under a question or a report (not pushed)",
    push: false,
    rows: [
      "以下の方針で実装してよろしいですか？\n\n作業項目:\n1. モデルの追加\n2. APIの追加",
      "実装しました。\n\n作業項目:\n1. モデルの追加（完了）\n2. APIの追加（完了）",
    ],
  },
  {
    name: "English: a general 'you can' in a reflection before the agent's own step (pushed)",
    push: true,
    rows: [
      "The nice thing about this layout is that you can swap the storage backend without touching the handlers. Let me wire up the second backend now.",
      "With the registry in place you can add a command by dropping a file in the folder. Let me add the first one.",
      "That means you can call it from anywhere. I'll move the other callers over to it now.",
      "The upside is that you can reuse the parser for the CLI. I'll extract it into its own module now.",
      "This means you can drop the old adapter entirely. Let me delete it.",
      "That means you can reuse the cache across runs. Let me add the cache key now.",
      "The good news is that you can pass options straight through. I'll update the two callers.",
    ],
  },
  {
    name: "English: 'you can' addressed to the reader, or as the last words (not pushed)",
    push: false,
    rows: [
      "You can swap the backend now. Let me know if you want me to wire up the second one.",
      "You can now run the migration from the console. Once you've done that, I'll continue with the seeding.",
      "Done. You can now add a command by dropping a file in the folder.",
      "That means you can now approve the PR. I'll merge it once you do.",
      "This means you can run the migration whenever you're ready. Let me know when it's done.",
      "With the key in place you can deploy from the dashboard. I'll wait for your go-ahead.",
      "The upside is that you can reuse the parser for the CLI.",
      "The nice thing is that you can review each commit separately. Please take a look when you have time.",
      "The good news is that you can fix this from the settings page. Could you try it?",
      "This means you can review the diff now and approve it.",
      "In short, the upside is that you can run both servers side by side.",
      "That means you can roll back with one command if it misbehaves. I'll leave the flag off until you say go.",
      "The upside is that you can add more regions later. I'll hold off on the second region until you confirm the budget.",
      "This means you can delete the old bucket. I'll do it once you give the word.",
      "It means you can swap keys without a redeploy. Want me to set that up?",
      "The catch is that you can only do this from the web UI. I've written the steps above.",
      "That means you can merge it yourself. Ping me if CI complains.",
      "With the token in place, you can trigger the workflow by hand. I'll watch the run when you start it.",
      "That means you can pick either layout. I'll implement whichever you choose.",
      "That means you can call the helper from anywhere now. All tests pass.",
      "The nice part is that you can extend it with plugins.",
    ],
  },
  {
    name: "English: a bare imperative of the agent's own after a result line (pushed)",
    push: true,
    rows: [
      "Good, both exist. Now copy the files and commit.",
      "Good, the build passes. Now update the snapshot and push.",
      "OK, that's the culprit. Now patch the parser and rerun the tests.",
      "Good, the tests pass. Now open the config file and add the new key.",
      "Now check the logs for the failing request.",
      "Next, I'll grant the test user the admin role in the seed script.",
    ],
  },
  {
    name: "English: an imperative only a person can carry out (not pushed)",
    push: false,
    rows: [
      "Good, both exist. Now copy the files to your server and restart the service.",
      "All set. Now run `npm install` on your machine and restart the dev server.",
      "Done. Now open the console and approve the request.",
      "Pushed. Now approve the PR in GitHub and I'll merge it.",
      "Next, grant the bot write access in the repo settings.",
      "All done. Now sign in to the admin panel and enable the flag.",
      "Then log in to the dashboard and rotate the key.",
      "Next, authorize the app in your GitHub account and I'll retry.",
      "Now grant the service account access to the bucket.",
      "Then approve the pending deployment.",
    ],
  },
  {
    name: "Korean: the reader's action first, then a step (not pushed)",
    push: false,
    rows: [
      "먼저 커밋하겠습니다. 파일을 교체해 주시면 실행 순서를 안내드리겠습니다.",
      "원격에 새 커밋이 있습니다. 풀한 후 푸시해 주세요.",
      "승인해 주시면 머지한 후 배포합니다.",
      "충돌을 해결해 주시면 커밋합니다.",
      "확인해 주신 후에 배포합니다.",
      "권한을 주시면 다시 실행한 후 결과를 알려드리겠습니다.",
      "원격 브랜치가 앞서 있습니다. Rebase 후 push해 주세요.",
      "승인 후 merge합니다. 승인 부탁드립니다.",
      "리뷰해 주시면 rebase 후 push하겠습니다.",
    ],
  },
  {
    name: "Korean: a plain 합니다 step after 'after X' (pushed)",
    push: true,
    rows: [
      "원격에 새 커밋이 있습니다. 풀한 후 푸시합니다.",
      "테스트가 통과했습니다. 빌드한 후 배포합니다.",
      "리베이스한 다음 푸시합니다.",
      "충돌을 해결한 뒤 커밋합니다.",
      "테스트를 돌린 후 결과를 확인합니다.",
      "빌드가 실패하니 캐시를 지우고 다시 빌드합니다.",
    ],
  },
  {
    name: "Korean: done forms after 'after X' (not pushed)",
    push: false,
    rows: [
      "풀한 후 푸시했습니다.",
      "2. 파일 검증 — PNG 생성 완료",
      "충돌을 해결한 뒤 커밋했습니다.",
      "Rebase 후 push했습니다.",
      "Build 후 deploy 완료했습니다.",
      "1. 설정 파일 검증 — 스키마 체크 완료\n2. 로그 정리 — 오래된 파일 삭제 완료",
    ],
  },
  {
    name: "Japanese: an either-or under an event still to come, often a person's (not pushed)",
    push: false,
    rows: [
      "レビューが通った場合は、マージするかリリースブランチに入れます。",
      "返信があった場合は、修正するかクローズします。",
      "ご指示があれば、削除するかアーカイブします。",
      "方針が決まった場合は、書き直すか今のまま残します。",
      "CIの承認が下りた場合は、デプロイするかロールバックします。",
      "お返事をいただいた場合は、続行するか中止します。",
      "キーを発行してもらえた場合は、設定するか環境変数に入れます。",
      "手が空いたときに、確認するかコメントをお願いします。",
      "本番環境へのアクセスがもらえた場合は、ログを見るかダンプを取ります。",
    ],
  },
  {
    name: "Japanese: a finding, then a change made per case (pushed)",
    push: true,
    rows: [
      "原因はキャッシュの共有でした。リクエストごとに別のキーを使うように変更します。",
      "テストが落ちていました。テストごとに一時ディレクトリを分けるよう修正します。",
    ],
  },
  {
    name: "Japanese: waits and reports in the new rules' words (not pushed)",
    push: false,
    rows: [
      "修正箇所は3つあります。一覧は上のとおりです。ご確認お願いします。",
      "変更が必要な箇所は2か所です。対応方針をご指示ください。",
      "設定が読めない場合は、環境変数を使うかデフォルトに戻します。どちらがよいか教えてください。",
      "ネットワークが不安定な場合は、再試行するかタイムアウトを延ばします、という案でよろしいでしょうか。",
      "サーバーが落ちている場合は、再起動するかお知らせします。再起動の許可をください。",
      "データが多い場合は、ページングするか絞り込みを入れます。ご判断をお願いします。",
      "ファイルがない場合は、作成するかテンプレートからコピーする実装にしました。",
      "依存が古い場合は、更新するかロックファイルを再生成するようにスクリプトを直しました。",
      "マイグレーションをお願いできますか。既存データは残るので問題ありません。",
      "リリースして大丈夫です。テストが全部通っているので問題ありません。",
      "デプロイしました。ロールバック手順もあるので問題ありません。",
      "キャッシュを実装しました。キーが変わるたびに古いエントリを捨てます。",
      "キャッシュを実装しました。キーが変わるたびに古いエントリを捨てます。問題があれば教えてください。",
    ],
  },
  {
    name: "English: waits and reports in the new rules' words (not pushed)",
    push: false,
    rows: [
      "From now on I'll always ask first — just tell me if you'd rather I didn't.",
      "I'll always run the linter from now on. Want me to add a pre-commit hook for it?",
      "That means you can deploy it yourself now. I'll be around if anything breaks.",
      "The nice part is that you can choose either backend. Which one should I set up?",
      "This means you can merge whenever you're ready.",
      "Now approve the migration in the admin panel, and I'll run the backfill after.",
      "Then sign in to the portal and paste the token here.",
      "First, grant me access to the staging bucket.",
      "OK, next log in to the dashboard and check the alert.",
      "Done. The dashboard now shows both series.",
      "Approved and merged. Now the console shows the new version.",
    ],
  },
  {
    name: "English: the agent's own step that names a dashboard or a panel (pushed)",
    push: true,
    rows: [
      "Now let me open the dashboard config and add the panel.",
      "Next I'll open the admin panel component and fix the layout.",
    ],
  },
  {
    name: "Korean: waits and reports in the new rules' words (not pushed)",
    push: false,
    rows: [
      "수정할 곳은 두 군데입니다. 어느 쪽부터 할까요?",
      "빌드가 실패하면 캐시를 지우거나 의존성을 다시 설치하겠습니다. 진행해도 될까요?",
      "승인해 주시면 머지하거나 릴리스 브랜치에 넣겠습니다.",
      "빌드가 실패하면 캐시를 지우거나 의존성을 다시 설치하도록 스크립트를 고쳤습니다.",
      "남은 작업입니다. 어느 것부터 할까요?\n\n2. 로그 정리 — 오래된 파일 삭제\n3. 설정 검증 — 스키마 체크",
    ],
  },
  {
    name: "Korean: a step after a step in a tool's words (pushed)",
    push: true,
    rows: [
      "원격 브랜치가 앞서 있습니다. Rebase 후 push합니다.",
      "테스트 통과. Build 후 deploy합니다.",
      "충돌 해결 완료. Commit 다음 push합니다.",
      "lint 에러가 있습니다. Fix 후 다시 commit합니다.",
    ],
  },
];

describe("cycle 2: the families of round 15's first sealed run, in our own phrasing", () => familyTests(CYCLE2));

describe("cycle 2: the audit names the words that decided", () => {
  const set = patternSet({ continuation: [], approval: [] });
  test("a count of the places to change pushes under its own id; a question after it waits", () => {
    expect(decide("修正箇所は2つあります。").hit?.id).toBe("ja.count-to-change");
    expect(decide("修正箇所は2つあります。どちらから対応しましょうか？").decision).toBe("pass");
  });
  test("an either-or step under a case on a tool is the agent's own step; under the reader's grant it is not", () => {
    expect(decide("ファイルが存在しない場合は、作成するかテンプレートからコピーします。").hit?.id).toBe(
      "ja.case.either",
    );
    const c = classifyMessage("権限をいただけた場合は、再実行するかステージングで確認します。", set);
    expect(c.announcement).toBeNull();
  });
  test("a reassurance with its reason lets the sentence before it decide", () => {
    const step = decide("次に呼び出し側を修正します。getPathは絶対パスを返すので、こちらは問題ありません。");
    expect(step.decision).toBe("block");
    expect(step.hit?.excerpt).toBe("次に呼び出し側を修正します。");
    const c = classifyMessage("呼び出し側を修正しました。getPathは絶対パスを返すので、こちらは問題ありません。", set);
    expect(c.ruledOut?.why).toBe("result: ja.end.past");
  });
  test("what the new code does after the report of making it names the result it follows", () => {
    const c = classifyMessage("フックを修正しました。コミットごとにlintを走らせ、エラーがあれば中断します。", set);
    expect(c.announcement).toBeNull();
    expect(c.ruledOut?.why).toBe("result: ja.ruleout.describes-after-result (after ja.end.past)");
  });
  test("a standing rule in the habitual future is no step; a console or an approval is the reader's", () => {
    expect(classifyMessage("Saved to memory. I'll always run the full suite before opening a PR.", set).announcement)
      .toBeNull();
    expect(decide("Done. Now open the console and approve the request.").decision).toBe("pass");
    expect(decide("Good, the tests pass. Now open the config file and add the new key.").decision).toBe("block");
  });
  test("a general 'you can' in a reflection does not turn the message to the reader; a step for the reader does", () => {
    const d = decide("This means you can drop the old adapter entirely. Let me delete it.");
    expect(d.decision).toBe("block");
    expect(d.hit?.excerpt).toBe("Let me delete it.");
    expect(decide("That means you can now approve the PR. I'll merge it once you do.").decision).toBe("pass");
  });
  test("a step only a person takes after a sequencing word is a wait, and the audit says which words", () => {
    const d = decide("Next, authorize the app in your GitHub account and I'll retry.");
    expect(d.decision).toBe("pass");
    expect(d.hit?.id).toBe("en.reader.next-only");
  });
  test("a step after a step in a tool's words names its pattern; after a person's step it does not push", () => {
    expect(decide("원격 브랜치가 앞서 있습니다. Rebase 후 push합니다.").hit?.id).toBe("ko.after-then");
    expect(decide("승인 후 merge합니다.").decision).toBe("pass");
  });
  test("an either-or under an event still to come (a review passed, a key received) stays a condition", () => {
    expect(decide("レビューが通った場合は、マージするかリリースブランチに入れます。").decision).toBe("pass");
    expect(decide("キーを発行してもらえた場合は、設定するか環境変数に入れます。").decision).toBe("pass");
  });
});

describe("a sentence written twice", () => {
  const set = patternSet({ continuation: [], approval: [] });
  // The "also" note after a result is read against the sentence right before it. That neighbour was found by text,
  // so a note written twice read the first copy's neighbour and a report was pushed (round 15's review).
  test.each([
    ["ja", "ついでにREADMEの誤字も修正。パーサーを修正しました。ついでにREADMEの誤字も修正。"],
    ["ja", "ついでに型定義も修正。\n\nテストを追加しました。ついでに型定義も修正。"],
  ])("[%s] the last copy reads its own neighbour: %p", (_lang, text) => {
    const c = classifyMessage(text, set);
    expect(c.announcement).toBeNull();
    expect(c.ruledOut?.why).toStartWith("result: ja.ruleout.also-after-result");
  });
});
