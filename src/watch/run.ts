/**
 * `vigil watch` as a command runs it: one pass (or one every `everyMs` until SIGINT/SIGTERM)
 * under the pass lock, over the environment a scheduled pass has, each followed by the
 * re-proof after a Claude Code update and a bounded slice of retention outside the lock.
 */
import { gcIfDue } from "../app/gc.ts";
import type { CommandIo } from "../core/command-io.ts";
import { label } from "../core/notify-format.ts";
import { retentionPolicy } from "../core/retention.ts";
import { loadConfig } from "../edge/config-file.ts";
import { resolvePaths } from "../edge/paths.ts";
import { withScheduleEnv } from "../edge/schedule.ts";
import { openStore, type Store } from "../edge/store.ts";
import {
  acquireLease,
  acquireWatchLock,
  GC_LEASE,
  type LockHolder,
  releaseLease,
  releaseWatchLock,
  selfHolder,
} from "../edge/store/pass-lock.ts";
import { proofAfterPass } from "../prove/last-proof.ts";
import { watchDeps } from "./deps.ts";
import { type PassSummary, runWatchPass } from "./pass.ts";

/** The command's I/O and the directory it runs in (the re-proof's). */
export type WatchIo = CommandIo & { cwd: string };

/** One pass, or with `everyMs` a pass every `everyMs`; each pass's summary goes to `io`. */
export async function runWatch(o: { everyMs: number | null; json: boolean }, io: WatchIo): Promise<number> {
  const paths = resolvePaths(io.env);
  // A scheduled pass has no shell behind it: the variables the configuration names come from
  // the 0600 file `--install` wrote (issue 30 item 3).
  const env = withScheduleEnv(io.env, paths.stateDir);
  const store = openStore(paths.dbFile);
  try {
    const config = loadConfig(paths.configFile, env).config;
    const deps = watchDeps(store, config, { env, now: io.now });
    if (o.everyMs === null) return await lockedPass(store, deps, io, o.json);
    return await loop(o.everyMs, () => lockedPass(store, deps, io, o.json));
  } finally {
    store.close();
  }
}

async function lockedPass(
  store: Store,
  deps: ReturnType<typeof watchDeps>,
  io: WatchIo,
  json: boolean,
): Promise<number> {
  const me = selfHolder();
  // The lease runs on real time even when VIGIL_NOW pins the pass's clock.
  const lock = acquireWatchLock(store, me, { now: Date.now() });
  if (!lock.ok) {
    const since = new Date(lock.holder.acquiredAt).toISOString();
    io.out(`vigil watch: another pass holds the lock (pid ${lock.holder.pid}, since ${since}); skipping\n`);
    return 0;
  }
  try {
    const summary = await runWatchPass(deps);
    io.out(json ? JSON.stringify(summary) + "\n" : render(summary));
    await proofAfterPass(io, deps.config.proveOnUpdate, json);
  } finally {
    releaseWatchLock(store, me);
  }
  gcSlice(store, deps, io, me);
  return 0;
}

/**
 * Retention at most daily, after the pass and outside its lock, one bounded slice per process
 * (an unfinished run stays due and the next pass's slice goes on): the first gc over a year's
 * backlog ran 13 minutes, and under the pass lock every pass meanwhile was skipped (issue 30
 * item 8). Its own lease keeps two slices apart; a failure is reported, never fatal.
 */
function gcSlice(store: Store, deps: ReturnType<typeof watchDeps>, io: WatchIo, me: LockHolder): void {
  if (!acquireLease(store, GC_LEASE, me, { now: Date.now() }).ok) return;
  try {
    gcIfDue(store, retentionPolicy(deps.config), { now: deps.now(), stateDir: resolvePaths(io.env).stateDir });
  } catch (e) {
    io.err(`vigil watch: gc failed: ${e instanceof Error ? e.message : String(e)}\n`);
  } finally {
    releaseLease(store, GC_LEASE, me);
  }
}

/** Passes every `everyMs` until SIGINT or SIGTERM; a failed pass is reported, not fatal. */
async function loop(everyMs: number, pass: () => Promise<number>): Promise<number> {
  let stop = false;
  let wake: () => void = () => {};
  const onSignal = () => {
    stop = true;
    wake();
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    while (!stop) {
      const started = Date.now();
      try {
        await pass();
      } catch (e) {
        process.stderr.write(`vigil: watch pass failed: ${e instanceof Error ? e.message : String(e)}\n`);
      }
      const wait = Math.max(0, everyMs - (Date.now() - started));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        wake = () => (clearTimeout(timer), resolve());
      });
    }
    return 0;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

function render(s: PassSummary): string {
  const time = new Date(s.at).toISOString().replace(/\.\d{3}Z$/, "Z");
  const lines = s.notes.map((n) => `${time}  ${n.kind.padEnd(7)} ${label(n)}  ${n.text}`);
  lines.push(
    `vigil watch: ${s.sessions} sessions (${s.alive} alive, ${s.unknown} unknown): ${s.down} down, ${s.stale} stale, ` +
      `${s.revived} revived, ${s.stalled} still stalled; ${s.samples} samples, ${s.wakes} wakes, ` +
      `${s.followups} follow-ups, ${s.notified} notified, ${s.restarted} restarted, ${s.nudged} nudged`,
  );
  return lines.join("\n") + "\n";
}
