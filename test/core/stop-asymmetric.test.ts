/**
 * Issue 31: the Stop gate is asymmetric. Pushing a wait is the one error the seeds forbid, so
 * anything in the tail that turns to the reader makes a wait; a push needs the message to END on
 * the agent's own immediate action, never on a heading, a label above results, a result, a later
 * phase, a workflow's next step or a verdict. Every row is our own phrasing, written from the
 * issue's list of families (never from an evaluation's text), in English, Korean and Japanese.
 */
import { describe, expect, test } from "bun:test";
import { classifyMessage } from "../../src/core/stop/classify.ts";
import { decideStop } from "../../src/core/stop/gate.ts";
import { gateInput } from "./stop-input.ts";

const BASE = gateInput();
const decide = (message: string) => decideStop({ ...BASE, message });

type Family = { name: string; gate: "approval" | "announcement"; why?: string; rows: string[] };

/** Waits that turn to the reader: each must pass at gate 4, whatever it also announces. */
const WAITS: Family[] = [
  {
    name: "English: something needed from the reader",
    gate: "approval",
    rows: [
      "The migration is ready. I'm going to need the production database URL from you before I run it.",
      "I'll need a fresh API token from you to finish the deploy.",
      "Everything else is done; I'm counting on you for the final DNS change.",
    ],
  },
  {
    name: "English: the reader acts, then the agent continues",
    gate: "approval",
    rows: [
      "Open the billing console, add the STRIPE_KEY secret, and then I can continue.",
      "Restart the dev server and I'll rerun the smoke test.",
      "Enable the IoT network, set it to 2.4 GHz only, then tell me the SSID and I'll reflash.",
      "Create a guest network on your router and send me its name.",
      "Go reconnect the sensor to the Wi-Fi and let's see the data come in!",
      "Grant the bot write access to the repo, then I'll push the branch.",
      "Your turn: approve the PR and I'll merge it.",
    ],
  },
  {
    name: "English: a condition on the reader's action",
    gate: "approval",
    rows: [
      "I'll continue after you've merged the base branch.",
      "After you restart the worker I'll retry the job.",
      "I'll pick the cleanup back up once you've rotated the key.",
      "As soon as you give me the bucket name I'll wire up the upload.",
      "You'll need to enable the Pages API first; then I'll finish the setup.",
    ],
  },
  {
    name: "English: a choice offered or the decision handed over",
    gate: "approval",
    rows: [
      "There are two options here: keep the legacy cache or drop it. Either works on my side.",
      "I'd go with the smaller patch, but it's up to you.",
      "The retry loop or the circuit breaker — whichever you prefer, I'll implement it.",
      "If the plan looks good, I'll start with the schema change.",
      "If that sounds right, I'll start on the schema. First the migration file.",
      "The right fix is a separate win screen. Three ways to do it:",
      "I need to know what replaces the timer. Three real forks before I touch code:",
      "Nothing is committed yet — try the build, and once it feels right we'll commit it.",
      "Wave 2 is running in three worktrees. I'll monitor progress and merge as the workers report back.",
      "The cause is the cache TTL. Quick question:",
    ],
  },
  {
    name: "Korean: -해 주시면 / -해 주세요 / honorific verbs / something needed",
    gate: "approval",
    rows: [
      "마이그레이션 준비가 끝났습니다. 운영 DB 주소를 알려 주시면 바로 실행하겠습니다.",
      "콘솔에서 결제 키를 등록해 주세요. 그다음 이어서 진행하겠습니다.",
      "PR을 머지해 주시면 배포를 시작하겠습니다.",
      "서버를 재시작하신 뒤에 다시 시도하겠습니다.",
      "저장소 쓰기 권한을 부여하셔야 합니다. 그러면 브랜치를 푸시하겠습니다.",
      "배포를 마치려면 새 API 토큰이 필요합니다.",
      "두 가지 방안 중 원하는 쪽으로 바로 구현하겠습니다.",
      "이 방향이 괜찮다면 스키마부터 수정하겠습니다.",
      "괜찮으면 진행할게요. 먼저 스키마부터 바꿀게요.",
      "원인은 세션 공유입니다. 방법이 세 가지 있습니다:",
      "이제 캐시 키를 직접 계산합니다. 더 엄격한 타입을 원한다면 스키마 검증을 추가할 수 있습니다.",
    ],
  },
  {
    name: "Japanese: …いただ… / …ください / honorifics / something needed",
    gate: "approval",
    rows: [
      "マイグレーションの準備ができました。本番 DB の URL を教えていただければすぐに実行します。",
      "コンソールで決済キーを登録してください。その後、続きを進めます。",
      "PR をマージしていただいたら、デプロイを開始します。",
      "ワーカーを再起動していただければ、ジョブを再実行します。",
      "リポジトリへの書き込み権限が必要です。",
      "A案とB案のどちらでも実装できます。",
      "原因はセッションの共有です。方法は3つあります:",
      "OKなら実装に進みます。まずは型定義から直します。",
      "地図を先に出す案です。このUXでOK？ 固まったら画面仕様をまとめる。",
      "ご確認のうえ、問題なければ続きを進めます。",
      "方針に問題がなければ実装に進みます。リファクタリングも含めて一気に行います。",
      "原因はキャッシュの期限です。確認ですが:",
    ],
  },
];

/** Messages that end on something other than the agent's own immediate action. */
const ENDINGS: Family[] = [
  {
    name: "a heading or label ending in a colon above results",
    gate: "announcement",
    why: "label",
    rows: [
      "All green.\n\nTest results:\n\n```\n214 pass\n0 fail\n```",
      "Fixed the flag parsing.\n\nRun the tests with:\n\n```\nbun test test/core\n```",
      "Rebuild with:\n\n```sh\nbun run compile.ts --single\n```",
      "Verify it yourself with:\n\n- `vigil status`\n- `vigil report --since 1h`",
      "変更は以上です。\n\n確認コマンド:\n\n```\nbun test\n```",
      "수정했습니다.\n\n테스트 실행 방법:\n\n```\nbun test\n```",
      // A command under a colon is shown to the reader, whoever's words introduce it.
      "I'll now run:\n\n```bash\nbun test test/core\n```",
      "`nom` を通さずに直接実行します:\n\n```bash\nsudo make install\n```",
    ],
  },
  {
    name: "a heading that names no step, or with something under it",
    gate: "announcement",
    why: "heading",
    rows: [
      "## Summary of the fix",
      "## Results\n\n**Parser**",
      "### 変更点のまとめ",
      "## 작업 요약",
    ],
  },
  {
    name: "a result fragment",
    gate: "announcement",
    why: "result",
    rows: [
      "Formatting fix pushed.",
      "Rebased on main. Lint fix committed and pushed.",
      "Now displays as a relative time.",
      "Merged into main. Now shows the right totals in the footer.",
      "I'll look at the docs next. Both branches merged to main.",
      "Checking the parser. Done.",
      "Now running 3x faster on the large fixture.",
      "Everything builds and the smoke test passes; nothing left on my side.",
      "포맷 수정 푸시 완료.",
      "설정 화면을 고쳤습니다.",
      "フォーマット修正をプッシュしました。",
      "レビュー指摘の反映済み。",
    ],
  },
  {
    name: "a message that ends on a condition",
    gate: "announcement",
    why: "conditional",
    rows: [
      "Let me look at the outbox. If an older event already exists with the same key...",
      "テストを実行しました。通ればそのままマージします。",
      "린트를 돌렸습니다. 문제가 없으면 커밋하겠습니다.",
    ],
  },
  {
    name: "a later phase or a workflow's next step",
    gate: "announcement",
    why: "workflow",
    rows: [
      "Design phase is complete. Phase 3 will cover the deployment scripts.",
      "Requirements are written up. The implementation phase picks this up next.",
      "設計フェーズが完了しました。実装フェーズで API クライアントを呼び出し、レスポンスを検証します。",
      "要件定義が終わりました。次はレビューフェーズに進みます。",
      "調査が終わりました。ステップ4でベンチマークを実行します。",
      "설계가 끝났습니다. 구현 단계에서 API 클라이언트를 작성하겠습니다.",
    ],
  },
  {
    name: "a verdict",
    gate: "announcement",
    why: "verdict",
    rows: [
      "LGTM — approving the PR.",
      "I reviewed every hunk; ready to merge.",
      "差分を確認しました。この PR を承認します。",
      "テストもドキュメントも揃っているので、マージ可能と判断します。",
      "변경 사항을 모두 확인했습니다. 이 PR을 승인합니다.",
    ],
  },
  {
    name: "statements that only look like the next step: a note under a topic, a subject after Now, stopping",
    gate: "announcement",
    rows: [
      "이 PR에서는 로그인 버그 수정.",
      "이번 커밋에서는 README 업데이트.",
      // "…を追加しています" is as often the state the change left; a bare "…を変更。" as often a terse report.
      "追加しました。テンプレート一覧をテーブルで記載しています。",
      "原因はキャッシュの期限切れ。設定値を 60 秒に変更。",
      "Now I understand the issue: the cache key ignores the locale.",
      // A colon at the very end that introduces content for the reader (cut off, or never written) is no step.
      "All done. Here's what changed:",
      "작업을 마쳤습니다. 변경 사항은 다음과 같습니다:",
      "対応が完了しました。変更内容は以下の通りです:",
      "I'm going to stop here for today.",
      // Korean tentative plans read as advice or invitations as often as plans: not pushed. (A terse note after a
      // sequencing word, "이제 타입 에러 수정.", pushes again since round 13: see the held-out-owner fold in
      // docs/stop-gate.md.)
      "API 응답 형식부터 확인해야겠네요.",
      "로그 확인해 보자.",
    ],
  },
  {
    name: "Korean present tense describing what the code now does",
    gate: "announcement",
    why: "state",
    rows: [
      "로그인할 때 토큰을 자동으로 갱신합니다.",
      "이제 빈 입력에는 기본값을 반환합니다.",
      "요청이 실패할 때마다 세 번까지 재시도합니다.",
      "설정을 저장할 때 이전 값을 백업 폴더에 복사합니다.",
      "이제 목록 화면이 최근 항목을 맨 위에 표시합니다.",
      "이제 파서는 CRLF 줄바꿈을 처리합니다.",
      "수정을 마쳤습니다. 이제 훅이 세션 ID만 넘깁니다. 기존 설정 파일은 그대로 사용할 수 있습니다.",
      "변경 후에는 캐시 키에 스키마 버전을 넣습니다.",
    ],
  },
];

/**
 * Round 13: structure over strings. The reader's turn is read over the whole closing prose (the last
 * paragraphs until they hold eight sentences), not only the last three sentences; a menu or a verb
 * only the reader can carry out is a wait in any language; an "I'll …" item under a label that is
 * not the agent's own ("Next steps:") is a list written for the reader; Korean waits on a completion.
 */
const ROUND13: Family[] = [
  {
    name: "a turn to the reader earlier in the closing prose, then the agent's step",
    gate: "approval",
    rows: [
      "Two things are left for you.\n\nPlease add the DATABASE_URL secret in the dashboard.\n\n```sh\nvercel env add DATABASE_URL\n```\n\nThen I'll redeploy and run the smoke test.",
      "설정은 끝났습니다.\n\n대시보드에서 API 키를 발급해 주세요.\n\n```\nexport KEY=...\n```\n\n그다음 배포를 진행하겠습니다.",
      "準備はできています。\n\nダッシュボードでトークンを発行してください。\n\n```\nexport TOKEN=...\n```\n\nその後デプロイを進めます。",
    ],
  },
  {
    name: "a menu or a verb only the reader carries out",
    gate: "approval",
    rows: [
      "The draft is saved.\n\n[R] Revise the outline\n[S] Ship it as is",
      "Pick **[1]** or **[2]**:",
      "초안을 저장했습니다.\n\n[1] 목차 수정\n[2] 그대로 진행",
      "下書きを保存しました。\n\n[A] 構成を見直す\n[B] このまま進める",
      "Select the region to deploy to, or type a custom one:",
    ],
  },
  {
    name: "an announcement listed under a label that is not the agent's own",
    gate: "announcement",
    why: "label",
    rows: [
      "The parser is merged.\n\nNext steps:\n\n1. Run the migration on staging\n2. After that, I'll switch the reads over",
      "파서를 병합했습니다.\n\n남은 작업:\n\n1. 스테이징에 마이그레이션 적용\n2. 그다음 읽기 경로를 전환하겠습니다",
    ],
  },
  {
    name: "Korean: the next step waits on a completion",
    gate: "approval",
    rows: [
      "두 번째 서버는 아직 빌드 중입니다. 완료 후 전체 헬스 체크를 실행합니다.",
      "인덱스 재생성이 돌고 있습니다. 끝난 뒤에 쿼리 성능을 다시 측정하겠습니다.",
    ],
  },
  {
    name: "Korean: a terse note that is a list item, a label's value or under a topic reports",
    gate: "announcement",
    rows: [
      "배포를 마쳤습니다.\n\n- 캐시 키 수정\n- 오래된 브랜치 삭제",
      "**검증**: 라우터 등록 확인.",
      "이번 릴리스에서는 로그인 버그 수정.",
    ],
  },
  {
    name: "what a change now makes happen: a gerund subject with its own verb, after an event, これで",
    gate: "announcement",
    rows: [
      "I looked into it: the timeout comes from the DNS lookup. Raising the resolver timeout fixes it.",
      "이제 로그인 후 대시보드로 바로 이동합니다.",
      "これでログイン後にダッシュボードへ直接遷移します。",
    ],
  },
  {
    name: "a step after a stretch of time waits for it to pass",
    gate: "announcement",
    why: "later",
    rows: [
      "The backfill is running. I'll check the row counts in 20 minutes.",
      "백필이 돌고 있습니다. 30분 후 건수를 확인하겠습니다.",
      "バックフィルを実行中です。30分後に件数を確認します。",
    ],
  },
  {
    name: "a framework named Next is no next step",
    gate: "announcement",
    rows: ["## Stack\n\n- Bun for the server\n- Next.js 15 for the pages"],
  },
];

const PUSHES_ROUND13: string[] = [
  // A numbered step's label or a title that ends on a verb noun of work, with nothing after it.
  "테스트 3: 빈 입력으로 요청",
  "3단계: 설정 파일 분리",
  "### 라우터에 헬스 체크 추가",
  "**Step B2: 캐시 무효화**",
  // A terse note of the next step after a sequencing word.
  "충돌은 없습니다. 이제 병합 커밋 + 태그 생성.",
  "먼저 현재 브랜치 상태 확인.",
  "로그를 봤습니다. 타임아웃 값 수정.",
];

/** Announcements that end on the agent's own immediate action still push, in every language. */
const PUSHES: string[] = [
  "Found the cause: the regex misses CRLF. Let me fix that.",
  "Tests pass. Next I'll wire the reader into the CLI.",
  "I'll rerun the failing suite now:",
  "Fix is in; now I'll update the snapshot. It should only take a minute.",
  "Next I'll work through the review comments:\n\n## 1. Naming\n\n## 2. Error handling",
  // A step heading or a colon with nothing after it: the message stopped right before the step.
  "## Step 2: Updating the parser",
  "**Next: migrating the settings table**",
  "### ステップ3: テストの追加",
  "## 2단계: 마이그레이션 적용",
  "**Phase 1: Delete the unused fixtures**",
  "## フェーズ2: 型定義の整理",
  "Found it: the flag is never read. Now pass it through to the renderer:",
  "원인은 스레드 풀 크기입니다. 해결 방법:",
  "InMemory リポジトリに update 実装:",
  // Korean casual and terse forms of the agent's own next step.
  "관련 코드 찾는 중",
  "의존성 설치 중...",
  "두 번째 버그를 잡으러 갑니다.",
  // Japanese casual, softened and in-progress forms, and a note after a sequencing word.
  "設定ファイルを確認しますね。",
  "テストを走らせてみる。",
  "ビルドしてみよう。",
  "型エラーを修正中です。",
  "依存関係をインストール中...",
  "次はAPIクライアントの実装。",
  "まずは現状把握から。",
  // A label over steps leaves the decision to the sentence before it.
  "計画を確認しました。では進めます。\n\n変更内容:\n\n1. `a.nix`: パッケージを変更\n2. `b.nix`: 新規作成",
  "Let me continue with more files. I'll update several files at once using MultiEdit for speed:",
  "I'll move the config loader next.\n\nChanges:\n\n1. Read the env first\n2. Fall back to the file",
  "実装に移ります。\n\n変更ファイル:\n\n1. `a.nix` - 追加\n2. `b.nix` - 新規作成",
  // The object first, then the work; a chain of the agent's own steps.
  "Now `render.go` — drop the legacy branch.",
  "検索部分を新しい API に置き換え、地図表示は今のまま維持します。",
  "All tests pass. Next I'll tag the release.",
  "원인을 찾았습니다. 이제 정규식을 수정하겠습니다.",
  "빌드가 통과했습니다. 이어서 배포 스크립트를 수정합니다.",
  "テストが通りました。続いてドキュメントを更新します。",
  "原因が分かったので、パーサーを直します。",
  // Thanking the reader for what they already did turns nothing over to them.
  "ご指摘いただいた点を修正します。",
  "알려 주셔서 감사합니다. 바로 수정하겠습니다.",
  "Thanks for the logs you shared. Let me trace the timeout.",
  // "check if you…" is an embedded question about the reader's setup, not a condition on them.
  "Let me check if you have Docker installed.",
];

describe.each([...WAITS, ...ENDINGS, ...ROUND13])("$name", (f) => {
  test.each(f.rows)(`pass at ${f.gate}: %s`, (text) => {
    const d = decide(text);
    expect({ text, decision: d.decision, gate: d.gate }).toEqual({ text, decision: "pass", gate: f.gate });
    if (f.why) expect(classifyMessage(text, BASE.patterns).ruledOut?.why ?? "").toStartWith(f.why);
  });
});

describe("a message that ends on the agent's own immediate action is still pushed", () => {
  test.each([...PUSHES, ...PUSHES_ROUND13])("%s", (text) => expect(decide(text).decision).toBe("block"));
});

describe("explainable: the audit names the words the message ended on and why", () => {
  test("a wait names the reader-turn pattern and the sentence", () => {
    const d = decide("Your turn: approve the PR and I'll merge it.");
    expect(d.hit?.id).toStartWith("en.reader.");
    expect(d.hit?.excerpt).toBe("Your turn: approve the PR and I'll merge it.");
    expect(d.note).toBe("the message ends waiting (approval)");
  });

  test("an announcement followed by a result names the result, not the announcement", () => {
    const d = decide("I'll look at the docs next. Formatting fix pushed.");
    expect(d.hit?.excerpt).toBe("Formatting fix pushed.");
    expect(d.note).toBe("announcement ruled out (result: en.end.participle)");
  });

  test("a label is a label only with something below it: at the very end it is the agent's next step", () => {
    expect(decide("The changelog still lists the old flag — fixing it:").decision).toBe("block");
    expect(decide("The changelog still lists the old flag — fixing it:\n\n```\n- --legacy\n```").decision)
      .toBe("pass");
  });
});
