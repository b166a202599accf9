/**
 * The part of the watcher's per-session memory kept as JSON in `watch.memo`: where the wake
 * reader stopped, interventions awaiting their follow-up, recent restarts and nudges (so a
 * resume they caused is credited to them), and the pending check of the last restart.
 */
import type { Intervention } from "../wake.ts";
import { isObject, type JsonObject } from "../payload.ts";
import type { IdleCause } from "../rest.ts";
import type { PendingRestart, RestartHold } from "./restart-check.ts";

/** An intervention whose outcome (did work resume, after how long) is not known yet. */
export interface OpenIntervention {
  kind: "notify" | "restart" | "nudge" | "stop_block";
  at: number;
}

export interface WakeCursor {
  /** Byte offset to read from next pass. */
  offset: number;
  /** The offset lies inside an over-long line. */
  mid: boolean;
  /** End time of a turn read but not yet followed by anything. */
  pendingEndAt: number | null;
  /** Why that turn is quiet, as the machine said while it was pending (the ledger's cause). */
  pendingCause: IdleCause | null;
  /** When the watch found the process gone: the first prompt read after it is the restart's wake. */
  deadAt?: number | null;
}

export interface WatchMemo {
  wake: WakeCursor | null;
  open: OpenIntervention[];
  recent: Intervention[];
  /** A restart sent and not yet verified (core/watch/restart-check.ts). */
  restartCheck: PendingRestart | null;
  breakerNotified: boolean;
  /** What each failed restart since the last verified one failed on. */
  restartFailures: string[];
  /** Restarts held for the night after failures in a row. */
  restartHeld: RestartHold | null;
  /**
   * The newest push (a Stop block, a nudge) the session answered with words only: while the
   * turn that answered it is still the last one, the nudge's progress breaker holds.
   */
  quiet: { kind: OpenIntervention["kind"]; endAt: number } | null;
}

/** Interventions kept per session (oldest dropped first). */
const KEEP = 20;

export const EMPTY_MEMO: WatchMemo = {
  wake: null,
  open: [],
  recent: [],
  restartCheck: null,
  breakerNotified: false,
  restartFailures: [],
  restartHeld: null,
  quiet: null,
};

const strings = (v: unknown): string[] => Array.isArray(v) ? v.filter((x) => typeof x === "string") : [];

const n = (o: JsonObject, k: string): number | null => typeof o[k] === "number" ? o[k] : null;
const OPEN_KINDS: readonly string[] = ["notify", "restart", "nudge", "stop_block"];
const isOpenKind = (k: unknown): k is OpenIntervention["kind"] => typeof k === "string" && OPEN_KINDS.includes(k);

const causeOf = (v: unknown): IdleCause | null => v === "awaiting" || v === "asleep" || v === "stalled" ? v : null;

function quietOf(v: unknown): WatchMemo["quiet"] {
  if (!isObject(v)) return null;
  const endAt = n(v, "endAt");
  return endAt !== null && isOpenKind(v.kind) ? { kind: v.kind, endAt } : null;
}

/** Parse a stored memo; anything unreadable starts empty. */
export function parseMemo(text: string): WatchMemo {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return { ...EMPTY_MEMO };
  }
  if (!isObject(v)) return { ...EMPTY_MEMO };
  const w = isObject(v.wake) ? v.wake : null;
  const wOffset = w ? n(w, "offset") : null;
  const open: OpenIntervention[] = [];
  for (const o of Array.isArray(v.open) ? v.open : []) {
    const at = isObject(o) ? n(o, "at") : null;
    if (isObject(o) && at !== null && isOpenKind(o.kind)) open.push({ kind: o.kind, at });
  }
  const recent: Intervention[] = [];
  for (const o of Array.isArray(v.recent) ? v.recent : []) {
    const at = isObject(o) ? n(o, "at") : null;
    if (isObject(o) && at !== null && (o.kind === "restart" || o.kind === "nudge")) recent.push({ kind: o.kind, at });
  }
  const rc = isObject(v.restartCheck) ? v.restartCheck : null;
  const rcAt = rc ? n(rc, "at") : null;
  const held = isObject(v.restartHeld) ? v.restartHeld : null;
  const heldAt = held ? n(held, "at") : null;
  return {
    wake: w && wOffset !== null
      ? {
        offset: wOffset,
        mid: w.mid === true,
        pendingEndAt: n(w, "pendingEndAt"),
        pendingCause: causeOf(w.pendingCause),
        deadAt: n(w, "deadAt"),
      }
      : null,
    open,
    recent,
    restartCheck: rc && rcAt !== null
      ? { at: rcAt, size: n(rc, "size"), mtime: n(rc, "mtime"), pane: typeof rc.pane === "string" ? rc.pane : null }
      : null,
    breakerNotified: v.breakerNotified === true,
    restartFailures: strings(v.restartFailures),
    restartHeld: held && heldAt !== null ? { at: heldAt, failures: strings(held.failures) } : null,
    quiet: quietOf(v.quiet),
  };
}

/** Serialise a memo. */
export function stringifyMemo(m: WatchMemo): string {
  return JSON.stringify(m);
}

/** Add interventions, keeping the newest few; `recent` only keeps what can wake a session. */
export function withInterventions(m: WatchMemo, added: readonly OpenIntervention[]): WatchMemo {
  const recent = [...m.recent];
  for (const a of added) if (a.kind === "restart" || a.kind === "nudge") recent.push({ kind: a.kind, at: a.at });
  return { ...m, open: [...m.open, ...added].slice(-KEEP), recent: recent.slice(-KEEP) };
}
