/**
 * Doctor's checks of what runs beside the hooks: `vigil serve` when HTTP hooks post to it
 * (a hook to a server that is down does nothing, silently), the watch schedule, and the
 * notifiers when `--notify-test` sent through them. Targets are shown redacted only.
 */
import { type Finding, finding } from "./findings.ts";

export interface ServeProbe {
  /** The hook URL in settings. */
  url: string;
  /** The /healthz URL probed. */
  healthz: string;
  ok: boolean;
  /** HTTP status, or the error when it did not answer. */
  detail: string;
}

/** Every serve that HTTP hooks post to must answer /healthz. */
export function checkServe(probes: readonly ServeProbe[]): Finding[] {
  return probes.map((p) => {
    if (p.ok) return finding("serve", "ok", `vigil serve answers at "${p.healthz}"`);
    const port = /:(\d+)\//.exec(p.url)?.[1] ?? "8787";
    return finding(
      "serve",
      "problem",
      `HTTP hooks post to "${p.url}" but vigil serve does not answer at "${p.healthz}" (${p.detail}): those hooks do nothing`,
      `keep it running (vigil serve --install --listen 127.0.0.1:${port}), or run vigil install without --http`,
    );
  });
}

/** What the hook socket (`<state>/hook.sock`) holds: nothing, a file nobody serves, or a serve of some build. */
export type SocketProbe =
  | { kind: "absent"; path: string }
  | { kind: "stale"; path: string; detail: string }
  | { kind: "served"; path: string; build: string | null; ours: string };

/** The `vigil serve` service file for this host (null: no service manager to check). */
export interface ServeService {
  scheduler: "systemd" | "launchd";
  path: string;
  installed: boolean;
}

/**
 * Whether hooks forward to a running `vigil serve`. Absent is fine (each hook runs in its own
 * process); a serve of another build refuses every call, so hooks pay their own process until
 * it restarts (an upgrade does not restart it); a file nobody serves costs a failed connect.
 */
export function checkHookSocket(p: SocketProbe, service: ServeService | null = null): Finding[] {
  if (p.kind === "absent" && service?.installed) {
    return [finding(
      "serve",
      "warn",
      `hooks are not forwarding: the vigil serve service is installed (${service.path}) but nothing serves ${p.path}, ` +
        "so each hook runs in its own process",
      service.scheduler === "systemd"
        ? "systemctl --user restart vigil-serve (journalctl --user -u vigil-serve says why it stopped)"
        : "launchctl kickstart -k gui/$(id -u)/dev.vigil.serve",
    )];
  }
  if (p.kind === "absent") {
    return [finding(
      "serve",
      "info",
      `hooks are not forwarding: no vigil serve on ${p.path}, each hook runs in its own process ` +
        "(vigil serve --install makes them forward)",
    )];
  }
  if (p.kind === "stale") {
    return [finding(
      "serve",
      "warn",
      `${p.path} is left from a vigil serve that is gone (${p.detail}): each hook tries it first`,
      "start vigil serve (it replaces the file), or delete it",
    )];
  }
  if (p.build === p.ours) {
    return [finding("serve", "ok", `hooks and the statusLine forward to vigil serve on ${p.path}`)];
  }
  return [finding(
    "serve",
    "warn",
    `vigil serve on ${p.path} runs another build (${p.build ?? "unknown"}, this binary is ${p.ours}): ` +
      "it refuses every forwarded call, so each hook runs in its own process",
    "restart vigil serve with this binary",
  )];
}

export interface ScheduleInput {
  scheduler: "launchd" | "systemd" | "cron";
  /** Files the schedule needs and whether each exists (launchd, systemd). */
  files: { path: string; exists: boolean }[];
  /** Whether the crontab has vigil's line (cron; null: could not read the crontab). */
  cronLine: boolean | null;
}

/** Whether the watch schedule is in place: the crontab line, or every file the scheduler needs. */
export function scheduleInstalled(s: ScheduleInput): boolean {
  return s.scheduler === "cron" ? s.cronLine === true : s.files.length > 0 && s.files.every((f) => f.exists);
}

/** The watch schedule is installed for this host's scheduler. */
export function checkSchedule(s: ScheduleInput): Finding[] {
  const installed = scheduleInstalled(s);
  if (installed) return [finding("schedule", "ok", `vigil watch runs from ${s.scheduler}`)];
  const partial = s.scheduler !== "cron" && s.files.some((f) => f.exists);
  const why = s.scheduler === "cron" && s.cronLine === null ? " (the crontab could not be read)" : "";
  return [finding(
    "schedule",
    "warn",
    `${
      partial ? "the watch schedule is incomplete" : "the watch schedule is not installed"
    }${why}: a dead or stalled session is noticed only when someone looks`,
    "vigil watch --install",
  )];
}

export interface NotifyOutcome {
  kind: string;
  /** Redacted target. */
  target: string;
  result: "sent" | "failed" | "skipped";
  error: string | null;
}

/**
 * Results of `--notify-test` (null: not asked for), sent from the watch's schedule's
 * environment: what reaches a notifier from the user's shell may not at 3 a.m.
 */
export function checkNotify(outcomes: readonly NotifyOutcome[] | null): Finding[] {
  if (outcomes === null) return [];
  if (outcomes.length === 0) {
    return [finding(
      "notify",
      "warn",
      "no notifiers are configured: DOWN and STALE sessions are only recorded",
      "add [[notifiers]] to config.toml (see vigil config)",
    )];
  }
  return outcomes.map((o) => {
    const to = `${o.kind} ${o.target}`;
    const from = "from the watch's schedule environment";
    if (o.result === "sent") return finding("notify", "ok", `test notification sent to ${to} ${from}`);
    return finding(
      "notify",
      "problem",
      `test notification ${o.result === "failed" ? "failed" : "skipped"} for ${to} ${from}${
        o.error ? `: ${o.error}` : ""
      }`,
      o.result === "failed"
        ? `check the ${o.kind} notifier's URL or token in config.toml`
        : `set the ${o.kind} notifier's variable in this shell and run "vigil watch --install" again`,
    );
  });
}
