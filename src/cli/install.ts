/**
 * `vigil install` / `vigil uninstall`: wiring. The merge is pure (`src/core/install/plan.ts`);
 * this file reads the installed Claude Code version, the settings file and vigil's install
 * record, and writes in a safe order: check writability first (a read-only file means nothing
 * at all is written), back up, write, then the skill and the record.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { SKILL_MARKER, SKILL_NAME } from "../core/continuity/skill.ts";
import { settingsDiff } from "../core/install/diff.ts";
import { hookCommand, shellWord, statuslineCommand, type VigilMarks } from "../core/install/entries.ts";
import { compareVersions, HTTP_HOOKS_SINCE, parseVersion } from "../core/install/events.ts";
import { registeredEvents } from "../core/install/handled.ts";
import { inspectSettings } from "../core/install/inspect.ts";
import { parseDoc, valueOf } from "../core/install/json-text.ts";
import { type Change, planInstall, planUninstall } from "../core/install/plan.ts";
import { PLUGIN_NAME, pluginFiles } from "../core/install/plugin.ts";
import { STATUS_LINE_MODES, type StatusLineMode } from "../core/install/statusline-setting.ts";
import {
  afterInstall,
  afterPlugin,
  afterUninstall,
  fileRecord,
  type InstallRecord,
  noteClaudeVersion,
  parseRecord,
  undoPlan,
} from "../core/install/record.ts";
import { describeChange, servingNote, warningsFor } from "../core/install/report.ts";
import { readClaudeVersion } from "../edge/claude-version.ts";
import { hookSocketPath, socketPresent } from "../edge/hook-socket.ts";
import { resolvePaths } from "../edge/paths.ts";
import { claudeConfigDir } from "../edge/registry.ts";
import {
  assertWritable,
  backupSettings,
  decodeSettings,
  readBackup,
  readInstallRecord,
  readSettings,
  SettingsFileError,
  sha256,
  writeInstallRecord,
  writeSettings,
} from "../edge/settings-file.ts";
import { type ScheduleIO, userServiceManager } from "../edge/schedule.ts";
import { writeSkillFile } from "../edge/state-files.ts";
import { parse } from "./args.ts";
import { type Ctx, Refusal, UsageError } from "./context.ts";
import { HELP } from "./help.ts";
import { VERSION } from "./version.ts";

const SCOPE = { user: { type: "boolean" }, project: { type: "boolean" } } as const;

/** Where settings.json and the skills directory are for a scope. */
export function scopePaths(project: boolean, ctx: Ctx, cwd: string): { settings: string; skills: string } {
  const base = project ? join(cwd, ".claude") : claudeConfigDir({ env: ctx.env, home: ctx.env.HOME ?? "" });
  return { settings: join(base, "settings.json"), skills: join(base, "skills") };
}

function scopeOf(values: { user?: boolean; project?: boolean }): boolean {
  if (values.user && values.project) throw new UsageError(`choose one of "--user" and "--project"`);
  return values.project === true;
}

function binOf(given: string | undefined): string {
  const bin = given ?? process.execPath;
  if (!given && /(^|\/)bun(-[a-z0-9-]+)?$/.test(bin)) {
    throw new UsageError(`running under "${bin}", not the compiled vigil: pass "--bin PATH"`);
  }
  return isAbsolute(bin) ? bin : resolve(bin);
}

/** `--statusline vigil|wrap|keep` (default wrap); `--wrap-statusline` is the older spelling of wrap. */
function statusLineModeOf(given: string | undefined, wrapAlias: boolean): StatusLineMode {
  if (given === undefined) return "wrap";
  const mode = STATUS_LINE_MODES.find((m) => m === given);
  if (mode === undefined) {
    throw new UsageError(`invalid --statusline "${given}" (one of: ${STATUS_LINE_MODES.join(", ")})`);
  }
  if (wrapAlias && mode !== "wrap") throw new UsageError(`"--wrap-statusline" contradicts "--statusline ${mode}"`);
  return mode;
}

const loadRecord = (state: string) => parseRecord(readInstallRecord(state));
const saveRecord = (state: string, r: InstallRecord) => writeInstallRecord(state, JSON.stringify(r, null, 2) + "\n");

/** Refusals for a file vigil cannot safely edit carry the path and say nothing was written. */
function guard<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof SettingsFileError) throw new Refusal(e.message);
    throw e;
  }
}

/** The service manager install starts `vigil serve` under, and its writer; tests pass their own. */
export interface InstallDeps {
  manager?: ReturnType<typeof userServiceManager>;
  io?: ScheduleIO;
}

export async function installCommand(args: string[], ctx: Ctx, deps: InstallDeps = {}): Promise<number> {
  const { values } = parse(args, {
    ...SCOPE,
    http: { type: "boolean" },
    port: { type: "string" },
    statusline: { type: "string" },
    "wrap-statusline": { type: "boolean" },
    "dry-run": { type: "boolean" },
    bin: { type: "string" },
    "claude-version": { type: "string" },
    "fail-closed": { type: "boolean" },
    plugin: { type: "string" },
    "statusline-only": { type: "boolean" },
    "no-serve": { type: "boolean" },
  });
  if (values.help) return (ctx.out(HELP.install + "\n"), 0);
  const project = scopeOf(values);
  const statusLineOnly = values["statusline-only"] === true;
  if (values.plugin !== undefined) {
    for (const flag of ["http", "project", "statusline-only", "statusline", "wrap-statusline"] as const) {
      if (values[flag] !== undefined) throw new UsageError(`"--plugin" writes hooks only: drop "--${flag}"`);
    }
  }
  if (statusLineOnly && (values.http || values["fail-closed"])) {
    throw new UsageError(`"--statusline-only" registers no hooks: drop "--http" and "--fail-closed"`);
  }
  const bin = binOf(values.bin);
  const port = values.port === undefined ? 8787 : Number(values.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new UsageError(`invalid port "${values.port}"`);
  if (values.port !== undefined && !values.http) throw new UsageError(`"--port" needs "--http"`);
  const statusLine = statusLineModeOf(values.statusline, values["wrap-statusline"] === true);
  const given = values["claude-version"];
  if (given !== undefined && parseVersion(given) === null) throw new UsageError(`invalid version "${given}"`);
  let raw: string;
  try {
    raw = given ?? await readClaudeVersion({ env: ctx.env });
  } catch (e) {
    throw new Refusal(e instanceof Error ? e.message : String(e));
  }
  const version = parseVersion(raw)?.join(".") ?? raw;
  const serve = values["no-serve"] || values["dry-run"] ? null : { bin, port: values.http ? port : 8787, deps };
  if (values.plugin !== undefined) {
    const code = writePlugin(values.plugin, {
      bin,
      version,
      failClosed: values["fail-closed"] === true,
      dryRun: values["dry-run"] === true,
    }, ctx);
    if (serve) await serveByDefault(serve, null, ctx);
    return code;
  }
  if (values.http && compareVersions(version, HTTP_HOOKS_SINCE) < 0) {
    throw new Refusal(
      `Claude Code ${version} has no HTTP hooks (they exist from ${HTTP_HOOKS_SINCE}): install without "--http"`,
    );
  }
  const paths = scopePaths(project, ctx, process.cwd());
  const state = resolvePaths(ctx.env).stateDir;
  let record = loadRecord(state);
  const own = [hookCommand(bin), statuslineCommand(bin)];
  const marks: VigilMarks = { commands: [...(fileRecord(record, paths.settings)?.commands ?? []), ...own] };
  const before = guard(() => readSettings(paths.settings));
  const text = guard(() => decodeSettings(before));
  const plan = planInstall(text, {
    bin,
    claudeVersion: version,
    httpPort: values.http ? port : null,
    // Without bash the statusLine stays `vigil statusline` (forwarded to serve's socket).
    // /bin/bash first: a bash from a package manager may be gone after its next upgrade.
    bash: values.http ? (existsSync("/bin/bash") ? "/bin/bash" : Bun.which("bash")) : null,
    statusLine,
    marks,
    failClosed: values["fail-closed"] === true,
    hooks: !statusLineOnly,
  });
  if (!plan.ok) throw new Refusal(`cannot install into "${paths.settings}": ${plan.error}; nothing was written`);
  const change = plan.value;
  if (values["dry-run"]) {
    const diff = settingsDiff(paths.settings, text, change.text);
    ctx.out(diff ? diff.trimEnd() + "\n" : `no change to "${paths.settings}"\n`);
    ctx.out(`would write the skill: ${join(paths.skills, SKILL_NAME, "SKILL.md")}\n`);
    for (const w of warningsFor(change, version, paths.settings)) ctx.err(`vigil: warning: ${w}\n`);
    return 0;
  }
  let backup: string | null = null;
  if (change.changed && change.text !== null) {
    guard(() => assertWritable(paths.settings));
    const at = ctx.now();
    backup = backupSettings(
      paths.settings,
      join(state, "backups"),
      at,
      project ? `project-${sha256(paths.settings).slice(0, 8)}` : "user",
    );
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
  const skill = writeSkillFile(paths.skills, { bin: shellWord(bin) });
  saveRecord(state, noteClaudeVersion(record, version, ctx.now()));
  ctx.out(
    describeChange("install", change, {
      path: paths.settings,
      version,
      backup,
      http: values.http ? port : null,
      // Only the HTTP client has programs of its own (inspect.ts).
      statusViaServe: change.facts.statusLine.kind === "vigil" && change.facts.statusLine.programs !== undefined,
      statusLineOnly,
    }),
  );
  ctx.out(
    skill.ok ? `skill: ${skill.path}${skill.changed ? "" : " (up to date)"}\n` : `skill: not written: ${skill.error}\n`,
  );
  for (const w of warningsFor(change, version, paths.settings)) ctx.err(`vigil: warning: ${w}\n`);
  if (serve && await serveByDefault(serve, values.http ? port : null, ctx)) return 0;
  const serving = servingNote(values.http ? port : null, await answering(values.http ? port : null, state));
  if (serving && "note" in serving) ctx.out(`${serving.note}\n`);
  if (serving && "warning" in serving) ctx.err(`vigil: warning: ${serving.warning}\n`);
  return 0;
}

/**
 * The fast path by default: when no serve answers yet and the user has a service manager,
 * install and start `vigil serve` under it (as `vigil serve --install` does), so command hooks
 * forward to it; they stay the registration, so vigil still guards while serve is down.
 * Returns whether it did; otherwise says why not (no manager) and install's note stands.
 */
async function serveByDefault(
  o: { bin: string; port: number; deps: InstallDeps },
  http: number | null,
  ctx: Ctx,
): Promise<boolean> {
  const state = resolvePaths(ctx.env).stateDir;
  if (await answering(http, state)) return false;
  const manager = o.deps.manager ?? userServiceManager(ctx.env);
  if (!manager.ok) {
    ctx.out(`serve: not started by install (${manager.why})\n`);
    return false;
  }
  const { serveService } = await import("./serve-install.ts");
  await serveService(
    true,
    { target: { kind: "tcp", hostname: "127.0.0.1", port: o.port }, bin: o.bin },
    ctx,
    { facts: manager.facts, ...(o.deps.io ? { io: o.deps.io } : {}) },
  );
  saveRecord(state, { ...loadRecord(state), serve: true });
  ctx.out(`serve: hooks forward to it once it is up (--no-serve opts out; vigil doctor shows whether they do)\n`);
  return true;
}

/**
 * `install --plugin DIR`: write the plugin directory (plugin.ts) and note it in the install
 * record, so doctor checks it against the installed Claude Code. A directory that holds
 * anything but a vigil plugin is refused untouched.
 */
function writePlugin(
  given: string,
  o: { bin: string; version: string; failClosed: boolean; dryRun: boolean },
  ctx: Ctx,
): number {
  const dir = resolve(given);
  const files = pluginFiles({ bin: o.bin, claudeVersion: o.version, version: VERSION, failClosed: o.failClosed });
  if (existsSync(dir) && readdirSync(dir).length > 0 && !isVigilPlugin(dir)) {
    throw new Refusal(`"${dir}" is not empty and holds no vigil plugin: nothing was written`);
  }
  const events = registeredEvents(o.version).events;
  if (o.dryRun) {
    for (const f of files) ctx.out(`--- ${join(dir, f.path)}\n${f.text}`);
    return 0;
  }
  for (const f of files) {
    mkdirSync(dirname(join(dir, f.path)), { recursive: true });
    writeFileSync(join(dir, f.path), f.text);
  }
  const state = resolvePaths(ctx.env).stateDir;
  saveRecord(
    state,
    noteClaudeVersion(
      afterPlugin(loadRecord(state), { dir, claudeVersion: o.version, at: ctx.now() }),
      o.version,
      ctx.now(),
    ),
  );
  ctx.out(
    `vigil: plugin written to "${dir}" for Claude Code ${o.version}: ${events.length} events, command hooks running "${o.bin}"\n` +
      `  for one session: claude --plugin-dir ${shellWord(dir)}\n` +
      `  for good: claude plugin marketplace add ${
        shellWord(dir)
      } && claude plugin install ${PLUGIN_NAME}@${PLUGIN_NAME}\n` +
      `  a plugin cannot set the statusLine: run "vigil install --statusline-only" too (vigil then learns each session's window)\n`,
  );
  const settings = scopePaths(false, ctx, process.cwd()).settings;
  const text = (() => {
    try {
      return decodeSettings(readSettings(settings));
    } catch {
      return null;
    }
  })();
  const doc = text === null ? null : parseDoc(text);
  if (doc?.ok) {
    const facts = inspectSettings(valueOf(doc.value, doc.value.root), { commands: [hookCommand(o.bin)] });
    if (facts.vigilEvents.length > 0) {
      ctx.err(
        `vigil: warning: "${settings}" registers vigil's hooks too: with the plugin every event runs vigil twice ` +
          `(vigil install --statusline-only removes them and keeps the statusLine)\n`,
      );
    }
  }
  return 0;
}

/** Whether `dir` holds a plugin vigil wrote (its manifest names the vigil plugin). */
function isVigilPlugin(dir: string): boolean {
  try {
    const m: unknown = JSON.parse(readFileSync(join(dir, ".claude-plugin", "plugin.json"), "utf8"));
    return typeof m === "object" && m !== null && "name" in m && m.name === PLUGIN_NAME;
  } catch {
    return false;
  }
}

/** Whether a serve takes the hooks now: HTTP ones on `port`, command ones on the hook socket. */
async function answering(port: number | null, stateDir: string): Promise<boolean> {
  if (port === null) return socketPresent(hookSocketPath(stateDir));
  const { probeServe } = await import("./doctor-probes.ts");
  const [probe] = await probeServe([`http://127.0.0.1:${port}/hook`], 1_000);
  return probe.ok;
}

/** Remove the skill install wrote (only a SKILL.md carrying vigil's marker). */
function removeSkill(skills: string): string | null {
  const dir = join(skills, SKILL_NAME);
  const file = join(dir, "SKILL.md");
  if (!existsSync(file) || !readFileSync(file, "utf8").includes(SKILL_MARKER)) return null;
  rmSync(file);
  if (readdirSync(dir).length === 0) rmdirSync(dir);
  return file;
}

/**
 * The bytes from before install, less any vigil registration they held: an earlier vigil's
 * (WorktreeCreate included) that install repaired must not come back with the restore. A file
 * with nothing of vigil's keeps its bytes exactly; otherwise only vigil's entries are cut.
 */
function withoutVigil(original: Uint8Array, marks: VigilMarks): Uint8Array {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(original);
  } catch {
    return original; // not text vigil could have edited
  }
  const strip = planUninstall(text, marks, null);
  return strip.ok && strip.value.changed && strip.value.text !== null
    ? new TextEncoder().encode(strip.value.text)
    : original;
}

export async function uninstallCommand(args: string[], ctx: Ctx, deps: InstallDeps = {}): Promise<number> {
  const { values } = parse(args, { ...SCOPE, "dry-run": { type: "boolean" }, bin: { type: "string" } });
  if (values.help) return (ctx.out(HELP.uninstall + "\n"), 0);
  const project = scopeOf(values);
  const paths = scopePaths(project, ctx, process.cwd());
  const state = resolvePaths(ctx.env).stateDir;
  const record = loadRecord(state);
  const rec = fileRecord(record, paths.settings);
  const bin = values.bin ? binOf(values.bin) : process.execPath;
  const marks: VigilMarks = { commands: [...(rec?.commands ?? []), hookCommand(bin), statuslineCommand(bin)] };
  const before = guard(() => readSettings(paths.settings));
  const text = guard(() => decodeSettings(before));
  const original = rec?.original && existsSync(rec.original)
    ? new TextDecoder().decode(readBackup(rec.original))
    : null;
  const removal = planUninstall(text, marks, original);
  if (!removal.ok) {
    throw new Refusal(`cannot uninstall from "${paths.settings}": ${removal.error}; nothing was written`);
  }
  let change: Change = removal.value;
  let restored: string | null = null;
  const undo = undoPlan(rec, before.bytes === null ? null : sha256(before.bytes));
  let bytes: Uint8Array | null = change.text === null ? null : new TextEncoder().encode(change.text);
  if (undo.kind === "restore" && (undo.original === null || existsSync(undo.original))) {
    bytes = undo.original === null ? null : withoutVigil(readBackup(undo.original), marks);
    restored = undo.original ?? "(no file before install)";
    change = { ...change, text: bytes === null ? null : new TextDecoder().decode(bytes), changed: true };
  }
  if (values["dry-run"]) {
    const diff = settingsDiff(paths.settings, text, change.text);
    ctx.out(diff ? diff.trimEnd() + "\n" : `no change to "${paths.settings}"\n`);
    return 0;
  }
  let backup: string | null = null;
  if (change.changed && before.bytes !== null) {
    guard(() => assertWritable(paths.settings));
    const tag = project ? `project-${sha256(paths.settings).slice(0, 8)}` : "user";
    backup = backupSettings(paths.settings, join(state, "backups"), ctx.now(), tag);
    guard(() => writeSettings(paths.settings, bytes));
  }
  const skill = removeSkill(paths.skills);
  const left = afterUninstall(record, paths.settings);
  // The serve service install started by default goes with the last settings file vigil was in.
  const stopServe = record.serve === true && left.files.length === 0;
  saveRecord(state, stopServe ? { ...left, serve: undefined } : left);
  ctx.out(describeChange("uninstall", change, { path: paths.settings, version: null, backup, http: null, restored }));
  if (skill) ctx.out(`skill removed: ${skill}\n`);
  if (stopServe) {
    const manager = deps.manager ?? userServiceManager(ctx.env);
    const { serveService } = await import("./serve-install.ts");
    try {
      await serveService(
        false,
        { target: { kind: "tcp", hostname: "127.0.0.1", port: 8787 }, bin },
        ctx,
        { ...(manager.ok ? { facts: manager.facts } : {}), ...(deps.io ? { io: deps.io } : {}) },
      );
    } catch (e) {
      // The settings are already clean; the service is the user's to stop by hand now.
      ctx.err(
        `vigil: warning: the vigil serve service install started was not removed: ${
          e instanceof Error ? e.message : String(e)
        } (vigil serve --uninstall removes it)\n`,
      );
    }
  }
  return 0;
}
