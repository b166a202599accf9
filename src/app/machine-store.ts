/**
 * Load → transition → save for one session, inside the caller's transaction. A snapshot of
 * another MACHINE_VERSION (or one that no longer resolves) is re-initialised from the row's
 * plain columns, never trusted and never a crash.
 *
 * Transitions use the machine's step form (machines/session-step.ts, proven equal to the
 * XState definition in test/machines/session-step.test.ts): building the XState machine in
 * every hook process cost more than everything else the hook does. Rows keep XState's
 * persisted-snapshot shape, so either form reads what the other wrote.
 */
import {
  MACHINE_VERSION,
  type SessionContext,
  type SessionEffect,
  type SessionEvent,
  type SessionState,
  STATES,
  v2Fields,
} from "../../machines/session-model.ts";
import { initial, type SessionSnap, step } from "../../machines/session-step.ts";
import { isObject } from "../core/payload.ts";
import type { SessionRow, Store } from "../edge/store.ts";

type Snapshot = SessionSnap;

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

/** The snapshot stored in a row, or a fresh one when absent, foreign or unreadable. */
export function loadSnapshot(row: SessionRow | null, at: number): { snapshot: Snapshot; migrated: string | null } {
  if (row && (row.machine_version === MACHINE_VERSION || row.machine_version === 1)) {
    try {
      const stored: unknown = JSON.parse(row.snapshot);
      if (isObject(stored) && isState(stored.value) && isObject(stored.context)) {
        // A version-1 snapshot lacks only the fields version 2 added (awaiting, asleep, host):
        // it keeps its state and counters and gets their defaults.
        const fields = row.machine_version === 1 ? { ...v2Fields(), ...stored.context } : stored.context;
        return { snapshot: { value: stored.value, context: contextOf(fields) }, migrated: null };
      }
    } catch {
      // fall through: re-initialise below
    }
  }
  const fresh = initial({ at });
  if (!row) return { snapshot: fresh, migrated: null };
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
  return { snapshot: snap, migrated: `machine version ${row.machine_version} → ${MACHINE_VERSION}` };
}

/**
 * A stored context, taken as written (as XState's `resolveState` took it): vigil wrote it, in
 * a transaction, under this MACHINE_VERSION.
 */
function contextOf(fields: Record<string, unknown>): SessionContext {
  const c: SessionContext = { ...initial({ at: 0 }).context };
  return Object.assign(c, fields);
}

/** Apply events in order to a snapshot; effects come back as plain data. */
export function applyEvents(snapshot: Snapshot, events: SessionEvent[]): Applied {
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
export function saveSnapshot(store: Store, base: SessionRow, applied: Applied, at: number): SessionRow {
  const row = snapshotRow(base, applied, at);
  store.saveSession(row);
  return row;
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
