/**
 * The hook pipeline, shared by `vigil hook` (one process per event) and `vigil serve`
 * (POST /hook): parse → read the row, meter the transcript, read the facts (all I/O, outside
 * any transaction) → one BEGIN IMMEDIATE transaction that reloads the row and decides once
 * (transition, policies, save, audit) → the effects. Fails open: any internal error yields no
 * output and is recorded (a `--fail-closed` caller blocks on it instead).
 */
import { EV, speaksOn } from "../core/claude-events.ts";
import type { AuditDetails } from "../core/audit-details.ts";
import type { AuditKind } from "../core/audit-kinds.ts";
import type { ContinuityFacts, PendingDraft } from "../core/continuity/facts.ts";
import type { ResolvedConfig } from "../core/config.ts";
import { bashNeedsShell, classifyCall, hookEvents } from "../core/hook-events.ts";
import { payloadModel, payloadTokens, type ResolvedWindow } from "../core/meter/window.ts";
import { keepDelivered } from "../core/delivered.ts";
import type { PromptVerdict } from "../core/classify.ts";
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
import {
  type CallSight,
  eventParts,
  type LoadedParts,
  loadParts,
  missingPart,
  type Part,
  readParts,
} from "./hook-parts.ts";
import type { ContinuityPart, StopPart } from "./parts/part-types.ts";
import { applyEvents, loadSnapshot, newRow, snapshotRow, stateOf, stepRecords, storedContext } from "../core/step.ts";
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
  /**
   * The tail facts, read no further than `upTo` (the meter's offset in the same call); with `promptOnly`, only the
   * newest prompt is wanted (a reader may still give more: serve's does).
   */
  facts: (path: string, upTo?: number, promptOnly?: boolean) => TranscriptFacts;
  /** The continuity policy's spec, guidance and restore with its file readers (hook-parts.ts). */
  continuity?: ContinuityPart;
  /** The Stop gate: its policy, facts and patterns (hook-parts.ts). */
  stop?: StopPart;
  /** The prompt classifier, for a call with a prompt (hook-parts.ts). */
  classify?: LoadedParts["classify"];
  /** The window of a session no statusLine reports on (headless), and where it came from. */
  window?: (p: HookPayload, model: string | null) => ResolvedWindow;
  /**
   * The Bash line analyser for the HARD allow-list. The hook process loads it only for a Bash
   * call that may be judged at HARD (`readParts`, hook-parts.ts); `serve` gives it up front.
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
}

/**
 * One hook call in a process that loads the pipeline's parts on demand (hook-parts.ts), read
 * top to bottom: parse → the parts the event names → read (row, meter, transcript tail) → the
 * parts that read asks for → the facts from files and processes → one decision under the
 * write lock, and its writes → the effects. Nothing runs twice. Never throws.
 */
export async function runHookLoading(input: string, deps: HookDeps): Promise<HookOutcome> {
  const at = deps.now();
  const parsed = parse(input, deps, at);
  if (!parsed.ok) return parsed.outcome;
  const p = parsed.value;
  try {
    // The prompt classified (classifyCall): the handoff judges load only if it may name the handoff.
    await loadParts(deps, eventParts(p.event), speaksOn(p.event, "soft-refusal") ? p.prompt ?? "" : undefined);
    const read = readCall(p, deps);
    await loadParts(deps, readParts(sightOf(p, read, deps.config.config, at)));
    return finishCall(p, read, deps, at);
  } catch (e) {
    return failed(deps, at, p, e);
  }
}

/** `runHookLoading` for a caller that holds every part (`vigil serve`, in-process callers). Never throws. */
export function runHook(input: string, deps: HookDeps): HookOutcome {
  const at = deps.now();
  const parsed = parse(input, deps, at);
  if (!parsed.ok) return parsed.outcome;
  try {
    return finishCall(parsed.value, readCall(parsed.value, deps), deps, at);
  } catch (e) {
    return failed(deps, at, parsed.value, e);
  }
}

function parse(
  input: string,
  deps: HookDeps,
  at: number,
): { ok: true; value: HookPayload } | { ok: false; outcome: HookOutcome } {
  const parsed = parseHookPayload(input);
  if (parsed.ok) return parsed;
  record(deps, at, null, "hook_error", { error: parsed.error, bytes: input.length });
  return { ok: false, outcome: { stdout: "", error: parsed.error } };
}

/** What a call reads before it knows which parts the session asks for. */
interface CallRead {
  /** One writing handle for the whole call (a read-only one first cost every writing call a second open). */
  store: Store;
  /** The row as it stood before the lock: where the meter resumes, and what the parts are judged on. */
  prev: SessionRow | null;
  metered: MeterOutcome;
  /** Stored restoring, or the meter just read a compaction's boundary: this call may deliver the restore. */
  restoring: boolean;
  tail: TranscriptFacts;
}

function readCall(p: HookPayload, deps: HookDeps): CallRead {
  const store = deps.store();
  const prev = store.loadSession(p.sessionId);
  const metered = deps.measure(p.transcriptPath, prev?.meter ?? null);
  // A compact boundary in the bytes just read may be a compaction no hook reported: this call
  // may enter restoring, and then it is the one that injects the restore, with the spec and
  // the state read now (not the next call, which ran without them).
  const restoring = prev?.state === "restoring" || (metered.newBoundaries ?? 0) > 0;
  // The tail's facts are the prompt's hint (UserPromptSubmit) and whether a restore landed (restoring): nothing else
  // reads them. A Stop reads its own (the Stop part's); reading the tail there too cost every Stop ~1 MiB of its
  // own-process peak RSS (bench/RESULTS.md, "Hook peak RSS, round 20").
  const needsFacts = p.event === EV.UserPromptSubmit || restoring;
  // The same bytes as the meter's: a restore seen here was counted there (the transcript lags).
  // Outside restoring only the prompt's record is wanted: the read stops there (the rest of the 256 KiB it scanned for
  // a compact boundary cost a UserPromptSubmit ~0.8 MiB of its own-process peak).
  const tail = needsFacts ? deps.facts(p.transcriptPath, metered.offset, !restoring) : {};
  return { store, prev, metered, restoring, tail };
}

/** The read as hook-parts.ts judges it. */
function sightOf(p: HookPayload, read: CallRead, config: ResolvedConfig["config"], at: number): CallSight {
  const { prev, metered } = read;
  return {
    event: p.event,
    tool: p.toolName,
    state: prev?.state ?? null,
    newBoundaries: metered.newBoundaries ?? 0,
    overHard: () => {
      const m = fromPayload(metered.measurement, p);
      const shown = prev ? preferStatusLine(m, prev, at) : m;
      const hard = Math.min(config.hardTokens, storedContext(prev)?.hard ?? config.hardTokens);
      return [m.tokens, m.estimate, shown.tokens, shown.estimate, prev?.tokens, prev?.estimate]
        .some((n) => typeof n === "number" && n >= hard);
    },
  };
}

/**
 * What the decision takes from outside the row, prepared before the lock: the facts from files
 * and processes (nothing under the lock waits on I/O) and the costly pure work that does not
 * depend on the row (the prompt's classification, the Stop gate's pattern tables: tens of ms
 * the first time in a process).
 */
interface Gathered {
  facts: TranscriptFacts;
  continuity: ContinuityFacts | undefined;
  night: PolicyInput["night"];
  /** The prompt's one classification, for the session's own crons as the row lists them. */
  prompt: (ownCrons: readonly string[]) => PromptVerdict | null;
  /** A session's window from files and the process table (null: the caller has no such reader). */
  window: ((model: string | null) => ResolvedWindow) | null;
}

function gather(p: HookPayload, read: CallRead, deps: HookDeps, at: number): Gathered {
  const config = deps.config.config;
  const { store, prev } = read;
  const continuity = config.disable
    ? undefined
    : deps.continuity?.read(p, read.restoring ? "restoring" : prev?.state ?? null, at);
  const night = readNight(store);
  const stop = p.event === EV.Stop && !config.disable
    ? deps.stop?.facts(p, { store, config, night, now: at })
    : undefined;
  const goalDue = p.event === EV.Stop ? deps.stop?.goalDue(p, at, deps.env) : undefined;
  const processTree = killTree(p, deps);
  const facts = {
    ...read.tail,
    ...(goalDue !== undefined ? { goalDue } : {}),
    ...(continuity ? { continuity } : {}),
    ...(stop ? { stop } : {}),
    ...(processTree ? { processTree } : {}),
    ...(deps.analyze ? { shell: deps.analyze } : {}),
  };
  const window = windowResolver(p, deps);
  // A session no statusLine reports on resolves its window from files and the process table:
  // done here for the row as read, so the decision under the lock finds it resolved.
  if (prev?.status_window == null) window?.(modelOf(p, fromPayload(read.metered.measurement, p)));
  const prompt = promptClassifier(p, config, facts.lastUser, deps.classify);
  // Only a prompt is classified (classifyCall): other events need not read the row's crons.
  if (speaksOn(p.event, "soft-refusal")) prompt(storedContext(prev)?.ownCrons ?? []);
  // The gate's tables compile once per process, when first read: read here, before the lock, for
  // a Stop whose message the decision classifies. Any other Stop never compiles them.
  if (p.event === EV.Stop && !config.disable && classifiesStop(night, config, at)) {
    void deps.stop?.patterns(config.stopPatterns).patterns;
  }
  return { facts, continuity, night, prompt, window };
}

/**
 * Whether a Stop's final message is classified. That costs a pattern compile on every Stop: only
 * done while something could push the session (unattended mode, or recovery configured outside
 * it). The watch classifies the transcript's last message itself before any push.
 */
function classifiesStop(night: PolicyInput["night"], config: ResolvedConfig["config"], at: number): boolean {
  return nightActive(night, at) || config.recoverOutsideNight;
}

/**
 * The call's one decision and its writes, under the write lock on the row as it stands then
 * (another process may have changed it since the read). A call that changes nothing a reader
 * uses writes nothing (quiet-call.ts); only frequent events qualify.
 */
function finishCall(p: HookPayload, read: CallRead, deps: HookDeps, at: number): HookOutcome {
  const g = gather(p, read, deps, at);
  const { store, metered } = read;
  const quietable = mayBeQuiet(p.event) && g.continuity?.pendingDraft === undefined && !metered.unreadable;
  const ctx: DecideCtx = { deps, metered, meterFrom: read.prev?.meter ?? null, ...g, at };
  const stdout = store.transaction(() => {
    const row = store.loadSession(p.sessionId);
    const plan = decide(p, row, ctx);
    if (quietable && isQuiet(row, plan, at, () => lastHookDetail(store, p.sessionId))) return plan.stdout;
    store.saveSession(plan.row);
    for (const e of plan.events) store.appendEvent(at, p.sessionId, e.kind, e.detail);
    // The session goes unmeasured, so unlimited: doctor's hook-error finding shows why.
    if (metered.unreadable) {
      store.appendEvent(at, p.sessionId, "hook_error", { error: metered.unreadable, event: p.event });
    }
    return plan.stdout;
  });
  afterCommit(deps, p.sessionId, at, g.continuity?.pendingDraft);
  return { stdout, error: null };
}

function failed(deps: HookDeps, at: number, p: HookPayload, e: unknown): HookOutcome {
  const msg = e instanceof Error ? e.message : String(e);
  const detail = { error: msg, event: p.event };
  // A locked store has just cost the whole busy_timeout: waiting for it again only to
  // record why would double the hook's time, so the log takes it.
  if (BUSY.test(msg)) logLine(deps, at, "hook_error", { ...detail, session_id: p.sessionId }, msg);
  else record(deps, at, p.sessionId, "hook_error", detail);
  return { stdout: "", error: msg };
}

/**
 * The prompt's classification (classifyCall), made for the own crons the row read lists; the
 * row under the lock lists the same ones unless another process changed them meanwhile.
 */
function promptClassifier(
  p: HookPayload,
  config: ResolvedConfig["config"],
  hint: TranscriptFacts["lastUser"],
  classify: HookDeps["classify"],
): Gathered["prompt"] {
  let made: { crons: string; verdict: PromptVerdict | null } | null = null;
  return (ownCrons) => {
    if (!speaksOn(p.event, "soft-refusal")) return null;
    if (!classify) throw unforeseen("prompt");
    const crons = JSON.stringify(ownCrons);
    if (made?.crons !== crons) made = { crons, verdict: classifyCall(p, { config, hint, ownCrons, classify }) };
    return made.verdict;
  };
}

/** A window resolver that reads files and the process table once per model. */
function windowResolver(p: HookPayload, deps: HookDeps): Gathered["window"] {
  const resolve = deps.window;
  if (!resolve) return null;
  const seen = new Map<string | null, ResolvedWindow>();
  return (model) => {
    const known = seen.get(model);
    if (known) return known;
    const r = resolve(p, model);
    seen.set(model, r);
    return r;
  };
}

/**
 * A part the read did not foresee: another process moved the row between the read and the
 * lock (into restoring, or over HARD). The call fails like any internal error (recorded; open,
 * or blocked under `--fail-closed`) rather than run again.
 */
function unforeseen(part: Part): Error {
  return new Error(`the session changed under the call: part "${part}" was not loaded`);
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
  row: SessionRow;
  /** The snapshot as loaded and as this call leaves it (the quiet-call check compares them). */
  snaps: { stored: SessionSnap; next: SessionSnap };
  windowSource: string;
  events: AuditRecord[];
  stdout: string;
}

interface DecideCtx extends Gathered {
  deps: HookDeps;
  metered: MeterOutcome;
  /** The meter state the read resumed from: another call that stored a newer one has counted its boundaries. */
  meterFrom: string | null;
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
    { p, row, window: c.window },
  );
  const { snapshot, migrated } = loadSnapshot(stored, at);
  if (migrated) out.push({ kind: "machine_migrated", detail: { detail: migrated } });
  const classify = classifiesStop(c.night, config, at);
  const stop = p.event === EV.Stop
    ? {
      awaiting: classify && deps.stop
        ? deps.stop.awaiting(
          p.lastAssistantMessage ?? stopFactsOf(c.facts).lastAssistantText ?? null,
          deps.stop.patterns(config.stopPatterns),
        )
        : null,
      goalDue: c.facts.goalDue ?? null,
    }
    : undefined;
  // The prompt's one classification (made before the lock) goes to the machine and to every policy.
  const prompt = c.prompt(snapshot.context.ownCrons);
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
  const lacking = (config.disable ? undefined : missingPart(p.event, [applied.before, applied.state], deps)) ??
    (bashNeedsShell(p, applied.before) && !deps.analyze ? "shell" : undefined);
  if (lacking) throw unforeseen(lacking);
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
  if (needs) throw unforeseen(needs);
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
  return { row: next, snaps, windowSource, events: out, stdout: combined.stdout };
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
  c: { p: HookPayload; row: SessionRow; window: Gathered["window"] },
): { measurement: Measurement; windowSource: string } {
  if (c.row.status_window !== null) return { measurement: m, windowSource: "statusline" };
  if (!c.window) return { measurement: m, windowSource: m.window === null ? "none" : "transcript" };
  const r = c.window(modelOf(c.p, m));
  return { measurement: { ...m, window: r.window }, windowSource: r.source };
}

/** The model a window is resolved for: the payload's, else the transcript's. */
function modelOf(p: HookPayload, m: Measurement): string | null {
  return payloadModel(p.event, p.raw) ?? m.model ?? null;
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
