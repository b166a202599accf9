/**
 * `vigil doctor`'s look at the whole setup: the probes (`probes.ts`) gather the outside world
 * into plain inputs, the checks in `src/core/doctor/` turn them into findings. Reading the
 * installed Claude Code's version also notes it in the install record (for "since the last
 * upgrade"), never creating the state directory.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { CommandIo } from "../core/command-io.ts";
import type { Finding } from "../core/doctor/findings.ts";
import { checkHookSocket, checkNotify, checkSchedule, checkServe } from "../core/doctor/services.ts";
import { checkDatabase, checkEnvelopes, checkPermissions } from "../core/doctor/state.ts";
import { checkIdentity } from "../core/doctor/identity.ts";
import { checkWrappedTiming } from "../core/doctor/statusline-timing.ts";
import { checkBinary, checkClaude } from "../core/doctor/versions.ts";
import { checkWiring, type SettingsFileInput } from "../core/doctor/wiring.ts";
import { hookCommand, statuslineCommand } from "../core/install/entries.ts";
import { parseVersion } from "../core/install/events.ts";
import { fileRecord, noteClaudeVersion, parseRecord } from "../core/install/record.ts";
import { carriedEnv } from "../core/schedule-files.ts";
import { readClaudeVersion } from "../edge/claude-version.ts";
import { loadConfig } from "../edge/config-file.ts";
import { resolvePaths } from "../edge/paths.ts";
import { claudeConfigDir } from "../edge/registry.ts";
import { readScheduleEnv } from "../edge/schedule.ts";
import { readInstallRecord, writeInstallRecord } from "../edge/settings-file.ts";
import { scopePaths } from "../install/scope.ts";
import { proofFinding } from "../prove/last-proof.ts";
import {
  probeBinary,
  probeBins,
  probeDatabase,
  probeHookSocket,
  probeIdentity,
  probeNotify,
  probePermissions,
  probePlugins,
  probeSchedule,
  probeServe,
  probeServeService,
  probeSettings,
  probeWrappedTiming,
} from "./probes.ts";

/** What doctor was asked, and what it checks against. */
export interface DoctorRequest {
  /** `--claude-version` (checked), else `claude --version` is asked. */
  claudeVersion: string | undefined;
  /** `--notify-test`: send one test alert through every notifier. */
  notifyTest: boolean;
  cwd: string;
  /** This vigil binary. */
  self: string;
  /** This vigil's version and build, for the binary and hook-socket checks. */
  version: string;
  build: string;
  /** The cap the wrapped statusLine runs under, which its timing is judged against. */
  wrapCapMs: number;
}

/**
 * The environment a scheduled pass has: the scheduler's HOME, the variables the schedule
 * carries, and its 0600 file; without that file (an older install), what the schedule carries.
 */
function scheduleEnvironment(env: Record<string, string | undefined>, stateDir: string): Record<string, string> {
  return { ...(env.HOME ? { HOME: env.HOME } : {}), ...(readScheduleEnv(stateDir) ?? carriedEnv(env)) };
}

/** Probe everything and check it: one finding per thing looked at, problems included. */
export async function runDoctor(req: DoctorRequest, io: CommandIo): Promise<Finding[]> {
  const paths = resolvePaths(io.env);
  const { cwd, self } = req;
  const now = io.now();

  let claude: string | null = null, claudeError: string | null = null;
  try {
    claude = parseVersion(req.claudeVersion ?? await readClaudeVersion({ env: io.env }))?.join(".") ?? null;
  } catch (e) {
    claudeError = e instanceof Error ? e.message : String(e);
  }
  const record = parseRecord(readInstallRecord(paths.stateDir));
  const noted = claude === null ? record : noteClaudeVersion(record, claude, now);
  // Remember the version (for "since the last upgrade"), but never create the state dir here.
  if (noted !== record && existsSync(paths.stateDir)) {
    writeInstallRecord(paths.stateDir, JSON.stringify(noted, null, 2) + "\n");
  }

  const user = scopePaths(false, { env: io.env, cwd }).settings;
  const project = scopePaths(true, { env: io.env, cwd }).settings;
  const local = join(cwd, ".claude", "settings.local.json");
  const marksFor = (p: string) => ({
    commands: [...(fileRecord(record, p)?.commands ?? []), hookCommand(self), statuslineCommand(self)],
  });
  // Run from the home directory, the project file is the user file: check it once.
  const scoped: [SettingsFileInput["scope"], string][] = [["user", user], ["project", project], [
    "project-local",
    local,
  ]];
  const files = scoped
    .filter(([, p], i) => scoped.findIndex(([, q]) => q === p) === i)
    .map(([scope, p]) => probeSettings(scope, p, marksFor(p)));
  files.push(
    ...probePlugins(
      record.plugins.map((p) => p.dir),
      claudeConfigDir({ env: io.env, home: io.env.HOME ?? "" }),
      marksFor(""),
    ),
  );
  const urls = [...new Set(files.flatMap((f) => f.facts?.urls ?? []))];
  const { db, envelopes } = probeDatabase(paths.dbFile, now, noted.claude?.since ?? 0);
  const config = loadConfig(paths.configFile, io.env).config;

  const wrapped = files.map((f) => f.facts?.statusLine).find((sl) => sl?.kind === "wrapped");
  const [binary, serve, socket, schedule, notify, timing] = await Promise.all([
    probeBinary(self, req.version, io.env),
    probeServe(urls),
    probeHookSocket(paths.stateDir, paths.dbFile, req.build),
    probeSchedule(self, io.env),
    req.notifyTest
      ? probeNotify(config.notifiers, scheduleEnvironment(io.env, paths.stateDir), now, cwd, config.language)
      : Promise.resolve(null),
    wrapped?.kind === "wrapped" ? probeWrappedTiming(wrapped.then, io.env, cwd, req.wrapCapMs) : Promise.resolve(null),
  ]);
  return [
    ...checkBinary(binary),
    ...checkClaude({ version: claude, error: claudeError, previous: record.claude }),
    ...checkWiring({ files, claudeVersion: claude, bins: probeBins(files, io.env) }),
    ...checkWrappedTiming(timing),
    ...checkServe(serve),
    ...checkHookSocket(socket, probeServeService(self, io.env)),
    ...checkEnvelopes(envelopes),
    ...checkDatabase(db),
    ...checkPermissions(probePermissions(paths.stateDir)),
    ...checkSchedule(schedule),
    ...checkIdentity(probeIdentity(io.env)),
    ...checkNotify(notify),
    proofFinding(paths.stateDir, claude),
  ];
}
