/**
 * `vigil doctor [--json] [--notify-test] [--claude-version X]`: wiring only. Probes gather
 * plain inputs (`src/doctor/probes.ts`), the checks in `src/core/doctor/` turn them into
 * findings, and the exit code is 1 exactly when one of them is a problem.
 */
import { carriedEnv } from "../core/schedule-files.ts";
import { readScheduleEnv } from "../edge/schedule.ts";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { exitCodeOf, type Finding, findingsJson, renderFindings } from "../core/doctor/findings.ts";
import { checkHookSocket, checkNotify, checkSchedule, checkServe } from "../core/doctor/services.ts";
import { checkDatabase, checkEnvelopes, checkPermissions } from "../core/doctor/state.ts";
import { checkBinary, checkClaude } from "../core/doctor/versions.ts";
import { checkWrappedTiming } from "../core/doctor/statusline-timing.ts";
import { checkWiring, type SettingsFileInput } from "../core/doctor/wiring.ts";
import { hookCommand, statuslineCommand } from "../core/install/entries.ts";
import { parseVersion } from "../core/install/events.ts";
import { fileRecord, noteClaudeVersion, parseRecord } from "../core/install/record.ts";
import { readClaudeVersion } from "../edge/claude-version.ts";
import { loadConfig } from "../edge/config-file.ts";
import { resolvePaths } from "../edge/paths.ts";
import { claudeConfigDir } from "../edge/registry.ts";
import { readInstallRecord, writeInstallRecord } from "../edge/settings-file.ts";
import { parse } from "./args.ts";
import { type Ctx, UsageError } from "./context.ts";
import {
  probeBinary,
  probeBins,
  probeDatabase,
  probeHookSocket,
  probeNotify,
  probePermissions,
  probePlugins,
  probeSchedule,
  probeServe,
  probeServeService,
  probeSettings,
  probeWrappedTiming,
} from "../doctor/probes.ts";
import { HELP, VERSION } from "./help.ts";
import { proveCommand } from "./doctor-prove.ts";
import { proofFinding } from "../prove/last-proof.ts";
import { BUILD } from "./version.ts";
import { scopePaths } from "../install/scope.ts";
import { WRAP_CAP_MS } from "./statusline.ts";

/**
 * The environment a scheduled pass has: the scheduler's HOME, the variables the schedule
 * carries, and its 0600 file; without that file (an older install), what the schedule carries.
 */
function scheduleEnvironment(env: Record<string, string | undefined>, stateDir: string): Record<string, string> {
  return { ...(env.HOME ? { HOME: env.HOME } : {}), ...(readScheduleEnv(stateDir) ?? carriedEnv(env)) };
}

export async function doctorCommand(args: string[], ctx: Ctx): Promise<number> {
  const { values } = parse(args, {
    json: { type: "boolean" },
    verbose: { type: "boolean", short: "v" },
    "notify-test": { type: "boolean" },
    "claude-version": { type: "string" },
    prove: { type: "boolean" },
  });
  if (values.help) return (ctx.out(HELP.doctor + "\n"), 0);
  if (values.prove) return await proveCommand(ctx, values.json === true);
  const given = values["claude-version"];
  if (given !== undefined && parseVersion(given) === null) throw new UsageError(`invalid version "${given}"`);
  const paths = resolvePaths(ctx.env);
  const cwd = process.cwd();
  const self = process.execPath;
  const now = ctx.now();

  let claude: string | null = null, claudeError: string | null = null;
  try {
    claude = parseVersion(given ?? await readClaudeVersion({ env: ctx.env }))?.join(".") ?? null;
  } catch (e) {
    claudeError = e instanceof Error ? e.message : String(e);
  }
  const record = parseRecord(readInstallRecord(paths.stateDir));
  const noted = claude === null ? record : noteClaudeVersion(record, claude, now);
  // Remember the version (for "since the last upgrade"), but never create the state dir here.
  if (noted !== record && existsSync(paths.stateDir)) {
    writeInstallRecord(paths.stateDir, JSON.stringify(noted, null, 2) + "\n");
  }

  const user = scopePaths(false, { env: ctx.env, cwd }).settings;
  const project = scopePaths(true, { env: ctx.env, cwd }).settings;
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
      claudeConfigDir({ env: ctx.env, home: ctx.env.HOME ?? "" }),
      marksFor(""),
    ),
  );
  const urls = [...new Set(files.flatMap((f) => f.facts?.urls ?? []))];
  const { db, envelopes } = probeDatabase(paths.dbFile, now, noted.claude?.since ?? 0);
  const config = loadConfig(paths.configFile, ctx.env).config;

  const wrapped = files.map((f) => f.facts?.statusLine).find((sl) => sl?.kind === "wrapped");
  const [binary, serve, socket, schedule, notify, timing] = await Promise.all([
    probeBinary(self, VERSION, ctx.env),
    probeServe(urls),
    probeHookSocket(paths.stateDir, paths.dbFile, BUILD),
    probeSchedule(self, ctx.env),
    values["notify-test"]
      ? probeNotify(config.notifiers, scheduleEnvironment(ctx.env, paths.stateDir), now, cwd)
      : Promise.resolve(null),
    wrapped?.kind === "wrapped" ? probeWrappedTiming(wrapped.then, ctx.env, cwd, WRAP_CAP_MS) : Promise.resolve(null),
  ]);
  const findings: Finding[] = [
    ...checkBinary(binary),
    ...checkClaude({ version: claude, error: claudeError, previous: record.claude }),
    ...checkWiring({ files, claudeVersion: claude, bins: probeBins(files, ctx.env) }),
    ...checkWrappedTiming(timing),
    ...checkServe(serve),
    ...checkHookSocket(socket, probeServeService(self, ctx.env)),
    ...checkEnvelopes(envelopes),
    ...checkDatabase(db),
    ...checkPermissions(probePermissions(paths.stateDir)),
    ...checkSchedule(schedule),
    ...checkNotify(notify),
    proofFinding(paths.stateDir, claude),
  ];
  ctx.out(
    values.json
      ? JSON.stringify(findingsJson(findings), null, 2) + "\n"
      : renderFindings(findings, { verbose: values.verbose }),
  );
  return exitCodeOf(findings);
}
