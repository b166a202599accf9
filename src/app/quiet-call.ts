/**
 * A hook call that changes nothing a reader uses writes nothing: its one decision, made under
 * the write lock, commits no change (another connection sees no new data version; the file is
 * left as it was). Only an immediate repeat qualifies: a PreToolUse, PostToolUse or
 * UserPromptSubmit whose `hook` audit record would repeat the session's latest one word for
 * word (same event, tool, role, state, figures, window and their sources), with no decision,
 * no output, no effect, and a row that would change only in what may lag by up to QUIET_MS:
 * its `updated_at`, the meter's resume offset (the next call reads those bytes again; they
 * changed no figure) and the snapshot's `lastActivity`. Anything else is written at once.
 */
import { isFrequent } from "../core/claude-events.ts";
import { MACHINE_VERSION } from "../../machines/session-model.ts";
import type { SessionSnap } from "../../machines/session-step.ts";
import type { AuditRecord } from "../core/policy.ts";
import { STATUS_FRESH_MS } from "../core/statusline.ts";
import { sameButActivity } from "../core/step.ts";
import type { SessionRow } from "../edge/store.ts";

/**
 * How long a row may stand for calls that changed nothing: half of STATUS_FRESH_MS, as the
 * statusline's RECORD_EVERY_MS, so `lastActivity` and `updated_at` lag by less than that.
 */
export const QUIET_MS = STATUS_FRESH_MS / 2;

/** Columns a quiet call may leave as they are (see the file's comment). */
const MAY_LAG: ReadonlySet<keyof SessionRow> = new Set(["updated_at", "meter", "snapshot"]);

/**
 * Whether a call of this event can be quiet: only the events that fire many times a turn
 * (`frequent` in claude-events.ts). The others (Stop, SessionStart, SessionEnd, compactions,
 * the shell-command hooks…) are written every time.
 */
export function mayBeQuiet(event: string): boolean {
  return isFrequent(event);
}

/**
 * What one call would write to its row and the audit log, as the hook pipeline planned it.
 * Settings and effects (window source, own crons, a draft) are the caller's to check.
 */
export interface PlannedWrite {
  row: SessionRow;
  /** The snapshot as the call loaded it and as it would leave it (no round trip through text). */
  snaps: { stored: SessionSnap; next: SessionSnap };
  events: AuditRecord[];
  stdout: string;
}

/**
 * Whether `plan` may be dropped: `stored` already says everything a reader would read, and
 * `lastHook` (the session's latest `hook` detail, as stored) is the record it would append.
 */
export function isQuiet(
  stored: SessionRow | null,
  plan: PlannedWrite,
  at: number,
  lastHook: () => string | null,
): boolean {
  if (stored === null || plan.stdout !== "") return false;
  if (stored.machine_version !== MACHINE_VERSION || !recent(stored.updated_at, at)) return false;
  if (plan.events.length !== 1 || plan.events[0].kind !== "hook" || "decision" in plan.events[0].detail) return false;
  for (const k of Object.keys(plan.row) as (keyof SessionRow)[]) {
    if (!MAY_LAG.has(k) && plan.row[k] !== stored[k]) return false;
  }
  const { stored: before, next: after } = plan.snaps;
  if (!sameButActivity(before, after)) return false;
  const last = before.context.lastActivity;
  if (last !== after.context.lastActivity && !(typeof last === "number" && recent(last, at))) return false;
  // Last, as the one check that reads the store: the audit log must lose only a repeat.
  return lastHook() === JSON.stringify(plan.events[0].detail);
}

function recent(t: number, at: number): boolean {
  return t <= at && at - t < QUIET_MS;
}
