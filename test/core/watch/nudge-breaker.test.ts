/** The progress breaker over nudges, as a pure decision (issue 30 item 10). */
import { expect, test } from "bun:test";
import { nudgeBreak } from "../../../src/core/watch/nudge-breaker.ts";

const T = Date.parse("2026-12-01T22:00:00Z");
const wake = (pendingEndAt: number | null) => ({ offset: 0, mid: false, pendingEndAt, pendingCause: null });
const base = { asleepUntil: null, lastTurn: null, pending: null, now: T + 60 * 60_000 } as const;

test.each(
  [
    [
      "the words-only answer is still the last turn",
      { quiet: T, pending: T, asleepUntil: null },
      "answered-without-work",
    ],
    ["a new turn ended since the answer", { quiet: T, pending: T + 5000, asleepUntil: null }, null],
    ["a known sleep ended since the answer", { quiet: T, pending: T, asleepUntil: T + 30 * 60_000 }, null],
    ["a known sleep not over yet", { quiet: T, pending: T, asleepUntil: T + 90 * 60_000 }, "answered-without-work"],
  ] as const,
)("a push answered with words only: %s", (_name, c, want) => {
  const memo = { quiet: { kind: "nudge" as const, endAt: c.quiet }, wake: wake(c.pending) };
  expect(nudgeBreak({ ...base, memo, asleepUntil: c.asleepUntil })).toBe(want);
});

test.each(
  [
    ["a report with nothing pending", "report", false, "finished"],
    ["a report with open items", "report", true, null],
    ["a report whose todo sources were not read", "report", null, null],
    ["an announcement", "announcement", false, null],
  ] as const,
)("the last turn is %s", (_name, lastTurn, pending, want) => {
  expect(nudgeBreak({ ...base, memo: { quiet: null, wake: wake(T) }, lastTurn, pending })).toBe(want);
});
