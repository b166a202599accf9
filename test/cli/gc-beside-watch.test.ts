/**
 * gc never blocks liveness (issue 30 item 8): the watch's first gc over a backlog runs after
 * its pass and outside the pass lock, so a second `vigil watch --once` started while the
 * first is deep in gc still runs its pass and reports a death. Compiled binary, real SQLite,
 * real stand-in sessions; the backlog is written straight into the store.
 */
import { afterEach, expect, test } from "bun:test";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { readDb } from "../support/read-db.ts";
import { openStore } from "../../src/edge/store.ts";
import { type Kit, nightKit } from "../support/night-kit.ts";

const DAY = 86_400_000;
let kit: Kit | null = null;
afterEach(() => {
  kit?.close();
  kit = null;
});

/** Hook summaries over the year before `now`, about 300 a day (a backlog gc takes many seconds to roll up). */
function backlog(db: string, now: number, events = 100_000): void {
  openStore(db).close();
  const raw = new Database(db, { strict: true });
  try {
    const ins = raw.query("INSERT INTO events (at, session_id, kind, detail) VALUES (?, ?, 'hook', ?)");
    const detail = JSON.stringify({ event: "PreToolUse", role: "worker", state: "normal", tokens: 1000 });
    const from = now - 365 * DAY, step = Math.floor((335 * DAY) / events);
    raw.transaction(() => {
      for (let i = 0; i < events; i++) ins.run(from + i * step, `old-${i % 500}`, detail);
    })();
  } finally {
    raw.close();
  }
}

/** The pid holding a lease in the store, or null. */
function leaseHolder(db: string, name: string): number | null {
  const raw = readDb(db);
  try {
    return raw.query<{ holder_pid: number }, [string]>("SELECT holder_pid FROM watch_lock WHERE name = ?").get(name)
      ?.holder_pid ?? null;
  } finally {
    raw.close();
  }
}

test("a pass started while the first gc runs is not skipped, and reports a death", async () => {
  const k = kit = nightKit("");
  const db = join(k.env.VIGIL_HOME, "vigil.db");
  const now = Date.now();
  backlog(db, now);
  const s = await k.session("sess-during-gc");
  const first = Bun.spawn([join(import.meta.dir, "../../dist/vigil"), "watch", "--once"], {
    env: k.env,
    stdout: "pipe",
    stderr: "pipe",
  });
  try {
    // The first process is past its pass and into gc once it holds the gc lease.
    for (let i = 0; i < 600 && leaseHolder(db, "gc") !== first.pid; i++) await Bun.sleep(50);
    expect(leaseHolder(db, "gc")).toBe(first.pid);
    await s.kill();
    const second = await k.run(["watch", "--once"]);
    expect(second.code).toBe(0);
    expect(second.stdout).not.toContain("skipping");
    expect(second.stdout).toContain("DOWN");
    // The gc was still going when the second pass finished: the pass did not wait for it.
    expect(leaseHolder(db, "gc")).toBe(first.pid);
    expect(k.events("died", s.id).length).toBe(1);
  } finally {
    first.kill("SIGKILL");
    await first.exited;
  }
}, 90_000);
