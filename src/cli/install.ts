/**
 * `vigil install` / `vigil uninstall`: wiring. Parses and checks the flags into a request;
 * the work is `src/install/` (settings file, plugin directory, skill, record, serve by default).
 */
import { parseVersion } from "../core/install/events.ts";
import { STATUS_LINE_MODES, type StatusLineMode } from "../core/install/statusline-setting.ts";
import { install } from "../install/install.ts";
import type { InstallDeps } from "../install/serve-default.ts";
import { uninstall } from "../install/uninstall.ts";
import { parse } from "./args.ts";
import { type Ctx, UsageError } from "./context.ts";
import { HELP } from "./help.ts";
import { VERSION } from "./version.ts";

const SCOPE = { user: { type: "boolean" }, project: { type: "boolean" } } as const;

function scopeOf(values: { user?: boolean; project?: boolean }): boolean {
  if (values.user && values.project) throw new UsageError(`choose one of "--user" and "--project"`);
  return values.project === true;
}

/** The vigil the hooks run: `--bin` (made absolute by the install), else this binary, never bun. */
function binOf(given: string | undefined): string {
  const bin = given ?? process.execPath;
  if (!given && /(^|\/)bun(-[a-z0-9-]+)?$/.test(bin)) {
    throw new UsageError(`running under "${bin}", not the compiled vigil: pass "--bin PATH"`);
  }
  return bin;
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

const INSTALL_OPTIONS = {
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
} as const;

/** Run `vigil install`; `deps` (the service manager and its writer) are the tests'. */
export async function installCommand(args: string[], ctx: Ctx, deps: InstallDeps = {}): Promise<number> {
  const { values: v } = parse(args, INSTALL_OPTIONS);
  if (v.help) return (ctx.out(HELP.install + "\n"), 0);
  const project = scopeOf(v);
  for (const flag of ["http", "project", "statusline-only", "statusline", "wrap-statusline"] as const) {
    if (v.plugin !== undefined && v[flag] !== undefined) {
      throw new UsageError(`"--plugin" writes hooks only: drop "--${flag}"`);
    }
  }
  if (v["statusline-only"] && (v.http || v["fail-closed"])) {
    throw new UsageError(`"--statusline-only" registers no hooks: drop "--http" and "--fail-closed"`);
  }
  const bin = binOf(v.bin);
  const port = v.port === undefined ? 8787 : Number(v.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new UsageError(`invalid port "${v.port}"`);
  if (v.port !== undefined && !v.http) throw new UsageError(`"--port" needs "--http"`);
  const statusLine = statusLineModeOf(v.statusline, v["wrap-statusline"] === true);
  const given = v["claude-version"];
  if (given !== undefined && parseVersion(given) === null) throw new UsageError(`invalid version "${given}"`);
  return await install(
    {
      project,
      bin,
      http: v.http ? port : null,
      statusLine,
      dryRun: v["dry-run"] === true,
      failClosed: v["fail-closed"] === true,
      statusLineOnly: v["statusline-only"] === true,
      plugin: v.plugin ?? null,
      serve: !v["no-serve"] && !v["dry-run"],
      claudeVersion: given,
      version: VERSION,
      cwd: process.cwd(),
    },
    ctx,
    deps,
  );
}

/** Run `vigil uninstall`. */
export async function uninstallCommand(args: string[], ctx: Ctx, deps: InstallDeps = {}): Promise<number> {
  const { values } = parse(args, { ...SCOPE, "dry-run": { type: "boolean" }, bin: { type: "string" } });
  if (values.help) return (ctx.out(HELP.uninstall + "\n"), 0);
  const project = scopeOf(values);
  const bin = values.bin ? binOf(values.bin) : process.execPath;
  return await uninstall({ project, bin, dryRun: values["dry-run"] === true, cwd: process.cwd() }, ctx, deps);
}
