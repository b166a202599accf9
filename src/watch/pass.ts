/**
 * One `vigil watch` pass (product.md section 7, seed 004): gather the watched sessions, probe
 * their processes in one batch, stat their transcripts, decide per session, read who woke
 * each finished turn, write everything in one transaction, then recover (notify, restart,
 * nudge) and record what that did. Every outside thing is a dependency, so tests drive real
 * processes or fakes and a literal clock. The caller holds the watch lock.
 */
import type { Config } from "../core/config.ts";
import type { TranscriptStat } from "../core/liveness.ts";
import { awaitingIn } from "../core/awaiting.ts";
import { pendingCause } from "../core/rest.ts";
import { snapshotFacts } from "../core/status-view.ts";
import { type PatternSet, patternSet } from "../core/stop/patterns.ts";
import type { ProcProbe } from "../edge/proc.ts";
import type { RegistryEntry } from "../edge/registry.ts";
import {
  lastEventId,
  loadWatchRows,
  recentSessionRows,
  saveWatchRows,
  stopBlocksBetween,
  stopBlocksSince,
  type WatchRow,
} from "../edge/store/watch.ts";
import { nightIsActive, readNightSetting } from "../night/setting.ts";
import { commitPass, type Committed, LAST_BLOCK_ID_KEY, LAST_PASS_KEY } from "./commit.ts";
import { decideSession, type SessionPlan } from "../core/watch/decide.ts";
import { parseMemo, stringifyMemo } from "../core/watch/memo.ts";
import { type MachineNews, newsOf } from "../core/watch/recovery.ts";
import { recoverSession, type RecoveryDeps } from "./recover.ts";
import { gatherTargets, type Target } from "../core/watch/targets.ts";
import { onlyProgress, planWakes, readAppended, type WakeReader, workSince } from "../core/watch/wakes.ts";

const DAY = 86_400_000;

export interface WatchDeps extends RecoveryDeps {
  now: () => number;
  /** Claude Code's directory (for transcript paths nobody recorded). */
  configDir: string;
  probe: (pids: readonly number[]) => Map<number, ProcProbe | null>;
  registry: () => RegistryEntry[];
  stat: (path: string) => TranscriptStat | null;
  transcript: WakeReader;
  /** Whether a tmux pane is gone or dead (a pending restart's; default: never known). */
  paneExited?: (pane: string) => Promise<boolean>;
}

/** One line worth telling a person about. */
export interface PassNote {
  kind: "DOWN" | "STALE" | "ACTIVE" | "RESTART" | "NUDGE" | "NOTIFY";
  sessionId: string;
  name: string | null;
  text: string;
}

export interface PassSummary {
  at: number;
  sessions: number;
  alive: number;
  unknown: number;
  /** New this pass. */
  down: number;
  stale: number;
  revived: number;
  /** Stalls still going. */
  stalled: number;
  samples: number;
  wakes: number;
  followups: number;
  notified: number;
  restarted: number;
  nudged: number;
  notes: PassNote[];
}

/** Run one pass. */
export async function runWatchPass(deps: WatchDeps): Promise<PassSummary> {
  const { store } = deps;
  const now = deps.now();
  const config: Config = deps.config;
  const lastPass = Number(store.getSetting(LAST_PASS_KEY) ?? NaN);
  const night = readNightSetting(store);
  const registry = deps.registry();
  const targets = gatherTargets({
    rows: recentSessionRows(store, now - DAY),
    watch: loadWatchRows(store, now - DAY),
    registry,
    snapshot: nightIsActive(night, now) ? night.snapshot : [],
    configDir: deps.configDir,
  });
  const probes = deps.probe([...new Set(targets.flatMap((t) => t.pid === null ? [] : [t.pid]))]);
  const byPid = new Map(registry.map((e) => [e.pid, e.sessionId]));
  const blocks = new Map<string, number[]>();
  const read = readBlocks(store, lastPass, now);
  for (const b of read.blocks) blocks.set(b.session_id, [...blocks.get(b.session_id) ?? [], b.at]);
  const staleAfterMs = config.staleAfterMinutes * 60_000;
  const restartVerifyMs = config.restartVerifyMinutes * 60_000;
  // Patterns compile once per pass, and only when a finished turn's text is classified.
  let patterns: PatternSet | null = null;
  const awaiting = (text: string | null) => awaitingIn(text, patterns ??= patternSet(config.stopPatterns));
  // A turn's last message is read once a pass: the stall check, and recovery after the commit.
  const messages = new Map<string, string | null>();
  const lastMessage = (path: string): string | null => {
    if (!messages.has(path)) messages.set(path, deps.lastMessage(path));
    return messages.get(path) ?? null;
  };
  const plans: SessionPlan[] = [];
  let wakes = 0;
  for (const t of targets) {
    // The machine's facts of the session's row, parsed once for everything below.
    const known = snapshotFacts(t.row);
    const seen = t.transcriptPath === null ? null : deps.stat(t.transcriptPath);
    const from = t.watch?.transcript_path === t.transcriptPath ? t.watch?.size ?? null : null;
    const appended = seen === null ? null : readAppended(t.transcriptPath, from, seen.size, deps.transcript);
    const stat = seen && onlyProgress(appended) ? { ...seen, progressOnly: true } : seen;
    const obs = {
      probe: t.pid === null ? null : probes.get(t.pid) ?? null,
      stat,
      registrySessionId: t.pid === null ? null : byPid.get(t.pid) ?? null,
      stopBlocks: blocks.get(t.sessionId) ?? [],
      work: workSince(appended, blocks.get(t.sessionId) ?? [], t.transcriptPath, deps.transcript),
      restartExited: restartPending(t) && await restartExited(t, deps),
      known,
    };
    let plan = decideSession(t, obs, { now, staleAfterMs, restartVerifyMs });
    // Outside unattended mode the Stop hook does not classify (that costs every Stop a
    // pattern compile): a stall about to be reported is judged here, once, from the turn no
    // person has answered, so a session waiting for approval is not paged as STALE.
    const machineAwaits = known.awaiting !== null;
    if (plan.decision.record === "stale" && !machineAwaits && t.transcriptPath !== null) {
      const kind = awaiting(lastMessage(t.transcriptPath));
      if (kind !== null) plan = decideSession(t, { ...obs, awaiting: kind }, { now, staleAfterMs, restartVerifyMs });
    }
    const w = planWakes(t.transcriptPath, stat?.size ?? null, plan.memo, deps.transcript, {
      now,
      down: plan.decision.record === "down",
      // A restart may bring it back this pass: the turn it died waiting on waits for that.
      restartMayFollow: config.recovery === "restart",
      stopBlocks: obs.stopBlocks,
      alive: plan.alive,
      lastPass: Number.isFinite(lastPass) ? lastPass : null,
      cause: { now: pendingCause(known, now), awaiting, staleAfterMs },
      unchanged: from !== null && seen !== null && seen.size === from && seen.mtimeMs === t.watch?.mtime,
    });
    wakes += w.events.length;
    plan.events.push(...w.events);
    // The unanswered turn waits on a person and the machine does not know it yet (no Stop hook
    // classified it: unattended mode was off, or no hook runs): status, the dashboard and
    // /metrics read it from the machine.
    const knownAwaiting = known.awaiting;
    if (w.awaiting !== null && knownAwaiting === null && plan.decision.record !== "down") {
      plan.machine.push({ type: "awaited", at: now, awaiting: w.awaiting });
    }
    // ...and that a person answered it, when no hook told it (a prompt the watch read).
    const answered = w.events.find((e) => e.kind === "wake" && e.detail.waker === "human");
    if (answered !== undefined && knownAwaiting !== null && w.awaiting === null) {
      plan.machine.push({ type: "prompted", at: now, human: true });
    }
    plan.memo = { ...plan.memo, wake: w.cursor };
    plan.watch = { ...plan.watch, memo: stringifyMemo(plan.memo) };
    plans.push(plan);
  }
  const apply = plans.some((p) => p.machine.length > 0) ? (await import("./machine.ts")).applyMachine : null;
  // The summary is taken once, from what the commit saw: its counts are the pass's record.
  let taken: PassSummary | null = null;
  const committed = commitPass(
    store,
    plans,
    now,
    (c) => {
      taken = summarise(plans, c, now, wakes);
      const { notes: _notes, ...passDetail } = taken;
      return passDetail;
    },
    apply,
    config.retentionSamplesDays * DAY,
    { at: now, blockId: read.nextId },
  );
  const summary = taken ?? summarise(plans, committed, now, wakes);
  await recoverAll(plans, committed, { ...deps, lastMessage }, now, summary);
  return summary;
}

/**
 * The Stop blocks this pass judges: those committed since the last pass read the log (by event
 * id). A store no pass has read by id yet (the first pass after an upgrade) falls back to the
 * blocks stamped since the last pass's time, as passes read them before.
 */
function readBlocks(store: WatchDeps["store"], lastPass: number, now: number) {
  const after = Number(store.getSetting(LAST_BLOCK_ID_KEY) ?? NaN);
  if (Number.isFinite(after)) return stopBlocksSince(store, after, now);
  const nextId = lastEventId(store);
  return { blocks: Number.isFinite(lastPass) ? stopBlocksBetween(store, lastPass, now) : [], nextId };
}

/** The pass's counts and notes: deaths, stalls and revivals as the machine reported them. */
function summarise(
  plans: readonly SessionPlan[],
  committed: ReadonlyMap<string, Committed>,
  now: number,
  wakes: number,
): PassSummary {
  const byPlan = new Map(plans.map((p) => [p, newsOf(committed.get(p.target.sessionId)?.effects ?? [])]));
  const news = (p: SessionPlan) => byPlan.get(p) ?? newsOf([]);
  const count = (f: (p: SessionPlan) => boolean) => plans.filter(f).length;
  return {
    at: now,
    sessions: plans.length,
    alive: count((p) => p.alive),
    unknown: count((p) => p.decision.verdict === "unknown"),
    down: count((p) => news(p).died),
    stale: count((p) => news(p).stalled),
    revived: count((p) => news(p).revived),
    stalled: count((p) => p.decision.verdict === "stale" && !news(p).stalled),
    samples: count((p) => p.sample !== null),
    wakes,
    followups: plans.reduce((n, p) => n + p.events.filter((e) => e.kind === "followup").length, 0),
    notified: 0,
    restarted: 0,
    nudged: 0,
    notes: plans.flatMap((p) => notesOf(p, news(p))),
  };
}

function notesOf(p: SessionPlan, news: MachineNews): PassNote[] {
  const base = { sessionId: p.target.sessionId, name: p.target.name };
  if (news.died) return [{ ...base, kind: "DOWN", text: p.decision.reason }];
  if (news.stalled) {
    return [{ ...base, kind: "STALE", text: `idle ${Math.round(p.decision.idleMs / 60_000)}m (process alive)` }];
  }
  if (news.revived) return [{ ...base, kind: "ACTIVE", text: "transcript grew again" }];
  return [];
}

async function recoverAll(
  plans: readonly SessionPlan[],
  saved: ReadonlyMap<string, Committed>,
  deps: WatchDeps,
  now: number,
  summary: PassSummary,
): Promise<void> {
  const results = (await Promise.all(
    plans.map((p) => recoverSession(p, newsOf(saved.get(p.target.sessionId)?.effects ?? []), deps, now)),
  )).filter((r) => r !== null);
  if (results.length === 0) return;
  const { store } = deps;
  const byId = new Map(plans.map((p) => [p.target.sessionId, p]));
  const apply = results.some((r) => r.machine.length > 0) ? (await import("./machine.ts")).applyMachine : null;
  store.transaction(() => {
    const rows: WatchRow[] = [];
    for (const r of results) {
      const plan = byId.get(r.sessionId);
      if (plan && apply && r.machine.length > 0) apply(store, plan.target, r.machine, now);
      for (const e of r.events) store.appendEvent(e.at ?? now, r.sessionId, e.kind, e.detail);
      const row = saved.get(r.sessionId)?.row;
      if (row) rows.push({ ...row, memo: stringifyMemo(r.memo), ...(r.pane !== undefined ? { pane: r.pane } : {}) });
    }
    saveWatchRows(store, rows);
  });
  for (const r of results) {
    summary.notified += r.notified;
    summary.restarted += r.restarted;
    summary.nudged += r.nudged;
    const p = byId.get(r.sessionId);
    for (const e of r.events) {
      const base = { sessionId: r.sessionId, name: p?.target.name ?? null };
      if (e.kind === "restart") {
        summary.notes.push({
          ...base,
          kind: "RESTART",
          text: e.detail.ok
            ? `restarted (${e.detail.method})`
            : `not restarted: ${"skipped" in e.detail ? e.detail.skipped : e.detail.error}`,
        });
      } else if (e.kind === "nudge") {
        summary.notes.push({
          ...base,
          kind: "NUDGE",
          // A nudge held back (awaiting, asleep, out of scope) did not fail: it says why.
          text: e.detail.ok
            ? "nudged"
            : "skipped" in e.detail
            ? `not nudged: ${e.detail.skipped}`
            : `nudge failed: ${e.detail.error}`,
        });
      }
    }
  }
}

/** Whether `t` has a restart pending (most have none, `"restartCheck":null`: no second parse of their memo, no await). */
function restartPending(t: Target): boolean {
  return t.watch !== null && t.watch.memo.includes('"restartCheck":{');
}

/** Whether the pane a pending restart of `t` started has exited (false when no pane is known). */
async function restartExited(t: Target, deps: WatchDeps): Promise<boolean> {
  if (t.watch === null) return false;
  const pane = parseMemo(t.watch.memo).restartCheck?.pane ?? null;
  return pane !== null && deps.paneExited !== undefined && await deps.paneExited(pane);
}
