/**
 * Goal check-ins (core/goal-checkin.ts, edge/goal-facts.ts): when Claude Code's `/goal` wakes a
 * session whose turn ended with background work running. Checked against a recorded 2.1.336
 * TUI (test/fixtures/claude-code-2.1.336/transcripts/goal_checkin.jsonl: `/goal`, a background
 * `sleep`, two idle check-ins with CLAUDE_CODE_GOAL_CHECKIN_MINUTES=1), and on records of that
 * shape for what the recording does not reach (the idle cap, a judgement, `-p`).
 */
import { describe, expect, test } from "bun:test";
import { goalCheckinDue, type GoalCheckins, goalScan } from "../../src/core/goal-checkin.ts";
import { checkinMinutes } from "../../src/core/goal-checkin.ts";
import { BACKGROUND_SLEEP_MS, stoppedEvent } from "../../src/core/rest.ts";
import { scanGoalCheckins } from "../../src/edge/goal-facts.ts";
import type { JsonObject } from "../../src/core/payload.ts";
import { jsonl, type Rec, recorded } from "../support/recorded-turns.ts";

const MIN = 60_000;
const REC = recorded("2.1.336", "goal_checkin.jsonl");
const at = (r: Rec) => Date.parse(String(r.timestamp));

/** The transcript's bytes as a byte source (what the Stop hook reads). */
function source(recs: readonly Rec[]) {
  const bytes = new TextEncoder().encode(jsonl(recs));
  return { id: "t", size: bytes.length, read: (from: number, n: number) => bytes.subarray(from, from + n) };
}

/** What the scan says with the transcript as it stood at each of the recording's turn ends. */
function atStops(): { stopAt: number; facts: GoalCheckins | null }[] {
  return REC.flatMap((r, i) =>
    r.subtype === "stop_hook_summary" ? [{ stopAt: at(r), facts: scanGoalCheckins(source(REC.slice(0, i))) }] : []
  );
}

/** When each check-in reached Claude Code's queue. */
const checkinsQueued = REC.filter((r) =>
  r.type === "queue-operation" && r.operation === "enqueue" &&
  String(r.content).includes("Goal check-in")
).map(at);

describe("the recorded 2.1.336 session", () => {
  test("each turn end's facts: the goal active, the check-ins so far, a TUI", () => {
    expect(atStops().map((s) => s.facts)).toEqual([
      { active: true, checkins: 0, idle: 0, interactive: true },
      { active: true, checkins: 1, idle: 1, interactive: true },
      { active: true, checkins: 2, idle: 2, interactive: true },
    ]);
  });

  test("the check-in is due when Claude Code sent it: a minute, then two (the doubling)", () => {
    const [first, second] = atStops();
    const due = [first, second].map((s) => goalCheckinDue(s.facts, s.stopAt, 1));
    expect(checkinsQueued).toHaveLength(2);
    // Counted from the Stop (the hook's moment), within seconds of when Claude Code queued it.
    for (const [i, d] of due.entries()) expect(Math.abs((d ?? 0) - checkinsQueued[i])).toBeLessThan(5_000);
    expect((due[1] ?? 0) - second.stopAt).toBe(2 * MIN);
  });
});

/** Records of the recorded shapes, written for the cases the recording does not reach. */
const goalSet = (): JsonObject => ({
  type: "attachment",
  attachment: { type: "goal_status", met: false, sentinel: true },
});
const judged = (met: boolean): JsonObject => ({ type: "attachment", attachment: { type: "goal_status", met } });
const idleCheckin = (): JsonObject => ({
  type: "user",
  entrypoint: "cli",
  origin: { kind: "task-notification" },
  queueOrigin: { kind: "task-notification", source: "goal-checkin" },
  message: { role: "user", content: "<task-notification>\n<summary>Goal check-in</summary>\n</task-notification>" },
});
const turnEndCheckin = (): JsonObject => ({
  type: "user",
  isMeta: true,
  entrypoint: "cli",
  message: { role: "user", content: "Goal check-in: «the build finishes» is still active …" },
});
const typed = (text: string, entrypoint = "cli"): JsonObject => ({
  type: "user",
  entrypoint,
  message: { role: "user", content: text },
});
const said = (text: string): JsonObject => ({
  type: "assistant",
  entrypoint: "cli",
  message: { role: "assistant", stop_reason: "end_turn", content: [{ type: "text", text }] },
});

function scan(recs: JsonObject[]): GoalCheckins | null {
  const s = goalScan();
  for (const r of [...recs].reverse()) if (!s.visit(r)) break;
  return s.result();
}

describe("goalScan and goalCheckinDue", () => {
  const T = Date.UTC(2026, 11, 4, 23, 0);

  test("no goal, or a goal met or given up: no check-in will come", () => {
    expect(goalCheckinDue(scan([typed("go"), said("Working.")]), T, 30)).toBeNull();
    expect(goalCheckinDue(scan([goalSet(), typed("go"), judged(true)]), T, 30)).toBeNull();
    const failed: JsonObject = { type: "attachment", attachment: { type: "goal_status", met: false, failed: true } };
    expect(goalCheckinDue(scan([goalSet(), failed]), T, 30)).toBeNull();
  });

  test("the first check-in is due the configured minutes after the turn's end", () => {
    expect(goalCheckinDue(scan([typed("/goal x"), goalSet(), said("On it.")]), T, 30)).toBe(T + 30 * MIN);
  });

  test("each check-in doubles the wait, four times at most; one written at a turn's end counts too", () => {
    const recs = [goalSet(), typed("/goal x"), idleCheckin(), said("ok"), turnEndCheckin(), said("ok")];
    expect(scan(recs)).toMatchObject({ checkins: 2, idle: 1 });
    expect(goalCheckinDue(scan(recs), T, 30)).toBe(T + 120 * MIN);
    const many = [goalSet(), idleCheckin(), idleCheckin(), typed("more"), idleCheckin(), turnEndCheckin()];
    expect(goalCheckinDue(scan(many), T, 30)).toBe(T + 120 * MIN);
  });

  test("three idle check-ins since a person wrote: Claude Code waits for the person, so none is due", () => {
    const capped = [goalSet(), typed("/goal x"), idleCheckin(), idleCheckin(), idleCheckin(), said("Still running.")];
    expect(goalCheckinDue(scan(capped), T, 30)).toBeNull();
    // A person's prompt starts the idle count again.
    expect(goalCheckinDue(scan([...capped, typed("how is it going?"), said("Still running.")]), T, 30))
      .toBe(T + 120 * MIN);
  });

  test("a judgement of the goal ends a deferral (the doubling starts again) but not the idle count", () => {
    const recs = [goalSet(), idleCheckin(), idleCheckin(), judged(false), idleCheckin(), said("ok")];
    expect(scan(recs)).toMatchObject({ checkins: 1, idle: 3 });
    expect(goalCheckinDue(scan(recs), T, 30)).toBeNull();
  });

  test("a -p session gets no check-ins", () => {
    expect(goalCheckinDue(scan([goalSet(), typed("/goal x", "sdk-cli")]), T, 30)).toBeNull();
  });

  test("CLAUDE_CODE_GOAL_CHECKIN_MINUTES: the session's value, 0 turns check-ins off, junk is the default", () => {
    expect(checkinMinutes({ CLAUDE_CODE_GOAL_CHECKIN_MINUTES: "5" })).toBe(5);
    expect(checkinMinutes({})).toBe(30);
    expect(checkinMinutes({ CLAUDE_CODE_GOAL_CHECKIN_MINUTES: "soon" })).toBe(30);
    expect(goalCheckinDue(scan([goalSet()]), T, checkinMinutes({ CLAUDE_CODE_GOAL_CHECKIN_MINUTES: "0" }))).toBeNull();
  });
});

describe("the Stop's sleep", () => {
  const T = Date.UTC(2026, 11, 4, 23, 0);
  const running: JsonObject[] = [{ id: "b1", type: "shell", status: "running" }];
  const stop = (goalDue: number | null, backgroundTasks: JsonObject[] = running) =>
    stoppedEvent({ awaiting: null, crons: [], backgroundTasks, goalDue }, T);

  test("background work with a goal check-in due sooner: asleep until the check-in", () => {
    expect(stop(T + 30 * MIN)).toMatchObject({ asleepUntil: T + 30 * MIN, cause: "goal" });
  });

  test("a check-in due after the background cap, or none: asleep on the background work", () => {
    expect(stop(T + 3 * BACKGROUND_SLEEP_MS)).toMatchObject({
      asleepUntil: T + BACKGROUND_SLEEP_MS,
      cause: "background",
    });
    expect(stop(null)).toMatchObject({ asleepUntil: T + BACKGROUND_SLEEP_MS, cause: "background" });
  });

  test("no background work: no check-in follows, no sleep", () => {
    expect(stop(T + 30 * MIN, [])).toMatchObject({ asleepUntil: null, cause: null });
  });
});
