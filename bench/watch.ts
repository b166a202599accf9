/**
 * `vigil watch` over 1,000 sessions against 10, in one run: real `sleep` processes stand in
 * for Claude Code sessions (registry file with the real procStart, a transcript, a hook row for
 * every other one). In-process: the first pass (every session first seen), steady passes
 * (median), a pass where every session turns STALE, and one where every session is DOWN.
 * Whole process: `vigil watch --once` in steady state, against the compiled no-op.
 * Budget (product.md section 10): a pass over 1,000 sessions within 1 s.
 *
 *   bun run compile.ts --single && bun bench/watch.ts [--runs 15]
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { applyEvents, loadSnapshot, newRow, saveSnapshot } from "../src/core/step.ts";
import { watchDeps } from "../src/watch/deps.ts";
import { runWatchPass } from "../src/watch/pass.ts";
import { transcriptPathFor } from "../src/core/watch/targets.ts";
import { DEFAULT_CONFIG } from "../src/core/config.ts";
import { probe } from "../src/edge/proc.ts";
import { openStore } from "../src/edge/store.ts";
import { type Cmd, ensureNoop, median, report, timeAll } from "./lib.ts";
import { transcriptText } from "./watch-transcript.ts";

const { values } = parseArgs({ args: Bun.argv.slice(2), options: { runs: { type: "string", default: "15" } } });
const runs = Number(values.runs);
const ROOT = join(import.meta.dir, "..");
const BIN = join(ROOT, "dist", "vigil");
const NOOP = ensureNoop();

interface Fleet {
  n: number;
  home: string;
  env: Record<string, string>;
  children: ReturnType<typeof Bun.spawn>[];
  transcripts: string[];
  registryFiles: string[];
}

function fleet(n: number): Fleet {
  const home = mkdtempSync(join(tmpdir(), `vigil-bench-watch-${n}-`));
  const claude = join(home, "claude");
  mkdirSync(join(claude, "sessions"), { recursive: true });
  const env = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    VIGIL_HOME: join(home, "vigil"),
    CLAUDE_CONFIG_DIR: claude,
  };
  const store = openStore(join(env.VIGIL_HOME, "vigil.db"));
  const now = Date.now();
  const f: Fleet = { n, home, env, children: [], transcripts: [], registryFiles: [] };
  const text = transcriptText(now);
  store.transaction(() => {
    for (let i = 0; i < n; i++) {
      const child = Bun.spawn(["sleep", "100000"], { stdin: "ignore", stdout: "ignore", stderr: "ignore" });
      f.children.push(child);
      const id = `bench-${n}-${String(i).padStart(5, "0")}`;
      const cwd = join(home, "work", `p${i % 20}`);
      const transcript = transcriptPathFor(claude, cwd, id) ?? "";
      mkdirSync(dirname(transcript), { recursive: true });
      writeFileSync(transcript, text);
      f.transcripts.push(transcript);
      const reg = join(claude, "sessions", `${child.pid}.json`);
      const entry = {
        pid: child.pid,
        sessionId: id,
        cwd,
        startedAt: now,
        procStart: probe(child.pid)?.procStart,
        status: "busy",
      };
      writeFileSync(reg, JSON.stringify(entry));
      f.registryFiles.push(reg);
      // Every other session has also been seen by hooks.
      if (i % 2 === 0) {
        const row = { ...newRow(id, now), cwd, transcript_path: transcript, pid: child.pid };
        const applied = applyEvents(loadSnapshot(null, now).snapshot, [
          { type: "identified", at: now, role: "worker", agentType: "worker" },
          { type: "activity", at: now },
        ]);
        saveSnapshot(store, row, applied, now);
      }
    }
  });
  store.close();
  return f;
}

async function timedPass(
  f: Fleet,
  now: number,
): Promise<{ ms: number; summary: Awaited<ReturnType<typeof runWatchPass>> }> {
  const store = openStore(join(f.env.VIGIL_HOME, "vigil.db"));
  try {
    const deps = watchDeps(store, DEFAULT_CONFIG, { env: f.env, now: () => now });
    const t0 = performance.now();
    const summary = await runWatchPass(deps);
    return { ms: performance.now() - t0, summary };
  } finally {
    store.close();
  }
}

const sizes = [10, 1000];
const fleets = sizes.map(fleet);
const rows: string[] = [];
const inproc: Record<number, Record<string, number>> = {};
try {
  for (const f of fleets) {
    const r: Record<string, number> = {};
    const first = await timedPass(f, Date.now());
    r.first = first.ms;
    const steady: number[] = [];
    for (let i = 0; i < runs; i++) steady.push((await timedPass(f, Date.now())).ms);
    r.steady = median(steady);
    inproc[f.n] = r;
  }
  // Whole process, steady state (each run also samples every session), against the no-op.
  const cmds: Cmd[] = fleets.map((f) => ({
    name: `watch --once, ${f.n} sessions`,
    argv: [BIN, "watch", "--once"],
    env: f.env,
  }));
  if (existsSync(NOOP)) cmds.unshift({ name: "compiled no-op", argv: [NOOP] });
  const whole = timeAll(cmds, runs, 2);
  for (const f of fleets) {
    // Two hours later with no growth: every transcript is past the 45-minute threshold.
    const later = Date.now() + 2 * 3_600_000;
    const stale = await timedPass(f, later);
    if (stale.summary.stale !== f.n) throw new Error(`expected ${f.n} STALE, got ${stale.summary.stale}`);
    inproc[f.n].stale = stale.ms;
    for (const c of f.children) c.kill("SIGKILL");
    await Promise.all(f.children.map((c) => c.exited));
    for (const reg of f.registryFiles) rmSync(reg, { force: true });
    const down = await timedPass(f, later + 300_000);
    if (down.summary.down !== f.n) throw new Error(`expected ${f.n} DOWN, got ${down.summary.down}`);
    inproc[f.n].down = down.ms;
  }
  const [a, b] = sizes;
  rows.push(
    "## vigil watch, in-process pass (ms)",
    "",
    `| pass | ${a} sessions | ${b} sessions | ratio |`,
    "|---|---:|---:|---:|",
  );
  const label: Record<string, string> = {
    first: "first pass (all first seen)",
    steady: `steady pass, median of ${runs}`,
    stale: "every session turns STALE",
    down: "every session DOWN",
  };
  for (const k of ["first", "steady", "stale", "down"]) {
    rows.push(
      `| ${label[k]} | ${inproc[a][k].toFixed(1)} | ${inproc[b][k].toFixed(1)} | ${
        (inproc[b][k] / inproc[a][k]).toFixed(1)
      } |`,
    );
  }
  rows.push("", report(`vigil watch --once, whole process, steady state (${runs} runs)`, whole, whole[0].name));
  console.log(rows.join("\n"));
} finally {
  for (const f of fleets) {
    for (const c of f.children) c.kill("SIGKILL");
    rmSync(f.home, { recursive: true, force: true });
  }
}
