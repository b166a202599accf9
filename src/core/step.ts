/**
 * The session step: the one module that reads and writes a session's stored snapshot. Given a
 * session id, machine events and the time, `stepSession` loads the row, applies the events
 * with the machine's pure step form, saves the row, appends the audit records the transition
 * stands for (its state change and its effects) and returns the effects. The hook, the
 * statusline, the watch and serve all read a session through here: nothing else parses a
 * snapshot (test/core/step-source.test.ts).
 *
 * The store is a port (`SessionPort`, defined here by its user): this module opens nothing,
 * so it is pure by import and runs inside the caller's transaction.
 *
 * A snapshot of an older MACHINE_VERSION is migrated (versions 1 and 2 gain the fields
 * added since; the store's migration 6 moved version 2's settings rows into the context); one of an unknown version, or one that no longer parses, is re-initialised from the
 * row's plain columns: never trusted and never a crash. Transitions use the step form
 * (machines/session-step.ts, proven equal to the XState definition in
 * test/machines/session-step.test.ts): building the XState machine in every hook process cost
 * more than everything else the hook does. Rows keep XState's persisted-snapshot shape, so
 * either form reads what the other wrote.
 */
import {
  initialContext,
  MACHINE_VERSION,
  type SessionContext,
  type SessionEffect,
  type SessionEvent,
  type SessionState,
  STATES,
  v2Fields,
  v3Fields,
} from "../../machines/session-model.ts";
import { initial, type SessionSnap, step } from "../../machines/session-step.ts";
import type { AuditDetails } from "./audit-details.ts";
import type { AuditKind } from "./audit-kinds.ts";
import { isObject } from "./payload.ts";
import type { AuditRecord } from "./policy.ts";
import type { SessionRow } from "./session-row.ts";

type Snapshot = SessionSnap;

/** What the step needs of the store (src/edge/store.ts's Store is one). */
export interface SessionPort {
  loadSession(id: string): SessionRow | null;
  saveSession(row: SessionRow): void;
  appendEvent<K extends AuditKind>(at: number, sessionId: string | null, kind: K, detail: AuditDetails[K]): void;
}

export interface Applied {
  before: SessionState;
  state: SessionState;
  context: SessionContext;
  effects: SessionEffect[];
  snapshot: Snapshot;
}

function isState(v: unknown): v is SessionState {
  return typeof v === "string" && (STATES as readonly string[]).includes(v);
}

/** Context fields each older version lacks, with the values its snapshots get. */
function fieldsSince(version: number): Partial<SessionContext> | null {
  if (version === MACHINE_VERSION) return {};
  if (version === 2) return v3Fields();
  if (version === 1) return { ...v2Fields(), ...v3Fields() };
  return null;
}

/** The stored snapshot, parsed: the one parse of a snapshot in vigil (null when unreadable or foreign). */
function parseSnapshot(row: Pick<SessionRow, "snapshot" | "machine_version">): Snapshot | null {
  const missing = fieldsSince(row.machine_version);
  if (missing === null) return null;
  try {
    const stored: unknown = JSON.parse(row.snapshot);
    if (isObject(stored) && isState(stored.value) && isObject(stored.context)) {
      return { value: stored.value, context: contextOf(missing, stored.context) };
    }
  } catch {
    // unreadable: the caller re-initialises
  }
  return null;
}

/** The snapshot stored in a row, or a fresh one when absent, foreign or unreadable. */
export function loadSnapshot(row: SessionRow | null, at: number): { snapshot: Snapshot; migrated: string | null } {
  const parsed = row ? parseSnapshot(row) : null;
  if (parsed) return { snapshot: parsed, migrated: null };
  const fresh = initial({ at });
  if (!row) return { snapshot: fresh, migrated: null };
  // A row written before any step (`newRow`'s "{}") lost nothing: no migration to report.
  const migrated = row.snapshot === "{}" ? null : `machine version ${row.machine_version} → ${MACHINE_VERSION}`;
  // Keep what the row's plain columns still say; the state starts over from the numbers.
  const { snap } = step(fresh, {
    type: "measured",
    at,
    tokens: row.tokens,
    estimate: row.estimate,
    window: row.window,
    soft: fresh.context.soft,
    hard: fresh.context.hard,
    anticipate: true,
  });
  return { snapshot: snap, migrated };
}

/**
 * What the machine knows of a stored session, for readers (status, metrics, the watch): the
 * context of its snapshot, or null for a row without a readable one.
 */
export function storedContext(row: Pick<SessionRow, "snapshot" | "machine_version"> | null): SessionContext | null {
  return row ? parseSnapshot(row)?.context ?? null : null;
}

/**
 * A stored context, taken as written (as XState's `resolveState` took it): vigil wrote it, in
 * a transaction, under this MACHINE_VERSION. `missing` holds the values of the fields an older
 * version lacked. A context with every field is the parsed object itself; only one lacking a
 * field is copied onto a fresh initial context (the watch reads every row on every pass, and
 * building that context for each cost a cold `watch --once` over 1,000 sessions ~5 % of its
 * instructions).
 */
function contextOf(missing: Record<string, unknown>, stored: Record<string, unknown>): SessionContext {
  const c = Object.keys(missing).length === 0 ? stored : { ...missing, ...stored };
  contextKeys ??= Object.keys(initialContext({ at: 0 }));
  for (const k of contextKeys) if (!(k in c)) return Object.assign(initialContext({ at: 0 }), c);
  return c as unknown as SessionContext;
}

/** The fields of a session's context (the initial context's keys). */
let contextKeys: readonly string[] | null = null;

/** Apply events in order to a snapshot; effects come back as plain data. */
export function applyEvents(snapshot: Snapshot, events: readonly SessionEvent[]): Applied {
  const before = snapshot.value;
  const effects: SessionEffect[] = [];
  let snap = snapshot;
  for (const e of events) {
    const next = step(snap, e);
    snap = next.snap;
    effects.push(...next.effects);
  }
  return { before, state: snap.value, context: snap.context, effects, snapshot: snap };
}

/** The state value of a snapshot (always one of the seven: the machine is flat). */
export function stateOf(value: unknown): SessionState {
  return isState(value) ? value : "normal";
}

/** A row carrying a snapshot together with its query columns. */
export function snapshotRow(base: SessionRow, applied: Applied, at: number): SessionRow {
  const c = applied.context;
  const row: SessionRow = {
    ...base,
    machine_version: MACHINE_VERSION,
    state: applied.state,
    snapshot: persisted(applied.snapshot),
    role: c.role === "unknown" ? base.role : c.role,
    agent_type: c.agentType ?? base.agent_type,
    tokens: c.tokens,
    estimate: c.estimate,
    window: c.window,
    updated_at: at,
  };
  return row;
}

/** XState's persisted-snapshot shape, which rows have always held. */
function persisted(s: Snapshot): string {
  return JSON.stringify({ status: "active", value: s.value, historyValue: {}, context: s.context, children: {} });
}

/** Persist a snapshot together with the row's query columns. */
export function saveSnapshot(
  store: Pick<SessionPort, "saveSession">,
  base: SessionRow,
  applied: Applied,
  at: number,
): SessionRow {
  const row = snapshotRow(base, applied, at);
  store.saveSession(row);
  return row;
}

/** Whether two snapshots say the same, `lastActivity` aside (a quiet hook call may let it lag). */
export function sameButActivity(a: Snapshot, b: Snapshot): boolean {
  if (a.value !== b.value) return false;
  const keys = new Set([...Object.keys(a.context), ...Object.keys(b.context)]);
  for (const k of keys) {
    if (k === "lastActivity") continue;
    if (JSON.stringify(Reflect.get(a.context, k)) !== JSON.stringify(Reflect.get(b.context, k))) return false;
  }
  return true;
}

/**
 * What the caller saw, kept in the record of the effect it goes with: the watch found the death
 * or the stall the machine now reports, and its record carries the identity, the idle time and
 * the samples it observed. The machine decides whether there is such a record; the caller only
 * adds what it saw.
 */
export interface EffectSeen {
  died?: Omit<AuditDetails["died"], "at" | "reason" | "by">;
  stalled?: Omit<AuditDetails["stalled"], "at" | "from">;
}

/** The audit record one machine effect stands for, with what the caller saw of it. */
export function effectRecord(e: SessionEffect, seen: EffectSeen = {}): AuditRecord {
  switch (e.type) {
    case "limitCrossed":
      return { kind: "limit_crossed", detail: { ...e.params } };
    case "compactionStarted":
      return { kind: "compaction_started", detail: { ...e.params } };
    case "compactionAbandoned":
      return { kind: "compaction_abandoned", detail: { ...e.params } };
    case "restoreDue":
      return { kind: "restore_due", detail: { ...e.params } };
    case "stalled":
      return { kind: "stalled", detail: { ...seen.stalled, ...e.params } };
    case "revived":
      return { kind: "revived", detail: { ...e.params } };
    case "died":
      return { kind: "died", detail: { ...(e.params.by === "watch" ? seen.died : {}), ...e.params } };
    case "interrupted":
      return { kind: "interrupted", detail: { ...e.params } };
    default:
      return e satisfies never;
  }
}

/** The audit records of a transition's effects, in order. */
export function effectRecords(effects: readonly SessionEffect[], seen: EffectSeen = {}): AuditRecord[] {
  return effects.map((e) => effectRecord(e, seen));
}

/**
 * The records a committed transition stands for: its state change (`event` names what moved
 * it, `by` who applied it) and its effects, in that order.
 */
export function stepRecords(
  applied: Applied,
  o: { event: string; by?: "watch"; seen?: EffectSeen },
): AuditRecord[] {
  const out: AuditRecord[] = [];
  if (applied.before !== applied.state) {
    out.push({
      kind: "state",
      detail: { from: applied.before, to: applied.state, event: o.event, ...(o.by ? { by: o.by } : {}) },
    });
  }
  out.push(...effectRecords(applied.effects, o.seen));
  return out;
}

/** The outcome of one step: the saved row, the transition and the records it appended. */
export interface Stepped extends Applied {
  row: SessionRow;
  records: AuditRecord[];
}

export interface StepOptions {
  at: number;
  /** The row to start from when the session has none yet (default: `newRow`). */
  base?: SessionRow;
  /** Column changes kept with the snapshot (cwd, meter, status figures…), given the transition. */
  columns?: (row: SessionRow, applied: Applied) => Partial<SessionRow>;
  /** What moved the machine, for the `state` record (default: the events' types). */
  event?: string;
  by?: "watch";
  /** What the caller saw of the effects this step may return (see `EffectSeen`), given the loaded snapshot. */
  seen?: (loaded: Snapshot) => EffectSeen;
}

/**
 * Load → apply → save → record for one session, inside the caller's transaction. The events
 * may depend on the loaded snapshot (a function of it). Returns what the step did; nothing is
 * saved when there is no event to apply.
 */
export function stepSession(
  port: SessionPort,
  sessionId: string,
  events: readonly SessionEvent[] | ((loaded: Snapshot, row: SessionRow | null) => readonly SessionEvent[]),
  o: StepOptions,
): Stepped | null {
  const stored = port.loadSession(sessionId);
  const { snapshot, migrated } = loadSnapshot(stored, o.at);
  const list = typeof events === "function" ? events(snapshot, stored) : events;
  if (list.length === 0) return null;
  const applied = applyEvents(snapshot, list);
  const base = stored ?? o.base ?? newRow(sessionId, o.at);
  const row = snapshotRow({ ...base, ...o.columns?.(base, applied) }, applied, o.at);
  port.saveSession(row);
  const records: AuditRecord[] = migrated ? [{ kind: "machine_migrated", detail: { detail: migrated } }] : [];
  const event = o.event ?? list.map((e) => e.type).join(",");
  records.push(...stepRecords(applied, { event, by: o.by, seen: o.seen?.(snapshot) }));
  for (const r of records) port.appendEvent(o.at, sessionId, r.kind, r.detail);
  return { ...applied, row, records };
}

/** A new row for a session seen for the first time. */
export function newRow(sessionId: string, at: number): SessionRow {
  return {
    session_id: sessionId,
    machine_version: MACHINE_VERSION,
    state: "normal",
    snapshot: "{}",
    role: null,
    agent_type: null,
    cwd: null,
    transcript_path: null,
    tokens: null,
    estimate: null,
    window: null,
    meter: null,
    status_tokens: null,
    status_window: null,
    status_at: null,
    status_line: null,
    pid: null,
    proc_start: null,
    created_at: at,
    updated_at: at,
  };
}
