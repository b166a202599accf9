/** Migration 5: the sessions touched lately are an index range, not a scan of every session ever seen. */
import { afterEach, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore } from "../../../src/edge/store.ts";
import { recentSessionRows } from "../../../src/edge/store/watch.ts";
import { newRow } from "../../../src/core/step.ts";
import { withRawDb } from "../../raw-db.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

test("the watch's and status's read of recent sessions searches sessions_updated", () => {
  const dir = mkdtempSync(join(tmpdir(), "vigil-sessions-updated-"));
  dirs.push(dir);
  const store = openStore(join(dir, "vigil.db"));
  store.transaction(() => {
    for (let i = 0; i < 50; i++) store.saveSession({ ...newRow(`s${i}`, 1000 + i), updated_at: 1000 + i });
  });
  expect(recentSessionRows(store, 1045).map((r) => r.session_id).sort()).toEqual(["s45", "s46", "s47", "s48", "s49"]);
  const plan = withRawDb(
    store.file,
    (db) =>
      db.query<{ detail: string }, [number]>("EXPLAIN QUERY PLAN SELECT * FROM sessions WHERE updated_at >= ?").all(
        1045,
      )
        .map((r) => r.detail).join(" | "),
  );
  expect(plan).toContain("USING INDEX sessions_updated");
  store.close();
});
