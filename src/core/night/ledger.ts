/**
 * The night's ledger (product.md sections 6 and 7, seed 004's "did it close?"): from the audit
 * events of one night, what happened to the work, not how often vigil detected something.
 * Stops blocked and how many resumed work; sessions woken by vigil, by a person, by nobody;
 * idle minutes by cause; deaths and what was done about each. A "5/5 blocked, 3/3 detected"
 * summary hid five and a half hours without work: every count here is of an outcome. Pure.
 */
import { type AuditRecord, foundStall, readAuditRecords } from "../audit-details.ts";
import type { AuditKind } from "../audit-kinds.ts";

/** An audit event with its detail typed by kind. */
export type LedgerEvent = { at: number; session_id: string | null } & AuditRecord;

/** An event of one kind. */
type Of<K extends AuditKind> = LedgerEvent & { kind: K };

/**
 * Stored rows as ledger events. An older version's `down` and `stale` rows are read as the
 * records that replaced them (`readAuditRecords`); a row of any other kind this version does
 * not write, or whose detail is not of its kind's shape (a hand edit), is skipped: it is not
 * evidence.
 */
export function ledgerEvents(
  rows: readonly { at: number; session_id: string | null; kind: string; detail: unknown }[],
): LedgerEvent[] {
  return rows.flatMap((r) =>
    readAuditRecords(r.kind, r.detail, r.at).map((rec) => ({ ...rec, session_id: r.session_id }))
  );
}

const ofKind = <K extends AuditKind>(events: readonly LedgerEvent[], kind: K): Of<K>[] =>
  events.filter((e): e is Of<K> => e.kind === kind);

/**
 * A turn the watch still holds open when the ledger is read: nothing has answered it yet. Its
 * cause is why it is quiet (null: none known); `deadAt` when its session died waiting on it.
 */
export interface OpenWait {
  sessionId: string;
  endAt: number;
  cause: "awaiting" | "asleep" | "stalled" | null;
  deadAt?: number | null;
}

export type WakerClass = "vigil" | "person" | "nobody" | "other";
export type IdleBucket = "awaiting" | "asleep" | "stalled" | "dead";

/** What was done about one death. */
export interface DeathOutcome {
  sessionId: string;
  at: number;
  /** restarted, restart failed, not restarted (why), or left (recovery did nothing). */
  action: string;
  /** Whether any notification about it was sent. */
  told: boolean;
  /** Whether the session worked again before the night's end. */
  resumed: boolean;
}

export interface NightLedger {
  since: number;
  until: number;
  /** `medianAfterMs`: from the block to the record that proved work, over the resumed ones. */
  stops: { blocked: number; resumed: number; notResumed: number; open: number; medianAfterMs: number | null };
  /** Wake-ups by who ended the wait: `turns` counted once each, `sessions` distinct. */
  woken: Record<WakerClass, { turns: number; sessions: number }>;
  idleMinutes: Record<IdleBucket, number>;
  deaths: DeathOutcome[];
  /**
   * Follow-ups of vigil's pushes (nudge, restart), resumed of sent, by kind; a restart is
   * `verified` when a later pass saw its process alive and its transcript written.
   */
  pushes: {
    nudge: { sent: number; resumed: number; medianAfterMs: number | null };
    restart: { sent: number; verified: number; resumed: number; medianAfterMs: number | null };
  };
  /** Notifications that reached at least one notifier, in all and by what they were about. */
  alerts: { sent: number; byKind: Record<string, number> };
}

const VIGIL_WAKERS = new Set(["stop-gate", "restart", "nudge"]);
const MIN = 60_000;

function wakerClass(w: string): WakerClass {
  if (VIGIL_WAKERS.has(w)) return "vigil";
  return w === "human" ? "person" : w === "nobody" ? "nobody" : "other";
}

/**
 * The ledger of the events in `[since, until]` (events outside it are ignored). `open` are the
 * turns still unanswered at `until`: their idle time so far counts by their cause, as an open
 * stall's, and each is a turn woken by nobody.
 *
 * Woken by nobody (product terms): a turn that nothing answered by the time the ledger is read
 * (`night off`'s moment) — still waiting then, or cut off by a death nothing brought back
 * (a session that died waiting, or mid-turn, and wrote nothing since: its restart failed, the
 * breaker holds it, or recovery does not restart). Each such turn counts once, whether the watch
 * closed it as nobody's at the death (no restart could follow) or still holds it at the end.
 */
export function nightLedger(
  all: readonly LedgerEvent[],
  since: number,
  until: number,
  open: readonly OpenWait[] = [],
): NightLedger {
  const events = all.filter((e) => e.at >= since && e.at <= until).sort((a, b) => a.at - b.at);
  const blocks = ofKind(events, "stop_gate").filter((e) => e.detail.decision === "block");
  const followups = ofKind(events, "followup").filter((e) => e.detail.interventionAt >= since);
  const answered = (k: string, resumed: boolean) =>
    followups.filter((f) => f.detail.intervention === k && f.detail.resumed === resumed).length;
  const resumed = answered("stop_block", true), notResumed = answered("stop_block", false);
  const delay = (k: string) =>
    median(followups.flatMap((f) => f.detail.intervention === k && f.detail.resumed ? f.detail.afterMs ?? [] : []));

  const woken = {
    vigil: new Set<string>(),
    person: new Set<string>(),
    nobody: new Set<string>(),
    other: new Set<string>(),
  };
  const turns: Record<WakerClass, number> = { vigil: 0, person: 0, nobody: 0, other: 0 };
  const idle: Record<IdleBucket, number> = { awaiting: 0, asleep: 0, stalled: 0, dead: 0 };
  for (const w of ofKind(events, "wake")) {
    const c = wakerClass(w.detail.waker);
    turns[c]++;
    if (w.session_id !== null) woken[c].add(w.session_id);
    const cause = w.detail.cause;
    if (w.detail.idle && cause !== null) idle[cause] += w.detail.idleMs;
  }

  const deaths: DeathOutcome[] = [];
  // A death is the watch's: the machine's `died` it saw (an older version's `down` reads as one).
  const died = ofKind(events, "died").filter((e) => e.session_id !== null && e.detail.by === "watch");
  for (const d of died) {
    const id = d.session_id ?? "";
    const same = <K extends AuditKind>(k: K) => ofKind(events, k).filter((e) => e.session_id === id && e.at === d.at);
    const restart = same("restart")[0];
    const check = restart?.detail.ok === true
      ? ofKind(events, "restart_check").find((e) => e.session_id === id && e.detail.restartAt === restart.at)
      : undefined;
    const told = same("notify").some((n) => n.detail.outcomes.some((o) => o.result === "sent"));
    // Dead until the machine left `dead` (resumed by a restart or by hand), or the night's end;
    // back only once the session wrote again (its first prompt's wake, or a restart verified by
    // its transcript): a restarted process seen alive for a pass that exited without writing
    // (a lost conversation's resume, slow under load) brought nothing back.
    // A later death the watch saw starts its own count: this one ends there at the latest.
    const next = died.find((e) => e.session_id === id && e.at > d.at)?.at ?? until;
    const wroteAt = Math.min(
      ...ofKind(events, "wake").filter((w) =>
        w.session_id === id && w.at >= d.at && w.at <= next && w.detail.waker !== "nobody"
      ).map((w) => w.at),
      ...ofKind(events, "restart_check").filter((c) =>
        c.session_id === id && c.detail.verified === true && c.detail.restartAt >= d.at && c.detail.restartAt <= next
      ).map((c) => c.at),
    );
    // The leaving of `dead` that led to that write: the last one before it (an earlier restart that
    // exited without writing left `dead` too, and went back).
    const leaves = ofKind(events, "state").filter((e) =>
      e.session_id === id && e.at > d.at && e.detail.from === "dead"
    );
    const back = wroteAt === Infinity
      ? undefined
      : leaves.filter((e) => e.at <= wroteAt).at(-1) ?? leaves.find((e) => e.at > wroteAt);
    idle.dead += Math.min(back?.at ?? next, next) - d.at;
    deaths.push({ sessionId: id, at: d.at, action: actionOf(restart, check), told, resumed: back !== undefined });
  }

  // A stall ends in its `revived` (whoever saw the work first), a death, or the wake of its turn;
  // one still open at the night's end has no end yet: its idle time so far is stalled.
  const closedStall = (id: string, at: number) =>
    events.some((e) =>
      e.session_id === id && e.at >= at &&
      (e.kind === "wake" || e.kind === "revived" || (e.kind === "died" && e.detail.by === "watch"))
    );
  for (const s of ofKind(events, "stalled").filter((e) => e.session_id !== null && foundStall(e.detail))) {
    if (closedStall(s.session_id ?? "", s.at)) continue;
    const from = s.detail.lastGrowthAt ?? s.at;
    idle.stalled += Math.max(0, until - Math.max(from, since));
  }

  // A stall is counted from its `stalled` record; awaiting and asleep waits from the watch's
  // memory, up to the night's end or the death that cut them.
  const nobodyAtEnd = new Set<string>();
  // A turn that ended after the ledger's range (a report over an earlier night) is not its.
  for (const w of open.filter((o) => o.endAt <= until)) {
    nobodyAtEnd.add(w.sessionId);
    turns.nobody++;
    woken.nobody.add(w.sessionId);
    const end = Math.min(until, w.deadAt ?? until);
    if (w.cause === "awaiting" || w.cause === "asleep") idle[w.cause] += Math.max(0, end - Math.max(w.endAt, since));
  }
  // A death nothing followed (no wake since, not back), its turn not held by the watch (it died
  // mid-turn, or before the watch read its last turn): that turn too was woken by nobody.
  for (const d of deaths) {
    if (d.resumed || nobodyAtEnd.has(d.sessionId)) continue;
    if (ofKind(events, "wake").some((w) => w.session_id === d.sessionId && w.at >= d.at)) continue;
    nobodyAtEnd.add(d.sessionId);
    turns.nobody++;
    woken.nobody.add(d.sessionId);
  }

  const sent = (k: "nudge" | "restart") => ofKind(events, k).filter((e) => e.detail.ok).length;
  const verified = ofKind(events, "restart_check").filter((e) => e.detail.verified === true).length;
  const alerts = { sent: 0, byKind: {} as Record<string, number> };
  for (const n of ofKind(events, "notify")) {
    if (!n.detail.outcomes.some((o) => o.result === "sent")) continue;
    alerts.sent++;
    alerts.byKind[n.detail.about] = (alerts.byKind[n.detail.about] ?? 0) + 1;
  }
  return {
    since,
    until,
    stops: {
      blocked: blocks.length,
      resumed,
      notResumed,
      open: Math.max(0, blocks.length - resumed - notResumed),
      medianAfterMs: delay("stop_block"),
    },
    woken: {
      vigil: { turns: turns.vigil, sessions: woken.vigil.size },
      person: { turns: turns.person, sessions: woken.person.size },
      nobody: { turns: turns.nobody, sessions: woken.nobody.size },
      other: { turns: turns.other, sessions: woken.other.size },
    },
    idleMinutes: {
      awaiting: Math.round(idle.awaiting / MIN),
      asleep: Math.round(idle.asleep / MIN),
      stalled: Math.round(idle.stalled / MIN),
      dead: Math.round(idle.dead / MIN),
    },
    deaths,
    pushes: {
      nudge: { sent: sent("nudge"), resumed: answered("nudge", true), medianAfterMs: delay("nudge") },
      restart: {
        sent: sent("restart"),
        verified,
        resumed: answered("restart", true),
        medianAfterMs: delay("restart"),
      },
    },
    alerts,
  };
}

function median(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b), mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** A delay as a person reads it: seconds under two minutes, else minutes. */
function span(ms: number): string {
  return ms < 2 * MIN ? `${Math.round(ms / 1000)} s` : `${Math.round(ms / MIN)} min`;
}

const after = (ms: number | null) => ms === null ? "" : `; first work a median of ${span(ms)} after`;

/** What was done about a death; a restart counts once a later pass verified it. */
function actionOf(restart: Of<"restart"> | undefined, check: Of<"restart_check"> | undefined): string {
  if (restart === undefined) return "left (no restart)";
  const d = restart.detail;
  if (d.ok && check?.detail.verified === false) {
    return `restart failed: ${check.detail.failed ?? "not verified"}`;
  }
  if (d.ok) {
    return check === undefined || check.detail.verified === undefined ? "restart sent, not verified yet" : "restarted";
  }
  if ("skipped" in d) return `not restarted: ${d.skipped}`;
  return `restart failed${d.error !== null ? `: ${d.error}` : ""}`;
}

const plural = (n: number, one: string, many = one + "s") => `${n} ${n === 1 ? one : many}`;

/** The ledger as the lines `night status`, `night off` and `report` print. */
export function ledgerLines(l: NightLedger): string[] {
  const w = (c: WakerClass) => `${l.woken[c].turns} (${plural(l.woken[c].sessions, "session")})`;
  const s = l.stops;
  const lines = [
    `stops blocked: ${s.blocked}; work resumed after ${s.resumed}, not after ${s.notResumed}${
      s.open > 0 ? `, ${s.open} not followed up yet` : ""
    }${after(s.medianAfterMs)}`,
    `woken: by vigil ${w("vigil")}, by a person ${w("person")}, by nobody ${w("nobody")}${
      l.woken.other.turns > 0 ? `, by something else ${w("other")}` : ""
    }`,
    `idle minutes: awaiting ${l.idleMinutes.awaiting}, asleep ${l.idleMinutes.asleep}, stalled ${l.idleMinutes.stalled}, dead ${l.idleMinutes.dead}`,
    `nudges: ${l.pushes.nudge.sent} sent, ${l.pushes.nudge.resumed} resumed work${
      after(l.pushes.nudge.medianAfterMs)
    }; restarts: ${l.pushes.restart.sent} sent, ${l.pushes.restart.verified} verified, ${l.pushes.restart.resumed} resumed work${
      after(l.pushes.restart.medianAfterMs)
    }`,
  ];
  const kinds = Object.entries(l.alerts.byKind).sort(([a], [b]) => a.localeCompare(b));
  lines.push(
    `alerts sent: ${l.alerts.sent}${kinds.length > 0 ? ` (${kinds.map(([k, n]) => `${k} ${n}`).join(", ")})` : ""}`,
  );
  if (l.deaths.length === 0) lines.push("deaths: none detected");
  else {
    lines.push(`deaths: ${l.deaths.length} detected`);
    for (const d of l.deaths) {
      lines.push(
        `  ${d.sessionId.slice(0, 8)}: ${d.action}; ${d.told ? "notified" : "nobody was told"}; ${
          d.resumed ? "worked again" : "still dead at the end"
        }`,
      );
    }
  }
  return lines;
}
