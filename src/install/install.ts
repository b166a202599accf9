/**
 * `vigil install`: read the installed Claude Code version, the settings file and vigil's
 * install record, plan the merge (pure, `src/core/install/plan.ts`) and write in a safe order:
 * check writability first (a read-only file means nothing at all is written), back up, write,
 * then the skill and the record; then serve by default. `--plugin DIR` writes a plugin instead.
 */
import { existsSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { type CommandIo, Refusal } from "../core/command-io.ts";
import { SKILL_NAME } from "../core/continuity/skill.ts";
import { settingsDiff } from "../core/install/diff.ts";
import { hookCommand, shellWord, statuslineCommand, type VigilMarks } from "../core/install/entries.ts";
import { compareVersions, HTTP_HOOKS_SINCE, parseVersion } from "../core/install/events.ts";
import { planInstall } from "../core/install/plan.ts";
import { afterInstall, fileRecord, noteClaudeVersion } from "../core/install/record.ts";
import { describeChange, warningsFor } from "../core/install/report.ts";
import type { StatusLineMode } from "../core/install/statusline-setting.ts";
import { readClaudeVersion } from "../edge/claude-version.ts";
import { resolvePaths } from "../edge/paths.ts";
import {
  assertWritable,
  backupSettings,
  decodeSettings,
  readSettings,
  sha256,
  writeSettings,
} from "../edge/settings-file.ts";
import { writeSkillFile } from "../edge/state-files.ts";
import { writePlugin } from "./plugin-dir.ts";
import { backupTag, guard, loadRecord, saveRecord, scopePaths } from "./scope.ts";
import { type InstallDeps, noteServing, serveByDefault } from "./serve-default.ts";

/** An install, as the command line asked for it (checked there). */
export interface InstallRequest {
  /** `.claude/settings.json` under `cwd` instead of the user's settings. */
  project: boolean;
  /** The vigil binary the hooks run (relative to the current directory when not absolute). */
  bin: string;
  /** `--http`'s port, or null for command hooks. */
  http: number | null;
  statusLine: StatusLineMode;
  dryRun: boolean;
  failClosed: boolean;
  statusLineOnly: boolean;
  /** `--plugin DIR`: write a plugin directory instead of the settings file. */
  plugin: string | null;
  /** Start serve under the user's service manager (not with `--no-serve` or `--dry-run`). */
  serve: boolean;
  /** `--claude-version` (checked), else `claude --version` is asked. */
  claudeVersion: string | undefined;
  /** vigil's own version, for the plugin's manifest. */
  version: string;
  cwd: string;
}

/** Run the install; what it did and its warnings go to `io`. */
export async function install(given: InstallRequest, io: CommandIo, deps: InstallDeps = {}): Promise<number> {
  const req = { ...given, bin: isAbsolute(given.bin) ? given.bin : resolve(given.cwd, given.bin) };
  let raw: string;
  try {
    raw = req.claudeVersion ?? await readClaudeVersion({ env: io.env });
  } catch (e) {
    throw new Refusal(e instanceof Error ? e.message : String(e));
  }
  const version = parseVersion(raw)?.join(".") ?? raw;
  const serve = req.serve ? { bin: req.bin, port: req.http ?? 8787, deps } : null;
  if (req.plugin !== null) {
    const code = writePlugin(req.plugin, {
      bin: req.bin,
      claudeVersion: version,
      version: req.version,
      failClosed: req.failClosed,
      dryRun: req.dryRun,
      cwd: req.cwd,
    }, io);
    if (serve) await serveByDefault(serve, null, io);
    return code;
  }
  if (req.http !== null && compareVersions(version, HTTP_HOOKS_SINCE) < 0) {
    throw new Refusal(
      `Claude Code ${version} has no HTTP hooks (they exist from ${HTTP_HOOKS_SINCE}): install without "--http"`,
    );
  }
  const paths = scopePaths(req.project, { env: io.env, cwd: req.cwd });
  const state = resolvePaths(io.env).stateDir;
  let record = loadRecord(state);
  const own = [hookCommand(req.bin), statuslineCommand(req.bin)];
  const marks: VigilMarks = { commands: [...(fileRecord(record, paths.settings)?.commands ?? []), ...own] };
  const before = guard(() => readSettings(paths.settings));
  const text = guard(() => decodeSettings(before));
  const plan = planInstall(text, {
    bin: req.bin,
    claudeVersion: version,
    httpPort: req.http,
    // Without bash the statusLine stays `vigil statusline` (forwarded to serve's socket).
    // /bin/bash first: a bash from a package manager may be gone after its next upgrade.
    bash: req.http !== null ? (existsSync("/bin/bash") ? "/bin/bash" : Bun.which("bash")) : null,
    statusLine: req.statusLine,
    marks,
    failClosed: req.failClosed,
    hooks: !req.statusLineOnly,
  });
  if (!plan.ok) throw new Refusal(`cannot install into "${paths.settings}": ${plan.error}; nothing was written`);
  const change = plan.value;
  if (req.dryRun) {
    const diff = settingsDiff(paths.settings, text, change.text);
    io.out(diff ? diff.trimEnd() + "\n" : `no change to "${paths.settings}"\n`);
    io.out(`would write the skill: ${join(paths.skills, SKILL_NAME, "SKILL.md")}\n`);
    for (const w of warningsFor(change, version, paths.settings)) io.err(`vigil: warning: ${w}\n`);
    return 0;
  }
  let backup: string | null = null;
  if (change.changed && change.text !== null) {
    guard(() => assertWritable(paths.settings));
    const at = io.now();
    backup = backupSettings(paths.settings, join(state, "backups"), at, backupTag(req.project, paths.settings));
    const bytes = new TextEncoder().encode(change.text);
    guard(() => writeSettings(paths.settings, bytes));
    record = afterInstall(record, {
      path: paths.settings,
      before: before.bytes === null ? null : sha256(before.bytes),
      backup,
      written: sha256(bytes),
      commands: own,
      claudeVersion: version,
      at,
    });
  }
  const skill = writeSkillFile(paths.skills, { bin: shellWord(req.bin) });
  saveRecord(state, noteClaudeVersion(record, version, io.now()));
  io.out(
    describeChange("install", change, {
      path: paths.settings,
      version,
      backup,
      http: req.http,
      // Only the HTTP client has programs of its own (inspect.ts).
      statusViaServe: change.facts.statusLine.kind === "vigil" && change.facts.statusLine.programs !== undefined,
      statusLineOnly: req.statusLineOnly,
    }),
  );
  io.out(
    skill.ok ? `skill: ${skill.path}${skill.changed ? "" : " (up to date)"}\n` : `skill: not written: ${skill.error}\n`,
  );
  for (const w of warningsFor(change, version, paths.settings)) io.err(`vigil: warning: ${w}\n`);
  if (serve && await serveByDefault(serve, req.http, io)) return 0;
  await noteServing(req.http, io);
  return 0;
}
