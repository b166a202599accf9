/**
 * What the fleet alerts need from the events table, folded one event at a time as
 * `/metrics` reads new rows: per session, when the watch last found it down, when it last
 * wrote a handoff at HARD, and its Stop pushes with those that made no progress (as the Stop
 * gate's progress breaker judged them: its `stop_gate` record says whether work followed the
 * last push, so this fold keeps no verdict of its own); per host, the
 * watch's passes and the hooks that failed open. Memory stays bounded: a session with no
 * event for a day is dropped (its counters restart from zero if it comes back, which
 * Prometheus reads as a counter reset).
 */
import { foundStall, parseAuditDetail } from "../core/audit-details.ts";
import type { EventRow } from "../edge/store.ts";

const DAY = 86_400_000;
/** Passes kept to judge the watch's interval (the median of their gaps). */
const PASSES_KEPT = 7;

/** One session's folded facts. */
export interface SessionFacts {
  /** The watch's latest `down` for it (ms), or null. */
  downAt: number | null;
  /** The latest handoff document write allowed at HARD (ms), or null. */
  handoffAt: number | null;
  /** Stop hooks that blocked (pushes back to work). */
  pushes: number;
  /** Pushes the session answered by stopping again with no tool call (the breaker then held). */
  pushesWithoutProgress: number;
  /** The push last counted as without progress (a later Stop reports the same push again). */
  idlePushAt: number | null;
  lastAt: number;
}

/**
 * The only kinds `add` takes into account: `/metrics` reads just these row by row (`down` and
 * `stale` are an older version's records of a death and a stall, read as `died` and `stalled`).
 */
export const FOLDED_KINDS = [
  "watch_pass",
  "hook_error",
  "died",
  "stalled",
  "down",
  "stale",
  "guard",
  "stop_gate",
] as const;

/** The fold; `add` every event of `FOLDED_KINDS` in id order. */
export class FleetFold {
  readonly sessions = new Map<string, SessionFacts>();
  /** Times of the last passes of `vigil watch`, oldest first. */
  readonly passes: number[] = [];
  hookFailures = 0;
  /** Deaths and stalls the watch found (`vigil_watch_detections_total`, as `down` and `stale`). */
  readonly detections = new Map<"down" | "stale", number>([["down", 0], ["stale", 0]]);

  /** Take one event into account. */
  add(e: EventRow): void {
    if (e.kind === "died" || e.kind === "stalled" || e.kind === "down" || e.kind === "stale") {
      return this.liveness(e);
    }
    if (e.kind === "watch_pass") {
      this.passes.push(e.at);
      if (this.passes.length > PASSES_KEPT) this.passes.shift();
      return;
    }
    if (e.kind === "hook_error") {
      this.hookFailures++;
      return;
    }
    if (e.session_id === null || (e.kind !== "guard" && e.kind !== "stop_gate")) return;
    const s = this.facts(e.session_id, e.at);
    // A row of another shape (an older version's) is not evidence: it counts for nothing.
    if (e.kind === "guard") {
      const d = parseAuditDetail("guard", e.detail);
      if (d?.decision === "allow" && d.rule === "handoff-write") s.handoffAt = e.at;
      return;
    }
    const d = parseAuditDetail("stop_gate", e.detail);
    if (d === null) return;
    if (d.decision === "block") s.pushes++;
    const last = d.lastPush ?? null;
    if (last?.workFollowed === false && last.at !== s.idlePushAt) {
      s.pushesWithoutProgress++;
      s.idlePushAt = last.at;
    }
  }

  /**
   * A death or a stall the watch found (a hook's `died`, a normal end, is neither). An older
   * version's `down` and `stale` rows count by their kind, whatever their detail, as they did.
   */
  private liveness(e: EventRow): void {
    const died = e.kind === "died" ? parseAuditDetail("died", e.detail) : null;
    const stall = e.kind === "stalled" ? parseAuditDetail("stalled", e.detail) : null;
    const found = e.kind === "down" || died?.by === "watch"
      ? "down"
      : e.kind === "stale" || (stall !== null && foundStall(stall))
      ? "stale"
      : null;
    if (found === null) return;
    this.detections.set(found, (this.detections.get(found) ?? 0) + 1);
    if (found === "down" && e.session_id !== null) this.facts(e.session_id, e.at).downAt = e.at;
  }

  /** Forget sessions with no event for a day before `now`. */
  prune(now: number): void {
    for (const [id, s] of this.sessions) if (now - s.lastAt > DAY) this.sessions.delete(id);
  }

  /** The watch's interval: the median gap between its recent passes, or null with fewer than two. */
  watchInterval(): number | null {
    const gaps = this.passes.slice(1).map((at, i) => at - this.passes[i]).sort((a, b) => a - b);
    if (gaps.length === 0) return null;
    const mid = Math.floor(gaps.length / 2);
    return gaps.length % 2 ? gaps[mid] : (gaps[mid - 1] + gaps[mid]) / 2;
  }

  private facts(id: string, at: number): SessionFacts {
    let s = this.sessions.get(id);
    if (!s) {
      s = { downAt: null, handoffAt: null, pushes: 0, pushesWithoutProgress: 0, idlePushAt: null, lastAt: at };
      this.sessions.set(id, s);
    }
    s.lastAt = Math.max(s.lastAt, at);
    return s;
  }
}
