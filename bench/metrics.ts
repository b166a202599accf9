/**
 * `GET /metrics` on a busy machine (issue 19): a store with N sessions seen in the last day,
 * each with its machine row, watch row and a day of hook events (Stop pushes, tool calls,
 * guard records). In one run, interleaved: the steady scrape (`app.request("/metrics")`, the
 * fold reading only the rows added since the last scrape) against `/api/sessions` (the
 * status view the fleet families are built over) as the reference, plus the first scrape,
 * which folds the whole events table once.
 *
 *   bun bench/metrics.ts [--sessions 1000] [--events 100] [--runs 60]
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { applyEvents, loadSnapshot, newRow, saveSnapshot } from "../src/core/step.ts";
import { createApp } from "../src/serve/app.ts";
import { openStore } from "../src/edge/store.ts";
import { saveWatchRows, type WatchRow } from "../src/edge/store/watch.ts";
import { median, quantile } from "./lib.ts";
import { seedDetail } from "../test/support/audit-seed.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    sessions: { type: "string", default: "1000" },
    events: { type: "string", default: "100" },
    runs: { type: "string", default: "60" },
  },
  strict: true,
});
const N = Number(values.sessions);
const PER = Number(values.events);
const RUNS = Number(values.runs);
const now = Date.now();
const home = mkdtempSync(join(tmpdir(), "vigil-bench-metrics-"));
const store = openStore(join(home, "vigil.db"));

store.transaction(() => {
  const watch: WatchRow[] = [];
  for (let i = 0; i < N; i++) {
    const id = `bench-${String(i).padStart(5, "0")}`;
    const cwd = `/srv/repos/r${i % 40}`;
    const row = { ...newRow(id, now - 3_600_000), cwd, transcript_path: `${cwd}/${id}.jsonl`, pid: 10_000 + i };
    const applied = applyEvents(loadSnapshot(null, now).snapshot, [
      { type: "identified", at: now - 3_600_000, role: "worker", agentType: "worker" },
      { type: "activity", at: now - 60_000 },
    ]);
    saveSnapshot(store, row, applied, now - 60_000);
    watch.push({
      session_id: id,
      pid: 10_000 + i,
      proc_start: null,
      started_at: now - 3_600_000,
      cwd,
      transcript_path: row.transcript_path,
      name: null,
      pane: null,
      size: 1000,
      mtime: now - 60_000,
      last_growth_at: now - 60_000,
      alive_at: now,
      memo: "{}",
      seen_at: now,
      checked_at: now,
    });
    for (let k = 0; k < PER; k++) {
      const at = now - 86_000_000 + k * 800_000 + i;
      const detail = k % 10 === 0
        ? seedDetail("hook", { event: "Stop", decision: "block", rule: "unattended.stop" })
        : seedDetail("hook", { event: "PreToolUse", tool: "Bash" });
      store.appendEvent(at, id, "hook", detail);
      if (k % 25 === 0) store.appendEvent(at, id, "guard", seedDetail("guard", { rule: "handoff-write" }));
    }
  }
  saveWatchRows(store, watch);
  for (let k = 0; k < 288; k++) {
    store.appendEvent(now - 86_400_000 + k * 300_000, null, "watch_pass", seedDetail("watch_pass"));
  }
});

const app = createApp({
  store: () => store,
  clock: () => now,
  runHook: () => ({ stdout: "", error: null }),
  host: "bench",
});
const get = async (path: string) => {
  const t0 = performance.now();
  const res = await app.request(path);
  const bytes = (await res.text()).length;
  return { ms: performance.now() - t0, bytes };
};

const first = await get("/metrics");
const scrape: number[] = [];
const sessions: number[] = [];
let bytes = 0;
for (let i = 0; i < 5 + RUNS; i++) {
  // A few new events per scrape, as a live machine adds between scrapes.
  for (let k = 0; k < 5; k++) store.appendEvent(now, `bench-00000`, "hook", seedDetail("hook", { tool: "Read" }));
  const m = await get("/metrics");
  const s = await get("/api/sessions");
  if (i >= 5) (scrape.push(m.ms), sessions.push(s.ms), bytes = m.bytes);
}
store.close();

const ms = (x: number) => x.toFixed(2);
const events = N * (PER + Math.ceil(PER / 25)) + 288;
console.log(`## GET /metrics, ${N} sessions, ${events} events (${RUNS} scrapes, interleaved)\n`);
console.log("| request | median ms | p90 ms | ratio to /api/sessions |\n|---|---:|---:|---:|");
console.log(
  `| GET /metrics (steady) | ${ms(median(scrape))} | ${ms(quantile(scrape, 0.9))} | ${
    (median(scrape) / median(sessions)).toFixed(2)
  } |`,
);
console.log(`| GET /api/sessions (reference) | ${ms(median(sessions))} | ${ms(quantile(sessions, 0.9))} | 1.00 |`);
console.log(`\nfirst scrape (folds all ${events} events once): ${ms(first.ms)} ms; body ${bytes} bytes`);
