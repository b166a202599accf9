/**
 * The hook pipeline, shared by `vigil hook` (one process per event) and `vigil serve`
 * (POST /hook): parse → measure (outside any transaction) → one BEGIN IMMEDIATE transaction
 * (load, transition, policies, save, audit) → one writer. Fails open: any internal error
 * yields no output and is recorded.
 */
import { EV, speaksOn } from "../core/claude-events.ts";
import type { AuditDetails } from "../core/audit-details.ts";
import type { AuditKind } from "../core/audit-kinds.ts";
import type { PendingDraft } from "../core/continuity/facts.ts";
import type { ResolvedConfig } from "../core/config.ts";
import { bashNeedsShell, classifyCall, hookEvents } from "../core/hook-events.ts";
import { payloadModel, payloadTokens, type ResolvedWindow } from "../core/meter/window.ts";
import { keepDelivered } from "../core/delivered.ts";
import { combine } from "../core/output.ts";
import { STATUS_FRESH_MS } from "../core/statusline.ts";
import { type HookPayload, parseHookPayload } from "../core/payload.ts";
import type { AuditRecord, Measurement, PolicyInput, TranscriptFacts } from "../core/policy.ts";
import { stopFactsOf } from "../core/stop/facts.ts";
import { nightActive } from "../core/night/scope.ts";
import { warnPolicy } from "../core/policies/continuity-warn.ts";
import { guardPolicy, isLimited } from "../core/policies/guard.ts";
import type { LineAnalyzer, ProcessTree } from "../core/policies/hard.ts";
import { callRole } from "../core/scope.ts";
import type { SessionRow, Store } from "../edge/store.ts";
import type { SessionSnap } from "../../machines/session-step.ts";
import { lastHookDetail } from "../edge/store/last-hook.ts";
import { runCommitEffects } from "./effects.ts";
import { loadPart, missingPart, type Part } from "./hook-parts.ts";
import type { ContinuityPart, StopPart } from "./parts/part-types.ts";
import { applyEvents, loadSnapshot, newRow, snapshotRow, stateOf, stepRecords } from "../core/step.ts";
import { readNight } from "../night/setting.ts";
import { isQuiet, mayBeQuiet } from "./quiet-call.ts";

export interface MeterOutcome {
  measurement: Measurement;
  /** Serialised meter state to keep for the next call's incremental read. */
  state: string;
  /** Byte offset the state covers, so a concurrent hook's newer state is not overwritten. */
  offset: number;
  /** Compact boundaries in the bytes this read appended (see `MeterInfo.newBoundaries`). */
  newBoundaries?: number;
  /** The transcript is there but cannot be read (a FIFO, a folder, no permission): recorded as a hook error. */
  unreadable?: string;
}

export interface HookDeps {
  store: () => Store;
  config: ResolvedConfig;
  env: Record<string, string | undefined>;
  now: () => number;
  measure: (path: string, prev: string | null) => MeterOutcome;
  /** The tail facts, read no further than `upTo` (the meter's offset in the same call). */
  facts: (path: string, upTo?: number) => TranscriptFacts;
  /** The continuity policy's spec, guidance and restore with its file readers (hook-parts.ts). */
  continuity?: ContinuityPart;
  /** The Stop gate: its policy, facts and patterns (hook-parts.ts). */
  stop?: StopPart;
  /** The window of a session no statusLine reports on (headless), and where it came from. */
  window?: (p: HookPayload, model: string | null) => ResolvedWindow;
  /**
   * The Bash line analyser for the HARD allow-list. The hook process loads it only when a call
   * asks for it (`needs` in the outcome, see `runHookLoading`); `serve` gives it up front.
   */
  analyze?: LineAnalyzer;
  /** Descendants of a pid (the session's Claude Code), for the HARD `kill` rule. */
  descendants?: (root: number) => number[];
  /** Last resort when the store itself is the problem. */
  logError: (message: string) => void;
}

export interface HookOutcome {
  stdout: string;
  error: string | null;
  /** Nothing was written: the call needs a part of the pipeline `deps` lacked (hook-parts.ts). */
  needs?: Part;
}

/**
 * `runHook` in a process that loads the pipeline's parts on demand (hook-parts.ts): a run that
 * lacks one (the Stop gate on Stop, continuity on SessionStart or for a session found
 * restoring, the shell analyser for a worker's Bash at HARD) says so before it commits
 * anything, and runs again with it loaded. A part the event alone asks for is asked for before
 * the store is opened; each part is asked for at most once.
 */
export async function runHookLoading(input: string, deps: HookDeps): Promise<HookOutcome> {
  const asked = new Set<Part>();
  for (;;) {
    const out = runHook(input, deps);
    if (out.needs === undefined || asked.has(out.needs)) return out;
    asked.add(out.needs);
    await loadPart(deps, out.needs);
  }
}

/** Run one hook call end to end. Never throws. */
export function runHook(input: string, deps: HookDeps): HookOutcome {
  const at = deps.now();
  const parsed = parseHookPayload(input);
  if (!parsed.ok) {
    record(deps, at, null, "hook_error", { error: parsed.error, bytes: input.length });
    return { stdout: "", error: parsed.error };
  }
  const p = parsed.value;
  // A part the event alone needs: asked for before the store is opened.
  const first = missingPart(p.event, [], deps);
  if (first) return { stdout: "", error: null, needs: first };
  try {
    // One writing handle for the whole call. A read-only handle first, for calls that might be
    // quiet, cost every call that then writes (most of a working session's) a second open:
    // 1.06x on an alternating PreToolUse, against 0.90-0.93x won on repeats (bench/RESULTS.md).
    const store = deps.store();
    const prev = store.loadSession(p.sessionId);
    const lacking = missingPart(p.event, [prev?.state ?? null], deps);
    if (lacking) return { stdout: "", error: null, needs: lacking };
    const metered = deps.measure(p.transcriptPath, prev?.meter ?? null);
    // A compact boundary in the bytes just read may be a compaction no hook reported: this call
    // may enter restoring, and then it is the one that injects the restore, with the spec and
    // the state read now (not the next call, which ran without them).
    const restoring = prev?.state === "restoring" || (metered.newBoundaries ?? 0) > 0;
    if (restoring && !deps.continuity && !deps.config.config.disable) {
      return { stdout: "", error: null, needs: "continuity" };
    }
    const needsFacts = p.event === EV.UserPromptSubmit || p.event === EV.Stop || restoring;
    // The same bytes as the meter's: a restore seen here was counted there (the transcript lags).
    const tail = needsFacts ? deps.facts(p.transcriptPath, metered.offset) : {};
    const continuity = deps.config.config.disable
      ? undefined
      : deps.continuity?.read(p, restoring ? "restoring" : prev?.state ?? null, at);
    const night = readNight(store);
    const stop = p.event === EV.Stop && !deps.config.config.disable
      ? deps.stop?.facts(p, { store, config: deps.config.config, night, now: at })
      : undefined;
    const processTree = killTree(p, deps);
    const facts = {
      ...tail,
      ...(continuity ? { continuity } : {}),
      ...(stop ? { stop } : {}),
      ...(processTree ? { processTree } : {}),
      ...(deps.analyze ? { shell: deps.analyze } : {}),
    };
    // Decide outside the write lock (this warms the machine, which costs several ms in a cold
    // process), then commit only if nobody changed the row meanwhile; otherwise decide again
    // under the lock. Keeps lock hold times short when many hooks fire at once.
    const meterFrom = prev?.meter ?? null;
    let plan = decide(p, prev, { deps, metered, meterFrom, facts, night, at });
    if (plan.needs) return { stdout: "", error: null, needs: plan.needs };
    // A call that changes nothing a reader uses writes nothing (quiet-call.ts). Only frequent
    // events qualify.
    const quiet = mayBeQuiet(p.event) && continuity?.pendingDraft === undefined && !metered.unreadable &&
      isQuiet(prev, plan, at, () => lastHookDetail(store, p.sessionId));
    if (quiet) return { stdout: plan.stdout, error: null };
    const out = store.transaction(() => {
      const now = store.loadSession(p.sessionId);
      if (!sameRow(now, prev)) plan = decide(p, now, { deps, metered, meterFrom, facts, night: readNight(store), at });
      // The row changed under us into a state that needs a part not loaded: commit nothing.
      if (plan.needs) return { needs: plan.needs };
      store.saveSession(plan.row);
      for (const e of plan.events) store.appendEvent(at, p.sessionId, e.kind, e.detail);
      // The session goes unmeasured, so unlimited: doctor's hook-error finding shows why.
      if (metered.unreadable) {
        store.appendEvent(at, p.sessionId, "hook_error", { error: metered.unreadable, event: p.event });
      }
      return plan.stdout;
    });
    if (typeof out !== "string") return { stdout: "", error: null, needs: out.needs };
    afterCommit(deps, p.sessionId, at, continuity?.pendingDraft);
    return { stdout: out, error: null };
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    const detail = { error: msg, event: p.event };
    // A locked store has just cost the whole busy_timeout: waiting for it again only to
    // record why would double the hook's time, so the log takes it.
    if (BUSY.test(msg)) logLine(deps, at, "hook_error", { ...detail, session_id: p.sessionId }, msg);
    else record(deps, at, p.sessionId, "hook_error", detail);
    return { stdout: "", error: msg };
  }
}

/** The effects of a committed call, run and their outcomes recorded (never thrown). */
function afterCommit(deps: HookDeps, sessionId: string, at: number, draft: PendingDraft | undefined): void {
  if (draft === undefined) return;
  for (const r of runCommitEffects([{ type: "stateDraft", draft }], { writeDraft: deps.continuity?.writeDraft })) {
    record(deps, at, sessionId, r.kind, r.detail);
  }
}

const BUSY = /database is (locked|busy)/i;
const NAMES_KILL = /\bp?kill\b/;

/** The session's process tree, read only when a gated command line could stop a process. */
function killTree(p: HookPayload, deps: HookDeps): ProcessTree | undefined {
  const root = pidOf(deps.env);
  const line = p.toolInput?.command;
  if (root === null || !deps.descendants || !speaksOn(p.event, "hard-gate")) return undefined;
  if (typeof line !== "string" || !NAMES_KILL.test(line)) return undefined;
  return { root, descendants: deps.descendants(root) };
}

interface Plan {
  /** A policy needs a part loaded on demand: this plan must not be committed. */
  needs?: Part;
  row: SessionRow;
  /** The snapshot as loaded and as this call leaves it (the quiet-call check compares them). */
  snaps: { stored: SessionSnap; next: SessionSnap };
  windowSource: string;
  events: AuditRecord[];
  stdout: string;
}

interface DecideCtx {
  deps: HookDeps;
  metered: MeterOutcome;
  /** The meter state the read resumed from: another call that stored a newer one has counted its boundaries. */
  meterFrom: string | null;
  facts: TranscriptFacts;
  night: PolicyInput["night"];
  at: number;
}

/** Everything one hook call will write and print, computed from the row as it stands. */
function decide(p: HookPayload, stored: SessionRow | null, c: DecideCtx): Plan {
  const { deps, metered, at } = c;
  const config = deps.config.config;
  const row = stored ?? newRow(p.sessionId, at);
  const out: AuditRecord[] = [];
  const { measurement, windowSource } = withWindow(
    preferStatusLine(fromPayload(metered.measurement, p), row, at),
    { p, row, deps },
  );
  const { snapshot, migrated } = loadSnapshot(stored, at);
  if (migrated) out.push({ kind: "machine_migrated", detail: { detail: migrated } });
  // Classifying the final message costs a pattern compile on every Stop: only done while
  // something could push the session (unattended mode, or recovery configured outside it).
  // The watch classifies the transcript's last message itself before any push.
  const classify = nightActive(c.night, at) || config.recoverOutsideNight;
  const stop = p.event === EV.Stop
    ? {
      message: p.lastAssistantMessage ?? stopFactsOf(c.facts).lastAssistantText ?? null,
      patterns: classify && deps.stop ? deps.stop.patterns(config.stopPatterns) : null,
    }
    : undefined;
  // The prompt is classified once, here, and that one verdict goes to the machine and to every policy.
  const prompt = classifyCall(p, { config, hint: c.facts.lastUser, ownCrons: snapshot.context.ownCrons });
  let applied = applyEvents(
    snapshot,
    hookEvents(p, measurement, stateOf(snapshot.value), {
      at,
      config,
      stop,
      prompt,
      windowSource,
      newBoundaries: (stored?.meter ?? null) === c.meterFrom ? metered.newBoundaries ?? 0 : 0,
      analyze: deps.analyze,
      knownReset: snapshot.context.asleepCause === "rate_limit" ? snapshot.context.asleepUntil : null,
      // Only a StopFailure reads the clock's zone (its text names a wall-clock reset).
      zone: p.event === EV.StopFailure ? Intl.DateTimeFormat().resolvedOptions().timeZone : undefined,
    }),
  );
  const lacking = missingPart(p.event, [applied.before, applied.state], deps) ??
    (bashNeedsShell(p, applied.before) && !deps.analyze ? "shell" : undefined);
  if (lacking) {
    return {
      row,
      snaps: { stored: snapshot, next: applied.snapshot },
      windowSource,
      events: [],
      stdout: "",
      needs: lacking,
    };
  }
  const role = callRole(p, config);
  const input: PolicyInput = {
    payload: p,
    state: applied.state,
    context: applied.context,
    config,
    role,
    limited: isLimited(role, config),
    measurement,
    night: c.night,
    facts: c.facts,
    prompt,
    env: deps.env,
    now: at,
  };
  const policies = [guardPolicy, deps.continuity?.policy ?? warnPolicy, ...(deps.stop ? [deps.stop.policy] : [])];
  const results = config.disable ? [] : policies.map((policy) => policy(input));
  const needs = results.find((r) => r.needs)?.needs;
  const combined = combine(p.event, results.flatMap((r) => r.proposals), { contextCap: config.contextCap });
  // Only what went out counts: a restore dropped for a refusal is not delivered.
  const kept = keepDelivered(results, combined);
  if (kept.events.length) {
    const more = applyEvents(applied.snapshot, kept.events);
    applied = { ...more, before: applied.before, effects: [...applied.effects, ...more.effects] };
  }
  const keepMeter = (row.meter === null || metered.offset >= meterOffset(row.meter)) ? metered.state : row.meter;
  const next = snapshotRow(
    {
      ...row,
      cwd: p.cwd,
      transcript_path: p.transcriptPath,
      meter: keepMeter,
      pid: pidOf(deps.env) ?? row.pid,
    },
    applied,
    at,
  );
  out.push({
    kind: "hook",
    detail: {
      event: p.event,
      ...(p.toolName ? { tool: p.toolName } : {}),
      ...(p.agentId ? { agent_id: p.agentId } : {}),
      role,
      state: applied.state,
      tokens: measurement.tokens,
      estimate: measurement.estimate,
      source: measurement.source,
      window: measurement.window,
      window_source: windowSource,
      ...(combined.decided ? { decision: combined.decided.kind, rule: combined.decided.rule } : {}),
    },
  });
  out.push(...stepRecords(applied, { event: p.event }));
  out.push(...kept.records);
  const snaps = { stored: snapshot, next: applied.snapshot };
  return { row: next, snaps, windowSource, events: out, stdout: combined.stdout, ...(needs ? { needs } : {}) };
}

function sameRow(a: SessionRow | null, b: SessionRow | null): boolean {
  if (a === null || b === null) return a === b;
  return a.updated_at === b.updated_at && a.snapshot === b.snapshot && a.meter === b.meter &&
    a.status_at === b.status_at;
}

function meterOffset(state: string): number {
  try {
    const v: unknown = JSON.parse(state);
    return typeof v === "object" && v !== null && "offset" in v && typeof v.offset === "number" ? v.offset : 0;
  } catch {
    return 0;
  }
}

function pidOf(env: Record<string, string | undefined>): number | null {
  const n = Number(env.CLAUDE_PID);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** SessionStart (resume, fork) and model switches carry the CLI's own count: a measurement. */
function fromPayload(m: Measurement, p: HookPayload): Measurement {
  const tokens = payloadTokens(p.event, p.raw);
  return tokens === null ? m : { ...m, tokens, estimate: tokens, source: "hook" };
}

/**
 * The window: the statusLine's when one ever reported for this session, else resolved from
 * flag, environment, settings and model (a headless worker has no statusLine).
 */
function withWindow(
  m: Measurement,
  c: { p: HookPayload; row: SessionRow; deps: HookDeps },
): { measurement: Measurement; windowSource: string } {
  if (c.row.status_window !== null) return { measurement: m, windowSource: "statusline" };
  if (!c.deps.window) return { measurement: m, windowSource: m.window === null ? "none" : "transcript" };
  const r = c.deps.window(c.p, payloadModel(c.p.event, c.p.raw) ?? m.model ?? null);
  return { measurement: { ...m, window: r.window }, windowSource: r.source };
}

/** The statusLine's numbers win when fresh; the transcript's growth estimate still applies. */
function preferStatusLine(
  m: Measurement,
  row: { status_tokens: number | null; status_window: number | null; status_at: number | null },
  at: number,
): Measurement {
  const window = row.status_window ?? m.window;
  if (row.status_tokens === null || row.status_at === null || at - row.status_at > STATUS_FRESH_MS) {
    return { ...m, window };
  }
  const growth = m.estimate !== null && m.tokens !== null ? m.estimate - m.tokens : 0;
  return { tokens: row.status_tokens, estimate: row.status_tokens + growth, window, source: "statusline" };
}

function record<K extends AuditKind>(
  deps: HookDeps,
  at: number,
  sessionId: string | null,
  kind: K,
  detail: AuditDetails[K],
) {
  try {
    deps.store().appendEvent(at, sessionId, kind, detail);
  } catch (e) {
    logLine(deps, at, kind, { ...detail, session_id: sessionId }, e instanceof Error ? e.message : String(e));
  }
}

function logLine(deps: HookDeps, at: number, kind: string, detail: Record<string, unknown>, why: string) {
  deps.logError(`${new Date(at).toISOString()} ${kind} ${JSON.stringify(detail)} (store unavailable: ${why})`);
}
