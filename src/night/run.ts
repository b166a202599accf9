/**
 * `vigil night on | off | status`, as the command line asked: checks the scope paths, refuses
 * to go on while a death tonight would be noticed by nobody (`core/night/readiness.ts`, unless
 * forced), then turns the mode on or off or reads it (`mode.ts`) over the store.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { parseUntil } from "../app/time-args.ts";
import { type CommandIo, Refusal, UsageError } from "../core/command-io.ts";
import { scheduleInstalled } from "../core/doctor/services.ts";
import type { NightLedger } from "../core/night/ledger.ts";
import { nightReadiness, type Readiness } from "../core/night/readiness.ts";
import { loadConfig } from "../edge/config-file.ts";
import { resolvePaths } from "../edge/paths.ts";
import { readScheduleEnv } from "../edge/schedule.ts";
import { openStore } from "../edge/store.ts";
import { probeSchedule } from "../doctor/probes.ts";
import { type BlockCount, nightDeps, nightStatus, turnNightOff, turnNightOn } from "./mode.ts";
import type { NightSetting } from "./setting.ts";
import type { IdleSession } from "./snapshot.ts";

/**
 * What `vigil night` was asked to do: `scope` as given (resolved against `cwd` here), `until`
 * as given (`--until`), `bin` the vigil whose watch schedule must be in place.
 */
export type NightRequest =
  | { action: "on"; scope: string[]; until: string | undefined; force: boolean; cwd: string; bin: string }
  | { action: "off" | "status" };

/** What became of it, for the command to print. */
export type NightOutcome =
  | { action: "on"; setting: NightSetting; wasOn: boolean; idle: IdleSession[]; ready: Readiness }
  | { action: "off"; wasOn: boolean; blocks: BlockCount; ledger: NightLedger | null }
  | {
    action: "status";
    setting: NightSetting | null;
    active: boolean;
    blocks: BlockCount;
    ledger: NightLedger | null;
  };

/** Turn unattended mode on or off, or read it; a refusal throws with its fix. */
export async function runNight(req: NightRequest, io: CommandIo): Promise<NightOutcome> {
  const scope = req.action === "on" ? req.scope.map((p) => resolve(req.cwd, p)) : [];
  for (const p of scope) if (!existsSync(p)) throw new UsageError(`scope path "${p}" does not exist`);
  let until: number | null = null;
  if (req.action === "on" && req.until !== undefined) {
    const u = parseUntil(req.until, io.now());
    if (!u.ok) throw new UsageError(u.error);
    until = u.value;
  }
  const paths = resolvePaths(io.env);
  const store = openStore(paths.dbFile);
  try {
    const deps = nightDeps(store, loadConfig(paths.configFile, io.env).config, { env: io.env, now: io.now });
    if (req.action === "on") {
      const schedule = await probeSchedule(req.bin, io.env);
      const ready = nightReadiness(deps.config, {
        scheduler: schedule.scheduler,
        installed: scheduleInstalled(schedule),
        env: readScheduleEnv(paths.stateDir),
      });
      const first = ready.problems[0];
      if (first !== undefined && !req.force) {
        throw new Refusal(`not turned on: ${first.problem}; fix: ${first.fix} (or --force)`);
      }
      const r = await turnNightOn(deps, { scope, until });
      return { action: "on", setting: r.setting, wasOn: r.previous?.on === true, idle: r.idle, ready };
    }
    if (req.action === "off") {
      const r = turnNightOff(deps);
      return { action: "off", wasOn: r.previous?.on === true, blocks: r.blocks, ledger: r.ledger };
    }
    return { action: "status", ...nightStatus(deps) };
  } finally {
    store.close();
  }
}
