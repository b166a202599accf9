/**
 * One table per family of error issue 15 found on real end-of-turn messages (misses and
 * over-triggers), in messages written for this test (never the eval set's text). Each row would
 * have been decided wrongly before the structural rules; the audit's pattern and words are
 * checked where the family is about which part of the message decides.
 */
import { describe, expect, test } from "bun:test";
import { classifyMessage } from "../../src/core/stop/classify.ts";
import { decideStop } from "../../src/core/stop/gate.ts";
import { gateInput } from "./stop-input.ts";

const BASE = gateInput();
const decide = (message: string) => decideStop({ ...BASE, message });

type Family = { name: string; want: "block" | "pass"; rows: string[] };

const MISSES: Family[] = [
  {
    name: "a completion word, then the next step in the plain present (ja/ko)",
    want: "block",
    rows: [
      "テストはすべて通りました。コミットします。",
      "リントも型チェックも問題ありませんでした。続いてドキュメントを直します。",
      "全テストが通ったので、コミットします。",
      "세 가지 모두 완료했습니다. 결과를 확인합니다.",
      "빌드가 성공했습니다. 이어서 배포 스크립트를 수정합니다.",
      "테스트가 통과했으니 커밋합니다.",
    ],
  },
  {
    name: "Korean plain verbs 확인/수정/시도/변경 + 합니다",
    want: "block",
    rows: [
      "로그를 확인합니다.",
      "설정 파일의 경로를 수정합니다.",
      "캐시를 비우고 다시 시도합니다.",
      "함수 이름을 parseRow로 변경합니다.",
      "마이그레이션 스크립트를 다시 실행해 봅니다.",
    ],
  },
  {
    name: "Japanese コミット/テスト/反映/まとめ + ます",
    want: "block",
    rows: [
      "変更をコミットします。",
      "修正したのでテストします。",
      "レビューの指摘を反映します。",
      "調査結果をまとめます。",
      "型エラーを直します。",
    ],
  },
  {
    name: "also-particles も / 도",
    want: "block",
    rows: [
      "README も更新します。",
      "CHANGELOG にも追記します。",
      "테스트 코드도 수정합니다.",
      "설명 문서도 함께 업데이트하겠습니다.",
    ],
  },
  {
    name: "embedded questions 〜か確認します / 〜지 확인합니다 / check whether",
    want: "block",
    rows: [
      "ビルドが通るか確認します。",
      "同じエラーが他の環境でも出るかを調べます。",
      "수정 후에도 테스트가 통과하는지 확인합니다.",
      "Checking whether the flaky test still fails on CI.",
    ],
  },
  {
    name: "English commands with no subject",
    want: "block",
    rows: [
      "Now rerun the linter.",
      "Need to swap the mock clock for the real one.",
      "Still need to wire the flag into the CLI.",
      "Next, bump the version in package.json.",
      "Then update the snapshot and push.",
    ],
  },
  {
    name: "an announcement followed by a numbered list or a heading",
    want: "block",
    rows: [
      "I'll fix the two remaining issues now.\n\n1. The CSV quoting bug\n2. The CRLF line endings",
      "Next I'll work through the review comments:\n\n## 1. Naming\n\n## 2. Error handling",
      "次に以下を実施します。\n\n1. 型定義の修正\n2. テストの追加",
      "이제 남은 작업을 진행하겠습니다.\n\n### 1단계: 스키마 수정",
    ],
  },
];

/** Phrasings a model writes right before a tool call; ending a turn on one leaves the work undone. */
const BEFORE_TOOL: Family[] = [
  {
    name: "announcement phrasing of the kind written right before a tool call",
    want: "block",
    rows: [
      "Checking the config loader.",
      "Looking at the failing test output.",
      "Good, that compiles. I should also update the README.",
      "設定ファイルを読みます。",
      "エラーの原因を探します。",
      "型定義を修正します：",
      "파일 구조를 살펴봅니다.",
      "관련 로그를 찾아봅니다.",
      "변경된 파일을 읽습니다.",
      "전체 구조를 살펴보죠.",
    ],
  },
];

/**
 * Families found on the real-message evaluation (eval/stop-gate), each in messages written here:
 * fragments with no finite verb that name the next action, terse Japanese action notes, 해야 합니다.
 */
const EVAL_FAMILIES: Family[] = [
  {
    name: "fragments with no finite verb that name the next action",
    want: "block",
    rows: [
      "Build passes. Now the integration tests on the merged branch.",
      "Lint is clean. Staging and pushing.",
      "The changelog still lists the old flag — fixing it:",
      "Tests green. Final review of the diff, then merge.",
      "Quick sanity check that the binary starts:",
      "Parser case done. CRLF case next.",
      "Verify with a fresh checkout:",
      "Wait, the cache path is wrong. Let me fix it.",
    ],
  },
  {
    name: "terse Japanese action notes, parentheticals, relative clauses, more verbs",
    want: "block",
    rows: [
      "古い設定を削除します（3ファイル）。",
      "`main.go` の依存を除去:",
      "他のモジュールも確認:",
      "テストが参照するモックを追加します。",
      "ログ出力を `debug` に切り替えます。",
      "競合を解消します。\n\n**a.json**: 両方の変更を残す\n**b.md**: main を優先",
    ],
  },
  {
    name: "Korean 해야 합니다 for the agent's own next step",
    want: "block",
    rows: ["원인은 CORS 설정입니다. 서버 설정을 수정해야 합니다.", "네, 새 패키지를 설치해야 합니다."],
  },
  {
    name: "explanations, predictions, waits and hand-overs that share those shapes",
    want: "pass",
    rows: [
      "Three of five reviewers are done — holding for the rest.",
      "Now the tests pass on both platforms.",
      "Now green across the board.",
      "ご指摘ありがとうございます。以後はブランチを切ってから進めます。",
      "임시로 alias를 쓰거나, 서버에서 이름을 수정해야 합니다.",
      "캐시 없이는 매번 의존성을 다시 설치해야 합니다.",
      "이제 경로 별칭이 제대로 동작할 것입니다.",
      "수정했습니다. 빌드를 다시 실행해 보세요!",
    ],
  },
];

/** Reports and descriptions that use the same verbs: they stay reports. */
const REPORTS: Family[] = [
  {
    name: "reports and descriptions that use the verbs the new rules look for",
    want: "pass",
    rows: [
      "Fixed the CSV quoting bug and added a regression test. All 214 tests pass.",
      "Reading the config file takes about 3 ms, so caching it is not worth it.",
      "Looking at the logs, the failure comes from the retry path, which I fixed in `retry.ts`.",
      "Checking the output showed no regressions.",
      "I should have caught this earlier; the fix is in and tests pass.",
      "Summary of changes:\n\n- Added the `--until` flag\n- Fixed the expiry check",
      "To try it:\n\n1. First, build the binary\n2. Then run `vigil night on`",
      "Done.\n\n## Pending",
      "We should update the docs at some point.",
      "この関数は設定ファイルを読み込みます。",
      "修正が完了しました。すべてのテストが通っています。",
      "コマンドはビルド時に型チェックを行います。",
      "以上で作業は完了です。ご確認ください。",
      "変更内容:\n\n- パーサーの修正\n- テストの追加",
      "설정 파일을 수정했습니다. 모든 테스트가 통과합니다.",
      "이 스크립트는 매일 로그를 정리합니다.",
      "파서가 입력을 검증합니다.",
      "이번 변경으로 스크립트가 세 번까지 재시도합니다.",
      "변경 사항은 다음과 같습니다.\n\n- 파서 수정\n- 테스트 추가",
    ],
  },
];

const OVER: Family[] = [
  {
    name: "Japanese descriptions of a later step or phase",
    want: "pass",
    rows: [
      "設計書を作成しました。次のステップは /build:plan コマンドを実行することです。",
      "要件定義はここまでです。次のフェーズでは API クライアントが作成されます。",
      "調査は完了です。実装は次のフェーズで行います。",
      "今回の変更は以上です。残りのリファクタリングは後で対応します。",
    ],
  },
  {
    name: "recommendations",
    want: "pass",
    rows: [
      "本番に反映する前にステージングでの検証を推奨します。",
      "依存関係を最新版に更新することをおすすめします。",
      "배포 전에 스테이징에서 검증하는 것을 권장합니다.",
      "I'd recommend pinning the Bun version in CI.",
      "I recommend we split this PR before review.",
    ],
  },
  {
    name: "conditionals that wait on a person or an outside result",
    want: "pass",
    rows: [
      "If there are no issues, I will merge it.",
      "Once the tests pass, we can proceed to the deployment.",
      "If you have feedback, I'll revise before merging.",
      "I'll merge it once CI is green.",
      "問題がなければマージします。",
      "レビューで指摘があれば修正します。",
      "문제가 없으면 머지하겠습니다.",
      "피드백이 있으면 반영하겠습니다.",
    ],
  },
  {
    name: "Korean results that begin with 이제",
    want: "pass",
    rows: [
      "이제 모든 테스트가 통과합니다.",
      "이제 CRLF 파일도 정상적으로 동작합니다.",
      "이제 설정 화면에서 언어를 선택할 수 있습니다.",
    ],
  },
  {
    name: "English descriptions in the progressive",
    want: "pass",
    rows: [
      "I'm leaning toward the second option.",
      "We're trying to keep the public API stable.",
      "Now showing 12 items per page.",
      "We're using SQLite for the event store.",
      "The dashboard is now showing the right totals.",
    ],
  },
  {
    name: "offers",
    want: "pass",
    rows: [
      "Both approaches work. Just say which and I'll do it.",
      "Pick one and I'll implement it.",
      "Say the word and I'll start on the migration.",
      "どちらにするか決まったら実装します。",
      "원하는 방식을 고르면 바로 적용하겠습니다.",
    ],
  },
  {
    name: 'a "Now I\'ll review…" line heading a review that is already complete',
    want: "pass",
    rows: [
      "Now I'll review the diff.\n\n- The parser handles CRLF correctly.\n- No tests are missing.\n- The error messages match the style guide.",
      "Let me review the changes:\n\n1. `parse.ts` handles quoted newlines.\n2. The new test covers the CRLF case.\n\nEverything looks good.",
      "変更点をレビューします。\n\n- パーサーは CRLF を正しく処理しています。\n- テストの漏れはありません。",
    ],
  },
];

describe.each([...MISSES, ...BEFORE_TOOL, ...EVAL_FAMILIES, ...OVER, ...REPORTS])("$name", (f) => {
  test.each(f.rows)(`${f.want}: %s`, (text) => {
    const d = decide(text);
    expect({ text, decision: d.decision, gate: d.gate, why: d.note }).toMatchObject({ text, decision: f.want });
  });
});

describe("explainable: a ruled-out announcement names its pattern and why", () => {
  test.each<[string, string]>([
    ["If there are no issues, I will merge it.", "conditional"],
    ["問題がなければ、そのままマージします。", "conditional"],
    ["本番に反映する前にステージングでの検証を推奨します。", "recommendation"],
    ["次のフェーズで実装を行います。", "later"],
    ["이제 모든 테스트가 통과합니다.", "state"],
  ])("%s → %s", (text, why) => {
    const c = classifyMessage(text, BASE.patterns);
    expect(c.announcement).toBeNull();
    expect(c.ruledOut?.why).toContain(why);
    expect(c.ruledOut?.excerpt.length).toBeGreaterThan(0);
  });
});

// Issue 31 reversed this: a push needs the message to END on the agent's own immediate action, so a
// ruled-out last sentence ends the search (it was pushed on the earlier "I'll run the tests.").
test("a ruled-out sentence ends the search: the message ends on a condition, not an action", () => {
  const c = classifyMessage("I'll run the tests. If they pass, I'll commit.", BASE.patterns);
  expect(c.announcement).toBeNull();
  expect(c.ruledOut?.excerpt).toBe("If they pass, I'll commit.");
  expect(c.ruledOut?.why).toContain("conditional");
});

describe("a question, approval wait, offer or escape phrase is never pushed, whatever else it says", () => {
  test.each([
    "I'll continue with the parser fix next. Shall I also update the docs?",
    "次に型定義を修正します。よろしいでしょうか？",
    "이제 스키마를 수정하겠습니다. 진행해도 될까요?",
    "I'll start the migration now. AWAITING APPROVAL: it drops a column",
    "Next I'll deploy. END UNATTENDED: no credentials",
    "I'll refactor the parser next if you want — just say the word.",
    "## Step 2: Updating the parser\n\nWhich option do you prefer?",
  ])("%s", (text) => expect(decide(text).decision).toBe("pass"));
});
