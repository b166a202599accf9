/**
 * Load → transition → save for one session, inside the caller's transaction. A snapshot of
 * another MACHINE_VERSION (or one that no longer resolves) is re-initialised from the row's
 * plain columns, never trusted and never a crash.
 */
import { initialTransition, transition } from "xstate";
import {
  type LiveState,
  MACHINE_VERSION,
  type SessionContext,
  type SessionEffect,
  type SessionEvent,
  sessionMachine,
  type SessionState,
  STATES,
  v2Fields,
} from "../../machines/session.ts";
import { isObject } from "../core/payload.ts";
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
  if (row && (row.machine_version === MACHINE_VERSION || row.machine_version === 1)) {
    try {
      const stored = JSON.parse(row.snapshot);
      if (row.machine_version === 1) upgrade(stored);
      const snap = sessionMachine.resolveState(stored);
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

/**
 * A version-1 snapshot lacks only the fields version 2 added (awaiting, asleep, host): it keeps
 * its state and counters and gets their defaults.
 */
function upgrade(stored: unknown): void {
  if (isObject(stored) && isObject(stored.context)) stored.context = { ...v2Fields(), ...stored.context };
}

/** Apply events in order to a snapshot; effects come back as plain data. */
export function applyEvents(snapshot: Snapshot, events: SessionEvent[]): Applied {
  const before = stateOf(snapshot.value);
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
  return { before, state: stateOf(snap.value), context: snap.context, effects, snapshot: snap };
}

const LIVE = new Set<string>(["normal", "soft", "hard", "compacting", "restoring"]);
const isLive = (v: unknown): v is LiveState => typeof v === "string" && LIVE.has(v);
const numOrNull = (v: unknown): number | null => (typeof v === "number" ? v : null);

/** A machine action as an effect, checked against the effect union (other actions are not effects). */
function toEffect(type: string, params: unknown): SessionEffect | null {
  if (!isObject(params) || typeof params.at !== "number") return null;
  const at = params.at;
  switch (type) {
    case "limitCrossed": {
      const limit = params.limit;
      if (limit !== "soft" && limit !== "hard") return null;
      return { type, params: { limit, tokens: numOrNull(params.tokens), estimate: numOrNull(params.estimate), at } };
    }
    case "compactionStarted":
    case "compactionAbandoned":
    case "restoreDue":
      return { type, params: { at } };
    case "stalled":
      return isLive(params.from) ? { type, params: { at, from: params.from } } : null;
    case "revived":
      return isLive(params.to) ? { type, params: { at, to: params.to } } : null;
    case "died":
      return typeof params.reason === "string" ? { type, params: { at, reason: params.reason } } : null;
  }
  return null;
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
