/**
 * Clock jumps: the wall clock (pinned per process with VIGIL_NOW) jumps backwards and forwards
 * by hours between hooks and `vigil watch --once` passes over a live stand-in session. No idle
 * gap comes out negative (events, the machine's snapshot, `vigil report --json`, `vigil status`),
 * and a session is never stuck STALE: activity always revives it, and a pass right after the
 * transcript grew never calls it stale.
 */
import { afterAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { appendFileSync, mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { probe } from "../../src/edge/proc.ts";
import { assistant, jsonl } from "../fixtures/transcripts/records.ts";
import { testEnv } from "../support/vigil.ts";
import { inspect, readLog, report, size, spawnVigil, TIMEOUT, toolCall, writeTranscript } from "./harness.ts";

const HOUR = 3_600_000;
const STALE_MS = 10 * 60_000;
const children: { kill: () => void }[] = [];
afterAll(() => children.forEach((c) => c.kill()));

/** A sleeping process registered as the Claude Code session `id`, and its environment. */
function liveSession(id: string) {
  const base = testEnv({ VIGIL_STALE_AFTER_MINUTES: String(STALE_MS / 60_000) });
  const claude = join(base.HOME, "claude");
  mkdirSync(join(claude, "sessions"), { recursive: true });
  const child = Bun.spawn(["sleep", "3600"], { stdin: "ignore", stdout: "ignore", stderr: "ignore" });
  children.push(child);
  const transcript = writeTranscript(join(base.HOME, "t.jsonl"), 40_000);
  writeFileSync(
    join(claude, "sessions", `${child.pid}.json`),
    JSON.stringify({
      pid: child.pid,
      sessionId: id,
      cwd: base.HOME,
      startedAt: Date.now(),
      procStart: probe(child.pid)?.procStart,
    }),
  );
  const env: Record<string, string> = { ...base, CLAUDE_CONFIG_DIR: claude, CLAUDE_PID: String(child.pid) };
  return { env, transcript };
}

/** Every number under a key that names an idle time or a gap, anywhere in a JSON value. */
function gaps(v: unknown, out: [string, number][] = [], key = ""): [string, number][] {
  if (typeof v === "number" && /idle|gap/i.test(key)) out.push([key, v]);
  else if (Array.isArray(v)) v.forEach((x) => gaps(x, out, key));
  else if (typeof v === "object" && v !== null) { for (const [k, x] of Object.entries(v)) gaps(x, out, k); }
  return out;
}

type Step = { kind: "hook"; grow: boolean; jump: number } | { kind: "watch"; jump: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("hook" as const), grow: fc.boolean(), jump: fc.integer({ min: -6, max: 6 }) }),
  fc.record({ kind: fc.constant("watch" as const), jump: fc.integer({ min: -6, max: 6 }) }),
);

describe("clock jumps", () => {
  test("hooks and watch passes under a clock that jumps: no negative idle, never stuck STALE", async () => {
    const walks = fc.sample(fc.array(step, { minLength: 6, maxLength: 12 }), size(3, 25));
    // The walk every run starts with: forward an hour (a stall), back three, forward five.
    walks.unshift([
      { kind: "hook", grow: true, jump: 0 },
      { kind: "watch", jump: 1 },
      { kind: "hook", grow: true, jump: -2 },
      { kind: "watch", jump: -2 },
      { kind: "watch", jump: -3 },
      { kind: "watch", jump: 2 },
      { kind: "hook", grow: false, jump: 2 },
      { kind: "watch", jump: 2 },
    ]);
    let steps = 0, worst = 0, stalls = 0;
    for (const [w, walk] of walks.entries()) {
      const id = `clock-${w}`;
      const { env, transcript } = liveSession(id);
      const t0 = Date.now();
      let grew = { step: -1, at: 0 };
      for (const [i, s] of walk.entries()) {
        const now = t0 + s.jump * HOUR + i * 1000;
        const run = { ...env, VIGIL_NOW: String(now) };
        if (s.kind === "hook") {
          if (s.grow) {
            appendFileSync(transcript, jsonl([assistant(`m${w}-${i}`, { input: 40_000 + i })]));
            // The jumped clock is the machine's clock: the write's mtime follows it.
            utimesSync(transcript, now / 1000, now / 1000);
            grew = { step: i, at: now };
          }
          const r = await spawnVigil(["hook"], toolCall(id, transcript, `Clock${i}`), run);
          worst = Math.max(worst, r.ms);
          expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 0, stdout: "" });
        } else {
          const r = await spawnVigil(["watch", "--once"], "", run);
          worst = Math.max(worst, r.ms);
          expect({ step: i, code: r.code, stderr: r.stderr }).toEqual({ step: i, code: 0, stderr: "" });
        }
        steps++;
        const { state, snapshot, events } = inspect(env.VIGIL_HOME, (db) => ({
          ...(db.query<{ state: string; snapshot: string }, [string]>(
            "SELECT state, snapshot FROM sessions WHERE session_id = ?",
          ).get(id) ?? { state: null, snapshot: "{}" }),
          events: db.query<{ kind: string; detail: string }, []>("SELECT kind, detail FROM events").all(),
        }));
        const where = { walk: w, step: i, s };
        // A hook is activity: whatever the clock says, the session is not left stalled.
        if (s.kind === "hook") expect({ ...where, state }).not.toEqual({ ...where, state: "stalled" });
        // A pass right after growth, less than the stale threshold later by its clock (or
        // earlier: the clock went back), sees no stall.
        if (s.kind === "watch" && grew.step === i - 1 && now - grew.at < STALE_MS) {
          expect({ ...where, state }).not.toEqual({ ...where, state: "stalled" });
        }
        if (state === "stalled") stalls++;
        const negative = [...gaps(JSON.parse(snapshot)), ...events.flatMap((e) => gaps(JSON.parse(e.detail)))]
          .filter(([, v]) => v < 0);
        expect({ ...where, negative }).toEqual({ ...where, negative: [] });
      }
      // The report and the status table over the whole range, read at a clock behind it all.
      const behind = { ...env, VIGIL_NOW: String(t0 - 7 * HOUR) };
      const rep = await spawnVigil(["report", "--json", "--since", "1970-01-01", "--until", "2100-01-01"], "", behind);
      expect(rep.code).toBe(0);
      expect(gaps(JSON.parse(rep.stdout)).filter(([, v]) => v < 0)).toEqual([]);
      const status = await spawnVigil(["status"], "", behind);
      expect(status.code).toBe(0);
      expect(status.stdout).not.toMatch(/-\d+[smhd] ago/);
      expect(readLog(env.VIGIL_HOME)).toBe("");
    }
    console.log(`reliability | clock: ${stalls} steps ended stalled (all released by the next activity)`);
    report({
      fault: "clock jumps of up to ±6 h between hooks and watch passes",
      tries: steps,
      lost: 0,
      worstMs: worst,
    });
    // The walks must reach STALE at all, or "never stuck" says nothing.
    expect(stalls).toBeGreaterThan(0);
  }, TIMEOUT);
});
