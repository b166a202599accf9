/**
 * A year of a fleet's data, built once and cached in bench/data/ (bench/retention.ts,
 * bench/gc-watch.ts): `events` audit events over `sessions` sessions spread over the 365 days
 * before NOW, inserted in time order in one transaction of prepared inserts.
 *
 *   bun bench/year-store.ts [--events 10000000] [--sessions 50000]
 */
import { copyFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Database } from "bun:sqlite";
import { DAY_MS } from "../src/core/retention.ts";
import { openStore } from "../src/edge/store.ts";
import { DATA } from "./lib.ts";

/** The bench's clock: the year ends here. */
export const NOW = Date.UTC(2026, 11, 1, 12);

/** A vigil process's environment on the year's store kept in `home`, its clock at NOW. */
export const yearEnv = (home: string): Record<string, string> => ({
  PATH: process.env.PATH ?? "/usr/bin:/bin",
  HOME: home,
  VIGIL_HOME: home,
  TZ: "UTC",
  NO_COLOR: "1",
  VIGIL_NOW: String(NOW),
});
const START = NOW - 365 * DAY_MS;

/** Kinds by share of the log: mostly hook summaries, a few of each mark the report draws. */
const KINDS: [number, string, (i: number) => unknown][] = [
  [0.90, "hook", (i) => ({ event: "PreToolUse", tool: "Read", role: "worker", state: "normal", tokens: 90_000 + i })],
  [0.03, "guard", () => ({ decision: "deny", rule: "hard.deny", event: "PreToolUse", tool: "Bash", tokens: 302_000 })],
  [0.02, "state", () => ({ from: "normal", to: "soft", event: "PostToolUse" })],
  [0.02, "limit_crossed", () => ({ limit: "soft", tokens: 251_000, estimate: 252_000 })],
  [0.02, "stop_gate", () => ({ decision: "block", gate: "announce", pattern: "en.future", lang: "en" })],
  [0.01, "compaction_started", () => ({})],
];
function kindOf(i: number): [string, unknown] {
  let x = (i * 2654435761 % 1000) / 1000;
  for (const [share, kind, detail] of KINDS) {
    if (x < share) return [kind, detail(i)];
    x -= share;
  }
  return ["hook", KINDS[0][2](i)];
}

/**
 * The year's store, built once: session s lives on day floor(s * 365 / SESSIONS), from hour
 * s % 24 for 8 hours. Events are inserted in time order, as hooks append them (an event's id
 * grows with its time), one day at a time.
 */
export function ensureYear(EVENTS: number, SESSIONS: number): string {
  mkdirSync(DATA, { recursive: true });
  const file = join(DATA, `year-t-${EVENTS}-${SESSIONS}.db`);
  if (existsSync(file)) return file;
  const t0 = performance.now();
  const tmp = file + ".building";
  rmSync(tmp, { force: true });
  // vigil makes the schema; the bulk rows go in through a connection of the bench's own.
  openStore(tmp).close();
  const db = new Database(tmp, { strict: true });
  const perSession = Math.ceil(EVENTS / SESSIONS);
  const span = 8 * 3_600_000;
  const idOf = (s: number) => `year-${String(s).padStart(8, "0")}`;
  const bornOf = (s: number) => START + Math.floor(s * 365 / SESSIONS) * DAY_MS + (s % 24) * 3_600_000;
  const atOf = (s: number, k: number) => bornOf(s) + Math.floor(k * span / perSession);
  const count = (s: number) => Math.max(0, Math.min(perSession, EVENTS - s * perSession));
  db.transaction(() => {
    const ev = db.query("INSERT INTO events (at, session_id, kind, detail) VALUES (?, ?, ?, ?)");
    const ses = db.query(
      `INSERT INTO sessions (session_id, machine_version, state, snapshot, role, agent_type, cwd, transcript_path,
         created_at, updated_at) VALUES (?, 1, ?, '{}', 'worker', 'worker', '/work', ?, ?, ?)`,
    );
    // A session spans at most two days: each day's events come from sessions born that day or the day before.
    let lo = 0;
    for (let day = START; day < NOW + DAY_MS; day += DAY_MS) {
      while (lo < SESSIONS && bornOf(lo) < day - DAY_MS) lo++;
      const batch: [number, number, number][] = [];
      for (let s = lo; s < SESSIONS && bornOf(s) < day + DAY_MS; s++) {
        for (let k = 0; k < count(s); k++) {
          const at = atOf(s, k);
          if (at >= day && at < day + DAY_MS) batch.push([at, s, k]);
        }
      }
      batch.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
      for (const [at, s, k] of batch) {
        const [kind, detail] = kindOf(s * perSession + k);
        ev.run(at, idOf(s), kind, JSON.stringify(detail));
      }
    }
    for (let s = 0; s < SESSIONS && count(s) > 0; s++) {
      const last = atOf(s, count(s) - 1);
      ses.run(idOf(s), last < NOW - 2 * DAY_MS ? "dead" : "normal", `/nonexistent/${idOf(s)}.jsonl`, bornOf(s), last);
    }
  }).immediate();
  db.run("PRAGMA wal_checkpoint(TRUNCATE)");
  db.close(false);
  copyFileSync(tmp, file);
  rmSync(tmp, { force: true });
  console.log(
    `built ${file}: ${EVENTS} events, ${SESSIONS} sessions in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  return file;
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Bun.argv.slice(2),
    options: { events: { type: "string", default: "10000000" }, sessions: { type: "string", default: "50000" } },
    strict: true,
  });
  console.log(ensureYear(Number(values.events), Number(values.sessions)));
}
