/**
 * Sleep that is real (issue 30 item 4): a session at its usage limit, told by the statusLine's
 * `rate_limits` (2.1.332's shape) or by StopFailure's error, is asleep until the reset plus a
 * margin: the watch does not call it STALE before then, and does once the reset passes with
 * no record. Compiled binary, stand-in session, `vigil watch --once` as a child process.
 */
import { afterEach, expect, test } from "bun:test";
import { utimesSync } from "node:fs";
import { type Kit, nightKit } from "../support/night-kit.ts";

const MIN = 60_000;
let kit: Kit | null = null;
afterEach(() => {
  kit?.close();
  kit = null;
});

async function status(k: Kit, id: string, at: number): Promise<{ asleep_until: string | null }> {
  const r = await k.run(["status", "--json"], at);
  const all: { session_id: string; asleep_until: string | null }[] = JSON.parse(r.stdout);
  const s = all.find((x) => x.session_id === id);
  if (!s) throw new Error(`no ${id} in status: ${r.stdout}${r.stderr}`);
  return s;
}

test(
  "a statusLine meter used up puts the session to sleep until its reset: not STALE before, STALE after",
  async () => {
    const k = kit = nightKit(`stale_after_minutes = 45`);
    const s = await k.session("sess-limited");
    const t0 = Math.floor(Date.now() / 1000) * 1000;
    utimesSync(s.transcript, t0 / 1000, t0 / 1000);
    const resets = t0 + 3 * 60 * MIN;
    const payload = {
      session_id: s.id,
      transcript_path: s.transcript,
      cwd: s.cwd,
      rate_limits: {
        five_hour: { used_percentage: 100, resets_at: resets / 1000 },
        seven_day: { used_percentage: 41, resets_at: resets / 1000 + 4 * 86_400 },
      },
    };
    expect((await k.run(["statusline"], t0, JSON.stringify(payload))).code).toBe(0);
    expect((await status(k, s.id, t0)).asleep_until).toBe(new Date(resets).toISOString());
    await k.run(["watch", "--once"], t0);
    // An hour of quiet, then two: past the 45-minute threshold, but the limit has not reset.
    for (const at of [t0 + 60 * MIN, t0 + 2 * 60 * MIN]) expect((await k.run(["watch", "--once"], at)).code).toBe(0);
    expect(k.events("stalled", s.id)).toEqual([]);
    await k.run(["watch", "--once"], resets + 10 * MIN);
    expect(k.events("stalled", s.id).length).toBe(1);
  },
  60_000,
);

test("StopFailure's usage-limit error sleeps until the reset its text names, in its zone", async () => {
  const k = kit = nightKit("");
  const s = await k.session("sess-stopfailure");
  // 10:00 UTC is 11:00 in Paris: "resets 3pm (Europe/Paris)" is 14:00 UTC the same day.
  const at = Date.UTC(2026, 11, 4, 10, 0);
  const hook = {
    hook_event_name: "StopFailure",
    session_id: s.id,
    transcript_path: s.transcript,
    cwd: s.cwd,
    error: "rate_limit",
    last_assistant_message: "You've hit your session limit · resets 3pm (Europe/Paris)",
  };
  expect((await k.run(["hook"], at, JSON.stringify(hook))).code).toBe(0);
  expect((await status(k, s.id, at)).asleep_until).toBe(new Date(Date.UTC(2026, 11, 4, 14, 0)).toISOString());
}, 30_000);
