/**
 * The night's ledger (product.md sections 6 and 7, seed 004's "did it close?"): from the audit
 * events of one night, what happened to the work, not how often vigil detected something.
 * Stops blocked and how many resumed work; sessions woken by vigil, by a person, by nobody;
 * idle minutes by cause; deaths and what was done about each. A "5/5 blocked, 3/3 detected"
 * summary hid five and a half hours without work: every count here is of an outcome. Pure.
 */
import type { JsonObject } from "../payload.ts";

/** An audit event with its parsed detail. */
export interface LedgerEvent {
  at: number;
  session_id: string | null;
  kind: string;
  detail: JsonObject;
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
  stops: { blocked: number; resumed: number; notResumed: number; open: number };
  /** Wake-ups by who ended the wait: `turns` counted once each, `sessions` distinct. */
  woken: Record<WakerClass, { turns: number; sessions: number }>;
  idleMinutes: Record<IdleBucket, number>;
  deaths: DeathOutcome[];
  /** Follow-ups of vigil's pushes (nudge, restart), resumed of sent, by kind. */
  pushes: Record<"nudge" | "restart", { sent: number; resumed: number }>;
}

const VIGIL_WAKERS = new Set(["stop-gate", "restart", "nudge"]);
const MIN = 60_000;

const num = (d: JsonObject, k: string): number | null => typeof d[k] === "number" ? d[k] : null;

function wakerClass(w: unknown): WakerClass {
  if (typeof w === "string" && VIGIL_WAKERS.has(w)) return "vigil";
  return w === "human" ? "person" : w === "nobody" ? "nobody" : "other";
}

/** The ledger of the events in `[since, until]` (events outside it are ignored). */
export function nightLedger(all: readonly LedgerEvent[], since: number, until: number): NightLedger {
  const events = all.filter((e) => e.at >= since && e.at <= until).sort((a, b) => a.at - b.at);
  const blocks = events.filter((e) => e.kind === "stop_gate" && e.detail.decision === "block");
  const followups = events.filter((e) => e.kind === "followup" && (num(e.detail, "interventionAt") ?? -1) >= since);
  const ofKind = (k: string, resumed: boolean) =>
    followups.filter((f) => f.detail.intervention === k && f.detail.resumed === resumed).length;
  const resumed = ofKind("stop_block", true), notResumed = ofKind("stop_block", false);

  const woken = {
    vigil: new Set<string>(),
    person: new Set<string>(),
    nobody: new Set<string>(),
    other: new Set<string>(),
  };
  const turns: Record<WakerClass, number> = { vigil: 0, person: 0, nobody: 0, other: 0 };
  const idle: Record<IdleBucket, number> = { awaiting: 0, asleep: 0, stalled: 0, dead: 0 };
  for (const w of events.filter((e) => e.kind === "wake")) {
    const c = wakerClass(w.detail.waker);
    turns[c]++;
    if (w.session_id !== null) woken[c].add(w.session_id);
    const cause = w.detail.cause;
    const ms = num(w.detail, "idleMs") ?? 0;
    if (w.detail.idle !== false && (cause === "awaiting" || cause === "asleep" || cause === "stalled")) {
      idle[cause] += ms;
    }
  }

  const deaths: DeathOutcome[] = [];
  for (const d of events.filter((e) => e.kind === "down" && e.session_id !== null)) {
    const id = d.session_id ?? "";
    const same = (k: string) => events.filter((e) => e.kind === k && e.session_id === id && e.at === d.at);
    const restart = same("restart")[0];
    const told = same("notify").some((n) =>
      Array.isArray(n.detail.outcomes) &&
      n.detail.outcomes.some((o) => typeof o === "object" && o !== null && Reflect.get(o, "result") === "sent")
    );
    // Dead until the machine left `dead` (resumed by a restart or by hand), or the night's end.
    const back = events.find((e) =>
      e.session_id === id && e.at > d.at && e.kind === "state" && e.detail.from === "dead"
    );
    idle.dead += (back?.at ?? until) - d.at;
    deaths.push({ sessionId: id, at: d.at, action: actionOf(restart), told, resumed: back !== undefined });
  }

  // A stall still open at the night's end has no wake yet: its idle time so far is stalled.
  const closedStall = (id: string, at: number) =>
    events.some((e) => e.session_id === id && e.at >= at && (e.kind === "wake" || e.kind === "down"));
  for (const s of events.filter((e) => e.kind === "stale" && e.session_id !== null)) {
    if (typeof s.detail.endedAt === "number" || closedStall(s.session_id ?? "", s.at)) continue;
    const from = num(s.detail, "lastGrowthAt") ?? s.at;
    idle.stalled += Math.max(0, until - Math.max(from, since));
  }

  const sent = (k: string) => events.filter((e) => e.kind === k && e.detail.ok === true).length;
  return {
    since,
    until,
    stops: { blocked: blocks.length, resumed, notResumed, open: Math.max(0, blocks.length - resumed - notResumed) },
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
      nudge: { sent: sent("nudge"), resumed: ofKind("nudge", true) },
      restart: { sent: sent("restart"), resumed: ofKind("restart", true) },
    },
  };
}

function actionOf(restart: LedgerEvent | undefined): string {
  if (restart === undefined) return "left (no restart)";
  if (restart.detail.ok === true) return "restarted";
  const skipped = restart.detail.skipped;
  if (typeof skipped === "string") return `not restarted: ${skipped}`;
  return `restart failed${typeof restart.detail.error === "string" ? `: ${restart.detail.error}` : ""}`;
}

const plural = (n: number, one: string, many = one + "s") => `${n} ${n === 1 ? one : many}`;

/** The ledger as the lines `night status`, `night off` and `report` print. */
export function ledgerLines(l: NightLedger): string[] {
  const w = (c: WakerClass) => `${l.woken[c].turns} (${plural(l.woken[c].sessions, "session")})`;
  const s = l.stops;
  const lines = [
    `stops blocked: ${s.blocked}; work resumed after ${s.resumed}, not after ${s.notResumed}${
      s.open > 0 ? `, ${s.open} not followed up yet` : ""
    }`,
    `woken: by vigil ${w("vigil")}, by a person ${w("person")}, by nobody ${w("nobody")}${
      l.woken.other.turns > 0 ? `, by something else ${w("other")}` : ""
    }`,
    `idle minutes: awaiting ${l.idleMinutes.awaiting}, asleep ${l.idleMinutes.asleep}, stalled ${l.idleMinutes.stalled}, dead ${l.idleMinutes.dead}`,
    `nudges: ${l.pushes.nudge.sent} sent, ${l.pushes.nudge.resumed} resumed work; restarts: ${l.pushes.restart.sent} done, ${l.pushes.restart.resumed} resumed work`,
  ];
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
