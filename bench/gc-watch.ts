/**
 * The first gc over a year of a fleet's data, as the watch runs it (issue 30 item 8): on a copy
 * of bench/year-store.ts's 10M-event store, `vigil watch --once` processes are started every
 * `--every` seconds until the gc is done (each runs its pass, then a gc slice when the gc lease
 * is free). Reported: the gc's wall time from the first process to the run's end, the slices
 * it took, and how long each pass took to print its summary (its latency: start-up and the
 * pass, not the slice after it) while the gc ran, against passes on the same store with gc not
 * due, measured in the same run; and how many passes were skipped (held by a lock).
 *
 *   bun run compile.ts --single && bun bench/gc-watch.ts [--events 10000000] [--sessions 50000] [--every 5]
 */
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Database } from "bun:sqlite";
import { GC_LAST_RUN_KEY } from "../src/app/gc.ts";
import { median } from "./lib.ts";
import { ensureYear, NOW } from "./year-store.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    events: { type: "string", default: "10000000" },
    sessions: { type: "string", default: "50000" },
    every: { type: "string", default: "5" },
    baseline: { type: "string", default: "5" },
  },
  strict: true,
});
const BIN = process.env.VIGIL_BIN ?? join(import.meta.dir, "..", "dist", "vigil");
const home = mkdtempSync(join(tmpdir(), "vigil-bench-gc-watch-"));
const db = join(home, "vigil.db");
copyFileSync(ensureYear(Number(values.events), Number(values.sessions)), db);
const env = {
  PATH: process.env.PATH ?? "/usr/bin:/bin",
  HOME: home,
  VIGIL_HOME: home,
  TZ: "UTC",
  VIGIL_NOW: String(NOW),
};

function setting(key: string): string | null {
  const raw = new Database(db, { readonly: true });
  try {
    return raw.query<{ value: string }, [string]>("SELECT value FROM settings WHERE key = ?").get(key)?.value ?? null;
  } finally {
    raw.close();
  }
}
function setSetting(key: string, value: string | null): void {
  const raw = new Database(db);
  try {
    if (value === null) raw.query("DELETE FROM settings WHERE key = ?").run(key);
    else raw.query("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)").run(key, value);
  } finally {
    raw.close();
  }
}

interface Pass {
  /** ms from spawn to the pass's summary line. */
  latency: number;
  skipped: boolean;
  exited: Promise<number>;
}

/** Start one `vigil watch --once`; resolves its latency once the summary is printed. */
async function pass(): Promise<Pass> {
  const t0 = performance.now();
  const p = Bun.spawn(["nice", "-n", "5", BIN, "watch", "--once"], { env, stdout: "pipe", stderr: "ignore" });
  let text = "";
  const reader = p.stdout.getReader();
  for (;;) {
    const r = await reader.read();
    if (r.done) break;
    text += new TextDecoder().decode(r.value);
    if (text.includes("\n")) break;
  }
  const latency = performance.now() - t0;
  reader.releaseLock();
  return { latency, skipped: text.includes("skipping"), exited: p.exited };
}

// Reference: passes on this store with gc not due (its last run now), before the first gc.
setSetting(GC_LAST_RUN_KEY, String(NOW));
const base: number[] = [];
for (let i = 0; i < Number(values.baseline); i++) {
  const p = await pass();
  await p.exited;
  base.push(p.latency);
}
setSetting(GC_LAST_RUN_KEY, null);

const t0 = performance.now();
const during: Pass[] = [];
const running: Promise<number>[] = [];
while (setting(GC_LAST_RUN_KEY) === null) {
  const started = performance.now();
  const p = await pass();
  during.push(p);
  running.push(p.exited);
  const wait = Number(values.every) * 1000 - (performance.now() - started);
  if (wait > 0) await Bun.sleep(wait);
}
const gcMs = performance.now() - t0;
await Promise.all(running);
const lat = during.map((p) => p.latency);
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log(`first gc as the watch runs it: ${fmt(gcMs)} wall, over ${during.length} watch processes`);
console.log(
  `pass latency, gc not due (reference, ${base.length} runs): median ${fmt(median(base))}, max ${
    fmt(Math.max(...base))
  }`,
);
console.log(
  `pass latency while the gc ran (${lat.length} passes): median ${fmt(median(lat))}, max ${fmt(Math.max(...lat))} (${
    (Math.max(...lat) / median(base)).toFixed(2)
  }× the reference median); skipped: ${during.filter((p) => p.skipped).length}`,
);
rmSync(home, { recursive: true, force: true });
