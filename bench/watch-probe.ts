/**
 * One side of bench/watch-ab.ts: this file is copied per checkout with its `"../src/` imports
 * pointed at that checkout, so every store is seeded and every pass run by that checkout's own
 * code, in a process of its own.
 *
 *   seed SPEC.json   — write the registry files, transcripts and hook rows of a fleet whose
 *                      `sleep` processes the driver started (SPEC: {home, pids, now})
 *   pass SPEC.json   — open the store (SPEC.db, in SPEC.home's environment), run SPEC.warm
 *                      untimed passes (on SPEC.warmDb when given, else on the same store) at
 *                      SPEC.warmAt, then SPEC.count timed passes at SPEC.at; prints JSON: each
 *                      timed pass's wall and CPU ms (the process's user + system), the pass
 *                      summary's counts, and (SPEC.sql) the SQL
 *                      statements executed and transactions taken in the timed passes
 *                      (SPEC.dbs: one store per timed pass, for profiles of a pass that
 *                      changes its store)
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { Database, Statement } from "bun:sqlite";
import { applyEvents, loadSnapshot, newRow, saveSnapshot } from "../src/core/step.ts";
import { watchDeps } from "../src/watch/deps.ts";
import { runWatchPass } from "../src/watch/pass.ts";
import { transcriptPathFor } from "../src/core/watch/targets.ts";
import { DEFAULT_CONFIG } from "../src/core/config.ts";
import { probe } from "../src/edge/proc.ts";
import { openStore } from "../src/edge/store.ts";
import { transcriptText } from "./watch-transcript.ts";

const [mode, specFile] = Bun.argv.slice(2);
const spec = JSON.parse(readFileSync(specFile, "utf8"));

/** The environment a side's passes and binary run in. */
function envOf(home: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    VIGIL_HOME: join(home, "vigil"),
    CLAUDE_CONFIG_DIR: join(home, "claude"),
  };
}

if (mode === "seed") {
  const { home, pids, now } = spec as { home: string; pids: number[]; now: number };
  const env = envOf(home);
  const claude = env.CLAUDE_CONFIG_DIR;
  mkdirSync(join(claude, "sessions"), { recursive: true });
  const store = openStore(join(env.VIGIL_HOME, "vigil.db"));
  const text = transcriptText(now);
  store.transaction(() => {
    pids.forEach((pid, i) => {
      const id = `bench-${pids.length}-${String(i).padStart(5, "0")}`;
      const cwd = join(home, "work", `p${i % 20}`);
      const transcript = transcriptPathFor(claude, cwd, id) ?? "";
      mkdirSync(dirname(transcript), { recursive: true });
      writeFileSync(transcript, text);
      const entry = { pid, sessionId: id, cwd, startedAt: now, procStart: probe(pid)?.procStart, status: "busy" };
      writeFileSync(join(claude, "sessions", `${pid}.json`), JSON.stringify(entry));
      // Every other session has also been seen by hooks.
      if (i % 2 === 0) {
        const row = { ...newRow(id, now), cwd, transcript_path: transcript, pid };
        const applied = applyEvents(loadSnapshot(null, now).snapshot, [
          { type: "identified", at: now, role: "worker", agentType: "worker" },
          { type: "activity", at: now },
        ]);
        saveSnapshot(store, row, applied, now);
      }
    });
  });
  store.close();
  console.log(JSON.stringify({ seeded: pids.length }));
} else if (mode === "pass") {
  const o = spec as {
    home: string;
    db?: string;
    /** One store per timed pass (profiles of a pass that changes its store). */
    dbs?: string[];
    warmDb?: string;
    warm: number;
    warmAt?: number;
    count: number;
    at?: number;
    sql?: boolean;
  };
  const env = envOf(o.home);
  const db = o.db ?? join(env.VIGIL_HOME, "vigil.db");
  let statements = 0, transactions = 0, counting = false;
  if (o.sql) {
    // A statement's methods are its own properties (bun:sqlite): wrap each statement once.
    const counted = new WeakSet<Statement>();
    const wrapStatement = (q: Statement) => {
      if (counted.has(q)) return q;
      counted.add(q);
      for (const m of ["run", "get", "all", "values", "iterate"] as const) {
        const orig = Reflect.get(q, m) as (...a: unknown[]) => unknown;
        Reflect.set(q, m, (...a: unknown[]) => {
          if (counting) statements++;
          return orig.apply(q, a);
        });
      }
      return q;
    };
    for (const m of ["query", "prepare"] as const) {
      const orig = Reflect.get(Database.prototype, m) as (...a: unknown[]) => Statement;
      Reflect.set(Database.prototype, m, function (this: Database, ...a: unknown[]) {
        return wrapStatement(orig.apply(this, a));
      });
    }
    const origRun = Database.prototype.run;
    Database.prototype.run = function (this: Database, ...a: Parameters<Database["run"]>) {
      if (counting) statements++;
      return origRun.apply(this, a);
    } as Database["run"];
    const origTx = Database.prototype.transaction;
    Database.prototype.transaction = function (this: Database, fn: (...a: unknown[]) => unknown) {
      const tx = origTx.call(this, fn);
      const wrap = (f: (...a: unknown[]) => unknown) => (...a: unknown[]) => {
        if (counting) transactions++;
        return f(...a);
      };
      return Object.assign(wrap(tx), {
        immediate: wrap(tx.immediate),
        deferred: wrap(tx.deferred),
        exclusive: wrap(tx.exclusive),
      });
    } as Database["transaction"];
  }
  const passAt = async (file: string, at: number | undefined, timed: boolean) => {
    const store = openStore(file);
    try {
      const deps = watchDeps(store, DEFAULT_CONFIG, { env, now: () => at ?? Date.now() });
      counting = timed;
      const c0 = process.cpuUsage(), t0 = performance.now();
      const summary = await runWatchPass(deps);
      const ms = performance.now() - t0, c = process.cpuUsage(c0);
      counting = false;
      return { ms, cpu: (c.user + c.system) / 1000, summary };
    } finally {
      store.close();
    }
  };
  for (let i = 0; i < o.warm; i++) await passAt(o.warmDb ?? db, o.warmAt, false);
  const ms: number[] = [], cpu: number[] = [];
  let last: Awaited<ReturnType<typeof passAt>>["summary"] | null = null;
  for (let i = 0; i < o.count; i++) {
    const r = await passAt(o.dbs?.[i] ?? db, o.at, true);
    ms.push(r.ms);
    cpu.push(r.cpu);
    last = r.summary;
  }
  const { notes: _notes, ...counts } = last ?? { notes: [] };
  console.log(JSON.stringify({ ms, cpu, counts, statements, transactions }));
} else {
  throw new Error("usage: bun watch-probe.ts seed|pass SPEC.json");
}
