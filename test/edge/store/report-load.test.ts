/**
 * The report reads its sessions a batch at a time (edge/store/report-load.ts): up to N sessions
 * with detail and more of those known only from summaries. Wherever a batch ends, the report
 * is the same: every session once, in the same order, with the same marks and bands.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runGc } from "../../../src/app/gc.ts";
import { DEFAULT_CONFIG } from "../../../src/core/config.ts";
import { reportJsonChunks } from "../../../src/core/report/json.ts";
import { reportTextChunks } from "../../../src/core/report/text.ts";
import { DAY_MS, retentionPolicy } from "../../../src/core/retention.ts";
import { loadReport } from "../../../src/edge/store/report-load.ts";
import { ROLLED_KEY } from "../../../src/edge/store/rollups.ts";
import { T0 } from "../../core/report-seed.ts";
import { seedFleet } from "../../support/fleet-seed.ts";

const DAYS = 40;
const NOW = T0 + DAYS * DAY_MS + 3_600_000;
const home = mkdtempSync(join(tmpdir(), "vigil-report-load-"));
const store = seedFleet(home, DAYS);
runGc(store, retentionPolicy(DEFAULT_CONFIG), { now: NOW, stateDir: home });
afterAll(() => {
  store.close();
  rmSync(home, { recursive: true, force: true });
});

const RANGE = { since: T0, until: NOW };
const text = (per?: number) => [...reportTextChunks(loadReport(store, RANGE, { sessionsPerRead: per }))].join("");
const json = (per?: number) => [...reportJsonChunks(loadReport(store, RANGE, { sessionsPerRead: per }))].join("");

describe("the report's batches", () => {
  const whole = { text: text(), json: json() };

  test("the fleet has sessions known only from summaries and sessions with detail", () => {
    const horizon = Number(store.getSetting(ROLLED_KEY));
    const sessions = [...loadReport(store, RANGE).sessions];
    expect(sessions.filter((s) => s.last_at < horizon).length).toBeGreaterThanOrEqual(30);
    expect(sessions.filter((s) => s.first_at >= horizon).length).toBeGreaterThan(10);
  });

  test.each([1, 2, 3, 5, 16])("%i sessions with detail per read: the same text and --json, byte for byte", (per) => {
    expect(text(per)).toBe(whole.text);
    expect(json(per)).toBe(whole.json);
  });
});
