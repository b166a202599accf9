/**
 * The progress breaker (issue 15): after a push that no tool call followed, the gate does not
 * push again, for an announcement or a todo push, reworded or not, until the session makes a
 * tool call; the cap still holds; and a wait or question still passes at gate 4 first.
 */
import { describe, expect, test } from "bun:test";
import { breakerHolds, type PushFollowUp, workFollowed } from "../../src/core/stop/breaker.ts";
import { decideStop, type Gate, type StopGateInput } from "../../src/core/stop/gate.ts";
import { gateInput } from "./stop-input.ts";

const NOW = 1_800_000_000_000;
const PUSHED = { at: NOW - 60_000, gate: "announcement", excerpt: "I'll continue with the parser fix next." };
const BASE = gateInput({ message: "I'll continue with the parser fix next.", stopBlocks: 1, now: NOW });
const idle: PushFollowUp = { lastPush: PUSHED, toolCallSince: false };
const worked: PushFollowUp = { lastPush: PUSHED, toolCallSince: true };
const never: PushFollowUp = { lastPush: null, toolCallSince: null };
const todo: StopGateInput["todo"] = {
  items: [{ id: "1", content: "quote CRLF fields", status: "pending" }],
  lastInterruptAt: null,
  lastPushAt: NOW - 60_000,
  pushCounts: {},
  runningBackgroundTasks: 0,
  lastCompactAt: null,
  compacting: false,
};

type Row = [string, Partial<StopGateInput>, "pass" | "block", Gate];

describe("the progress breaker in the gate", () => {
  test.each<Row>([
    ["never pushed: the announcement is pushed", { progress: never }, "block", "announcement"],
    ["no progress facts at all (older callers): pushed", {}, "block", "announcement"],
    ["pushed, then tool calls: pushed again", { progress: worked }, "block", "announcement"],
    ["pushed, then no tool call: held", { progress: idle }, "pass", "progress"],
    [
      "reworded announcement after an idle push: still held",
      { progress: idle, message: "Continuing with the parser fix now." },
      "pass",
      "progress",
    ],
    [
      "unreadable transcript after a push: held (the careful side)",
      { progress: { lastPush: PUSHED, toolCallSince: null } },
      "pass",
      "progress",
    ],
    ["todo push after an idle push: held", { progress: idle, message: "Parsing works.", todo }, "pass", "progress"],
    ["todo push after work: pushed", { progress: worked, message: "Parsing works.", todo }, "block", "todo"],
    [
      "a question passes at gate 4 before the breaker",
      { progress: idle, message: "Shall I deploy?" },
      "pass",
      "approval",
    ],
    [
      "a report passes at gate 5 before the breaker",
      { progress: idle, message: "All tests pass." },
      "pass",
      "announcement",
    ],
    ["the cap still holds after work", { progress: worked, stopBlocks: 40 }, "pass", "cap"],
    ["the cap is named first when both hold", { progress: idle, stopBlocks: 40 }, "pass", "cap"],
  ])("%s", (_name, over, decision, gate) => {
    const d = decideStop({ ...BASE, ...over });
    expect([d.decision, d.gate]).toEqual([decision, gate]);
  });

  test("the held decision names the push it follows and keeps the announcement it saw", () => {
    const d = decideStop({ ...BASE, progress: idle });
    expect(d.note).toContain("no tool call since the last push");
    expect(d.note).toContain(PUSHED.excerpt);
    expect(d.hit?.id).toBe("en.future");
  });
});

describe("workFollowed / breakerHolds", () => {
  test.each<[PushFollowUp, boolean | null]>([
    [never, null],
    [idle, false],
    [worked, true],
    [{ lastPush: PUSHED, toolCallSince: null }, false],
  ])("%j → %p", (f, want) => {
    expect(workFollowed(f)).toBe(want);
    expect(breakerHolds(f) !== null).toBe(want === false);
  });
  test("null input never holds", () => expect(breakerHolds(null)).toBeNull());
});
