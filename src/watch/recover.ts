/**
 * What the watcher does about a DOWN or a new STALE, per `config.recovery` (`off | notify |
 * restart`): restart with `claude --resume` while the circuit breaker allows (3 in 60 min),
 * notify (a notification is a record of what was done, not a fix: seed 004), nudge a stalled
 * session's pane. Runs after the pass's commit; returns what to record, never throws.
 */
import { withMark } from "../core/vigil-marks.ts";
import type { SessionEvent } from "../../machines/session.ts";
import type { Config } from "../core/config.ts";
import { planRecovery, type PushFacts, pushHold, restartBreaker } from "../core/liveness.ts";
import { awaitingIn } from "../core/rest.ts";
import { snapshotFacts } from "../core/status-view.ts";
import { patternSet } from "../core/stop/patterns.ts";
import { inScope } from "../core/stop/gate.ts";
import type { NotifyEvent, NotifyKind } from "../core/notify-format.ts";
import type { DeliveryOutcome } from "../edge/notify.ts";
import type { RestartOutcome, RestartTarget } from "../edge/restart.ts";
import { lastSamples } from "../edge/store/samples.ts";
import type { Store } from "../edge/store.ts";
import type { PlannedEvent, SessionPlan } from "./decide.ts";
import { nightIsActive, readNightSetting } from "../night/setting.ts";
import { type OpenIntervention, type WatchMemo, withInterventions } from "../core/watch/memo.ts";
import type { NudgeResult, NudgeTarget } from "./nudge.ts";
import { hostOf, type Target } from "./targets.ts";

/** Restarts allowed per window before the watcher only notifies. */
export const RESTART_MAX = 3;

export interface RecoveryDeps {
  store: Store;
  config: Config;
  notify: (e: NotifyEvent) => Promise<DeliveryOutcome[]>;
  restart: (t: RestartTarget, prompt: string | null) => Promise<RestartOutcome>;
  /** Wake a stalled session (src/watch/nudge.ts): its inbox socket first, its tmux pane as the fallback. */
  nudge: (t: NudgeTarget, text: string, idleMs: number | null) => Promise<NudgeResult>;
  /** A nudge has a way in besides a known pane (an inbox socket); default: none. */
  canNudge?: (t: Target) => boolean;
  /** The final text of the newest turn no person has answered yet (see `unansweredTurnText`), or null. */
  lastMessage: (transcriptPath: string) => string | null;
}

export interface RecoveryResult {
  sessionId: string;
  events: PlannedEvent[];
  machine: SessionEvent[];
  memo: WatchMemo;
  notified: number;
  restarted: number;
  nudged: number;
}

const msg = (e: unknown) => e instanceof Error ? e.message : String(e);

/** Recover one session if its decision calls for it; null when there is nothing to do. */
export async function recoverSession(p: SessionPlan, deps: RecoveryDeps, now: number): Promise<RecoveryResult | null> {
  const { config, store } = deps;
  const d = p.decision, t = p.target;
  const isDown = d.verdict === "down" || d.verdict === "reuse-down";
  if (config.recovery === "off" || !(isDown || d.record === "stale")) return null;
  const restarts = isDown && config.recovery === "restart"
    ? (await import("./machine.ts")).machineRestarts(store, t.sessionId, now)
    : [];
  const plan = planRecovery(d, {
    recovery: config.recovery,
    restarts,
    now,
    nudgeText: config.nudgeText,
    hasPane: t.pane !== null || (deps.canNudge?.(t) ?? false),
    breaker: { max: RESTART_MAX },
  });
  const out: RecoveryResult = {
    sessionId: t.sessionId,
    events: [],
    machine: [],
    memo: p.memo,
    notified: 0,
    restarted: 0,
    nudged: 0,
  };
  const added: OpenIntervention[] = [];
  const notify = async (kind: NotifyKind, detail: string | null) => {
    const event: NotifyEvent = {
      kind,
      at: now,
      sessionId: t.sessionId,
      name: t.name,
      cwd: t.cwd,
      idleMs: d.idleMs,
      samples: lastSamples(store, t.sessionId, 12),
      detail,
    };
    let outcomes: DeliveryOutcome[];
    try {
      outcomes = await deps.notify(event);
    } catch (e) {
      outcomes = [];
      detail = `${detail ?? ""} (notify failed: ${msg(e)})`.trim();
    }
    const none = deps.config.notifiers.length === 0 ? { note: "no notifiers configured" } : {};
    out.events.push({ kind: "notify", detail: { about: kind, detail, outcomes, ...none } });
    if (outcomes.some((o) => o.result === "sent")) (added.push({ kind: "notify", at: now }), out.notified++);
  };
  const facts = pushFacts(p, deps, now);
  const restartHold = pushHold(facts, "restart", now);
  if (plan.restart && restartHold !== null) {
    // The truth says no push: record why once per death, and let people know it is down.
    out.events.push({ kind: "restart", detail: { ok: false, skipped: restartHold, reason: d.reason } });
    if (d.record === "down") {
      await notify(d.verdict === "reuse-down" ? "reuse-down" : "down", `not restarted: ${restartHold}`);
    }
    return finish(out, added);
  }
  const canRestart = !p.moved && t.cwd !== null;
  if (plan.restart && canRestart && t.cwd !== null) {
    const attempt = RESTART_MAX - plan.restartsLeft;
    let r: RestartOutcome;
    try {
      // The first prompt of the resumed session is vigil's: marked, so vigil's own SOFT guard
      // passes it (a worker restarted past SOFT would otherwise have it refused).
      const prompt = config.nudgeText ? withMark("vigil-nudge", config.nudgeText) : null;
      r = await deps.restart({ sessionId: t.sessionId, cwd: t.cwd, pane: t.pane }, prompt);
    } catch (e) {
      r = { ok: false, method: "new-session", target: "", command: "", error: msg(e) };
    }
    // Failed attempts count toward the breaker too: a restart that cannot work must not loop.
    out.machine.push({ type: "restarted", at: now });
    out.events.push({
      kind: "restart",
      detail: {
        ok: r.ok,
        method: r.method,
        target: r.target,
        error: r.error,
        attempt,
        max: RESTART_MAX,
        reason: d.reason,
      },
    });
    if (r.ok) {
      added.push({ kind: "restart", at: now });
      out.restarted++;
      out.memo = {
        ...out.memo,
        breakerNotified: false,
        restartCheck: { at: now, size: p.watch.size, mtime: p.watch.mtime },
      };
    }
    const detail = `restart ${attempt} of ${RESTART_MAX} in 60 min${r.ok ? "" : `: ${r.error ?? "failed"}`}`;
    await notify(r.ok ? "restarted" : "restart-failed", detail);
  } else if (isDown && config.recovery === "restart" && (plan.breakerOpen || !canRestart)) {
    if (!out.memo.breakerNotified) {
      const b = restartBreaker(restarts, now, { max: RESTART_MAX });
      const skipped = plan.breakerOpen ? "breaker-open" : p.moved ? "pid-serves-another-session" : "cwd-unknown";
      out.events.push({ kind: "restart", detail: { ok: false, skipped, recent: b.recent, closesAt: b.closesAt } });
      out.memo = { ...out.memo, breakerNotified: true };
      await notify(
        plan.breakerOpen ? "breaker-open" : d.verdict === "reuse-down" ? "reuse-down" : "down",
        `not restarted: ${skipped}`,
      );
    }
  } else if (plan.notify) {
    await notify(d.verdict === "reuse-down" ? "reuse-down" : "down", null);
  }
  const nudgeHold = plan.nudge ? pushHold(facts, "nudge", now) : null;
  if (nudgeHold !== null) {
    out.events.push({ kind: "nudge", detail: { ok: false, skipped: nudgeHold, pane: t.pane, idleMs: d.idleMs } });
  } else if (plan.nudge && config.nudgeText) {
    const r = await deps.nudge(t, config.nudgeText, d.idleMs);
    out.events.push(...r.events);
    if (r.ok) (added.push({ kind: "nudge", at: now }), out.nudged++);
  }
  return finish(out, added);
}

function finish(out: RecoveryResult, added: readonly OpenIntervention[]): RecoveryResult | null {
  out.memo = withInterventions(out.memo, added);
  return out.events.length > 0 || out.machine.length > 0 ? out : null;
}

/** The machine's truth about a session as it stands after the pass's commit, and the night's scope. */
function pushFacts(p: SessionPlan, deps: RecoveryDeps, now: number): PushFacts {
  const row = deps.store.loadSession(p.target.sessionId);
  const f = snapshotFacts(row?.snapshot);
  const night = readNightSetting(deps.store);
  const cwd = p.target.cwd;
  // A Stop outside unattended mode was not classified by the hook: read the message now.
  const path = p.target.transcriptPath;
  const awaiting = f.awaiting ??
    (path === null ? null : awaitingIn(deps.lastMessage(path), patternSet(deps.config.stopPatterns)));
  return {
    awaiting,
    asleepUntil: f.asleepUntil,
    host: f.host ?? hostOf(p.target),
    inNight: nightIsActive(night, now) && cwd !== null && inScope(cwd, night.scope),
    outsideAllowed: deps.config.recoverOutsideNight,
  };
}
