/**
 * What `vigil night on` promises about a death tonight, and when it refuses (product.md
 * section 7, seed 004). The failed first night had every piece "working": the Stop gate
 * blocked, the watch detected, and nothing acted, because the watch ran only when someone
 * started it and its alerts went to no one. So the mode refuses to go on while a death would
 * be noticed by nobody: the watch is not scheduled, or recovery is `notify` with no notifier.
 * `--force` goes on anyway, and the warning still prints. Pure: the caller probes the host.
 */
import type { Config } from "../config.ts";

/** What the caller found about the watch schedule. */
export interface ScheduleFacts {
  scheduler: string;
  installed: boolean;
}

export interface Readiness {
  /** What will happen on a death tonight, one line each. */
  plan: string[];
  /** Reasons to refuse, each with the one-line fix. */
  problems: { problem: string; fix: string }[];
}

/** Describe tonight's recovery and list what would leave a death unanswered. */
export function nightReadiness(
  config: Pick<Config, "recovery" | "notifiers" | "recoverOutsideNight" | "nudgeText" | "staleAfterMinutes">,
  schedule: ScheduleFacts,
): Readiness {
  const kinds = [...new Set(config.notifiers.map((n) => n.kind))];
  const alerts = kinds.length === 0 ? "no notifiers configured" : `alerts go to ${kinds.join(", ")}`;
  const watch = schedule.installed
    ? `the watch runs from ${schedule.scheduler}`
    : `the watch is not scheduled (${schedule.scheduler}): nothing will look`;
  const action = config.recovery === "restart"
    ? "a dead session is restarted with claude --resume (3 per hour at most), then reported"
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
  if (config.recovery === "notify" && config.notifiers.length === 0) {
    problems.push({
      problem: "recovery is notify but no notifier is configured, so alerts go nowhere",
      fix: 'add [[notifiers]] to config.toml, or set recovery = "restart"',
    });
  }
  return { plan, problems };
}
