/**
 * Doctor's settings checks: is vigil wired in, to every event it handles that the installed
 * Claude Code knows, and to nothing else; is it on an event where a hook replaces Claude Code's
 * own behaviour (WorktreeCreate: `claude --worktree` fails); is anything silently switching the
 * hooks off: an event name the version does not know (the whole file's hooks are then
 * disabled), `disableAllHooks`, a binary that moved away.
 */
import { neverReason } from "../install/handled.ts";
import { checkEvents, type SettingsFacts } from "../install/inspect.ts";
import { type Finding, finding } from "./findings.ts";

/** A settings file's scope, or `plugin`: the hooks/hooks.json of a vigil plugin. */
export type Scope = "user" | "project" | "project-local" | "plugin";

export interface SettingsFileInput {
  scope: Scope;
  path: string;
  /** Facts when the file parsed; `error` when it exists but is not usable; neither: absent. */
  facts: SettingsFacts | null;
  error: string | null;
  /** Plugins: the name Claude Code installed it as (`vigil@vigil`), for a marketplace copy. */
  installedAs?: string;
  /** Plugins: the directory `vigil install --plugin` wrote, when this is a copy of it. */
  source?: string;
}

export interface BinInput {
  path: string;
  exists: boolean;
  executable: boolean;
  /** Run by the `--http` statusLine only, not by a hook (its bash, or a binary no hook names). */
  statusLineOnly?: boolean;
}

export interface WiringInput {
  files: SettingsFileInput[];
  /** The installed Claude Code version (null: unknown, the event checks are skipped). */
  claudeVersion: string | null;
  /** Every program vigil's command hooks run, checked on disk. */
  bins: BinInput[];
}

const INSTALL: Record<Exclude<Scope, "plugin">, string> = {
  user: "vigil install",
  project: "vigil install --project",
  "project-local": "vigil install --project",
};

const HOOKS_JSON = /\/hooks\/hooks\.json$/;

/** The plugin directory of a plugin's hooks file. */
export function pluginDirOf(hooksFile: string): string {
  return hooksFile.replace(HOOKS_JSON, "");
}

/**
 * What rewrites a file's vigil entries: install for its scope, or for a plugin `install
 * --plugin` into its directory (a copy Claude Code installed from a marketplace is then
 * refreshed by `claude plugin update`, named in `installedAs`).
 */
function installFix(f: SettingsFileInput): string {
  if (f.scope !== "plugin") return INSTALL[f.scope];
  const dir = f.source ?? pluginDirOf(f.path);
  const update = f.installedAs ? ` && claude plugin update ${f.installedAs}` : "";
  return `vigil install --plugin "${dir}"${update}`;
}

/** How a finding names the file: the settings file, or the plugin. */
function nameOf(f: SettingsFileInput): string {
  return f.scope === "plugin"
    ? `the vigil plugin at "${pluginDirOf(f.path)}"${f.installedAs ? ` (${f.installedAs})` : ""}`
    : `"${f.path}"`;
}

const quoted = (xs: readonly string[]) => xs.map((x) => `"${x}"`).join(", ");
const events = (n: number) => `${n} event${n === 1 ? "" : "s"}`;

function fileFindings(f: SettingsFileInput, version: string | null): Finding[] {
  const out: Finding[] = [];
  if (f.error !== null) {
    return [finding("settings", "problem", `"${f.path}" cannot be used: ${f.error}`, `fix "${f.path}" by hand`)];
  }
  const facts = f.facts;
  if (facts === null) return [];
  for (const e of facts.vigilHandlerEvents.filter((e) => neverReason(e) !== null)) {
    const own = facts.vigilEvents.includes(e);
    out.push(finding(
      "settings",
      "problem",
      `"${f.path}": vigil is registered on ${e}, where it must never be: ${neverReason(e)}`,
      own ? installFix(f) : `remove the "vigil hook" handler from "hooks.${e}" in "${f.path}"`,
    ));
  }
  if (version !== null) {
    const ev = checkEvents(facts, version);
    if (ev.unknown.length > 0) {
      const ours = ev.unknown.every((e) => facts.vigilEvents.includes(e));
      out.push(finding(
        "settings",
        "problem",
        `"${f.path}": this file's hooks are all disabled: it names ${
          quoted(ev.unknown)
        }, which Claude Code ${version} does not know`,
        ours ? installFix(f) : `remove ${quoted(ev.unknown)} from "hooks" in "${f.path}"`,
      ));
    }
    if (facts.vigilEvents.length > 0 && ev.missing.length > 0) {
      const list = ev.missing.length > 5
        ? `${quoted(ev.missing.slice(0, 5))} and ${ev.missing.length - 5} more`
        : quoted(ev.missing);
      out.push(finding(
        f.scope === "plugin" ? "plugin" : "settings",
        "problem",
        f.scope === "plugin"
          ? `${nameOf(f)} is stale: it was written for another Claude Code and misses ${
            events(ev.missing.length)
          } Claude Code ${version} knows: ${list}`
          : `"${f.path}": vigil is not wired to ${events(ev.missing.length)} Claude Code ${version} knows: ${list}`,
        installFix(f),
      ));
    }
    if (ev.unhandled.length > 0) {
      out.push(finding(
        "settings",
        "warn",
        `"${f.path}": vigil is registered on ${events(ev.unhandled.length)} it does not handle (${
          quoted(ev.unhandled.slice(0, 5))
        }${ev.unhandled.length > 5 ? " …" : ""}): each costs Claude Code a process per event`,
        installFix(f),
      ));
    }
  }
  if (facts.disableAllHooks) {
    out.push(finding(
      "settings",
      "problem",
      `"${f.path}" sets "disableAllHooks": true: no hook and no statusLine runs`,
      `remove "disableAllHooks" from "${f.path}"`,
    ));
  }
  return out;
}

/**
 * Which failure mode is installed, and what it trades (product.md section 8). Fail-open: a
 * crashed or timed-out vigil lets every tool call through, HARD included. Fail-closed
 * (`install --fail-closed`): PreToolUse and PreSkillShellCommand block instead, so a broken
 * vigil stops all tool use until it is fixed.
 */
function failureMode(wired: readonly SettingsFileInput[]): Finding {
  const closed = [...new Set(wired.flatMap((f) => f.facts?.failClosedEvents ?? []))];
  const untold = [...new Set(wired.flatMap((f) => f.facts?.closedUntold ?? []))];
  if (untold.length > 0) {
    return finding(
      "failure",
      "warn",
      `fail-closed HTTP hooks on ${
        untold.join(", ")
      } do not tell vigil serve so (installed by an older vigil): a failure inside serve lets those tool calls run; run vigil install --http --fail-closed again`,
    );
  }
  if (closed.length === 0) {
    return finding(
      "failure",
      "info",
      "fail-open (the default): if vigil crashes or times out, tool calls run, so HARD is open until it is fixed; vigil install --fail-closed blocks them instead",
    );
  }
  return finding(
    "failure",
    "info",
    `fail-closed on ${
      closed.join(", ")
    }: if vigil crashes or times out, those tool calls are blocked (HARD stays shut, and so does all tool use until vigil is fixed); vigil install without --fail-closed reopens them`,
  );
}

/** Findings for the settings files together. */
export function checkWiring(input: WiringInput): Finding[] {
  const out = input.files.flatMap((f) => fileFindings(f, input.claudeVersion));
  const wired = input.files.filter((f) => (f.facts?.vigilEvents.length ?? 0) > 0);
  const plugins = wired.filter((f) => f.scope === "plugin");
  const settings = wired.filter((f) => f.scope !== "plugin");
  if (plugins.length > 0 && settings.length > 0) {
    out.push(finding(
      "plugin",
      "problem",
      `vigil's hooks are registered twice, in ${settings.map(nameOf).join(", ")} and by ${
        plugins.map(nameOf).join(", ")
      }: every event runs vigil twice`,
      `vigil install --statusline-only${
        settings.every((f) => f.scope !== "user") ? " --project" : ""
      } (keeps the statusLine, removes the hooks from settings)`,
    ));
  }
  if (wired.length === 0) {
    out.push(
      finding(
        "settings",
        "problem",
        "vigil is not wired into Claude Code: no settings file has its hooks",
        "vigil install",
      ),
    );
  } else if (!out.some((f) => f.severity === "problem")) {
    const where = wired.map((f) =>
      `${f.scope === "plugin" ? nameOf(f) : f.scope} (${f.facts?.vigilEvents.length} events)`
    ).join(", ");
    out.push(finding("settings", "ok", `vigil's hooks are in ${where}`));
  }
  if (wired.length > 0) out.push(failureMode(wired));
  for (const b of input.bins) {
    if ((!b.exists || !b.executable) && b.statusLineOnly) {
      out.push(finding(
        "statusline",
        "problem",
        `the statusLine runs "${b.path}", which ${
          b.exists ? "is not executable" : "does not exist"
        }: Claude Code shows no line and vigil records no numbers`,
        "vigil install --http (it writes the statusLine again, with a bash that is there)",
      ));
    } else if (!b.exists || !b.executable) {
      out.push(finding(
        "binary",
        "problem",
        `the hooks run "${b.path}", which ${b.exists ? "is not executable" : "does not exist"}: every vigil hook fails`,
        "run vigil install from the binary the hooks should use (or pass --bin PATH)",
      ));
    }
  }
  const lines = input.files.map((f) => f.facts?.statusLine).filter((s) => s !== undefined && s.kind !== "absent");
  const mine = lines.some((s) => s?.kind === "vigil" || s?.kind === "wrapped");
  if (wired.length > 0 && !mine) {
    const other = lines.find((s) => s?.kind === "other");
    out.push(finding(
      "statusline",
      "warn",
      other && other.kind === "other"
        ? `the statusLine is yours ("${other.command}") and vigil is not in it: it never learns the session's window and measures from the transcript only, one response late`
        : "no statusLine is set: vigil measures from the transcript only, one response late",
      other ? "vigil install --statusline wrap" : "vigil install",
    ));
  } else if (mine) {
    out.push(finding("statusline", "ok", "the statusLine is vigil's"));
  }
  return out;
}
