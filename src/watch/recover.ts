/**
 * What the watcher does about a DOWN or a new STALE, per `config.recovery` (`off | notify |
 * restart`): restart with `claude --resume` while the circuit breaker allows (3 in 60 min),
 * notify (a notification is a record of what was done, not a fix: seed 004), nudge a stalled
 * session. The decision is core/watch/recovery.ts's closed union of effects; this file is
 * its one runner. Runs after the pass's commit; returns what to record, never throws.
 */
import type { SessionEvent } from "../../machines/session.ts";
import type { Config } from "../core/config.ts";
import type { PushFacts } from "../core/liveness.ts";
import { type MachineNews, type RecoveryEffect, recoveryEffects } from "../core/watch/recovery.ts";
import { awaitingIn } from "../core/awaiting.ts";
import { snapshotFacts } from "../core/status-view.ts";
import { patternSet } from "../core/stop/patterns.ts";
import { classifyMessage } from "../core/stop/classify.ts";
import { type NudgeBreak, nudgeBreak } from "../core/watch/nudge-breaker.ts";
import { inScope } from "../core/night/scope.ts";
import type { NotifyEvent, NotifyKind } from "../core/notify-format.ts";
import type { DeliveryOutcome } from "../edge/notify.ts";
import type { RestartOutcome, RestartTarget } from "../edge/restart.ts";
import { lastSamples } from "../edge/store/samples.ts";
import type { Store } from "../edge/store.ts";
import type { PlannedEvent, SessionPlan } from "../core/watch/decide.ts";
import { nightIsActive, readNightSetting } from "../night/setting.ts";
import { type OpenIntervention, type WatchMemo, withInterventions } from "../core/watch/memo.ts";
import type { NudgeResult, NudgeTarget } from "./nudge.ts";
import { hostOf, type Target } from "../core/watch/targets.ts";
import { afterFailure, holdAlert, holdLifted } from "../core/watch/restart-check.ts";
import { type AuditDetails, parseAuditDetail } from "../core/audit-details.ts";

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
  /** The tmux pane whose process tree holds a live pid, or null (none, or tmux unreachable); default: none. */
  paneOf?: (pid: number) => Promise<string | null>;
  /** The final text of the newest turn no person has answered yet (see `unansweredTurnText`), or null. */
  lastMessage: (transcriptPath: string) => string | null;
  /** Whether the session has open todo items, tasks or checklist lines (null: unknown). */
  pendingWork?: (t: Target) => boolean | null;
}

export interface RecoveryResult {
  sessionId: string;
  events: PlannedEvent[];
  machine: SessionEvent[];
  memo: WatchMemo;
  notified: number;
  restarted: number;
  nudged: number;
  /** The pane a restart put the session in: the watch row keeps it (2.1.88's registry names none). */
  pane?: string;
}

const msg = (e: unknown) => e instanceof Error ? e.message : String(e);

/**
 * Recover one session if what its machine said this pass (`news`: a death, a new stall) or a
 * process still gone calls for it; null when there is nothing to do.
 */
export async function recoverSession(
  given: SessionPlan,
  news: MachineNews,
  deps: RecoveryDeps,
  now: number,
): Promise<RecoveryResult | null> {
  const { config, store } = deps;
  const d = given.decision;
  const isDown = d.verdict === "down" || d.verdict === "reuse-down";
  const checked = given.events.find((e) => e.kind === "restart_check");
  if (config.recovery === "off" || !(isDown || news.stalled || checked !== undefined)) return null;
  const found = news.stalled && !isDown ? await paneFound(given, deps) : null;
  const p = found === null ? given : { ...given, target: { ...given.target, pane: found } };
  const t = p.target;
  const out: RecoveryResult = {
    sessionId: t.sessionId,
    events: [],
    machine: [],
    memo: p.memo,
    notified: 0,
    restarted: 0,
    nudged: 0,
    // The watch row keeps the pane found, so the next stall needs no lookup.
    ...(found === null ? {} : { pane: found }),
  };
  const added: OpenIntervention[] = [];
  const s: RunState = { p, news, deps, now, out, added };
  if (checked?.kind === "restart_check") await alertChecked(s, checked.detail);
  if (
    out.memo.restartHeld !== null && holdLifted(out.memo.restartHeld, readNightSetting(store), personPromptAfter(s))
  ) {
    out.memo = { ...out.memo, restartHeld: null, restartFailures: [] };
  }
  if (!(isDown || news.stalled)) return finish(out, added);
  const restarts = isDown && config.recovery === "restart"
    ? (await import("./machine.ts")).machineRestarts(store, t.sessionId)
    : [];
  // The row as committed, read once and only if a planned push needs the machine's truth.
  let after: ReturnType<typeof snapshotFacts> | undefined;
  const factsAfter = () => after ??= snapshotFacts(store.loadSession(t.sessionId));
  const planned = recoveryEffects({
    decision: d,
    news,
    recovery: config.recovery,
    restarts,
    nudgeText: config.nudgeText,
    canNudge: t.pane !== null || (deps.canNudge?.(t) ?? false),
    cannotRestart: p.moved ? "pid-serves-another-session" : t.cwd === null ? "cwd-unknown" : null,
    breakerNotified: out.memo.breakerNotified,
    restartWait: out.memo.restartHeld !== null ? "held" : out.memo.restartCheck !== null ? "verifying" : null,
    facts: () => pushFacts(p, deps, now, factsAfter()),
    nudgeBreak: news.stalled ? () => nudgeBreakFor(p, deps, now, factsAfter()) : null,
    pane: t.pane,
    max: RESTART_MAX,
    now,
  });
  out.memo = { ...out.memo, breakerNotified: planned.breakerNotified };
  for (const e of planned.effects) await runRecoveryEffect(e, s);
  return finish(out, added);
}

/**
 * The pane a new stall can be nudged in when none is known: 2.1.88's registry entry names no
 * pane, so its sessions have one only from `night on`'s lookup, and a session that lookup did
 * not see (started after `night on`, or its entry read while Claude Code was still writing it:
 * an empty file for a moment) had no way in all night and was never nudged. Looked up by the
 * live pid as `night on` does, only for an interactive session of the registry (a headless
 * `claude -p` inside a script's pane is not typed into) with no inbox socket.
 */
async function paneFound(p: SessionPlan, deps: RecoveryDeps): Promise<string | null> {
  const t = p.target;
  if (t.pane !== null || t.pid === null || !p.alive || deps.paneOf === undefined) return null;
  if (!deps.config.nudgeText || !t.sources.includes("registry") || t.kind === "bg") return null;
  if (deps.canNudge?.(t)) return null;
  try {
    return await deps.paneOf(t.pid);
  } catch {
    return null;
  }
}

/** Tell people how a restart ended: verified, failed, or failed again and now held for the night. */
async function alertChecked(s: RunState, c: AuditDetails["restart_check"]): Promise<void> {
  const held = s.out.memo.restartHeld;
  if (c.verified === true) {
    return notify(
      s,
      "restarted",
      `verified: process alive, transcript written ${Math.round((c.afterMs ?? 0) / 1000)} s after the restart`,
    );
  }
  // The hold was set by this very check: its one alert says what failed.
  if (held !== null && held.at === s.now) return notify(s, "breaker-open", holdAlert(held));
  return notify(s, "restart-failed", `restart not verified: ${c.failed ?? "not alive and written"}`);
}

/** When a person last prompted the session after the hold (the watch's `wake` records say who woke it). */
function personPromptAfter(s: RunState): number | null {
  const held = s.out.memo.restartHeld;
  if (held === null) return null;
  const wakes = s.deps.store.events({ kinds: ["wake"], sessionId: s.p.target.sessionId, since: held.at });
  let last: number | null = null;
  for (const row of wakes) {
    const w = parseAuditDetail("wake", row.detail);
    if (w !== null && w.waker === "human" && w.resumedAt !== null) last = Math.max(last ?? 0, w.resumedAt);
  }
  return last;
}

interface RunState {
  p: SessionPlan;
  news: MachineNews;
  deps: RecoveryDeps;
  now: number;
  out: RecoveryResult;
  added: OpenIntervention[];
}

/** The one runner of recovery effects: each type has its case, and the checker refuses a new one without. */
async function runRecoveryEffect(e: RecoveryEffect, s: RunState): Promise<void> {
  const { p, deps, now, out, added } = s;
  const t = p.target;
  switch (e.type) {
    case "held":
      // Told apart so each record's detail is checked against its own kind.
      out.events.push(e.what === "restart" ? { kind: e.what, detail: e.detail } : { kind: e.what, detail: e.detail });
      return;
    case "notify":
      return notify(s, e.about, e.detail);
    case "restart": {
      let r: RestartOutcome;
      try {
        r = t.cwd === null
          ? { ok: false, method: "new-session", target: "", command: "", error: "cwd unknown" }
          : await deps.restart({ sessionId: t.sessionId, cwd: t.cwd, pane: t.pane }, e.prompt);
      } catch (err) {
        r = { ok: false, method: "new-session", target: "", command: "", error: msg(err) };
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
          attempt: e.attempt,
          max: e.max,
          reason: e.reason,
        },
      });
      if (r.ok) {
        // Sent is not restarted: later passes verify it (core/watch/restart-check.ts) and alert then.
        added.push({ kind: "restart", at: now });
        out.restarted++;
        if (r.pane !== undefined) out.pane = r.pane;
        out.memo = {
          ...out.memo,
          breakerNotified: false,
          restartCheck: { at: now, size: p.watch.size, mtime: p.watch.mtime, pane: r.pane ?? null },
        };
        if (!s.news.died) return;
        const sent = `restart ${e.attempt} of ${e.max} sent (${r.method} ${r.target}); verifying`;
        return notify(s, p.decision.verdict === "reuse-down" ? "reuse-down" : "down", sent);
      }
      const f = afterFailure(out.memo.restartFailures, `restart not sent: ${r.error ?? "failed"}`, now);
      out.memo = { ...out.memo, restartFailures: f.failures, restartHeld: out.memo.restartHeld ?? f.held };
      if (f.held !== null) return notify(s, "breaker-open", holdAlert(f.held));
      return notify(s, "restart-failed", `restart ${e.attempt} of ${e.max}: ${r.error ?? "failed"}`);
    }
    case "nudge": {
      const r = await deps.nudge(t, e.text, e.idleMs);
      out.events.push(...r.events);
      if (r.ok) (added.push({ kind: "nudge", at: now }), out.nudged++);
      return;
    }
    default:
      return e satisfies never;
  }
}

/** Notify, recording what each notifier did; a notification that reached someone is followed up. */
async function notify(s: RunState, kind: NotifyKind, detail: string | null): Promise<void> {
  const { p, deps, now, out, added } = s;
  const t = p.target;
  const event: NotifyEvent = {
    kind,
    at: now,
    sessionId: t.sessionId,
    name: t.name,
    cwd: t.cwd,
    idleMs: p.decision.idleMs,
    samples: lastSamples(deps.store, t.sessionId, 12),
    detail,
    language: deps.config.language,
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
}

function finish(out: RecoveryResult, added: readonly OpenIntervention[]): RecoveryResult | null {
  out.memo = withInterventions(out.memo, added);
  return out.events.length > 0 || out.machine.length > 0 ? out : null;
}

/**
 * The progress breaker over nudges for a new stall (core/watch/nudge-breaker.ts): the last
 * turn's message judged by the Stop patterns, the todo sources read only for a report.
 */
function nudgeBreakFor(
  p: SessionPlan,
  deps: RecoveryDeps,
  now: number,
  f: ReturnType<typeof snapshotFacts>,
): NudgeBreak | null {
  const path = p.target.transcriptPath;
  const text = path === null ? null : deps.lastMessage(path);
  const c = text === null || text.trim() === "" ? null : classifyMessage(text, patternSet(deps.config.stopPatterns));
  const lastTurn = c === null ? null : c.announcement !== null ? "announcement" : c.waiting !== null ? null : "report";
  return nudgeBreak({
    memo: p.memo,
    asleepUntil: f.asleepUntil,
    lastTurn,
    pending: lastTurn === "report" ? deps.pendingWork?.(p.target) ?? null : null,
    now,
  });
}

/** The machine's truth about a session as it stands after the pass's commit, and the night's scope. */
function pushFacts(p: SessionPlan, deps: RecoveryDeps, now: number, f: ReturnType<typeof snapshotFacts>): PushFacts {
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
