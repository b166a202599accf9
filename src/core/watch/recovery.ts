/**
 * What the watcher does about one session's DOWN or new STALE, as data: a closed union of
 * recovery effects that src/watch/recover.ts runs after the pass's commit, one `case` each.
 * Pure: the decision (per `config.recovery`, the circuit breaker and the machine's truth
 * about pushing) is made here; the runner only carries it out and records what happened.
 */
import type { SessionEffect } from "../../../machines/session-model.ts";
import type { AuditDetails } from "../audit-details.ts";
import type { Recovery } from "../config.ts";
import { type LivenessDecision, planRecovery, type PushFacts, pushHold, restartBreaker } from "../liveness.ts";
import type { NotifyKind } from "../notify-format.ts";
import { withMark } from "../vigil-marks.ts";
import type { NudgeBreak } from "./nudge-breaker.ts";

/** A held push's record: the kind it would have had, with that kind's detail. */
type HeldPush = { what: "restart"; detail: AuditDetails["restart"] } | { what: "nudge"; detail: AuditDetails["nudge"] };

/** One thing the watcher does for a session; the runner's `switch` has a case for each. */
export type RecoveryEffect =
  /** A push the truth or the breaker held back, recorded once (`restart` / `nudge`, `ok: false`). */
  | ({ type: "held" } & HeldPush)
  /** Tell people (the configured notifiers); recorded as `notify`. */
  | { type: "notify"; about: NotifyKind; detail: string | null }
  /** `claude --resume` with vigil's marked prompt; its outcome is recorded and notified. */
  | { type: "restart"; attempt: number; max: number; prompt: string | null; reason: string }
  /** Wake a stalled session (inbox socket, else its tmux pane). */
  | { type: "nudge"; text: string; idleMs: number };

/**
 * What the session's machine said this pass (its effects): a death the watch saw, a new stall,
 * a stall's end. The watch acts on these, never on a verdict of its own beside the machine's.
 */
export interface MachineNews {
  died: boolean;
  stalled: boolean;
  revived: boolean;
}

/** The news in a step's effects (a hook's `died`, a normal end, is no death for the watch to act on). */
export function newsOf(effects: readonly SessionEffect[]): MachineNews {
  return {
    died: effects.some((e) => e.type === "died" && e.params.by === "watch"),
    stalled: effects.some((e) => e.type === "stalled"),
    revived: effects.some((e) => e.type === "revived"),
  };
}

export interface RecoveryInput {
  /** What the watch observed: a process gone (`verdict`), the idle time, why. */
  decision: Pick<LivenessDecision, "verdict" | "idleMs" | "reason">;
  /** What the machine made of it this pass. */
  news: MachineNews;
  recovery: Recovery;
  /** Restart times the machine holds (the breaker's input). */
  restarts: readonly number[];
  nudgeText: string | null;
  /** A nudge has a way in (a pane or an inbox socket). */
  canNudge: boolean;
  /** The pid now serves another session, or the cwd is unknown: a restart cannot be tried. */
  cannotRestart: "pid-serves-another-session" | "cwd-unknown" | null;
  /** The breaker's skip was already notified for this death. */
  breakerNotified: boolean;
  /**
   * Why no restart may go out whatever the policy says: the last one is still being verified,
   * or failures in a row hold restarts for the night (its one alert went out with the hold).
   */
  restartWait: "verifying" | "held" | null;
  /**
   * The machine's truth about pushing. Either given, or read on demand: it costs a row load and
   * a transcript read, and only a planned restart or nudge needs it (most stalls have no way in).
   */
  facts: PushFacts | (() => PushFacts);
  /** The progress breaker over nudges (core/watch/nudge-breaker.ts): why a nudge waits, or null; read on demand like `facts`. */
  nudgeBreak?: NudgeBreak | null | (() => NudgeBreak | null);
  pane: string | null;
  max: number;
  now: number;
}

const WAIT_TEXT = {
  verifying: "the last restart is still being verified",
  held: "restarts held tonight after failed restarts in a row",
} as const;

/** The effects for one session, in the order they run, and whether the breaker skip is now notified. */
export function recoveryEffects(inp: RecoveryInput): { effects: RecoveryEffect[]; breakerNotified: boolean } {
  const now = inp.now;
  // A new death or stall is the machine's; a process still gone on a later pass is retried.
  const d = { ...inp.decision, record: inp.news.died ? "down" as const : inp.news.stalled ? "stale" as const : null };
  const isDown = d.verdict === "down" || d.verdict === "reuse-down";
  const effects: RecoveryEffect[] = [];
  let breakerNotified = inp.breakerNotified;
  if (inp.recovery === "off" || !(isDown || d.record === "stale")) return { effects, breakerNotified };
  const plan = planRecovery(d, {
    recovery: inp.recovery,
    restarts: inp.restarts,
    now,
    nudgeText: inp.nudgeText,
    hasPane: inp.canNudge,
    breaker: { max: inp.max },
  });
  const downKind: NotifyKind = d.verdict === "reuse-down" ? "reuse-down" : "down";
  if (isDown && inp.recovery === "restart" && inp.restartWait !== null) {
    // A new death while held is still told; a restart being verified is judged by later passes.
    if (d.record === "down") {
      effects.push({ type: "notify", about: downKind, detail: `not restarted: ${WAIT_TEXT[inp.restartWait]}` });
    }
    return { effects, breakerNotified };
  }
  let read: PushFacts | undefined;
  const facts = () => read ??= typeof inp.facts === "function" ? inp.facts() : inp.facts;
  const restartHold = plan.restart ? pushHold(facts(), "restart", now) : null;
  if (plan.restart && restartHold !== null) {
    // The truth says no push: record why once per death, and let people know it is down.
    effects.push({ type: "held", what: "restart", detail: { ok: false, skipped: restartHold, reason: d.reason } });
    if (d.record === "down") effects.push({ type: "notify", about: downKind, detail: `not restarted: ${restartHold}` });
    return { effects, breakerNotified };
  }
  if (plan.restart && inp.cannotRestart === null) {
    // The first prompt of the resumed session is vigil's: marked, so vigil's own SOFT guard
    // passes it (a worker restarted past SOFT would otherwise have it refused).
    const prompt = inp.nudgeText ? withMark("vigil-nudge", inp.nudgeText) : null;
    effects.push({ type: "restart", attempt: inp.max - plan.restartsLeft, max: inp.max, prompt, reason: d.reason });
  } else if (isDown && inp.recovery === "restart" && (plan.breakerOpen || inp.cannotRestart !== null)) {
    if (!breakerNotified) {
      const b = restartBreaker(inp.restarts, now, { max: inp.max });
      // The branch's condition makes cannotRestart non-null whenever the breaker is closed.
      const skipped = plan.breakerOpen || inp.cannotRestart === null ? "breaker-open" : inp.cannotRestart;
      effects.push({
        type: "held",
        what: "restart",
        detail: { ok: false, skipped, recent: b.recent, closesAt: b.closesAt },
      });
      effects.push({
        type: "notify",
        about: plan.breakerOpen ? "breaker-open" : downKind,
        detail: `not restarted: ${skipped}`,
      });
      breakerNotified = true;
    }
  } else if (plan.notify) {
    effects.push({ type: "notify", about: downKind, detail: null });
  }
  if (plan.nudge) {
    const nudgeBreak = () => typeof inp.nudgeBreak === "function" ? inp.nudgeBreak() : inp.nudgeBreak ?? null;
    const nudgeHold = pushHold(facts(), "nudge", now) ?? nudgeBreak();
    if (nudgeHold !== null) {
      effects.push({
        type: "held",
        what: "nudge",
        detail: { ok: false, skipped: nudgeHold, pane: inp.pane, idleMs: d.idleMs },
      });
    } else if (inp.nudgeText) effects.push({ type: "nudge", text: inp.nudgeText, idleMs: d.idleMs });
  }
  return { effects, breakerNotified };
}
