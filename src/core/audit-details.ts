/**
 * What each audit kind's detail holds (issue 13: one name per fact, typed). `AUDIT_DETAILS`
 * is the one definition: tsc reads each kind's detail type from it (`AuditDetails`), so
 * `Store.appendEvent` and `AuditRecord` refuse a detail of the wrong shape, and readers parse
 * a stored detail through it (`parseAuditDetail`), so a row an older version wrote in another
 * shape is read as unknown, never trusted and never a crash.
 */
import { type AuditKind, isAuditKind } from "./audit-kinds.ts";
import { arr, bool, lit, nullable, num, obj, oneOf, recordOf, type Shape, type ShapeOf, str } from "./json-shape.ts";

const at = { at: num };
const tokens = { tokens: nullable(num), estimate: nullable(num) };
/** What keepDelivered (core/delivered.ts) adds to a policy's record when its output was dropped. */
const dropped = { dropped: bool, droppedFor: nullable(str) };
const sample = obj({ at: num, rssBytes: nullable(num), cpuMs: nullable(num), ageMs: nullable(num) });
const idleCause = nullable(lit("awaiting", "asleep", "stalled"));
const turnsAndSessions = obj({ turns: num, sessions: num });
const sentResumed = obj({ sent: num, resumed: num }, { medianAfterMs: nullable(num), verified: num });

/** What the watch saw of a stall when it found it (the `stalled` record's detail beyond the machine's). */
const stallSeen = {
  idleMs: nullable(num),
  lastGrowthAt: nullable(num),
  pid: nullable(num),
  name: nullable(str),
  cwd: nullable(str),
};
/** What the watch saw of a death when it found it (the `died` record's detail beyond the machine's). */
const deathSeenNow = {
  verdict: str,
  pid: nullable(num),
  procStart: nullable(str),
  name: nullable(str),
  cwd: nullable(str),
  lastActivityAt: nullable(num),
  delayMs: nullable(num),
  aliveAt: nullable(num),
  sinceAliveMs: nullable(num),
};
const deathSeen = { ...deathSeenNow, samples: arr(sample) };

/** The night's ledger as `night off` records it (core/night/ledger.ts `NightLedger`). */
const ledger = obj({
  since: num,
  until: num,
  stops: obj({ blocked: num, resumed: num, notResumed: num, open: num }, { medianAfterMs: nullable(num) }),
  woken: recordOf(turnsAndSessions),
  idleMinutes: recordOf(num),
  deaths: arr(obj({ sessionId: str, at: num, action: str, told: bool, resumed: bool })),
  pushes: obj({ nudge: sentResumed, restart: sentResumed }),
}, {
  alerts: obj({ sent: num, byKind: recordOf(num) }),
});

/** The detail shape of every kind; the `satisfies` makes a kind without one a type error. */
export const AUDIT_DETAILS = {
  // one per hook call (app/run-hook.ts), and what the machine did (app/effects.ts)
  hook: obj({
    event: str,
    role: str,
    state: str,
    ...tokens,
    source: str,
    window: nullable(num),
    window_source: str,
  }, { tool: str, agent_id: str, decision: str, rule: str }),
  hook_error: obj({ error: str }, { bytes: num, event: str, via: str }),
  state: obj({ from: str, to: str, event: str }, { by: str }),
  machine_migrated: obj({ detail: str }),
  limit_crossed: obj({ limit: lit("soft", "hard"), ...tokens, ...at }),
  compaction_started: obj(at),
  compaction_abandoned: obj(at),
  restore_due: obj(at),
  // The machine's effects, and the records of what the watch saw: a stall the watch found (the
  // idle time at detection, the process), a death (`by: "watch"`: identity, last activity,
  // the samples before it) or a normal end (`by: "hook"`). A stall ends in its `revived`, a
  // death or a wake: the log is append-only, nothing is updated in place.
  stalled: obj({ ...at, from: str }, stallSeen),
  revived: obj({ ...at, to: str }),
  died: obj({ ...at, reason: str }, { by: lit("watch", "hook"), ...deathSeen }),
  // who stopped a turn: "user" a person, "session" another session's Claude (an orchestrator
  // stopping its worker), "system" a hook, plugin, permission check or service by itself
  interrupted: obj({ ...at, source: lit("user", "session", "system"), reason: str }),
  // what the policies decided (core/policies/)
  guard: obj({
    decision: lit("notice", "refuse", "pass", "deny", "allow"),
    rule: str,
    event: str,
    state: str,
    ...tokens,
    limit: num,
  }, { envelope: nullable(str), verdict: str, why: str, tool: nullable(str), detail: str, ...dropped }),
  continuity: oneOf(
    obj({
      action: lit("restored"),
      via: lit("transcript", "hook", "fallback"),
      event: str,
      landed: nullable(bool),
      version: nullable(str),
    }, { chars: num, ...dropped }),
    obj({ action: lit("restore"), via: lit("hook"), chars: num, spec: bool, state: nullable(str), draft: bool }, {
      ...dropped,
    }),
    obj({ action: lit("spec"), source: nullable(str), chars: num }, dropped),
    obj({
      action: lit("guidance"),
      trigger: nullable(str),
      chars: num,
      draft: nullable(str),
      draft_reason: nullable(str),
    }, { errors: arr(str), ...dropped }),
    obj({ action: lit("warn"), event: str, tokens: num, window: num, percent: num }, dropped),
    obj({ action: lit("draft_failed"), error: str }),
  ),
  stop_gate: obj({
    decision: lit("pass", "block"),
    gate: str,
    pattern: nullable(str),
    lang: nullable(str),
    excerpt: nullable(str),
    note: str,
    source: lit("payload", "transcript", "none"),
    blocks: num,
    cap: num,
  }, {
    todoHash: nullable(str),
    todoOpen: num,
    lastPush: obj({ at: num, gate: str, workFollowed: nullable(bool) }),
    patternErrors: arr(str),
    ...dropped,
  }),
  unknown_envelope: obj({ tag: nullable(str), excerpt: str }, dropped),
  // the watch and the night (src/watch/, src/night/)
  watch_pass: obj({
    at: num,
    sessions: num,
    alive: num,
    unknown: num,
    down: num,
    stale: num,
    revived: num,
    stalled: num,
    samples: num,
    wakes: num,
    followups: num,
    notified: num,
    restarted: num,
    nudged: num,
  }),
  wake: obj({
    waker: str,
    idleMs: num,
    endAt: num,
    resumedAt: nullable(num),
    idle: bool,
    cause: idleCause,
  }, { ended: lit("down") }),
  followup: obj({
    intervention: lit("notify", "restart", "nudge", "stop_block"),
    interventionAt: num,
    resumed: bool,
    resumedAt: nullable(num),
    afterMs: nullable(num),
  }, {
    // The record that settled it (core/watch/followups.ts); absent before it was recorded.
    proof: lit("tool_call", "answer", "words_only"),
    proofUuid: nullable(str),
    proofAt: num,
  }),
  nudge: oneOf(
    obj({ ok: lit(false), skipped: str, pane: nullable(str), idleMs: nullable(num) }),
    obj({
      ok: bool,
      via: nullable(lit("inbox", "tmux")),
      error: nullable(str),
      inbox: str,
      pane: nullable(str),
      idleMs: nullable(num),
      sentAt: num,
    }),
  ),
  nudge_receipt: obj({ via: lit("inbox", "tmux"), sentAt: num, firstRecordAt: num }),
  restart: oneOf(
    obj({ ok: lit(false), skipped: str, reason: str }),
    obj({ ok: lit(false), skipped: str, recent: num, closesAt: nullable(num) }),
    obj({
      ok: bool,
      method: lit("send-keys", "respawn-pane", "new-session"),
      target: str,
      error: nullable(str),
      attempt: num,
      max: num,
      reason: str,
    }),
  ),
  restart_check: obj({ restartAt: num, grew: bool, afterMs: nullable(num), alive: bool }, {
    verified: bool,
    failed: str,
  }),
  notify: obj({
    about: str,
    detail: nullable(str),
    outcomes: arr(obj({
      kind: str,
      target: str,
      result: lit("sent", "failed", "skipped"),
      attempts: num,
      status: nullable(num),
      error: nullable(str),
    })),
  }, { note: str }),
  night: oneOf(
    obj({ on: lit(true), scope: arr(str), until: nullable(num), sessions: num, idle: arr(str) }),
    obj({ on: lit(false), blocks: num, ledger }),
  ),
  // the store itself
  store_recovered: obj({ moved_to: str, error: str }),
} satisfies { [K in AuditKind]: Shape<unknown> };

/** Each kind's detail type, read from its shape. */
export type AuditDetails = { [K in AuditKind]: ShapeOf<typeof AUDIT_DETAILS[K]> };

/** One audit record: a kind and a detail of that kind's shape (a union over `K`). */
export type AuditRecord<K extends AuditKind = AuditKind> = { [P in K]: { kind: P; detail: AuditDetails[P] } }[K];

/** The table again, typed so that indexing it by a kind gives that kind's shape. */
const SHAPES: { [K in AuditKind]: Shape<AuditDetails[K]> } = AUDIT_DETAILS;

/**
 * A stored detail of `kind`, or null when it does not have the kind's shape (an older
 * version's row, a hand edit, text that is not JSON). Takes the stored text or a parsed value.
 */
export function parseAuditDetail<K extends AuditKind>(kind: K, detail: unknown): AuditDetails[K] | null {
  const v = typeof detail === "string" ? parseJson(detail) : detail;
  const s = SHAPES[kind];
  return s.is(v) ? v : null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * A stored row's kind and detail as a record, or null when the kind is not one this version
 * writes or the detail is not of its shape (the row is then skipped by typed readers).
 */
export function parseAuditRecord(kind: string, detail: unknown): AuditRecord | null {
  return isAuditKind(kind) ? toRecord(kind, detail) : null;
}

function toRecord<K extends AuditKind>(kind: K, detail: unknown): AuditRecord<K> | null {
  const d = parseAuditDetail(kind, detail);
  return d === null ? null : { kind, detail: d };
}

/**
 * Whether a `stalled` record is the stall the watch found (it carries what the watch saw).
 * Before round 13 the machine's bare `stalled` was written beside the watch's own `stale`,
 * which is the one that counts for those rows.
 */
export function foundStall(d: AuditDetails["stalled"]): boolean {
  return d.idleMs !== undefined;
}

/**
 * Kinds older versions wrote and this one reads as today's records (round 13: the watch wrote
 * its own `down` and `stale`, and patched the open `stale` row's `endedAt` in place; the machine's
 * `died` and `stalled` effects are those records now, and a stall's end is its `revived`).
 */
const OLD_SHAPES = {
  down: obj({ ...deathSeenNow, reason: str }, { samples: arr(sample) }),
  stale: obj({ ...stallSeen, checkedAt: num }, { endedAt: num }),
};

/**
 * A stored row as today's records, each with its time: a row of this version's kinds as it is,
 * an older version's `down` as the watch's `died`, its `stale` as the `stalled` it stood for
 * (and its patched `endedAt` as the `revived` that ended it). Empty when the row is not evidence
 * (an unknown kind, a detail of the wrong shape).
 */
export function readAuditRecords(
  kind: string,
  detail: unknown,
  at: number,
): ({ at: number } & AuditRecord)[] {
  const rec = parseAuditRecord(kind, detail);
  if (rec !== null) return [{ at, ...rec }];
  const v = typeof detail === "string" ? parseJson(detail) : detail;
  if (kind === "down" && OLD_SHAPES.down.is(v)) {
    const { reason, ...seen } = v;
    return [{ at, kind: "died", detail: { ...seen, at, reason, by: "watch" } }];
  }
  if (kind === "stale" && OLD_SHAPES.stale.is(v)) {
    const { checkedAt: _checked, endedAt, ...seen } = v;
    const stalled: { at: number } & AuditRecord = { at, kind: "stalled", detail: { ...seen, at, from: "normal" } };
    if (endedAt === undefined) return [stalled];
    return [stalled, { at: endedAt, kind: "revived", detail: { at: endedAt, to: "normal" } }];
  }
  return [];
}
