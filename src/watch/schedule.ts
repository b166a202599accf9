/**
 * `vigil watch --install | --uninstall`: the schedule (systemd timer, launchd agent or cron
 * line) that runs `vigil watch --once`, with the 0600 file of the variables the configuration's
 * notifiers name, so a scheduled pass's alerts reach them.
 */
import { join } from "node:path";
import { type CommandIo, UsageError } from "../core/command-io.ts";
import { configVariables, unreachableNotifiers } from "../core/notifier-env.ts";
import { parseEnvFile, scheduleEnvPath } from "../core/schedule-files.ts";
import { loadConfig } from "../edge/config-file.ts";
import { resolvePaths } from "../edge/paths.ts";
import { installSchedule, planForHost, uninstallSchedule } from "../edge/schedule.ts";

/** Install (or remove) the schedule; with `dry-run` only say what would be written and run. */
export async function watchSchedule(
  install: boolean,
  values: { "dry-run"?: boolean; bin?: string; everyMs: number | null },
  io: CommandIo,
): Promise<number> {
  const { everyMs } = values;
  const paths = resolvePaths(io.env);
  const bin = values.bin ?? process.execPath;
  if (!values.bin && /(^|\/)bun(-[a-z0-9-]+)?$/.test(bin)) {
    throw new UsageError(`running under "${bin}", not the compiled vigil: pass "--bin PATH"`);
  }
  const config = loadConfig(paths.configFile, io.env).config;
  const plan = planForHost({
    home: io.env.HOME ?? "",
    bin,
    env: io.env,
    xdgConfigHome: io.env.XDG_CONFIG_HOME || undefined,
    intervalSec: everyMs === null ? undefined : Math.max(60, Math.round(everyMs / 1000)),
    logFile: join(paths.stateDir, "watch.log"),
    envFile: { path: scheduleEnvPath(paths.stateDir), names: configVariables(config.notifiers) },
  });
  if (values["dry-run"]) {
    io.out(`${install ? "would install" : "would remove"} a ${plan.scheduler} schedule\n`);
    // The 0600 file holds secrets: its names are shown, never its values.
    for (const f of plan.files) {
      io.out(`--- ${f.path}\n${install ? f.mode === 0o600 ? redactEnv(f.text) : f.text : ""}`);
    }
    if (plan.cron) io.out(`crontab line: ${plan.cron}\n`);
    for (const a of install ? plan.activate : [...plan.deactivate, ...plan.afterRemove]) io.out(`$ ${a.join(" ")}\n`);
    return 0;
  }
  const r = install ? await installSchedule(plan) : await uninstallSchedule(plan);
  io.out(`${install ? "installed" : "removed"} the ${r.scheduler} schedule for "vigil watch --once"\n`);
  for (const p of r.paths) io.out(`${install ? "wrote" : "removed"} ${p}\n`);
  if (install) {
    const missing = unreachableNotifiers(config.notifiers, io.env).flatMap((u) => u.variable ?? []);
    if (missing.length > 0) {
      io.err(`vigil watch: ${missing.join(", ")} not set in this shell: alerts that need it go nowhere at night\n`);
    }
  }
  if (r.crontab !== null) io.out(install ? `crontab line: ${plan.cron}\n` : "crontab line removed\n");
  for (const c of r.commands) io.out(`$ ${c.argv.join(" ")}  (exit ${c.code})\n`);
  return 0;
}

/** An environment file's text with every value replaced by `***`. */
function redactEnv(text: string): string {
  return Object.keys(parseEnvFile(text)).map((k) => `${k}=***\n`).join("");
}
