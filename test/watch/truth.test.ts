/**
 * The session machine as the one truth the watch acts on (issue 13): real stand-in processes
 * with registry files, hooks run through the compiled binary on the same database, a literal
 * clock for the watch. Awaiting and sleeping sessions are quiet, not stalled, and never pushed.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { appendFileSync } from "node:fs";
import { NIGHT_KEY } from "../../src/night/setting.ts";
import { nextCronFire } from "../../src/core/rest.ts";
import { snapshotFacts } from "../../src/core/status-view.ts";
import { vigil } from "../support/vigil.ts";
import { type Harness, harness, type Session, touch } from "./harness.ts";

const MIN = 60_000;
let h: Harness;
afterEach(() => h?.close());

/** Run one hook through the binary against the harness's database. */
function hook(s: Session, event: string, extra: Record<string, unknown> = {}): void {
  const payload = {
    hook_event_name: event,
    session_id: s.id,
    transcript_path: s.transcript,
    cwd: s.cwd,
    ...extra,
  };
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: h.root, VIGIL_HOME: h.root, TZ: "UTC", LANG: "C" };
  const r = vigil(["hook"], JSON.stringify(payload), env);
  if (r.code !== 0) throw new Error(`hook exited ${r.code}: ${r.stderr}`);
}

/** A finished assistant turn ending with `text`. */
const endTurn = (at: number, text: string) =>
  JSON.stringify({
    type: "assistant",
    timestamp: new Date(at).toISOString(),
    isSidechain: false,
    message: { id: `m${at}`, role: "assistant", stop_reason: "end_turn", content: [{ type: "text", text }] },
  }) + "\n";

const facts = (id: string) => snapshotFacts(h.store.loadSession(id));

/** Unattended mode on over the whole machine. */
function nightOn(): void {
  h.store.setSetting(NIGHT_KEY, JSON.stringify({ on: true, scope: [], until: null, since: h.now(), snapshot: [] }));
}

describe("awaiting", () => {
  test("a session whose last Stop asks for approval is never nudged nor restarted, even in the night", async () => {
    h = harness({ config: { recovery: "restart", nudgeText: "Continue with the ticket" } });
    nightOn();
    const s = h.session("sess-await", { tmux: "night:@1.%7" });
    hook(s, "Stop", { last_assistant_message: "The migration is ready.\n\nAWAITING APPROVAL: may I run it on prod?" });
    // "AWAITING APPROVAL:" is one of the escape phrases (product.md section 6).
    expect(facts(s.id).awaiting).toBe("escape");
    touch(s.transcript, h.now() - 120 * MIN);
    const p = await h.pass();
    // Quiet for a person is not a stall.
    expect([p.stale, h.state(s.id)]).toEqual([0, "normal"]);
    expect(h.calls.nudge).toEqual([]);
    await h.kill(s);
    h.advance(5 * MIN);
    await h.pass();
    expect(h.calls.restart).toEqual([]);
    expect(h.events("restart", s.id).map((e) => e.detail.skipped)).toEqual(["awaiting-escape"]);
    expect(h.calls.notify.map((n) => n.kind)).toEqual(["down"]);
  });

  test("a person's prompt ends the wait; a harness notification does not", async () => {
    h = harness();
    nightOn();
    const s = h.session("sess-await-2");
    hook(s, "Stop", { last_assistant_message: "Which of the two schemas should I keep?" });
    expect(facts(s.id).awaiting).toBe("question");
    hook(s, "UserPromptSubmit", { prompt: "<task-notification>\n<status>completed</status>\n</task-notification>" });
    expect(facts(s.id).awaiting).toBe("question");
    hook(s, "UserPromptSubmit", { prompt: "keep the second", source: "user" });
    expect(facts(s.id).awaiting).toBe(null);
  });

  test("a wait that began before unattended mode was turned on is read from the transcript: no stall, no push", async () => {
    h = harness({ config: { nudgeText: "Continue with the ticket" } });
    const s = h.session("sess-await-3", { tmux: "night:@1.%8" });
    const msg = "Both fixes are ready. Should I merge the first one or the second?";
    appendFileSync(
      s.transcript,
      JSON.stringify({
        type: "assistant",
        timestamp: new Date(h.now()).toISOString(),
        isSidechain: false,
        message: { id: "m9", role: "assistant", stop_reason: "end_turn", content: [{ type: "text", text: msg }] },
      }) + "\n",
    );
    // Unattended mode off: the hook does not classify (nothing could push the session then).
    hook(s, "Stop", { last_assistant_message: msg });
    expect(facts(s.id).awaiting).toBe(null);
    nightOn();
    touch(s.transcript, h.now() - 60 * MIN);
    const p = await h.pass();
    // Judged from the transcript when the stall would be reported: quiet for a person.
    expect([p.stale, h.state(s.id)]).toEqual([0, "normal"]);
    expect(h.calls.nudge).toEqual([]);
    expect(h.events("stalled", s.id)).toEqual([]);
  });

  test("outside unattended mode an approval wait is not paged as STALE", async () => {
    h = harness({ config: { recoverOutsideNight: false } });
    const s = h.session("sess-await-day");
    const msg = "The schema change is staged.\n\nAWAITING APPROVAL: may I apply it?";
    appendFileSync(s.transcript, endTurn(h.now(), msg));
    hook(s, "Stop", { last_assistant_message: msg });
    expect(facts(s.id).awaiting).toBe(null);
    touch(s.transcript, h.now() - 60 * MIN);
    const p = await h.pass();
    expect([p.stale, h.state(s.id)]).toEqual([0, "normal"]);
    expect(h.calls.notify).toEqual([]);
  });

  test("an approval a person already answered is no wait: the stalled session is nudged", async () => {
    h = harness({ config: { nudgeText: "Continue with the ticket" } });
    nightOn();
    const s = h.session("sess-answered", { tmux: "night:@1.%9" });
    appendFileSync(s.transcript, endTurn(h.now() - 61 * MIN, "AWAITING APPROVAL: may I drop the old index?"));
    appendFileSync(
      s.transcript,
      JSON.stringify({
        type: "user",
        timestamp: new Date(h.now() - 60 * MIN).toISOString(),
        isSidechain: false,
        message: { role: "user", content: "Yes, drop it." },
      }) + "\n",
    );
    touch(s.transcript, h.now() - 60 * MIN);
    const p = await h.pass();
    expect([p.stale, h.state(s.id)]).toEqual([1, "stalled"]);
    expect(h.calls.nudge.map(([, text]) => text)).toEqual(["Continue with the ticket"]);
  });

  test("outside unattended mode nothing is pushed unless recoverOutsideNight is set", async () => {
    h = harness({ config: { nudgeText: "Continue with the ticket" } });
    const s = h.session("sess-day", { tmux: "day:@1.%3" });
    touch(s.transcript, h.now() - 60 * MIN);
    await h.pass();
    expect(h.state(s.id)).toBe("stalled");
    expect(h.calls.nudge).toEqual([]);
    expect(h.events("nudge", s.id).map((e) => e.detail.skipped)).toEqual(["outside-unattended-scope"]);
  });
});

describe("asleep", () => {
  test("a session asleep on its cron is not STALE, and is STALE once the wake-up passes without a record", async () => {
    h = harness({ config: { nudgeText: "Continue" } });
    nightOn();
    const s = h.session("sess-cron", { tmux: "n:@1.%4" });
    hook(s, "Stop", {
      last_assistant_message: "Checked the queue; nothing new.",
      session_crons: [{ id: "c1", schedule: "0 */3 * * *", recurring: true, prompt: "check the queue" }],
    });
    const until = facts(s.id).asleepUntil;
    const stoppedAt = h.store.loadSession(s.id)?.updated_at ?? 0;
    expect(until).toBe(nextCronFire("0 */3 * * *", stoppedAt));
    if (until === null) throw new Error("no wake-up");
    // The hooks ran on the real clock: put the watch's clock and the transcript there.
    h.advance(stoppedAt - h.now());
    touch(s.transcript, stoppedAt);
    await h.pass();
    h.advance(Math.max(0, until - h.now() - MIN));
    const before = await h.pass();
    expect([before.stale, h.state(s.id)]).toEqual([0, "normal"]);
    expect(h.calls.nudge).toEqual([]);
    h.advance(10 * MIN);
    const after = await h.pass();
    expect(after.stale).toBe(1);
    expect(h.state(s.id)).toBe("stalled");
    expect(h.calls.nudge.length).toBe(1);
  });

  test("a usage-limit StopFailure puts the session to sleep", () => {
    h = harness();
    const s = h.session("sess-limit");
    hook(s, "StopFailure", { error: "rate_limit" });
    const f = facts(s.id);
    expect(f.asleepCause).toBe("rate_limit");
    expect(f.asleepUntil).toBeGreaterThan(h.store.loadSession(s.id)?.updated_at ?? Infinity);
  });
});

describe("hung tool", () => {
  test("a transcript growing only by progress records goes STALE", async () => {
    h = harness();
    const s = h.session("sess-hung");
    touch(s.transcript, h.now() - 10 * MIN);
    await h.pass();
    for (let i = 0; i < 10; i++) {
      h.advance(5 * MIN);
      appendFileSync(
        s.transcript,
        JSON.stringify({ type: "progress", timestamp: new Date(h.now()).toISOString() }) + "\n",
      );
      touch(s.transcript, h.now());
      await h.pass();
    }
    expect(h.state(s.id)).toBe("stalled");
    expect(h.events("stalled", s.id).length).toBe(1);
    // A real record ends it.
    appendFileSync(
      s.transcript,
      JSON.stringify({ type: "assistant", timestamp: new Date(h.now()).toISOString() }) + "\n",
    );
    h.advance(MIN);
    touch(s.transcript, h.now());
    await h.pass();
    expect(h.state(s.id)).toBe("normal");
  });
});

describe("status", () => {
  test("a live watched session appears in status --json before any hook fired, with its host", async () => {
    h = harness();
    const s = h.session("sess-watch-only", { tmux: "w:@2.%9", kind: "interactive" });
    const bg = h.session("sess-bg", { kind: "bg" });
    await h.pass();
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: h.root, VIGIL_HOME: h.root, TZ: "UTC" };
    const r = vigil(["status", "--json", "--all"], "", env);
    expect(r.code).toBe(0);
    const objs: { session_id: string; host: string | null; awaiting: unknown; asleep_until: unknown }[] = JSON.parse(
      r.stdout,
    );
    const by = new Map(objs.map((o) => [o.session_id, o]));
    expect(by.get(s.id)?.host).toBe("tmux");
    expect(by.get(bg.id)?.host).toBe("bg");
    expect(by.get(s.id)).toHaveProperty("awaiting", null);
    expect(by.get(s.id)).toHaveProperty("asleep_until", null);
  });

  test("a background session is never restarted with --resume", async () => {
    h = harness({ config: { recovery: "restart", recoverOutsideNight: true } });
    const s = h.session("sess-bg-dead", { kind: "bg" });
    await h.pass();
    await h.kill(s);
    await h.pass();
    expect(h.calls.restart).toEqual([]);
    expect(h.events("restart", s.id).map((e) => e.detail.skipped)).toEqual([
      "background-session-supervised-by-claude-code",
    ]);
  });
});

test("nextCronFire reads steps, ranges, lists and the day rule, in local time", () => {
  const at = new Date(2026, 11, 1, 10, 7).getTime(); // Tuesday 10:07
  expect(nextCronFire("*/15 * * * *", at)).toBe(new Date(2026, 11, 1, 10, 15).getTime());
  expect(nextCronFire("5,50 10 * * *", at)).toBe(new Date(2026, 11, 1, 10, 50).getTime());
  expect(nextCronFire("30 9 * * *", at)).toBe(new Date(2026, 11, 2, 9, 30).getTime());
  // Saturday noon → Monday 09:00.
  expect(nextCronFire("0 9 * * 1-5", new Date(2026, 11, 5, 12).getTime())).toBe(new Date(2026, 11, 7, 9).getTime());
  // Day of month and day of week both given: either matches (the 3rd, a Thursday, comes first).
  expect(nextCronFire("0 0 3 * 5", at)).toBe(new Date(2026, 11, 3).getTime());
  expect(nextCronFire("bogus", at)).toBe(null);
  expect(nextCronFire("61 * * * *", at)).toBe(null);
});
