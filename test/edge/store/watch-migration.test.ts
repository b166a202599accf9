/**
 * Migration 4 (issue 13): the watch table loses its second verdict (stalled/down flags and the
 * stall record's id). A store written by the previous version keeps what those flags meant: a
 * death the watch reported stays on the machine as `endedBy: "watch"`, so the session is still
 * watched for a restart or a resume; a normal end is not.
 */
import { afterEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore } from "../../../src/edge/store.ts";
import { MIGRATIONS } from "../../../src/edge/store-schema.ts";
import { loadWatchRows } from "../../../src/edge/store/watch.ts";
import { gatherTargets } from "../../../src/core/watch/targets.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A store exactly as migrations 1–3 left it, with one session the watch saw die and one that exited. */
function version3Store(): string {
  const dir = mkdtempSync(join(tmpdir(), "vigil-mig4-"));
  dirs.push(dir);
  const file = join(dir, "vigil.db");
  const db = new Database(file);
  for (const m of MIGRATIONS.slice(0, 3)) db.run(m);
  db.run("PRAGMA user_version = 3");
  const snap = (reason: string) => JSON.stringify({ value: "dead", context: { endReason: reason, restarts: [] } });
  for (const [id, reason, down] of [["died", "process gone", 1], ["exited", "prompt_input_exit", 0]] as const) {
    db.query(
      `INSERT INTO sessions (session_id, machine_version, state, snapshot, cwd, transcript_path, created_at, updated_at)
       VALUES (?, 2, 'dead', ?, '/w', ?, 1, 2)`,
    ).run(id, snap(reason), `/t/${id}.jsonl`);
    db.query(
      `INSERT INTO watch (session_id, pid, cwd, transcript_path, size, mtime, last_growth_at,
         stalled_reported, down_reported, stale_event, memo, seen_at, checked_at)
       VALUES (?, 40, '/w', ?, 10, 1, 1, 0, ?, NULL, '{}', 2, 2)`,
    ).run(id, `/t/${id}.jsonl`, down);
  }
  // A row whose snapshot is not JSON must not stop the migration (json_set would throw).
  db.query(
    `INSERT INTO sessions (session_id, machine_version, state, snapshot, created_at, updated_at)
     VALUES ('broken', 2, 'dead', 'not json', 1, 2)`,
  ).run();
  db.query(`INSERT INTO watch (session_id, down_reported, memo, seen_at, checked_at) VALUES ('broken', 1, '{}', 2, 2)`)
    .run();
  db.close();
  return file;
}

test("the watch's down flag becomes the machine's endedBy, and the flag columns are gone", () => {
  const file = version3Store();
  const store = openStore(file);
  const raw = new Database(file, { readonly: true });
  const cols = raw.query<{ name: string }, []>("PRAGMA table_info(watch)").all().map((c) => c.name);
  expect(cols.filter((c) => ["stalled_reported", "down_reported", "stale_event"].includes(c))).toEqual([]);
  const endedBy = (id: string) =>
    raw.query<{ v: string | null }, [string]>(
      "SELECT json_extract(snapshot, '$.context.endedBy') AS v FROM sessions WHERE session_id = ?",
    ).get(id)?.v;
  expect([endedBy("died"), endedBy("exited")]).toEqual(["watch", null]);
  raw.close();
  // What the watch does with them is unchanged: the reported death is still watched, the exit is not.
  const targets = gatherTargets({
    rows: store.listSessions(),
    watch: loadWatchRows(store, 0),
    registry: [],
    snapshot: [],
    configDir: "/c",
  });
  expect(targets.map((t) => t.sessionId).sort()).toEqual(["died"]);
  store.close();
});
