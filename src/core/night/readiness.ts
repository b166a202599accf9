/**
 * What `vigil night on` promises about a death tonight, and when it refuses (product.md
 * section 7, seed 004). The failed first night had every piece "working": the Stop gate
 * blocked, the watch detected, and nothing acted, because the watch ran only when someone
 * started it and its alerts went to no one. So the mode refuses to go on while a death would
 * be noticed by nobody: the watch is not scheduled, recovery is `off`, an alert could not reach
 * its notifier from the schedule's environment (the README's `env:VIGIL_NTFY_URL` set in the
 * user's shell only), or there is no notifier for what recovery does (`notify`, or a failed
 * `restart`). `--force` goes on anyway, and the warning still prints. Pure: the caller probes
 * the host.
 */
import type { Config } from "../config.ts";
import { unreachableNotifiers } from "../notifier-env.ts";

/** What the caller found about the watch schedule. */
export interface ScheduleFacts {
  scheduler: string;
  installed: boolean;
  /** The variables a scheduled pass has besides the scheduler's own (its 0600 file); null: none written. */
  env?: Record<string, string> | null;
}

export interface Readiness {
  /** What will happen on a death tonight, one line each. */
  plan: string[];
  /** Reasons to refuse, each with the one-line fix. */
  problems: { problem: string; fix: string }[];
}

/** Describe tonight's recovery and list what would leave a death unanswered. */
export function nightReadiness(
  config: Pick<
    Config,
    "recovery" | "notifiers" | "recoverOutsideNight" | "nudgeText" | "staleAfterMinutes" | "restartVerifyMinutes"
  >,
  schedule: ScheduleFacts,
): Readiness {
  const kinds = [...new Set(config.notifiers.map((n) => n.kind))];
  const alerts = kinds.length === 0 ? "no notifiers configured" : `alerts go to ${kinds.join(", ")}`;
  const watch = schedule.installed
    ? `the watch runs from ${schedule.scheduler}`
    : `the watch is not scheduled (${schedule.scheduler}): nothing will look`;
  const action = config.recovery === "restart"
    ? `a dead session is restarted with claude --resume and counts as restarted once alive and written within ${config.restartVerifyMinutes} min; after 2 failed restarts in a row it is not restarted again tonight`
    : config.recovery === "notify"
    ? "a dead session is reported, not restarted"
    : "recovery is off: a dead session is only recorded";
  const stall = config.nudgeText
    ? `a session idle ${config.staleAfterMinutes} min is nudged ("${config.nudgeText}")`
    : `a session idle ${config.staleAfterMinutes} min is reported (no nudge text configured)`;
  const plan = [
    `on a death tonight: ${action}; ${alerts}; ${watch}`,
    `on a stall: ${stall}; a session awaiting approval or asleep is never pushed`,
  ];
  const problems: Readiness["problems"] = [];
  if (!schedule.installed) {
    problems.push({
      problem: "the watch is not scheduled, so a death tonight goes unseen",
      fix: "vigil watch --install",
    });
  }
  if (config.recovery === "off") {
    problems.push({
      problem: "recovery is off, so a death tonight is only recorded",
      fix: 'set recovery = "notify" or "restart" in config.toml',
    });
  }
  if (config.recovery === "notify" && config.notifiers.length === 0) {
    problems.push({
      problem: "recovery is notify but no notifier is configured, so alerts go nowhere",
      fix: "add [[notifiers]] to config.toml",
    });
  }
  if (config.recovery === "restart" && config.notifiers.length === 0) {
    problems.push({
      problem: "recovery is restart but no notifier is configured, so a restart that fails is reported to no one",
      fix: "add [[notifiers]] to config.toml",
    });
  }
  if (schedule.installed && config.recovery !== "off") {
    for (const u of unreachableNotifiers(config.notifiers, schedule.env ?? {})) {
      const why = u.variable === null
        ? "it has no URL"
        : schedule.env == null
        ? `the schedule was installed without its variables (${u.variable})`
        : `${u.variable} is not set in the watch's schedule`;
      problems.push({
        problem: `an alert could not reach ${u.kind} from the watch's schedule: ${why}`,
        fix: u.variable === null
          ? `give the ${u.kind} notifier a url in config.toml`
          : `set ${u.variable} in this shell and run "vigil watch --install" again`,
      });
    }
  }
  return { plan, problems };
}
