/**
 * One session, one pass: from what was probed and stat'ed, which machine events to apply (the
 * process gone, idle past the threshold, growth), what the watch saw of a death or a stall for
 * the record of the machine's `died` or `stalled` effect, what to sample, which interventions
 * got their follow-up, and the watcher's memory for the next pass. Whether a death or a stall
 * is news is the machine's to say (its effects): nothing here records one. Pure: the pass does
 * the reading and the writing.
 */
import type { AuditRecord } from "../audit-details.ts";
import type { EffectSeen } from "../step.ts";
import type { SessionEvent } from "../../../machines/session.ts";
import { decideLiveness, type LivenessDecision, sameProcess, type TranscriptStat } from "../liveness.ts";
import type { ProcProbe, SampleRow, WatchRow } from "./observed.ts";
import { EMPTY_MEMO, type OpenIntervention, parseMemo, stringifyMemo, type WatchMemo } from "./memo.ts";
import { snapshotFacts } from "../status-view.ts";
import { hostOf, type Target } from "./targets.ts";
import { afterFailure, judgeRestart, type PendingRestart, type RestartSeen } from "./restart-check.ts";
import { followUps, type WorkSign } from "./followups.ts";

/** An event to append: kind, detail of that kind's shape, and its time when not the pass's. */
export type PlannedEvent = AuditRecord & { at?: number };

export interface SessionPlan {
  target: Target;
  decision: LivenessDecision;
  /** The process runs and is the session's own. */
  alive: boolean;
  /** The transcript changed since the last pass. */
  grew: boolean;
  watch: WatchRow;
  memo: WatchMemo;
  machine: SessionEvent[];
  events: PlannedEvent[];
  /** What the watch saw of the death or stall its machine events may bring (their records' detail). */
  seen: EffectSeen;
  sample: SampleRow | null;
  /** The pid now belongs to another session in the registry (after /clear): never restart it. */
  moved: boolean;
}

export interface Observed {
  probe: ProcProbe | null;
  stat: TranscriptStat | null;
  /** The session the registry lists for this pid, if any. */
  registrySessionId: string | null;
  /** Stop gate blocks of this session since the last pass. */
  stopBlocks: readonly number[];
  /** The signs of work among the records appended since the last pass (null: not read). */
  work?: readonly WorkSign[] | null;
  /** What the transcript's unanswered turn waits on a person for, when the machine does not know. */
  awaiting?: string | null;
  /** The pane a pending restart started is gone or dead (see RestartSeen.exited). */
  restartExited?: boolean;
  /** What the machine holds of `t.row` (`snapshotFacts`), when the caller read it already. */
  known?: ReturnType<typeof snapshotFacts>;
}

/** Decide one session's pass. */
export function decideSession(
  t: Target,
  obs: Observed,
  opts: { now: number; staleAfterMs: number; restartVerifyMs?: number },
): SessionPlan {
  const { now } = opts;
  const w = t.watch;
  let memo = w ? parseMemo(w.memo) : { ...EMPTY_MEMO };
  const sameFile = w !== null && w.transcript_path === t.transcriptPath;
  const known = t.row ? obs.known ?? snapshotFacts(t.row) : null;
  let decision = decideLiveness(
    {
      sessionId: t.sessionId,
      pid: t.pid,
      procStart: t.procStart,
      startedAt: t.startedAt,
      transcriptSize: sameFile ? w.size : null,
      transcriptMtime: sameFile ? w.mtime : null,
      lastGrowthAt: sameFile ? w.last_growth_at : null,
      state: t.row?.state ?? null,
      awaiting: known?.awaiting ?? obs.awaiting ?? null,
      asleepUntil: known?.asleepUntil ?? null,
    },
    { process: obs.probe, transcript: obs.stat, registrySessionId: obs.registrySessionId },
    opts,
  );
  // While a restart is being verified, a process found gone is the death it answers (the resumed
  // session's hooks may have moved the machine before its new pid is registered: 2.1.88 first
  // registers a fresh id): not a new death to record and alert. The check judges the restart.
  if (memo.restartCheck !== null && decision.record === "down") decision = { ...decision, record: null };
  const alive = decision.verdict === "alive" || decision.verdict === "stale";
  const grew = sameFile && obs.stat !== null && w.size !== null && obs.stat.progressOnly !== true &&
    (obs.stat.size !== w.size || obs.stat.mtimeMs !== w.mtime);
  const growthAt = decision.next.lastGrowthAt ?? now;
  const events: PlannedEvent[] = [];
  const machine: SessionEvent[] = [];
  // A session the watcher saw die is running again (a restart, or resumed by hand).
  if (alive && t.row?.state === "dead") machine.push({ type: "resumed", at: now, source: "watch" });
  // The machine learns of a live session (and where it runs) from the watch too, so `status`
  // lists a session no hook has touched yet; written only when that is news.
  const host = hostOf(t);
  if (alive && (t.row === null || known?.host !== host)) machine.push({ type: "observed", at: now, host });
  const seen: EffectSeen = {};
  if (decision.record === "down") {
    machine.push({ type: "processGone", at: now, reason: decision.reason });
    seen.died = deathSeen(t, decision, w, now);
  } else if (decision.record === "stale") {
    machine.push({ type: "idle", at: now, idleMs: decision.idleMs });
    seen.stalled = {
      idleMs: decision.idleMs,
      lastGrowthAt: decision.next.lastGrowthAt,
      pid: t.pid,
      name: t.name,
      cwd: t.cwd,
    };
  }
  // Growth the machine has not heard of: a stall it holds ends (its `revived`) whoever saw the
  // work first, this pass or a hook before it.
  if (decision.record === "active") machine.push({ type: "activity", at: growthAt });
  if (memo.restartCheck) {
    memo = checkRestart(memo, memo.restartCheck, {
      alive,
      stat: obs.stat,
      growthAt,
      now,
      windowMs: opts.restartVerifyMs,
      exited: obs.restartExited === true,
    }, events);
  }
  const blocks: OpenIntervention[] = obs.stopBlocks.map((at) => ({ kind: "stop_block", at }));
  // Judged on the records read this pass (null: none read), whether or not the file grew: a
  // block found in the audit log now may have been answered before the last pass's read.
  const fu = followUps([...memo.open, ...blocks], obs.work ?? null, now);
  events.push(...fu.events);
  memo = { ...memo, open: fu.open, quiet: fu.quiet ?? memo.quiet };
  if (alive) memo = { ...memo, breakerNotified: false };
  const learned = learnIdentity(t, obs.probe, alive);
  const p = obs.probe;
  return {
    target: t,
    decision,
    alive,
    grew,
    memo,
    machine,
    events,
    seen,
    sample: alive && p !== null && t.pid !== null
      ? { at: now, sessionId: t.sessionId, pid: t.pid, rssBytes: p.rssBytes, cpuMs: p.cpuMs, ageMs: p.ageMs }
      : null,
    moved: obs.registrySessionId !== null && obs.registrySessionId !== t.sessionId,
    watch: {
      session_id: t.sessionId,
      pid: t.pid,
      proc_start: learned,
      started_at: t.startedAt,
      cwd: t.cwd,
      transcript_path: t.transcriptPath,
      name: t.name,
      pane: t.pane,
      size: decision.next.transcriptSize,
      mtime: decision.next.transcriptMtime,
      last_growth_at: decision.next.lastGrowthAt,
      alive_at: alive ? now : w?.alive_at ?? null,
      memo: stringifyMemo(memo),
      seen_at: alive || t.sources.some((s) => s !== "watch") ? now : w?.seen_at ?? now,
      checked_at: now,
    },
  };
}

/**
 * A pending restart's check: still open until verified or its window passes; a failure counts
 * toward the night's hold (the runner alerts on the `restart_check` this records).
 */
function checkRestart(memo: WatchMemo, rc: PendingRestart, seen: RestartSeen, events: PlannedEvent[]): WatchMemo {
  const j = judgeRestart(rc, seen);
  if (!j.resolved) return memo;
  events.push({ kind: "restart_check", detail: j.detail });
  if (j.verified) return { ...memo, restartCheck: null, restartFailures: [] };
  const f = afterFailure(memo.restartFailures, j.detail.failed ?? "not verified", seen.now);
  return { ...memo, restartCheck: null, restartFailures: f.failures, restartHeld: memo.restartHeld ?? f.held };
}

/** The start identifier to remember: the known one, or the live process's when it is the session's. */
function learnIdentity(t: Target, p: ProcProbe | null, alive: boolean): string | null {
  if (t.procStart !== null || !alive || p === null) return t.procStart;
  return sameProcess(t, p) === "other" ? null : p.procStart;
}

/** What the watch saw of a death (the samples and the hooks' last activity are added at the commit). */
function deathSeen(t: Target, d: LivenessDecision, w: WatchRow | null, now: number): NonNullable<EffectSeen["died"]> {
  const lastActivityAt = d.next.lastGrowthAt;
  return {
    verdict: d.verdict,
    pid: t.pid,
    procStart: t.procStart,
    name: t.name,
    cwd: t.cwd,
    lastActivityAt,
    delayMs: lastActivityAt === null ? null : Math.max(0, now - lastActivityAt),
    aliveAt: w?.alive_at ?? null,
    sinceAliveMs: w?.alive_at != null ? Math.max(0, now - w.alive_at) : null,
  };
}
