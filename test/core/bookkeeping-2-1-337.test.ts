/**
 * 2.1.337's new transcript record, `api-request-route` (docs/claude-code-versions.md section 11),
 * is bookkeeping: on every recorded 2.1.337 run, what vigil reads from the transcript is the same
 * with and without those records. Work (a follow-up's evidence), the wakes and their gaps, the
 * meter and the hook's transcript facts do not move; a follow-up must never count one as work.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { measure } from "../../src/core/meter.ts";
import { isBookkeeping } from "../../src/core/meter/backward.ts";
import { readFacts } from "../../src/core/meter/facts.ts";
import type { JsonObject } from "../../src/core/payload.ts";
import { turnWakes } from "../../src/core/wake.ts";
import { workSigns } from "../../src/core/watch/followups.ts";
import { memSource, view } from "../fixtures/transcripts/memory.ts";
import { FIXTURES } from "../support/fixtures.ts";
import { recorded } from "../support/recorded-turns.ts";

const ROUTE = "api-request-route";
const runs = readdirSync(join(FIXTURES, "claude-code-2.1.337", "transcripts"))
  .filter((f) => recorded("2.1.337", f).some((r) => r.type === ROUTE));
const text = (recs: readonly unknown[]) => new TextEncoder().encode(recs.map((r) => JSON.stringify(r) + "\n").join(""));
const json = (recs: readonly unknown[]): JsonObject[] => JSON.parse(JSON.stringify(recs));

describe("api-request-route on the recorded 2.1.337 runs", () => {
  test("the recording has them in most runs", () => {
    expect(runs.length).toBeGreaterThanOrEqual(6);
  });

  test.each(runs)("%s: the same reading without them", (run) => {
    const all = json(recorded("2.1.337", run));
    const bare = all.filter((r) => r.type !== ROUTE);
    for (const r of all.filter((x) => x.type === ROUTE)) {
      expect(isBookkeeping(JSON.stringify(r))).toBe(true);
      expect(workSigns([r])).toEqual([]);
    }
    expect(workSigns(all)).toEqual(workSigns(bare));
    const now = Date.parse("2026-12-06T00:00:00Z");
    const wakes = (recs: JsonObject[]) => turnWakes(recs, { now }).map(({ endIndex: _i, ...w }) => w);
    expect(wakes(all)).toEqual(wakes(bare));
    expect(view(measure(memSource(text(all)), null))).toEqual(view(measure(memSource(text(bare)), null)));
    const facts = (recs: JsonObject[]) => readFacts(memSource(text(recs)));
    expect(facts(all)).toEqual(facts(bare));
  });
});
