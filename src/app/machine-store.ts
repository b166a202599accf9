/**
 * Load → transition → save for one session, inside the caller's transaction. A snapshot of
 * another MACHINE_VERSION (or one that no longer resolves) is re-initialised from the row's
 * plain columns, never trusted and never a crash.
 */
import { initialTransition, transition } from "xstate";
import {
  MACHINE_VERSION,
  type SessionContext,
  type SessionEffect,
  type SessionEvent,
  sessionMachine,
  type SessionState,
  STATES,
} from "../../machines/session.ts";
import type { SessionRow, Store } from "../edge/store.ts";

type Snapshot = ReturnType<typeof sessionMachine.resolveState>;

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
  if (row && row.machine_version === MACHINE_VERSION) {
    try {
      const snap = sessionMachine.resolveState(JSON.parse(row.snapshot));
      if (isState(snap.value)) return { snapshot: snap, migrated: null };
    } catch {
      // fall through: re-initialise below
    }
  }
  const [fresh] = initialTransition(sessionMachine, { at });
  if (!row) return { snapshot: fresh, migrated: null };
  // Keep what the row's plain columns still say; the state starts over from the numbers.
  const [next] = transition(sessionMachine, fresh, {
    type: "measured",
    at,
    tokens: row.tokens,
    estimate: row.estimate,
    window: row.window,
    soft: fresh.context.soft,
    hard: fresh.context.hard,
    anticipate: true,
  });
  return { snapshot: next, migrated: `machine version ${row.machine_version} → ${MACHINE_VERSION}` };
}

/** Apply events in order to a snapshot; effects come back as plain data. */
export function applyEvents(snapshot: Snapshot, events: SessionEvent[]): Applied {
  const before = snapshot.value as SessionState;
  const effects: SessionEffect[] = [];
  let snap = snapshot;
  for (const e of events) {
    const [next, actions] = transition(sessionMachine, snap, e);
    snap = next;
    for (const a of actions) {
      const eff = toEffect(a.type, a.params);
      if (eff) effects.push(eff);
    }
  }
  return { before, state: snap.value as SessionState, context: snap.context, effects, snapshot: snap };
}

const EFFECTS = new Set([
  "limitCrossed",
  "compactionStarted",
  "compactionAbandoned",
  "restoreDue",
  "stalled",
  "revived",
  "died",
]);

function toEffect(type: string, params: unknown): SessionEffect | null {
  if (!EFFECTS.has(type) || typeof params !== "object" || params === null) return null;
  // The machine's action table is the single source of these shapes (machines/session.ts).
  return { type, params } as SessionEffect;
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
    snapshot: JSON.stringify(sessionMachine.getPersistedSnapshot(applied.snapshot)),
    role: c.role === "unknown" ? base.role : c.role,
    agent_type: c.agentType ?? base.agent_type,
    tokens: c.tokens,
    estimate: c.estimate,
    window: c.window,
    updated_at: at,
  };
  return row;
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
