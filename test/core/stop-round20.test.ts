/**
 * Issue 31, round 20: rows of our own phrasing (eval/stop-gate/round20-rows.jsonl), each batch written before its rule
 * was first run — waits on the agent's own background agents, CI runs and builds (en, ko, ja) next to the agent's own
 * steps in the same words; reports that end on a result, a finding before its evidence, a later phase or advice for a
 * failure that comes back; announcements missed (docs/stop-gate.md, "Round 20: the Stop gate's rules (gate8)"). Every row
 * is decided as its family says except the ones listed below, which round 20's rules still decide wrong (data for the
 * next round). Every row is ours: never a sealed text, never an evaluation's message.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { decidedRight } from "../../eval/stop-gate/rows.ts";

type Row = { family: string; push: boolean; text: string };

const ROWS: Row[] = readFileSync(join(import.meta.dir, "../../eval/stop-gate/round20-rows.jsonl"), "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l));

/**
 * Rows round 20's rules still decide wrong: two waits main pushes too ("Let me wait …"); the rest are announcements
 * missed, by main too, or pushed only by rules the review's probes showed pushing waits in the same shape (one more
 * removal, a now-unused thing, a code condition after "make", leave asked to grasp), which were dropped.
 */
const STILL_WRONG = new Set([
  "テストはバックグラウンドで走っているので、その間にドキュメントを更新します。",
  "업로드 완료 후 목록을 새로고침하도록 변경하겠습니다.",
  "テストはバックグラウンドで走っているので、その間に変更履歴を整理します。",
  "Let me wait for the build to finish.",
  "Let me wait for the agents to complete.",
  "에이전트 3개 완료. 결과 취합.",
  "CI 통과. 머지 진행.",
  "エージェント3つ完了。結果を集約。",
  "Let me look at what happens after the request returns.",
  "Let me trace what the handler does after the response completes.",
  "I'll check whether the cache is cleared after the job finishes.",
  "Now I'll fix the bug where the spinner stays after the upload completes.",
  "Let me add a test for the state after the migration is done.",
  "Let me fix the retry so it stops after the third attempt returns.",
  "Let me write the handler that runs after the build finishes.",
  "Checking what the queue holds after the worker returns.",
  "I'll regenerate the client now; the schema PR already landed on main.",
  "I'll make the UI refresh after the upload finishes.",
  "Adding a toast when the save is done.",
  "I'll add a retry when the token is expired.",
  "Now I'll show a banner when the session is over.",
  "I'll fix the redirect that fires once the login is approved.",
  "パーサーを仕上げた後でドキュメントを更新します。",
  "リクエストが失敗した後に再試行するように修正します。",
  "Running the tests that cover the parser.",
  "Checking the services:\n- api\n- worker",
  "Remove the now-unused import.",
  "Also remove the old feature flag.",
  "Fix: change the regex to allow dots in the name.",
  "So: drop the legacy branch in the parser and rerun the tests.",
  "Rename the helper to match the new module name.",
  "Delete the stale snapshot and regenerate it.",
  "Update the fixture, then rerun the failing test.",
  "Option A keeps the cache; option B drops it. B is simpler and safe here.\n\nLet me do the following:\n1. Remove the cache layer\n2. Update the callers\n3. Run the tests",
  "Two ways to fix this: patch the parser or pre-process the input. Patching is cleaner.\n\nHere's my plan:\n1. Patch the tokenizer\n2. Add a regression test",
  "Now I'll make the CLI print the warning only when the flag is set.",
  "I'll change the loader so it retries if the first fetch times out.",
  "Next I'll add a guard that returns early when the list is empty.",
  "まず全体の構成を把握させてください。",
  "前回の続きです。残タスク: エクスポート機能、ドキュメント更新。",
  "この修正で十分対応できるので、このまま実装に入ります。",
  "修正は一行で済むので、すぐ直します。",
  "提案1の方針で実装します。",
  "では、案1で進めます。",
  "Also bump the version in package.json.",
  "Also drop the unused column from the migration.",
  "Also rename the helper to match.",
  "Delete the now-unused fixture files.",
  "Drop the now-dead branch in the reducer.",
  "I'll make sure it fails if the token is missing.",
  "I'll make the parser skip blank lines when the flag is off.",
  "まずは関連ファイルを読ませてください。",
]);

describe("round 20 rows: decided as their family says", () => {
  const families = new Map<string, Row[]>();
  for (const r of ROWS) families.set(r.family, [...(families.get(r.family) ?? []), r]);
  for (const [name, rows] of families) {
    test(name, () => {
      const wrong = rows.filter((r) => !STILL_WRONG.has(r.text) && !decidedRight(r)).map((r) => r.text);
      expect(wrong).toEqual([]);
    });
  }
  test("every row listed as still wrong is a row of the file", () => {
    const texts = new Set(ROWS.map((r) => r.text));
    expect([...STILL_WRONG].filter((t) => !texts.has(t))).toEqual([]);
  });
  test('no wait is pushed but the two "Let me wait …" rows main pushes too (known, not asserted)', () => {
    // "Let me wait …" before a tool call is as often the agent's own poll (three pre-tool announcements of the tuning
    // half), so the round's rules leave it pushed at the end of a turn, as main does: a known error, listed in
    // STILL_WRONG. The test fails on any other wait pushed, and does not fail when these two are fixed.
    const known = new Set(["Let me wait for the build to finish.", "Let me wait for the agents to complete."]);
    const pushed = ROWS.filter((r) => !r.push && !decidedRight(r)).map((r) => r.text);
    expect(pushed.filter((t) => !known.has(t))).toEqual([]);
    expect([...known].filter((t) => !STILL_WRONG.has(t))).toEqual([]);
  });
});
