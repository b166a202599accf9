/**
 * The texts `vigil serve --install` writes (docs/fleet.md): a launchd agent (macOS) or a
 * systemd user service that keeps `vigil serve` running, restarted when it exits, and the plan
 * of files and commands for a host, in the shape `vigil watch --install` uses
 * (schedule-files.ts) so the same writer installs both. Pure (golden-tested).
 */
import type { Result } from "./payload.ts";
import {
  carriedEnv,
  join,
  launchdAgent,
  type PlanOptions,
  type SchedulePlan,
  type ScheduleSpec,
  unitEnv,
  unitQuote,
} from "./schedule-files.ts";

export const SERVE_LAUNCHD_LABEL = "dev.vigil.serve";
export const SERVE_SYSTEMD_UNIT = "vigil-serve";

export interface ServeSpec extends Omit<ScheduleSpec, "intervalSec"> {
  /** Arguments after `serve`: `--listen HOST:PORT`, `--token-file PATH`. */
  args: string[];
}

/** The launchd agent: started at load and kept alive. */
export function serveLaunchdPlist(spec: ServeSpec): string {
  const keys = `  <key>RunAtLoad</key>
  <true/>
  <key>KeepAlive</key>
  <true/>
`;
  return launchdAgent(SERVE_LAUNCHD_LABEL, ["serve", ...spec.args], keys, spec);
}

/** The systemd user service: long-running, restarted when it fails. */
export function serveSystemdService(spec: ServeSpec): string {
  const exec = [unitQuote(spec.bin), "serve", ...spec.args.map(unitQuote)].join(" ");
  return `[Unit]
Description=vigil serve (hooks over HTTP, dashboard, /metrics)
After=network-online.target

[Service]
Type=simple
ExecStart=${exec}
Restart=on-failure
RestartSec=5s
${unitEnv(spec.env)}
[Install]
WantedBy=default.target
`;
}

export interface ServePlanOptions extends Omit<PlanOptions, "intervalSec"> {
  args: string[];
  /** A token file install writes (0600) for the service to read; null when the user has one. */
  tokenFile: { path: string; text: string } | null;
}

/** Everything `serve --install` and `--uninstall` do on this host, as data. */
export function planServe(o: ServePlanOptions): Result<SchedulePlan> {
  const env = carriedEnv(o.env);
  // The machine's name on /metrics, when the installer chose one (docs/metrics.md).
  if (o.env?.VIGIL_HOST) env.VIGIL_HOST = o.env.VIGIL_HOST;
  const spec: ServeSpec = { bin: o.bin, args: o.args, env, logFile: o.logFile ?? null };
  const token = o.tokenFile ? [{ ...o.tokenFile, mode: 0o600 }] : [];
  if (o.platform === "darwin") {
    const path = join(o.home, "Library", "LaunchAgents", `${SERVE_LAUNCHD_LABEL}.plist`);
    const domain = `gui/${o.uid}`;
    return {
      ok: true,
      value: {
        scheduler: "launchd",
        files: [...token, { path, text: serveLaunchdPlist(spec) }],
        cron: null,
        activate: [
          ["launchctl", "bootout", `${domain}/${SERVE_LAUNCHD_LABEL}`],
          ["launchctl", "bootstrap", domain, path],
        ],
        deactivate: [["launchctl", "bootout", `${domain}/${SERVE_LAUNCHD_LABEL}`]],
        afterRemove: [],
      },
    };
  }
  if (!o.hasSystemd) {
    return { ok: false, error: 'no systemd or launchd here: run "vigil serve" under this host\'s service manager' };
  }
  const dir = join(o.xdgConfigHome ?? join(o.home, ".config"), "systemd", "user");
  const ctl = (...a: string[]) => ["systemctl", "--user", ...a];
  const unit = `${SERVE_SYSTEMD_UNIT}.service`;
  return {
    ok: true,
    value: {
      scheduler: "systemd",
      files: [...token, { path: join(dir, unit), text: serveSystemdService(spec) }],
      cron: null,
      // restart: a reinstall with other arguments takes effect now, not at the next boot.
      activate: [ctl("daemon-reload"), ctl("enable", unit), ctl("restart", unit)],
      deactivate: [ctl("disable", "--now", unit)],
      afterRemove: [ctl("daemon-reload")],
    },
  };
}
