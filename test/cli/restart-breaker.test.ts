/**
 * Restarts as a user meets them at night (issue 30 items 2 and 5): the compiled binary's
 * `vigil watch --once` as a child process, stand-in sessions that really die, restarts through
 * a real (private) tmux server into a stand-in `claude`, alerts to a receiver on 127.0.0.1.
 */
import { afterEach, expect, test } from "bun:test";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { type Kit, nightKit } from "../support/night-kit.ts";

const MIN = 60_000;
const CONFIG = `recovery = "restart"\nrecover_outside_night = true\nrestart_verify_minutes = 2`;
let kit: Kit | null = null;
afterEach(() => {
  kit?.close();
  kit = null;
});

test(
  "a restart that never comes back is a failure, and after two in a row the breaker holds with one alert",
  async () => {
    const k = kit = nightKit(CONFIG);
    k.claude("dies");
    const s = await k.session("sess-doomed");
    const t0 = Date.now();
    expect((await k.run(["night", "on", "--force", "--scope", s.cwd], t0 - 1000)).code).toBe(0);
    await k.pass(t0);
    await s.kill();
    for (let i = 1; i <= 6; i++) await k.pass(t0 + i * 3 * MIN);
    // tmux took both commands; neither restart came up, so neither is reported as restarted.
    expect(k.events("restart", s.id).map((e) => [e.ok, e.attempt])).toEqual([[true, 1], [true, 2]]);
    expect(k.events("restart_check", s.id).map((e) => e.verified)).toEqual([false, false]);
    expect(k.received.map((r) => r.event)).toEqual(["down", "restart-failed", "breaker-open"]);
    expect(k.received[2]?.detail).toContain("process exited without writing its transcript");
    // `night off` lifts the hold: the next pass tries again.
    expect((await k.run(["night", "off"], t0 + 19 * MIN)).code).toBe(0);
    await k.pass(t0 + 20 * MIN);
    expect(k.events("restart", s.id).length).toBe(3);
  },
  60_000,
);

test("a restart whose process exits at once fails at the next pass, not at the end of the window", async () => {
  const k = kit = nightKit(CONFIG);
  k.claude("dies");
  const s = await k.session("sess-gone");
  const t0 = Date.now();
  await k.pass(t0);
  await s.kill();
  await k.pass(t0 + 30_000);
  expect(k.events("restart", s.id).map((e) => [e.ok, e.attempt])).toEqual([[true, 1]]);
  // Passes 10 s apart, all well inside the 2-minute window: the stand-in's `claude --resume`
  // has exited and its tmux pane is gone, which no wait can change.
  let at = t0 + 30_000;
  for (let i = 0; i < 6 && k.events("restart_check", s.id).length === 0; i++) await k.pass(at += 10_000);
  const check = k.events("restart_check", s.id);
  expect(check.map((e) => [e.verified, e.alive, e.grew])).toEqual([[false, false, false]]);
  expect(String(check[0]?.failed)).toContain("process exited without writing its transcript");
  expect(at - (t0 + 30_000)).toBeLessThan(2 * MIN);
  expect(k.received.map((r) => r.event)).toEqual(["down", "restart-failed"]);
}, 60_000);

test("a restart counts once its process is alive and its transcript written", async () => {
  const k = kit = nightKit(CONFIG);
  k.claude("comes-back");
  const s = await k.session("sess-back");
  const t0 = Date.now();
  await k.pass(t0);
  await s.kill();
  await k.pass(t0 + 3 * MIN);
  // The stand-in registers and writes on the real clock; wait for it before the next pass.
  for (let i = 0; i < 200 && Bun.file(s.transcript).size < 100; i++) await Bun.sleep(25);
  await k.pass(t0 + 4 * MIN);
  expect(k.events("restart_check", s.id).map((e) => [e.verified, e.alive, e.grew])).toEqual([[true, true, true]]);
  expect(k.received.map((r) => r.event)).toEqual(["down", "restarted"]);
  expect(k.received[0]?.detail).toContain("verifying");
}, 60_000);

test("a dead session asleep until its usage limit resets is restarted at once", async () => {
  const k = kit = nightKit(CONFIG);
  k.claude("comes-back");
  const s = await k.session("sess-limit");
  const hook = { hook_event_name: "StopFailure", session_id: s.id, transcript_path: s.transcript, cwd: s.cwd };
  const r = await k.run(["hook"], undefined, JSON.stringify({ ...hook, error: "rate_limit" }));
  expect(r.code).toBe(0);
  const t0 = Date.now();
  await k.pass(t0);
  await s.kill();
  await k.pass(t0 + 3 * MIN);
  expect(k.events("restart", s.id).map((e) => [e.ok, e.skipped ?? null])).toEqual([[true, null]]);
}, 60_000);

test("a restart being verified is not a second death, and the session's pane becomes the restart's", async () => {
  const k = kit = nightKit(CONFIG);
  k.claude("comes-back");
  const s = await k.session("sess-slow-register");
  const t0 = Date.now();
  await k.pass(t0);
  await s.kill();
  await k.pass(t0 + 3 * MIN);
  const sessions = join(k.claudeDir, "sessions");
  for (let i = 0; i < 200 && readdirSync(sessions).length === 0; i++) await Bun.sleep(25);
  // As 2.1.88 does: the resumed session's hooks run before its registry entry names it.
  const [file] = readdirSync(sessions);
  const entry = readFileSync(join(sessions, file), "utf8");
  rmSync(join(sessions, file));
  const start = { hook_event_name: "SessionStart", source: "resume", session_id: s.id, transcript_path: s.transcript };
  expect((await k.run(["hook"], t0 + 3 * MIN + 1000, JSON.stringify({ ...start, cwd: s.cwd }))).code).toBe(0);
  await k.pass(t0 + 4 * MIN);
  expect(k.events("died", s.id).length).toBe(1);
  writeFileSync(join(sessions, file), entry);
  await k.pass(t0 + 5 * MIN);
  expect(k.events("restart_check", s.id).map((e) => e.verified)).toEqual([true]);
  expect(k.received.map((r) => r.event)).toEqual(["down", "restarted"]);
  const raw = new Database(join(k.env.VIGIL_HOME, "vigil.db"), { readonly: true });
  const pane = raw.query<{ pane: string | null }, [string]>("SELECT pane FROM watch WHERE session_id = ?").get(s.id);
  raw.close();
  const panes = Bun.spawnSync(["tmux", "list-panes", "-a", "-F", "#{pane_id}"], { env: k.env }).stdout.toString();
  expect(pane?.pane ?? "").toMatch(/^%\d+$/);
  expect(panes.split("\n")).toContain(pane?.pane ?? "");
}, 60_000);
