/**
 * Retention under faults. (1) `vigil gc` killed with SIGKILL at a random moment of its run
 * (summarising, deleting in batches, archiving, vacuuming): the store passes
 * `PRAGMA integrity_check`, keeps every event inside retention and every session (live, or
 * archived), and a report over the whole range counts per session and category exactly what
 * it counted over the detail; the next gc finishes the job with the same counts. (2) gc
 * running while 50 hook processes start at once: every hook exits 0, commits its `hook` event
 * once and records no error. Times are printed, never asserted.
 */
import { describe, expect, test } from "bun:test";
import { copyFileSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DAY_MS } from "../../src/core/retention.ts";
import { loadReport } from "../../src/edge/store/report-load.ts";
import { openStore } from "../../src/edge/store.ts";
import { T0 } from "../core/report-seed.ts";
import { seedFleet } from "../support/fleet-seed.ts";
import { testEnv } from "../support/vigil.ts";
import {
  countEvents,
  inspect,
  readLog,
  report,
  size,
  spawnVigil,
  TIMEOUT,
  toolCall,
  writeTranscript,
} from "./harness.ts";
import { withRawDb } from "../raw-db.ts";

const DAYS = 40;
const NOW = T0 + DAYS * DAY_MS + 3_600_000;
const CUT = T0 + (DAYS - 30) * DAY_MS;

/** A pristine seeded store, built once, copied into each try's home. */
function pristine(filler: number): string {
  const dir = mkdtempSync(join(tmpdir(), "vigil-gc-seed-"));
  const store = seedFleet(dir, DAYS, { filler });
  withRawDb(store.file, (db) => db.run("PRAGMA wal_checkpoint(TRUNCATE)"));
  store.close();
  return join(dir, "vigil.db");
}

function homeWith(db: string): Record<string, string> {
  const env = testEnv({ VIGIL_NOW: String(NOW) });
  mkdirSync(env.VIGIL_HOME, { recursive: true });
  copyFileSync(db, join(env.VIGIL_HOME, "vigil.db"));
  return env;
}

interface Facts {
  integrity: string;
  kept: number;
  sessions: string[];
  counts: Record<string, Record<string, number>>;
}

/** What must survive any gc, read through vigil's own report loader. */
function facts(home: string): Facts {
  const integrity = inspect(
    home,
    (db) =>
      db.query<{ integrity_check: string }, []>("PRAGMA integrity_check").all().map((r) => r.integrity_check).join(";"),
  );
  const store = openStore(join(home, "vigil.db"));
  try {
    const { kept, sessions } = withRawDb(store.file, (db) => ({
      kept: db.query<{ n: number }, [number]>("SELECT count(*) AS n FROM events WHERE at >= ?").get(CUT)?.n ?? -1,
      sessions: db.query<{ id: string }, []>(
        "SELECT session_id AS id FROM sessions UNION SELECT session_id FROM session_archive ORDER BY 1",
      ).all().map((r) => r.id),
    }));
    const r = loadReport(store, { since: T0, until: NOW });
    return {
      integrity,
      kept,
      sessions,
      counts: Object.fromEntries([...r.sessions].map((s) => [s.session_id, s.counts])),
    };
  } finally {
    store.close();
  }
}

describe("reliability: gc", () => {
  test("gc killed at random points leaves a consistent store that lost nothing it was not meant to drop", async () => {
    const db = pristine(size(150, 600));
    const expected = facts(join(db, ".."));
    expect(expected.integrity).toBe("ok");
    const full = homeWith(db);
    const whole = await spawnVigil(["gc"], "", full);
    expect(whole.code).toBe(0);
    expect(facts(full.VIGIL_HOME)).toEqual(expected);
    const tries = size(8, 40);
    const outcomes: Record<string, number> = {};
    for (let i = 0; i < tries; i++) {
      const env = homeWith(db);
      const p = Bun.spawn([join(import.meta.dir, "..", "..", "dist", "vigil"), "gc"], {
        env,
        stdout: "ignore",
        stderr: "ignore",
      });
      await Bun.sleep(Math.random() * whole.ms * 0.8);
      p.kill("SIGKILL");
      await p.exited;
      const how = p.signalCode === "SIGKILL" ? "killed" : "finished first";
      outcomes[how] = (outcomes[how] ?? 0) + 1;
      const after = facts(env.VIGIL_HOME);
      expect(after).toEqual(expected);
      const again = await spawnVigil(["gc"], "", env);
      expect(again.code).toBe(0);
      expect(facts(env.VIGIL_HOME)).toEqual(expected);
      const left = inspect(
        env.VIGIL_HOME,
        (d) => d.query<{ n: number }, [number]>("SELECT count(*) AS n FROM events WHERE at < ?").get(CUT)?.n,
      );
      expect(left).toBe(0);
    }
    expect(outcomes.killed ?? 0).toBeGreaterThan(0);
    report({
      fault: "gc SIGKILL at a random moment",
      tries,
      lost: 0,
      worstMs: whole.ms,
      note: `full gc ${Math.round(whole.ms)} ms; ${JSON.stringify(outcomes)}`,
    });
  }, TIMEOUT);

  test("gc concurrent with 50 hook processes: 0 errors", async () => {
    const db = pristine(size(400, 1500));
    const env = homeWith(db);
    const { VIGIL_NOW: _now, ...hookEnv } = env;
    const transcript = writeTranscript(join(env.HOME, "t.jsonl"), 100_000);
    const started = Date.now();
    const gc = spawnVigil(["gc"], "", env);
    await Bun.sleep(50);
    const hooks = await Promise.all(
      Array.from(
        { length: 50 },
        (_, i) => spawnVigil(["hook"], toolCall(`gc-load-${i}`, transcript, `GcLoad${i}`), hookEnv),
      ),
    );
    const g = await gc;
    expect(g.code).toBe(0);
    expect(hooks.map((h) => h.code)).toEqual(hooks.map(() => 0));
    expect(hooks.filter((h) => h.stderr !== "")).toEqual([]);
    for (let i = 0; i < 50; i++) expect(countEvents(env.VIGIL_HOME, "hook", `gc-load-${i}`)).toBe(1);
    const errors = inspect(
      env.VIGIL_HOME,
      (d) =>
        d.query<{ n: number }, [number]>("SELECT count(*) AS n FROM events WHERE kind = 'hook_error' AND at >= ?")
          .get(started)?.n,
    );
    expect(errors).toBe(0);
    expect(readLog(env.VIGIL_HOME)).toBe("");
    const worst = Math.max(...hooks.map((h) => h.ms));
    report({
      fault: "gc with 50 concurrent hooks",
      tries: 50,
      lost: 0,
      worstMs: worst,
      note: `gc ${Math.round(g.ms)} ms alongside`,
    });
  }, TIMEOUT);
});
