/**
 * `vigil watch` on 1,000 sessions against a reference checkout in the same run. Each side has
 * its own fleet (real `sleep` processes standing in for Claude Code sessions) and its own
 * store, seeded by its own code (bench/watch-probe.ts, copied per checkout with its imports
 * pointed there); every measurement is a process of its own, A and B interleaved (A B, then
 * B A). Measured, per side:
 *   steady  — in-process passes in steady state (after one untimed pass in the same process)
 *   STALE   — two hours later with no growth: every session turns STALE (on a fresh copy of the
 *             side's steady store; the process first runs the same pass on another copy, so
 *             `first` is that path cold and `warm` the second time)
 *   DOWN    — every process killed, registry files gone (likewise, on copies)
 *   whole   — `vigil watch --once` in steady state, each side's compiled binary (fresh copies)
 * Prints medians and B/A. `--sql` also counts SQL statements and transactions per timed pass.
 * `--instructions N` also counts the instructions of N steady `watch --once` per side under
 * valgrind's cachegrind with JSC's concurrent GC and JIT off (two runs of one binary agree within
 * ~0.5 %, where wall and CPU time on a shared machine move 5-20 %); ~25 s each.
 *
 *   bun bench/watch-ab.ts --a /path/to/reference/checkout [--b .] [--runs 7] [--sessions 1000] [--sql]
 *     [--instructions 2]
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { median } from "./lib.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    a: { type: "string" },
    b: { type: "string" },
    runs: { type: "string", default: "7" },
    sessions: { type: "string", default: "1000" },
    sql: { type: "boolean", default: false },
    instructions: { type: "string", default: "0" },
  },
  strict: true,
});
const ROOT = join(import.meta.dir, "..");
const A = values.a ? resolve(values.a) : undefined, B = resolve(values.b ?? ROOT);
if (!A || !existsSync(join(A, "src/watch/pass.ts"))) throw new Error("usage: bun bench/watch-ab.ts --a CHECKOUT");
const runs = Number(values.runs), n = Number(values.sessions);
const sides = ["A", "B"] as const;
type Side = (typeof sides)[number];
const checkout: Record<Side, string> = { A, B };
for (const s of sides) {
  if (!existsSync(join(checkout[s], "dist/vigil"))) {
    throw new Error(`${s}: no dist/vigil (bun run compile.ts --single)`);
  }
}
const dir = mkdtempSync(join(tmpdir(), "vigil-bench-watch-ab-"));
const template = readFileSync(join(import.meta.dir, "watch-probe.ts"), "utf8");

/** The probe for one checkout (the session step moved from app/machine-store.ts to core/step.ts this round). */
function probeFor(side: Side): string {
  const root = checkout[side];
  let text = template.replaceAll('"../src/', `"${root}/src/`);
  // The fleet's transcript is this tree's, the same on both sides.
  text = text.replace('"./watch-transcript.ts"', JSON.stringify(join(import.meta.dir, "watch-transcript.ts")));
  if (!existsSync(join(root, "src/core/step.ts"))) {
    text = text.replace(`"${root}/src/core/step.ts"`, `"${root}/src/app/machine-store.ts"`);
  }
  const file = join(dir, `watch-probe-${side}.ts`);
  writeFileSync(file, text);
  return file;
}
const probes = { A: probeFor("A"), B: probeFor("B") };
const bins = {} as Record<Side, string>;
for (const s of sides) {
  bins[s] = join(dir, `vigil-${s}`);
  copyFileSync(join(checkout[s], "dist/vigil"), bins[s]);
  Bun.spawnSync(["chmod", "+x", bins[s]]);
}
const homes = { A: join(dir, "a"), B: join(dir, "b") };
const envOf = (home: string) => ({
  PATH: process.env.PATH ?? "/usr/bin:/bin",
  HOME: home,
  VIGIL_HOME: join(home, "vigil"),
  CLAUDE_CONFIG_DIR: join(home, "claude"),
});

function probe(side: Side, mode: "seed" | "pass", spec: Record<string, unknown>) {
  const file = join(dir, `spec-${side}.json`);
  writeFileSync(file, JSON.stringify(spec));
  const r = Bun.spawnSync([process.execPath, probes[side], mode, file], {
    env: { PATH: process.env.PATH ?? "" },
    stderr: "inherit",
  });
  if (r.exitCode !== 0) throw new Error(`${side} ${mode} exited ${r.exitCode}`);
  return JSON.parse(r.stdout.toString());
}

/** Copy a store (with its WAL, if any) to `to`. */
function copyStore(from: string, to: string): void {
  for (const sfx of ["", "-wal", "-shm"]) {
    rmSync(to + sfx, { force: true });
    if (existsSync(from + sfx)) copyFileSync(from + sfx, to + sfx);
  }
}

/** A B on even rounds, B A on odd ones. */
const order = (i: number): Side[] => i % 2 === 0 ? ["A", "B"] : ["B", "A"];
type Pass = { ms: number[]; cpu: number[]; counts: Record<string, number>; statements: number; transactions: number };
const figures = new Map<string, number[]>();
const sql = new Map<string, string>();
const add = (key: string, xs: number[]) => figures.set(key, [...figures.get(key) ?? [], ...xs]);
const note = (key: string, p: Pass) => {
  if (values.sql) sql.set(key, `${p.statements / p.ms.length} / ${p.transactions / p.ms.length}`);
};

const children: Record<Side, ReturnType<typeof Bun.spawn>[]> = { A: [], B: [] };
try {
  const now = Date.now();
  for (const s of sides) {
    for (let i = 0; i < n; i++) {
      children[s].push(Bun.spawn(["sleep", "100000"], { stdin: "ignore", stdout: "ignore", stderr: "ignore" }));
    }
    mkdirSync(homes[s], { recursive: true });
    probe(s, "seed", { home: homes[s], pids: children[s].map((c) => c.pid), now });
    // The first pass sees every session for the first time.
    const first = probe(s, "pass", { home: homes[s], warm: 0, count: 1 }) as Pass;
    add(`${s} first`, first.ms);
    add(`${s} first cpu`, first.cpu);
  }
  for (let i = 0; i < runs; i++) {
    for (const s of order(i)) {
      const p = probe(s, "pass", { home: homes[s], warm: 1, count: 3, sql: values.sql }) as Pass;
      if (p.counts.sessions !== n) throw new Error(`${s}: ${p.counts.sessions} sessions`);
      add(`${s} steady`, [median(p.ms)]);
      add(`${s} steady cpu`, [median(p.cpu)]);
      note(`${s} steady`, p);
    }
  }
  for (let i = 0; i < runs + 1; i++) {
    for (const s of order(i)) {
      const t0 = performance.now();
      const r = Bun.spawnSync([bins[s], "watch", "--once"], {
        env: envOf(homes[s]),
        stdout: "ignore",
        stderr: "ignore",
      });
      const ms = performance.now() - t0;
      if (r.exitCode !== 0) throw new Error(`${s} watch --once exited ${r.exitCode}`);
      const cpu = r.resourceUsage ? Number(r.resourceUsage.cpuTime.user + r.resourceUsage.cpuTime.system) / 1000 : NaN;
      // The first round reads each binary into the page cache.
      if (i > 0) (add(`${s} whole`, [ms]), add(`${s} whole cpu`, [cpu]));
    }
  }
  const counted = Number(values.instructions);
  for (let i = 0; i < counted; i++) {
    for (const s of order(i)) {
      const r = Bun.spawnSync([
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
        bins[s],
        "watch",
        "--once",
      ], {
        env: { ...envOf(homes[s]), BUN_JSC_useConcurrentGC: "0", BUN_JSC_useConcurrentJIT: "0" },
        stdout: "ignore",
        stderr: "pipe",
      });
      const refs = /I\s+refs:\s+([\d,]+)/.exec(r.stderr.toString())?.[1];
      if (r.exitCode !== 0 || refs === undefined) throw new Error(`${s}: valgrind failed (${r.exitCode})`);
      add(`${s} instructions`, [Number(refs.replaceAll(",", "")) / 1e6]);
    }
  }
  const steady = (s: Side) => join(homes[s], "steady.db");
  for (const s of sides) copyStore(join(homes[s], "vigil", "vigil.db"), steady(s));
  const copies = (s: Side) => {
    const m = join(homes[s], "m.db"), w = join(homes[s], "w.db");
    copyStore(steady(s), m);
    copyStore(steady(s), w);
    return { db: m, warmDb: w };
  };
  // Two hours later with no growth: every transcript is past the 45-minute threshold.
  const later = Date.now() + 2 * 3_600_000;
  for (let i = 0; i < runs; i++) {
    for (const s of order(i)) {
      const p = probe(s, "pass", {
        home: homes[s],
        ...copies(s),
        warm: 1,
        warmAt: later,
        count: 1,
        at: later,
        sql: values.sql,
      }) as Pass;
      if (p.counts.stale !== n) throw new Error(`${s}: expected ${n} STALE, got ${p.counts.stale}`);
      add(`${s} stale`, p.ms);
      add(`${s} stale cpu`, p.cpu);
      note(`${s} stale`, p);
    }
  }
  for (const s of sides) {
    for (const c of children[s]) c.kill("SIGKILL");
    await Promise.all(children[s].map((c) => c.exited));
    rmSync(join(homes[s], "claude", "sessions"), { recursive: true, force: true });
    mkdirSync(join(homes[s], "claude", "sessions"));
  }
  for (let i = 0; i < runs; i++) {
    for (const s of order(i)) {
      const at = later + 300_000;
      const p = probe(s, "pass", {
        home: homes[s],
        ...copies(s),
        warm: 1,
        warmAt: at,
        count: 1,
        at,
        sql: values.sql,
      }) as Pass;
      if (p.counts.down !== n) throw new Error(`${s}: expected ${n} DOWN, got ${p.counts.down}`);
      add(`${s} down`, p.ms);
      add(`${s} down cpu`, p.cpu);
      note(`${s} down`, p);
    }
  }
  const rows = [
    `## vigil watch on ${n} sessions, A/B interleaved (${runs} rounds, a process per measurement)`,
    "",
    `A = ${A}`,
    `B = ${B}`,
    "",
    "Medians; CPU is the process's user + system time over the same span.",
    "",
    `| pass | A wall ms | B wall ms | B/A wall | A CPU ms | B CPU ms | B/A CPU |${
      values.sql ? " SQL statements / transactions per pass A | B |" : ""
    }`,
    `|---|---:|---:|---:|---:|---:|---:|${values.sql ? "---|---|" : ""}`,
  ];
  const label: Record<string, string> = {
    first: "first pass (every session first seen; 1 run)",
    steady: "steady pass in-process (median of 3 per process)",
    stale: "every session turns STALE in-process (warm)",
    down: "every session DOWN in-process (warm)",
    whole: "whole `watch --once`, steady (wall)",
  };
  for (const k of ["first", "steady", "stale", "down", "whole"]) {
    const m = (key: string) => median(figures.get(key) ?? []);
    const a = m(`A ${k}`), b = m(`B ${k}`), ac = m(`A ${k} cpu`), bc = m(`B ${k} cpu`);
    const counts = values.sql ? ` ${sql.get(`A ${k}`) ?? ""} | ${sql.get(`B ${k}`) ?? ""} |` : "";
    rows.push(
      `| ${label[k]} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(b / a).toFixed(3)} | ${ac.toFixed(1)} | ${
        bc.toFixed(1)
      } | ${(bc / ac).toFixed(3)} |${counts}`,
    );
  }
  if (counted > 0) {
    const a = median(figures.get("A instructions") ?? []), b = median(figures.get("B instructions") ?? []);
    const all = (s: Side) => (figures.get(`${s} instructions`) ?? []).map((x) => x.toFixed(1)).join(", ");
    rows.push(
      "",
      `whole \`watch --once\`, steady, instructions (cachegrind, ${counted} per side, millions): ` +
        `A ${a.toFixed(1)} [${all("A")}], B ${b.toFixed(1)} [${all("B")}], B/A ${(b / a).toFixed(3)}`,
    );
  }
  console.log(rows.join("\n"));
  if (process.env.WATCH_AB_RAW) console.log(JSON.stringify(Object.fromEntries(figures)));
} finally {
  for (const s of sides) for (const c of children[s]) c.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
}
