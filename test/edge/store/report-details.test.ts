/**
 * gc checks each event's detail once (edge/store/report-details.ts) and the report then writes
 * the checked rows as stored: the same `--json`, byte for byte, as when every row is checked,
 * with rows that are not objects still `{}`.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { reportJsonChunks } from "../../../src/core/report/json.ts";
import { checkDetails, DETAILS_CHECKED_KEY, detailsCheckedThrough } from "../../../src/edge/store/report-details.ts";
import { loadReport } from "../../../src/edge/store/report-load.ts";
import type { Store } from "../../../src/edge/store.ts";
import { MIN, seedStore, T0, W1 } from "../../core/report-seed.ts";
import { withRawDb } from "../../raw-db.ts";

const open: { home: string; store: Store }[] = [];
afterEach(() => {
  for (const s of open.splice(0)) (s.store.close(), rmSync(s.home, { recursive: true, force: true }));
});

const AT = T0 + 400 * MIN;
const RANGE = { since: T0, until: AT + 60 * MIN };

/** The seeded store plus rows no vigil writes: spaced, not JSON, an array, a string, a number. */
function store(): Store {
  const seeded = seedStore(undefined, T0);
  open.push(seeded);
  withRawDb(seeded.store.file, (raw) => {
    const insert = raw.query("INSERT INTO events (at, session_id, kind, detail) VALUES (?, ?, ?, ?)");
    insert.run(AT, W1, "hook", `{ "event" : "PreToolUse", "decision" : "deny", "rule": "hard.deny" }`);
    insert.run(AT + 1, W1, "frobnicated", "not json at all");
    insert.run(AT + 2, null, "hook_error", ` {"error":"spaced"}`);
    insert.run(AT + 3, null, "hook_error", "[1,2]");
    insert.run(AT + 4, W1, "hook", `"a string"`);
    insert.run(AT + 5, W1, "state", JSON.stringify({ from: "normal", to: "soft" }));
    insert.run(AT + 6, null, "hook_error", "42");
    insert.run(AT + 7, W1, "hook", JSON.stringify({ event: "Stop", decision: "block" }));
  });
  return seeded.store;
}

/** Removes the rows store() adds whose detail is not an object, leaving only objects. */
const dropNonObjects = (s: Store) =>
  withRawDb(s.file, (raw) => raw.run("DELETE FROM events WHERE at IN (?, ?, ?, ?)", [AT + 1, AT + 3, AT + 4, AT + 6]));
const json = (s: Store) => [...reportJsonChunks(loadReport(s, RANGE))].join("");
const idOf = (s: Store, at: number) =>
  withRawDb(s.file, (raw) => raw.query<{ id: number }, [number]>("SELECT id FROM events WHERE at = ?").get(at)?.id);

describe("details checked once by gc", () => {
  test("the report is byte-identical before and after the check", () => {
    const s = store();
    const before = json(s);
    expect(detailsCheckedThrough(s)).toBe(0);
    checkDetails(s);
    expect(detailsCheckedThrough(s)).toBeGreaterThan(0);
    expect(json(s)).toBe(before);
    const details = JSON.parse(before).events.slice(-8).map((e: { detail: unknown }) => e.detail);
    expect(details).toEqual([
      { event: "PreToolUse", decision: "deny", rule: "hard.deny" },
      {},
      { error: "spaced" },
      {},
      {},
      { from: "normal", to: "soft" },
      {},
      { event: "Stop", decision: "block" },
    ]);
  });

  test("the mark stops before the first row that is not an object, and moves on once it is gone", () => {
    const s = store();
    checkDetails(s);
    const bad = idOf(s, AT + 1) ?? NaN;
    expect(detailsCheckedThrough(s)).toBe(bad - 1);
    dropNonObjects(s);
    checkDetails(s);
    expect(detailsCheckedThrough(s)).toBe(idOf(s, AT + 7) ?? NaN);
  });

  test("a detail rewritten after the check drops the mark, and the report writes {} for it", () => {
    const s = store();
    dropNonObjects(s);
    checkDetails(s);
    const id = idOf(s, AT + 7) ?? NaN;
    expect(detailsCheckedThrough(s)).toBe(id);
    withRawDb(s.file, (raw) => raw.run("UPDATE events SET detail = 'not json' WHERE id = ?", [id]));
    expect(s.getSetting(DETAILS_CHECKED_KEY)).toBeNull();
    expect(JSON.parse(json(s)).events.at(-1).detail).toEqual({});
  });

  test("checked rows are written as stored: the report reads the mark (a row damaged behind its back shows)", () => {
    // Only a rewrite with the trigger gone can put a bad row under the mark; then the report
    // writes it as stored, which proves it no longer checks the rows gc checked.
    const s = store();
    dropNonObjects(s);
    checkDetails(s);
    const id = idOf(s, AT + 7) ?? NaN;
    withRawDb(s.file, (raw) => {
      raw.run("DROP TRIGGER events_detail_rewritten");
      raw.run("UPDATE events SET detail = '[1]' WHERE id = ?", [id]);
    });
    expect(json(s)).toContain(`"detail":[1]}`);
  });

  test("ids retention frees at the top are not under the mark: the next check lowers it", () => {
    // Ids are not AUTOINCREMENT: with every row gone, the next row takes id 1 whatever the mark.
    const s = store();
    dropNonObjects(s);
    checkDetails(s);
    expect(detailsCheckedThrough(s)).toBeGreaterThan(1);
    withRawDb(s.file, (raw) => raw.run("DELETE FROM events"));
    checkDetails(s);
    expect(detailsCheckedThrough(s)).toBe(0);
    withRawDb(
      s.file,
      (raw) =>
        raw.run("INSERT INTO events (at, session_id, kind, detail) VALUES (?, ?, ?, ?)", [AT, W1, "hook", "not json"]),
    );
    expect(idOf(s, AT)).toBe(1);
    expect(JSON.parse(json(s)).events.at(-1).detail).toEqual({});
  });
});
