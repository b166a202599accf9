/**
 * What a month's `vigil report --json` events cost before vigil's own code runs: the range's
 * rows read straight from a store with bun:sqlite, in the ways the report could read them,
 * each timed in its own process (a row cursor's garbage would skew the next). Prints wall ms
 * and RSS per way, so the report's own time can be read against the floor any reader pays.
 *
 *   bun bench/report-json-floor.ts <vigil.db> [--days 30] [--until <ms>] [--runs 3]
 */
import { Database } from "bun:sqlite";
import { parseArgs } from "node:util";

const DETAIL_TEXT = `CASE WHEN substr(detail, 1, 1) = '{' AND json_valid(detail) THEN detail
  WHEN json_valid(detail) AND json_type(detail) = 'object' THEN detail ELSE '{}' END`;
const rest = (d: string) =>
  `'","session_id":' || json_quote(session_id) || ',"kind":' || json_quote(kind) || ',"detail":' || ${d} || '}'`;

/** The ways, by name: what each reads and whether a row reaches JavaScript. */
const WAYS: Record<string, string> = {
  "sqlite: lines built, validated, none to JS": `SELECT count(*), sum(length(${rest(DETAIL_TEXT)}))`,
  "sqlite: lines built, not validated, none to JS": `SELECT count(*), sum(length(${rest("detail")}))`,
  "to JS: five raw columns per row": "SELECT id, at, session_id, kind, detail",
  "to JS: the report's line tail, not validated": `SELECT id, at, ${rest("detail")} AS rest`,
  "to JS: the report's line tail, validated (what vigil reads)": `SELECT id, at, ${rest(DETAIL_TEXT)} AS rest`,
};

/** One way, in this process: rows counted, characters seen, wall ms. */
function runOne(file: string, way: string, since: number, until: number): string {
  const db = new Database(file, { readonly: true });
  const sel = WAYS[way];
  const t0 = performance.now();
  let rows = 0, chars = 0;
  if (sel.includes("count(*)")) {
    const r = db.query<Record<string, number>, [number, number]>(`${sel} AS n FROM events WHERE at >= ? AND at <= ?`)
      .values(since, until)[0];
    rows = Number(r[0]);
    chars = Number(r[1]);
  } else {
    const q = db.prepare<Record<string, string | number>, [number, number]>(
      `${sel} FROM events WHERE at >= ? AND at <= ? ORDER BY at, id`,
    );
    for (const r of q.iterate(since, until)) {
      rows++;
      const last = r.rest ?? r.detail;
      chars += typeof last === "string" ? last.length : 0;
    }
  }
  const ms = performance.now() - t0;
  db.close();
  return JSON.stringify({ rows, chars, ms, rssMiB: process.memoryUsage().rss / 1048576 });
}

if (process.env.FLOOR_CHILD) {
  const [file, way, since, until] = JSON.parse(process.env.FLOOR_CHILD);
  console.log(runOne(file, way, since, until));
  process.exit(0);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    days: { type: "string", default: "30" },
    until: { type: "string" },
    runs: { type: "string", default: "3" },
  },
});
const file = positionals[0];
if (!file) throw new Error("usage: bun bench/report-json-floor.ts <vigil.db> [--days 30] [--until <ms>] [--runs 3]");
const probe = new Database(file, { readonly: true });
const newest = probe.query<{ m: number }, []>("SELECT max(at) AS m FROM events").get()?.m ?? Date.now();
probe.close();
const until = values.until ? Number(values.until) : newest;
const since = until - Number(values.days) * 86_400_000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const way of Object.keys(WAYS)) {
  const ms: number[] = [], rss: number[] = [];
  let rows = 0;
  for (let i = 0; i < Number(values.runs); i++) {
    const p = Bun.spawnSync([process.execPath, import.meta.path], {
      env: { ...process.env, FLOOR_CHILD: JSON.stringify([file, way, since, until]) },
    });
    const r = JSON.parse(p.stdout.toString());
    ms.push(r.ms);
    rss.push(r.rssMiB);
    rows = r.rows;
  }
  console.log(
    `${way.padEnd(62)} ${String(rows).padStart(9)} rows  ${median(ms).toFixed(0).padStart(6)} ms  ${
      median(rss).toFixed(1)
    } MiB`,
  );
}
