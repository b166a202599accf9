/**
 * Issue 30 item 9 through the compiled binary: who woke each session, however Claude Code wraps
 * vigil's wake-ups, and waits still open when the night ends. Three stand-in sessions in
 * unattended mode, `vigil watch --once` at a pinned clock, recovery "restart":
 * - one sat idle since before the night; it is nudged through its inbox socket, which writes
 *   what Claude Code 2.1.332 writes for a delivered message (queue operations, then a user
 *   record holding the `<cross-session-message from="vigil">` envelope, origin "peer"), and it
 *   works;
 * - one is killed; the watch restarts it through a private tmux server (a stand-in `claude`
 *   that registers as Claude Code does), and the resumed session gets vigil's marked prompt
 *   and works;
 * - one asks for approval and is still waiting when `night off` runs.
 * The ledger must say vigil woke two sessions and count the open wait's minutes to the end.
 */
import { afterAll, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type Kit, MIN, nightKit, prompt, reply, type Stand } from "../support/night-kit.ts";
import type { Rec } from "../support/recorded-turns.ts";

let n: Kit | null = null;
afterAll(() => n?.close());

const NUDGE = "Carry on with the ticket";
const ASK = "AWAITING APPROVAL: may I drop the staging table?";

/** What 2.1.332 writes when an inbox message reaches an idle session, then the session's work. */
function delivered(content: string, at: number): Rec[] {
  const ts = (ms: number) => new Date(at + ms).toISOString();
  return [
    { type: "queue-operation", operation: "enqueue", timestamp: ts(10), content },
    { type: "queue-operation", operation: "dequeue", timestamp: ts(11) },
    {
      type: "user",
      timestamp: ts(20),
      isSidechain: false,
      origin: { kind: "peer" },
      message: { role: "user", content },
    },
    reply(at + 2_000, { tool: "Bash" }),
  ];
}

async function eventually<T>(f: () => T | null, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = f();
    if (v !== null) return v;
    if (Date.now() > end) throw new Error("timed out");
    await Bun.sleep(100);
  }
}

test(
  "vigil's inbox nudge and restart are recorded as vigil's wakes, and a wait open at night off counts to its end",
  async () => {
    n = nightKit(`recovery = "restart"\nnudge_text = "${NUDGE}"\nstale_after_minutes = 10\n`, { notifier: "none" });
    const t = n;
    t.claude("registers");
    const c0 = t.now();
    const stall = await t.session("sess-stall", { inbox: delivered, firstAt: c0 - 30 * MIN });
    const killed: Stand = await t.session("sess-killed", { firstAt: c0 - 5 * MIN });
    const waiter = await t.session("sess-waiter", { firstAt: t.now() - 30_000 });
    // Quiet since before the night: a Stop hook cannot wake these.
    t.write(stall, [reply(c0 - 20 * MIN, { text: "Next, I will wire the exporter." })]);
    t.write(killed, [reply(c0 - MIN, { text: "Next, I will run the migration." })]);
    expect((await t.run(["night", "on", "--scope", join(t.env.HOME, "work"), "--force"], t.now())).code).toBe(0);
    await t.pass();

    t.advance(MIN);
    t.write(waiter, [reply(t.now(), { text: ASK })]);
    expect((await t.stop(waiter, ASK)).decision).toBeUndefined();
    t.advance(MIN);
    await killed.kill();
    t.advance(MIN); // c0 + 3 min: the stall is STALE (23 min), the killed one DOWN
    await t.pass();
    expect(stall.inbox.length).toBe(1);
    expect(stall.inbox[0]).toContain(`[vigil nudge] ${NUDGE}`);
    // The resumed session got vigil's marked prompt; it answers it with work.
    const resumed = join(t.env.HOME, `resumed-${killed.id}`);
    const sent = await eventually(() => existsSync(resumed) ? readFileSync(resumed, "utf8") : null);
    expect(sent).toBe(`[vigil nudge] ${NUDGE}`);
    t.write(killed, [prompt(t.now() + 20_000, sent), reply(t.now() + 25_000, { tool: "Bash" })]);
    t.advance(MIN); // c0 + 4 min
    await t.pass();
    t.advance(6 * MIN); // c0 + 10 min
    await t.pass();

    const off = await t.run(["night", "off"], t.now());
    expect(off.code).toBe(0);
    // Counted by hand: vigil woke the stall (its nudge) and the killed one (its restart); the
    // waiter's turn is still unanswered at night off, so nobody woke it. Idle: the stall 20 min (its last turn at -20, nudged by the first pass at 0), the
    // waiter 9 min still open at the end (+1 to +10), dead 1 min (+3 to the verified restart at +4).
    expect(off.stdout).toContain(
      "woken: by vigil 2 (2 sessions), by a person 0 (0 sessions), by nobody 1 (1 session)",
    );
    expect(off.stdout).toContain("idle minutes: awaiting 9, asleep 0, stalled 20, dead 1");
    expect(off.stdout).toContain("nudges: 1 sent, 1 resumed work");
    expect(off.stdout).toContain("restarts: 1 sent, 1 verified, 1 resumed work");
  },
  90_000,
);
