/**
 * `vigil watch --install | --uninstall` on this host: write or remove the files planned by
 * `src/core/schedule-files.ts`, edit the crontab, and load or unload the schedule. The file
 * system, crontab and command runner are options so tests never touch the real ones.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { userInfo } from "node:os";
import { dirname, join, resolve } from "node:path";
import {
  parseEnvFile,
  type PlanOptions,
  planSchedule,
  scheduleEnvPath,
  type SchedulePlan,
  type Scheduler,
  withCronLine,
  withoutCronLine,
} from "../core/schedule-files.ts";

/** Whether this host runs systemd (and so a user timer can be enabled). */
export function detectSystemd(): boolean {
  return existsSync("/run/systemd/system") && Bun.which("systemctl") !== null;
}

/**
 * The user's own service manager, when `vigil install` can start `vigil serve` under it: launchd
 * on macOS, a running systemd user manager on Linux (its socket under XDG_RUNTIME_DIR), and only
 * for the user's login HOME (a service written into another HOME would run with the user's
 * real one). Otherwise why not, for install's note.
 */
export function userServiceManager(
  env: Record<string, string | undefined>,
): { ok: true; facts: Pick<PlanOptions, "platform" | "hasSystemd" | "uid"> } | { ok: false; why: string } {
  let login: string | null = null;
  try {
    login = userInfo().homedir;
  } catch {
    // no passwd entry: no user manager either
  }
  if (!env.HOME || login === null || resolve(env.HOME) !== resolve(login)) {
    return { ok: false, why: `HOME is not the login home of this user` };
  }
  if (process.platform === "darwin") return { ok: true, facts: hostFacts({ hasSystemd: false }) };
  if (process.platform !== "linux" || !detectSystemd()) return { ok: false, why: "no systemd or launchd here" };
  const runtime = env.XDG_RUNTIME_DIR;
  if (!runtime || !existsSync(join(runtime, "systemd", "private"))) {
    return { ok: false, why: "no systemd user manager is running for this session" };
  }
  return { ok: true, facts: hostFacts({ hasSystemd: true }) };
}

/** This host's platform, uid and whether systemd runs, unless given. */
export function hostFacts(
  o: Partial<Pick<PlanOptions, "platform" | "hasSystemd" | "uid">>,
): Pick<PlanOptions, "platform" | "hasSystemd" | "uid"> {
  const platform = o.platform ?? process.platform;
  return {
    platform,
    hasSystemd: o.hasSystemd ?? (platform === "linux" && detectSystemd()),
    uid: o.uid ?? process.getuid?.() ?? 0,
  };
}

/** The plan for this host: its platform, uid and whether systemd runs, unless given. */
export function planForHost(
  o:
    & Omit<PlanOptions, "platform" | "hasSystemd" | "uid">
    & Partial<Pick<PlanOptions, "platform" | "hasSystemd" | "uid">>,
): SchedulePlan {
  return planSchedule({ ...o, ...hostFacts(o) });
}

/** The outside world the writer touches; tests replace every part. */
export interface ScheduleIO {
  writeFile(path: string, text: string, mode?: number): void;
  removeFile(path: string): void;
  readCrontab(): Promise<string>;
  writeCrontab(text: string): Promise<void>;
  run(argv: string[]): Promise<number>;
}

async function spawnCode(argv: string[], stdin?: string): Promise<{ code: number; stdout: string }> {
  const p = Bun.spawn(argv, {
    stdin: stdin === undefined ? "ignore" : new TextEncoder().encode(stdin),
    stdout: "pipe",
    stderr: "ignore",
  });
  const [stdout, code] = await Promise.all([new Response(p.stdout).text(), p.exited]);
  return { code, stdout };
}

/** The real file system, `crontab` and command runner. */
export const systemScheduleIO: ScheduleIO = {
  writeFile(path, text, mode = 0o644) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text, { mode });
    chmodSync(path, mode); // a file that existed keeps its old mode otherwise
  },
  removeFile(path) {
    rmSync(path, { force: true });
  },
  async readCrontab() {
    const r = await spawnCode(["crontab", "-l"]);
    return r.code === 0 ? r.stdout : ""; // exit 1 means "no crontab for user"
  },
  async writeCrontab(text) {
    const r = await spawnCode(["crontab", "-"], text);
    if (r.code !== 0) throw new Error(`cannot write the crontab: "crontab -" exited ${r.code}`);
  },
  async run(argv) {
    return (await spawnCode(argv)).code;
  },
};

export interface ScheduleResult {
  scheduler: Scheduler;
  /** Files written (install) or removed (uninstall). */
  paths: string[];
  /** The crontab as written, for cron. */
  crontab: string | null;
  commands: { argv: string[]; code: number }[];
}

/** Write the schedule and load it. Re-installing replaces the files and the one cron line. */
export async function installSchedule(plan: SchedulePlan, io: ScheduleIO = systemScheduleIO): Promise<ScheduleResult> {
  for (const f of plan.files) io.writeFile(f.path, f.text, f.mode);
  let crontab: string | null = null;
  if (plan.cron !== null) {
    crontab = withCronLine(await io.readCrontab(), plan.cron);
    await io.writeCrontab(crontab);
  }
  const commands = [];
  // bootout of an agent that is not loaded fails; that is the expected first-install case.
  for (const argv of plan.activate) commands.push({ argv, code: await io.run(argv) });
  return { scheduler: plan.scheduler, paths: plan.files.map((f) => f.path), crontab, commands };
}

/** Unload the schedule and remove exactly what install wrote. */
export async function uninstallSchedule(
  plan: SchedulePlan,
  io: ScheduleIO = systemScheduleIO,
): Promise<ScheduleResult> {
  const commands = [];
  for (const argv of plan.deactivate) commands.push({ argv, code: await io.run(argv) });
  for (const f of plan.files) io.removeFile(f.path);
  for (const argv of plan.afterRemove) commands.push({ argv, code: await io.run(argv) });
  let crontab: string | null = null;
  if (plan.scheduler === "cron") {
    crontab = withoutCronLine(await io.readCrontab());
    await io.writeCrontab(crontab);
  }
  return { scheduler: plan.scheduler, paths: plan.files.map((f) => f.path), crontab, commands };
}

/** The variables `vigil watch --install` left for scheduled passes, or null when it left none. */
export function readScheduleEnv(stateDir: string): Record<string, string> | null {
  try {
    return parseEnvFile(readFileSync(scheduleEnvPath(stateDir), "utf8"));
  } catch {
    return null;
  }
}

/**
 * A pass's environment: its own, with what the schedule's file holds filling what is missing
 * (a scheduled pass has no shell behind it; a pass run by hand keeps the shell's values).
 */
export function withScheduleEnv(
  env: Record<string, string | undefined>,
  stateDir: string,
): Record<string, string | undefined> {
  const file = readScheduleEnv(stateDir);
  if (file === null) return env;
  const out: Record<string, string | undefined> = { ...file };
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  return out;
}
