/**
 * The session machine of `session.ts` as a plain function: the same states, guards, actions
 * and effects, without building an XState machine in every process. Constructing the XState
 * machine costs 6–10 ms in a fresh compiled process (the largest single piece of a hook call,
 * see bench/RESULTS.md); this form costs nothing to load.
 *
 * `session.ts` stays the definition of behaviour: test/machines/session-step.test.ts checks
 * `step` against XState's `transition()` for every state × event over generated contexts, and
 * `initial` against `initialTransition()`. A change to one without the other fails there.
 */
import {
  initialContext,
  levelFor,
  type LiveState,
  type SessionContext,
  type SessionEffect,
  type SessionEvent,
  type SessionInput,
  type SessionState,
} from "./session-model.ts";

/** What is persisted of a session: the state and its context (XState's snapshot, less the rest). */
export interface SessionSnap {
  value: SessionState;
  context: SessionContext;
}

/** The outcome of one event: the next snapshot and the effects, in the order XState gives them. */
export interface Stepped {
  snap: SessionSnap;
  effects: SessionEffect[];
}

/** The snapshot a new session starts in (XState's `initialTransition`). */
export function initial(input: SessionInput): SessionSnap {
  return { value: "normal", context: initialContext(input) };
}

/** Apply one event (XState's `transition()`): a pure function of snapshot and event. */
export function step(snap: SessionSnap, event: SessionEvent): Stepped {
  const run = new Run(snap, event);
  run.handle();
  // Eventless transitions are taken after any event, handled or not (as XState does): a
  // snapshot stored before the limits changed settles on the next event.
  run.settle();
  return { snap: { value: run.value, context: run.c }, effects: run.effects };
}

/** One macrostep: a working copy of the context, the state value and the effects so far. */
class Run {
  value: SessionState;
  c: SessionContext;
  effects: SessionEffect[] = [];
  readonly e: SessionEvent;

  constructor(snap: SessionSnap, event: SessionEvent) {
    this.value = snap.value;
    this.c = { ...snap.context };
    this.e = event;
  }

  /** The state's own handler, else the root's; false when neither handles the event. */
  handle(): boolean {
    return this.own() || this.root();
  }

  /** Eventless transitions (`always`) until none is enabled. */
  settle(): void {
    for (let i = 0; i < 8; i++) {
      const s = this.value;
      if (s !== "normal" && s !== "soft" && s !== "hard") return;
      const level = levelFor(this.c);
      if (level === s) return;
      this.goto(level);
    }
  }

  private at(): number {
    return this.e.at;
  }

  private goto(target: SessionState): void {
    this.value = target;
    this.enter(target);
  }

  /** Entry actions of each state. */
  private enter(s: SessionState): void {
    const c = this.c;
    c.since = this.at();
    switch (s) {
      case "normal":
        c.limit = "none";
        return;
      case "soft":
        // A limit is recorded once per climb: re-entering it after a stall is no new crossing.
        if (c.limit === "soft" || c.limit === "hard") return;
        this.effects.push({
          type: "limitCrossed",
          params: { limit: "soft", tokens: c.tokens, estimate: c.estimate, at: this.at() },
        });
        c.limit = "soft";
        return;
      case "hard":
        if (c.limit === "hard") return;
        this.effects.push({
          type: "limitCrossed",
          params: { limit: "hard", tokens: c.tokens, estimate: c.estimate, at: this.at() },
        });
        c.limit = "hard";
        c.hardAt = this.at();
        c.handoffAsked = false;
        return;
      case "stalled":
        this.effects.push({ type: "stalled", params: { at: this.at(), from: c.stalledFrom ?? "normal" } });
        return;
      case "dead":
        this.effects.push({
          type: "died",
          params: { at: this.at(), reason: c.endReason ?? "gone", by: c.endedBy ?? "hook" },
        });
        return;
      case "compacting":
      case "restoring":
        return;
    }
  }

  private touch(): void {
    this.c.lastActivity = this.at();
  }

  private startCompaction(): void {
    this.effects.push({ type: "compactionStarted", params: { at: this.at() } });
  }

  /** Entering restoring after a compaction or a resume. */
  private beginRestore(): void {
    const c = this.c;
    const compaction = this.e.type === "compacted" || this.e.type === "boundaryRead";
    c.compactions = c.compactions + (compaction ? 1 : 0);
    c.warnSent = compaction ? false : c.warnSent;
    c.restoreDelivered = false;
    // A hook's report comes before its boundary is in the transcript; a boundary read is its own.
    c.boundaryOwed = this.e.type === "compacted";
    this.effects.push({ type: "restoreDue", params: { at: this.at() } });
  }

  private revived(): void {
    this.effects.push({ type: "revived", params: { at: this.at(), to: this.c.stalledFrom ?? "normal" } });
  }

  private unstall(): void {
    this.c.stalledFrom = null;
    this.c.stalledAt = null;
  }

  /** Leaving a stall: touch, `revived` (read before the stall is cleared), unstall. */
  private wake(): void {
    this.touch();
    this.revived();
    this.unstall();
  }

  private stall(from: LiveState): void {
    this.c.stalledFrom = from;
    this.c.stalledAt = this.at();
    this.goto("stalled");
  }

  /** Handlers of the current state; false when it has none for this event. */
  private own(): boolean {
    const e = this.e;
    const s = this.value;
    switch (s) {
      case "normal":
      case "soft":
      case "hard":
        if (e.type === "preCompact") return (this.startCompaction(), this.goto("compacting"), true);
        if (e.type === "compacted" || this.unreported()) return (this.beginRestore(), this.goto("restoring"), true);
        if (e.type === "idle") return (this.stall(s), true);
        return false;
      case "compacting":
        if (e.type === "compacted" || this.unreported()) return (this.beginRestore(), this.goto("restoring"), true);
        if (e.type === "activity") {
          // A PreCompact need not be followed by a compaction: work resuming ends the attempt.
          const level = levelFor(this.c);
          this.touch();
          this.effects.push({ type: "compactionAbandoned", params: { at: this.at() } });
          this.goto(level);
          return true;
        }
        if (e.type === "preCompact") return (this.startCompaction(), this.goto("compacting"), true);
        if (e.type === "idle") return (this.stall("compacting"), true);
        return false;
      case "restoring":
        if (e.type === "preCompact") return (this.startCompaction(), this.goto("compacting"), true);
        if (e.type === "restored") return (this.c.restoreDelivered = true, this.goto("normal"), true);
        if (e.type === "idle") return (this.stall("restoring"), true);
        return false;
      case "stalled":
        return this.fromStall();
      case "dead":
        if (e.type === "resumed" || e.type === "activity") {
          this.touch();
          this.c.endReason = null;
          this.c.endedBy = null;
          this.beginRestore();
          this.goto("restoring");
          return true;
        }
        // Already dead: a second death is no transition, but it is handled (not the root's).
        return e.type === "processGone" || e.type === "sessionEnded";
    }
  }

  /**
   * A boundary the meter read that no hook reported: a compaction of its own (2.0.x has no
   * PostCompact; the compaction hooks may fail open). The reported one's goes to the root.
   */
  private unreported(): boolean {
    return this.e.type === "boundaryRead" && !this.c.boundaryOwed;
  }

  private fromStall(): boolean {
    const e = this.e;
    const from = this.c.stalledFrom;
    if (e.type === "activity" && (from === "compacting" || from === "restoring")) {
      this.wake();
      this.goto(from);
      return true;
    }
    if (e.type === "activity" || e.type === "resumed") {
      const level = levelFor(this.c);
      this.wake();
      this.goto(level);
      return true;
    }
    if (e.type === "preCompact") {
      this.revived();
      this.unstall();
      this.startCompaction();
      this.goto("compacting");
      return true;
    }
    if (e.type === "compacted" || this.unreported()) {
      this.revived();
      this.unstall();
      this.beginRestore();
      this.goto("restoring");
      return true;
    }
    return false;
  }

  /** Handlers on the machine's root: context updates, and the two ways to die. */
  private root(): boolean {
    const e = this.e;
    const c = this.c;
    switch (e.type) {
      case "identified":
        c.role = e.role;
        c.agentType = e.agentType;
        return true;
      case "measured": {
        c.tokens = e.tokens ?? c.tokens;
        c.estimate = e.estimate ?? e.tokens ?? c.estimate;
        c.window = e.window ?? c.window;
        c.soft = e.soft;
        c.hard = e.hard;
        c.anticipate = e.anticipate;
        c.windowSource = e.windowSource ?? c.windowSource;
        const b = c.anticipate && c.estimate !== null ? c.estimate : c.tokens;
        // Falling back below SOFT (after a compaction) re-arms the one-time notice.
        if (b !== null && b < e.soft) c.softNoticeSent = false;
        return true;
      }
      case "boundaryRead":
        c.boundaryOwed = false;
        return true;
      case "noticed":
        if (e.notice === "softNotice") c.softNoticeSent = true;
        else if (e.notice === "warn") c.warnSent = true;
        else c.restoreDelivered = true;
        return true;
      case "stopBlocked":
        c.stopBlocks = c.stopBlocks + 1;
        return true;
      case "restarted":
        c.restarts = [...c.restarts, e.at].slice(-20);
        return true;
      case "activity":
        this.touch();
        return true;
      case "stopped":
        c.awaiting = e.awaiting ?? c.awaiting;
        c.asleepUntil = e.asleepUntil;
        c.asleepCause = e.asleepUntil === null ? null : e.cause;
        c.crons = e.crons;
        c.stoppedAt = e.at;
        return true;
      case "interrupted":
        c.awaiting = e.source === "user" ? "interrupt" : c.awaiting;
        c.stoppedAt = e.at;
        this.effects.push({ type: "interrupted", params: { at: e.at, source: e.source, reason: e.reason } });
        return true;
      case "prompted":
        c.awaiting = e.human ? null : c.awaiting;
        c.asleepUntil = null;
        c.asleepCause = null;
        c.crons = [];
        return true;
      case "awaited":
        c.awaiting = e.awaiting;
        return true;
      case "slept":
        c.asleepUntil = e.until;
        c.asleepCause = e.cause;
        return true;
      case "handoffWritten":
        c.handoffAt = e.at;
        return true;
      case "handoffAsked":
        c.handoffAsked = true;
        return true;
      case "observed":
        c.host = e.host ?? c.host;
        return true;
      case "cronsListed":
        c.ownCrons = e.prompts;
        return true;
      case "processGone":
      case "sessionEnded":
        c.endReason = String(e.reason);
        c.endedBy = e.type === "processGone" ? "watch" : "hook";
        // Crons are session-only in Claude Code: they die with the process.
        c.ownCrons = [];
        this.goto("dead");
        return true;
      case "preCompact":
      case "compacted":
      case "restored":
      case "idle":
      case "resumed":
        return false;
    }
  }
}
