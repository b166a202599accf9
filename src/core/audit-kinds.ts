/**
 * The closed set of audit-event kinds (one name per fact). Every record vigil writes has one
 * of these kinds; tsc refuses any other, so a new fact gets a name here, once, and its detail
 * shape in core/audit-details.ts (tsc refuses a kind without one).
 */
export const AUDIT_KINDS = [
  // one per hook call, and what the machine did
  "hook",
  "hook_error",
  "state",
  "machine_migrated",
  "limit_crossed",
  "compaction_started",
  "compaction_abandoned",
  "restore_due",
  "stalled",
  "revived",
  "died",
  "interrupted",
  // what the policies decided
  "guard",
  "continuity",
  "stop_gate",
  "unknown_envelope",
  // the watch and the night
  "watch_pass",
  "wake",
  "followup",
  "nudge",
  "nudge_receipt",
  "restart",
  "restart_check",
  "notify",
  "night",
  // the store itself
  "store_recovered",
] as const;

export type AuditKind = typeof AUDIT_KINDS[number];

const KINDS: ReadonlySet<string> = new Set(AUDIT_KINDS);

/**
 * Whether a stored kind is one this version writes (older rows may hold others: the watch's
 * `down` and `stale` before round 13, read as today's by core/audit-details.ts `readAuditRecords`).
 */
export function isAuditKind(kind: string): kind is AuditKind {
  return KINDS.has(kind);
}
