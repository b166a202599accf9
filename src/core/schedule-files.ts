/**
 * The texts `vigil watch --install` writes: a launchd agent (macOS), a systemd user service
 * and timer, or a crontab line, each running one watch pass every 5 minutes; and the plan of
 * files and commands for a host. Pure (golden-tested); `src/edge/schedule.ts` writes them.
 */

export type Scheduler = "launchd" | "systemd" | "cron";

export interface ScheduleSpec {
  /** Absolute path of the vigil binary. */
  bin: string;
  /** Seconds between passes (default 300). */
  intervalSec?: number;
  /** Variables the pass needs that the scheduler would not set (PATH, VIGIL_HOME, …). */
  env?: Record<string, string>;
  /** Where launchd and cron append the pass's output; systemd uses the journal. */
  logFile?: string | null;
}

export const LAUNCHD_LABEL = "dev.vigil.watch";
export const SYSTEMD_UNIT = "vigil-watch";
export const CRON_MARKER = "# vigil:watch";
/** Variables copied into the schedule so a pass sees the same homes and tools as the installer. */
export const CARRIED_ENV = [
  "PATH",
  "VIGIL_HOME",
  "XDG_STATE_HOME",
  "XDG_CONFIG_HOME",
  "CLAUDE_CONFIG_DIR",
  "TMUX_TMPDIR",
];

const xml = (s: string) =>
  s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
/** systemd unit-file quoting: `\` and `"` escaped, `%` and `$` doubled. */
export const unitQuote = (s: string) =>
  `"${s.replaceAll("\\", "\\\\").replaceAll('"', '\\"').replaceAll("%", "%%").replaceAll("$", "$$$$")}"`;
/** sh quoting, plus cron's own rule that an unescaped `%` ends the command. */
const cronQuote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`.replaceAll("%", "\\%");
/** POSIX path join: schedules exist only on macOS and Linux-like hosts. */
export const join = (...parts: string[]) => parts.join("/").replace(/\/{2,}/g, "/");
const sorted = (env: Record<string, string> = {}) => Object.entries(env).sort(([a], [b]) => a.localeCompare(b));

/**
 * A launchd agent running `bin args…`: `keys` are its scheduling keys (plist lines), then the
 * environment and the log. Shared by the watch's agent and the serve agent (serve-files.ts).
 */
export function launchdAgent(
  label: string,
  args: string[],
  keys: string,
  spec: Omit<ScheduleSpec, "intervalSec">,
): string {
  const env = sorted(spec.env).map(([k, v]) => `    <key>${xml(k)}</key>\n    <string>${xml(v)}</string>\n`).join("");
  const log = spec.logFile
    ? `  <key>StandardOutPath</key>\n  <string>${xml(spec.logFile)}</string>\n` +
      `  <key>StandardErrorPath</key>\n  <string>${xml(spec.logFile)}</string>\n`
    : "";
  const argv = [spec.bin, ...args].map((a) => `    <string>${xml(a)}</string>\n`).join("");
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>Label</key>
  <string>${label}</string>
  <key>ProgramArguments</key>
  <array>
${argv}  </array>
${keys}${env ? `  <key>EnvironmentVariables</key>\n  <dict>\n${env}  </dict>\n` : ""}${log}</dict>
</plist>
`;
}

/** The launchd agent: StartInterval 300, also once at load. */
export function launchdPlist(spec: ScheduleSpec): string {
  const keys = `  <key>StartInterval</key>
  <integer>${spec.intervalSec ?? 300}</integer>
  <key>RunAtLoad</key>
  <true/>
  <key>ProcessType</key>
  <string>Background</string>
`;
  return launchdAgent(LAUNCHD_LABEL, ["watch", "--once"], keys, spec);
}

/** `Environment=` lines of a systemd unit, sorted. */
export function unitEnv(env: Record<string, string> = {}): string {
  return sorted(env).map(([k, v]) => `Environment=${unitQuote(`${k}=${v}`)}\n`).join("");
}

/** The systemd user service: one pass, oneshot. */
export function systemdService(spec: ScheduleSpec): string {
  const env = unitEnv(spec.env);
  return `[Unit]
Description=vigil liveness watch (one pass)

[Service]
Type=oneshot
ExecStart=${unitQuote(spec.bin)} watch --once
${env}`;
}

/** The systemd user timer: first pass soon after enabling, then every interval. */
export function systemdTimer(spec: Pick<ScheduleSpec, "intervalSec">): string {
  const sec = spec.intervalSec ?? 300;
  const every = sec % 60 === 0 ? `${sec / 60}min` : `${sec}s`;
  return `[Unit]
Description=Run vigil watch every ${every}

[Timer]
OnActiveSec=30s
OnBootSec=2min
OnUnitActiveSec=${every}
AccuracySec=30s

[Install]
WantedBy=timers.target
`;
}

/** The crontab line, marked so uninstall removes exactly it. */
export function cronLine(spec: ScheduleSpec): string {
  const min = Math.min(59, Math.max(1, Math.round((spec.intervalSec ?? 300) / 60)));
  const env = sorted(spec.env).map(([k, v]) => `${k}=${cronQuote(v)} `).join("");
  const log = spec.logFile ? ` >>${cronQuote(spec.logFile)} 2>&1` : "";
  return `*/${min} * * * * ${env}${cronQuote(spec.bin)} watch --once${log} ${CRON_MARKER}`;
}

/** A crontab without vigil's line(s), everything else kept byte for byte. */
export function withoutCronLine(crontab: string): string {
  const lines = crontab.split("\n").filter((l) => !l.trimEnd().endsWith(CRON_MARKER));
  const text = lines.join("\n");
  return text.trim() === "" ? "" : text.endsWith("\n") ? text : `${text}\n`;
}

/** A crontab with exactly one vigil line: installing twice does not add a second. */
export function withCronLine(crontab: string, line: string): string {
  return `${withoutCronLine(crontab)}${line}\n`;
}

/** Which scheduler this host gets. */
export function chooseScheduler(platform: string, hasSystemd: boolean): Scheduler {
  if (platform === "darwin") return "launchd";
  return hasSystemd ? "systemd" : "cron";
}

export interface PlanOptions {
  platform: string;
  home: string;
  bin: string;
  hasSystemd: boolean;
  /** Installer's environment; only `CARRIED_ENV` names are copied. */
  env?: Record<string, string | undefined>;
  xdgConfigHome?: string;
  intervalSec?: number;
  logFile?: string | null;
  /** Numeric uid for `launchctl bootstrap gui/<uid>`. */
  uid: number;
  /**
   * The schedule's environment file (`scheduleEnvPath`) and the variables the configuration
   * names (`configVariables`): their installer values go there, 0600, not into the schedule.
   */
  envFile?: { path: string; names: readonly string[] };
}

export interface SchedulePlan {
  scheduler: Scheduler;
  /** `mode` for files that hold a secret (serve's token); others are written 0644. */
  files: { path: string; text: string; mode?: number }[];
  /** The crontab line, for cron. */
  cron: string | null;
  /** Commands that load the schedule after the files are written. */
  activate: string[][];
  /** Commands that unload it before the files are removed. */
  deactivate: string[][];
  /** Commands run once the files are gone. */
  afterRemove: string[][];
}

/** The `CARRIED_ENV` variables of the installer's environment that are set. */
export function carriedEnv(from: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const k of CARRIED_ENV) {
    const v = from[k];
    if (v) env[k] = v;
  }
  return env;
}

/** The schedule's environment file, beside the database: what a scheduled pass reads besides its own. */
export function scheduleEnvPath(stateDir: string): string {
  return join(stateDir, "watch.env");
}

/**
 * The environment file's text: `NAME=value` lines, sorted. A value with a line break cannot be
 * written and is left out (it would be lost either way); `parseEnvFile` reads it back.
 */
export function envFileText(vars: Record<string, string>): string {
  const lines = sorted(vars).filter(([, v]) => !/[\r\n]/.test(v)).map(([k, v]) => `${k}=${v}\n`);
  return `# vigil watch: the variables the configuration names, as installed (0600; vigil watch --install rewrites it)\n${
    lines.join("")
  }`;
}

/** Read an environment file written by `envFileText`. */
export function parseEnvFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (m) out[m[1]] = m[2];
  }
  return out;
}

/**
 * The schedule's variables: the carried homes and tools, and every variable the configuration
 * names that the installer has. Secrets (webhook URLs, tokens) live only in the 0600 file:
 * a unit file or a plist is world-readable.
 */
export function scheduleVariables(o: Pick<PlanOptions, "env" | "envFile">): Record<string, string> {
  const vars = carriedEnv(o.env);
  for (const k of o.envFile?.names ?? []) {
    const v = o.env?.[k];
    if (v) vars[k] = v;
  }
  return vars;
}

/** Everything install and uninstall do on this host, as data. */
export function planSchedule(o: PlanOptions): SchedulePlan {
  const plan = planScheduler(o);
  if (o.envFile === undefined) return plan;
  const file = { path: o.envFile.path, text: envFileText(scheduleVariables(o)), mode: 0o600 };
  return { ...plan, files: [...plan.files, file] };
}

function planScheduler(o: PlanOptions): SchedulePlan {
  const env = carriedEnv(o.env);
  const spec: ScheduleSpec = { bin: o.bin, intervalSec: o.intervalSec, env, logFile: o.logFile ?? null };
  const scheduler = chooseScheduler(o.platform, o.hasSystemd);
  if (scheduler === "launchd") {
    const path = join(o.home, "Library", "LaunchAgents", `${LAUNCHD_LABEL}.plist`);
    const domain = `gui/${o.uid}`;
    return {
      scheduler,
      files: [{ path, text: launchdPlist(spec) }],
      cron: null,
      activate: [["launchctl", "bootout", `${domain}/${LAUNCHD_LABEL}`], ["launchctl", "bootstrap", domain, path]],
      deactivate: [["launchctl", "bootout", `${domain}/${LAUNCHD_LABEL}`]],
      afterRemove: [],
    };
  }
  if (scheduler === "systemd") {
    const dir = join(o.xdgConfigHome ?? join(o.home, ".config"), "systemd", "user");
    const ctl = (...a: string[]) => ["systemctl", "--user", ...a];
    return {
      scheduler,
      files: [
        { path: join(dir, `${SYSTEMD_UNIT}.service`), text: systemdService(spec) },
        { path: join(dir, `${SYSTEMD_UNIT}.timer`), text: systemdTimer(spec) },
      ],
      cron: null,
      activate: [ctl("daemon-reload"), ctl("enable", "--now", `${SYSTEMD_UNIT}.timer`)],
      deactivate: [ctl("disable", "--now", `${SYSTEMD_UNIT}.timer`)],
      afterRemove: [ctl("daemon-reload")],
    };
  }
  return { scheduler, files: [], cron: cronLine(spec), activate: [], deactivate: [], afterRemove: [] };
}
