/** `vigil gc` and the watch's daily retention, as whole processes of the compiled binary. */
import { describe, expect, test } from "bun:test";
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { DAY_MS } from "../../src/core/retention.ts";
import { newRow } from "../../src/core/step.ts";
import { recallIndexFile } from "../../src/edge/store/recall-index.ts";
import { openStore } from "../../src/edge/store.ts";
import { FIXTURES } from "../support/fixtures.ts";
import { T0 } from "../core/report-seed.ts";
import { seedFleet } from "../support/fleet-seed.ts";
import { testEnv, vigil } from "../support/vigil.ts";
import { seedDetail } from "../support/audit-seed.ts";

const DAYS = 40;
const NOW = T0 + DAYS * DAY_MS + 3_600_000;

function setup() {
  const env = testEnv({ VIGIL_NOW: String(NOW) });
  mkdirSync(env.VIGIL_HOME, { recursive: true });
  seedFleet(env.VIGIL_HOME, DAYS).close();
  const db = join(env.VIGIL_HOME, "vigil.db");
  const read = <T>(fn: (s: ReturnType<typeof openStore>) => T): T => {
    const s = openStore(db);
    try {
      return fn(s);
    } finally {
      s.close();
    }
  };
  const events = () => read((s) => s.events().length);
  return { env, read, events };
}

describe("vigil gc", () => {
  test("--dry-run prints what it would drop and drops nothing; gc then drops it", () => {
    const { env, events } = setup();
    const before = events();
    const dry = vigil(["gc", "--dry-run"], "", env);
    expect(dry.stderr).toBe("");
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain("would summarise 10 day(s)");
    expect(dry.stdout).toMatch(/would drop \d+ event\(s\), 30 dead session\(s\)/);
    expect(events()).toBe(before);
    const run = vigil(["gc", "--json"], "", env);
    expect(run.code).toBe(0);
    const s = JSON.parse(run.stdout);
    expect(s.days).toBe(10);
    expect(s.events).toBe(before - events());
    expect(s.events).toBeGreaterThan(0);
    expect(s.sessions).toBe(30);
  });

  test("without a store it refuses with one line, exit 1", () => {
    const r = vigil(["gc"], "", testEnv());
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain("nothing to collect");
  });

  test("vigil config shows the retention keys and their defaults", () => {
    const r = vigil(["config", "--json"], "", testEnv());
    const c = JSON.parse(r.stdout).config;
    expect([c.retentionEventsDays, c.retentionDeadSessionsDays, c.retentionSamplesDays, c.retentionRecallDays])
      .toEqual([30, 30, 1, 30]);
    expect(c.recallCapMb).toBe(2048);
  });

  test("the watch runs gc at most daily and records the run", () => {
    const { env, read, events } = setup();
    const before = events();
    expect(vigil(["watch", "--once"], "", env).code).toBe(0);
    expect(read((s) => s.getSetting("gc.last_run"))).toBe(String(NOW));
    const afterFirst = events();
    expect(afterFirst).toBeLessThan(before);
    // A day of new old detail cannot appear, so insert some before the horizon: only a due run drops it.
    read((s) => s.appendEvent(T0, "late", "hook", seedDetail("hook")));
    const later = { ...env, VIGIL_NOW: String(NOW + 3_600_000) };
    expect(vigil(["watch", "--once"], "", later).code).toBe(0);
    expect(read((s) => s.getSetting("gc.last_run"))).toBe(String(NOW));
    expect(read((s) => s.events({ sessionId: "late" }).length)).toBe(1);
    const nextDay = { ...env, VIGIL_NOW: String(NOW + DAY_MS) };
    expect(vigil(["watch", "--once"], "", nextDay).code).toBe(0);
    expect(read((s) => s.getSetting("gc.last_run"))).toBe(String(NOW + DAY_MS));
    expect(read((s) => s.events({ sessionId: "late" }).length)).toBe(0);
  });

  test("a session gc pruned is recalled by id: its dropped index is rebuilt from the transcript", () => {
    const { env, read } = setup();
    const transcript = join(env.HOME, "t.jsonl");
    copyFileSync(join(FIXTURES, "claude-code-2.1.328", "demo-session", "transcript.jsonl"), transcript);
    const id = "feedface-0000-4000-8000-00000000beef";
    read((s) =>
      s.saveSession({ ...newRow(id, T0), state: "dead", transcript_path: transcript, updated_at: T0 + 3_600_000 })
    );
    expect(vigil(["recall", "--session", id, "handoff"], "", env).code).toBe(0);
    const index = recallIndexFile(env.VIGIL_HOME, transcript);
    expect(existsSync(index)).toBe(true);
    expect(vigil(["gc"], "", env).code).toBe(0);
    expect(read((s) => s.loadSession(id))).toBeNull();
    expect(existsSync(index)).toBe(false);
    const again = vigil(["recall", "--session", "feedface", "--json", "handoff"], "", env);
    expect(again.stderr).toBe("");
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout).session_id).toBe(id);
    expect(existsSync(index)).toBe(true);
  });
});
