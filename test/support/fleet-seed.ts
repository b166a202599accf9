/**
 * A store holding many days of a small fleet, for the retention tests: every day the report
 * seed's three sessions (test/core/report-seed.ts) run again under fresh ids, and the
 * sessions of the first half are dead and idle since their day. Literal times throughout.
 */
import { join } from "node:path";
import { newRow } from "../../src/core/step.ts";
import { DAY_MS } from "../../src/core/retention.ts";
import { openStore, type SessionRow, type Store } from "../../src/edge/store.ts";
import { appendAny, MIN, seedEvents, T0 } from "../core/report-seed.ts";
import { withRawDb } from "../raw-db.ts";

/** Day `d`'s id for one of the seed's session ids. */
export const dayId = (id: string, d: number) => `${id.slice(0, 24)}${String(d).padStart(12, "0")}`;

/**
 * Write `days` days of the seed into the store at `<home>/vigil.db`, starting at `t0`, with
 * `filler` extra plain `hook` events per session and day (the bulk of a real audit log).
 */
export function seedFleet(home: string, days: number, opts: { t0?: number; filler?: number } = {}): Store {
  const t0 = opts.t0 ?? T0;
  const store = openStore(join(home, "vigil.db"));
  const sessions: SessionRow[] = [];
  withRawDb(store.file, (db) =>
    db.transaction(() => {
      for (let d = 0; d < days; d++) {
        const at = t0 + d * DAY_MS;
        const ids = new Set<string>();
        for (const [minute, id, kind, detail] of seedEvents(at)) {
          const sid = id === null ? null : dayId(id, d);
          if (sid !== null) ids.add(sid);
          appendAny(db, at + minute * MIN, sid, kind, detail);
        }
        for (const id of ids) {
          for (let i = 0; i < (opts.filler ?? 0); i++) {
            appendAny(db, at + (i % 290) * MIN, id, "hook", { event: "PreToolUse", tool: "Read", n: i });
          }
          sessions.push({
            ...newRow(id, at),
            state: d < days / 2 ? "dead" : "normal",
            role: "worker",
            agent_type: "worker",
            transcript_path: `/nonexistent/${id}.jsonl`,
            updated_at: at + 300 * MIN,
          });
        }
      }
    }).immediate());
  store.transaction(() => sessions.forEach((row) => store.saveSession(row)));
  return store;
}
