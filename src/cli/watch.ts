/** `vigil watch`: wiring only. One pass (default), a loop, or the schedule that runs passes. */
import { join } from "node:path";
import { parseDuration } from "../app/time-args.ts";
import { watchDeps } from "../watch/deps.ts";
import { gcIfDue } from "../app/gc.ts";
import { type PassSummary, runWatchPass } from "../watch/pass.ts";
import { label } from "../core/notify-format.ts";
import { retentionPolicy } from "../core/retention.ts";
import { loadConfig } from "../edge/config-file.ts";
import { resolvePaths } from "../edge/paths.ts";
import { installSchedule, planForHost, uninstallSchedule, withScheduleEnv } from "../edge/schedule.ts";
import { parseEnvFile, scheduleEnvPath } from "../core/schedule-files.ts";
import { configVariables, unreachableNotifiers } from "../core/notifier-env.ts";
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
import { parse } from "./args.ts";
import { type Ctx, UsageError } from "./context.ts";
import { proofAfterPass } from "../prove/last-proof.ts";
import { HELP } from "./help.ts";

export async function watchCommand(args: string[], ctx: Ctx): Promise<number> {
  const { values } = parse(args, {
    once: { type: "boolean" },
    every: { type: "string" },
    install: { type: "boolean" },
    uninstall: { type: "boolean" },
    "dry-run": { type: "boolean" },
    bin: { type: "string" },
    json: { type: "boolean" },
  });
  if (values.help) return (ctx.out(HELP.watch + "\n"), 0);
  const modes = [values.once, values.install, values.uninstall].filter(Boolean).length;
  if (modes > 1 || (values.once && values.every !== undefined)) {
    throw new UsageError(`choose one of "--once", "--every", "--install" and "--uninstall"`);
  }
  let everyMs: number | null = null;
  if (values.every !== undefined) {
    const d = parseDuration(values.every);
    if (!d.ok) throw new UsageError(d.error);
    everyMs = d.value;
  }
  if (values.install || values.uninstall) return schedule(values.install === true, values, ctx, everyMs);
  const paths = resolvePaths(ctx.env);
  // A scheduled pass has no shell behind it: the variables the configuration names come from
  // the 0600 file `--install` wrote (issue 30 item 3).
  const env = withScheduleEnv(ctx.env, paths.stateDir);
  const store = openStore(paths.dbFile);
  try {
    const config = loadConfig(paths.configFile, env).config;
    const deps = watchDeps(store, config, { env, now: ctx.now });
    if (everyMs === null) return await lockedPass(store, deps, ctx, values.json === true);
    return await loop(everyMs, () => lockedPass(store, deps, ctx, values.json === true));
  } finally {
    store.close();
  }
}

async function lockedPass(
  store: Store,
  deps: ReturnType<typeof watchDeps>,
  ctx: Ctx,
  json: boolean,
): Promise<number> {
  const me = selfHolder();
  // The lease runs on real time even when VIGIL_NOW pins the pass's clock.
  const lock = acquireWatchLock(store, me, { now: Date.now() });
  if (!lock.ok) {
    const since = new Date(lock.holder.acquiredAt).toISOString();
    ctx.out(`vigil watch: another pass holds the lock (pid ${lock.holder.pid}, since ${since}); skipping\n`);
    return 0;
  }
  try {
    const summary = await runWatchPass(deps);
    ctx.out(json ? JSON.stringify(summary) + "\n" : render(summary));
    await proofAfterPass(
      { env: ctx.env, now: ctx.now, out: ctx.out, err: ctx.err, cwd: process.cwd() },
      deps.config.proveOnUpdate,
      json,
    );
  } finally {
    releaseWatchLock(store, me);
  }
  gcSlice(store, deps, ctx, me);
  return 0;
}

/**
 * Retention at most daily, after the pass and outside its lock, one bounded slice per process
 * (an unfinished run stays due and the next pass's slice goes on): the first gc over a year's
 * backlog ran 13 minutes, and under the pass lock every pass meanwhile was skipped (issue 30
 * item 8). Its own lease keeps two slices apart; a failure is reported, never fatal.
 */
function gcSlice(store: Store, deps: ReturnType<typeof watchDeps>, ctx: Ctx, me: LockHolder): void {
  if (!acquireLease(store, GC_LEASE, me, { now: Date.now() }).ok) return;
  try {
    gcIfDue(store, retentionPolicy(deps.config), { now: deps.now(), stateDir: resolvePaths(ctx.env).stateDir });
  } catch (e) {
    ctx.err(`vigil watch: gc failed: ${e instanceof Error ? e.message : String(e)}\n`);
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

async function schedule(
  install: boolean,
  values: { "dry-run"?: boolean; bin?: string },
  ctx: Ctx,
  everyMs: number | null,
): Promise<number> {
  const paths = resolvePaths(ctx.env);
  const bin = values.bin ?? process.execPath;
  if (!values.bin && /(^|\/)bun(-[a-z0-9-]+)?$/.test(bin)) {
    throw new UsageError(`running under "${bin}", not the compiled vigil: pass "--bin PATH"`);
  }
  const config = loadConfig(paths.configFile, ctx.env).config;
  const plan = planForHost({
    home: ctx.env.HOME ?? "",
    bin,
    env: ctx.env,
    xdgConfigHome: ctx.env.XDG_CONFIG_HOME || undefined,
    intervalSec: everyMs === null ? undefined : Math.max(60, Math.round(everyMs / 1000)),
    logFile: join(paths.stateDir, "watch.log"),
    envFile: { path: scheduleEnvPath(paths.stateDir), names: configVariables(config.notifiers) },
  });
  if (values["dry-run"]) {
    ctx.out(`${install ? "would install" : "would remove"} a ${plan.scheduler} schedule\n`);
    // The 0600 file holds secrets: its names are shown, never its values.
    for (const f of plan.files) {
      ctx.out(`--- ${f.path}\n${install ? f.mode === 0o600 ? redactEnv(f.text) : f.text : ""}`);
    }
    if (plan.cron) ctx.out(`crontab line: ${plan.cron}\n`);
    for (const a of install ? plan.activate : [...plan.deactivate, ...plan.afterRemove]) ctx.out(`$ ${a.join(" ")}\n`);
    return 0;
  }
  const r = install ? await installSchedule(plan) : await uninstallSchedule(plan);
  ctx.out(`${install ? "installed" : "removed"} the ${r.scheduler} schedule for "vigil watch --once"\n`);
  for (const p of r.paths) ctx.out(`${install ? "wrote" : "removed"} ${p}\n`);
  if (install) {
    const missing = unreachableNotifiers(config.notifiers, ctx.env).flatMap((u) => u.variable ?? []);
    if (missing.length > 0) {
      ctx.err(`vigil watch: ${missing.join(", ")} not set in this shell: alerts that need it go nowhere at night\n`);
    }
  }
  if (r.crontab !== null) ctx.out(install ? `crontab line: ${plan.cron}\n` : "crontab line removed\n");
  for (const c of r.commands) ctx.out(`$ ${c.argv.join(" ")}  (exit ${c.code})\n`);
  return 0;
}

/** An environment file's text with every value replaced by `***`. */
function redactEnv(text: string): string {
  return Object.keys(parseEnvFile(text)).map((k) => `${k}=***\n`).join("");
}
