/**
 * The night's ledger counted independently of vigil (issue 30's "Done when"): from the
 * transcripts Claude Code wrote, the `claude` calls the box's PATH logged, the test's own kill
 * times and the receiver's log, with the product's definitions (product.md sections 6 and 7)
 * and none of vigil's code: nothing here imports src/core/night, src/core/watch or vigil's
 * audit records, so a bug in vigil's ledger cannot hide in its own check.
 */
import type { Rec } from "./night-box-night.ts";
import { type Role, ROLES, VIGIL_MARK } from "./night-box-script.ts";

/** One thing in a session's main chain, by what it means. */
export type Mark =
  /** A person's prompt (typed by the test). */
  | { kind: "prompt"; at: number }
  /** Claude Code's record of a Stop hook block: the push reached the model. */
  | { kind: "feedback"; at: number }
  /**
   * Text vigil sent (its marked nudge, or the first prompt of a restart); `inbox` when it came
   * through the session's inbox socket (Claude Code wraps it as a cross-session message).
   */
  | { kind: "vigil"; at: number; inbox: boolean }
  /** A model answer with a tool call: work. */
  | { kind: "work"; at: number }
  /** A model answer in words only (the end of a turn unless work follows). */
  | { kind: "words"; at: number; text: string };

const at = (r: Rec) => Date.parse(String(r.timestamp));

/** The text blocks of a record's message, joined (a string content is its own text). */
function texts(r: Rec): string {
  const m = r.message;
  const content = typeof m === "object" && m !== null && "content" in m ? m.content : null;
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((b) => typeof b === "object" && b !== null && b.type === "text" ? String(b.text) : "").join("\n");
}

function hasBlock(r: Rec, type: string): boolean {
  const m = r.message;
  const content = typeof m === "object" && m !== null && "content" in m ? m.content : null;
  return Array.isArray(content) && content.some((b) => typeof b === "object" && b !== null && b.type === type);
}

/**
 * A transcript's main chain as marks, in file order. Claude Code's bookkeeping (attachments,
 * system records, queue operations, progress, meta records other than the Stop feedback) is
 * not a mark: it is neither a prompt nor work.
 */
export function marksOf(records: readonly Rec[]): Mark[] {
  const out: Mark[] = [];
  const seen = new Set<string>();
  for (const r of records) {
    if (r.isSidechain === true || !Number.isFinite(at(r))) continue;
    // A resumed session may copy records it already wrote: each uuid counts once.
    const uuid = typeof r.uuid === "string" ? r.uuid : null;
    if (uuid !== null && seen.has(uuid)) continue;
    if (uuid !== null) seen.add(uuid);
    if (r.type === "assistant") {
      if (hasBlock(r, "tool_use")) out.push({ kind: "work", at: at(r) });
      else if (texts(r).trim() !== "") out.push({ kind: "words", at: at(r), text: texts(r) });
      continue;
    }
    if (r.type !== "user" || hasBlock(r, "tool_result") || r.isCompactSummary === true) continue;
    const t = texts(r);
    if (t.includes("Stop hook feedback:")) out.push({ kind: "feedback", at: at(r) });
    else if (t.includes(VIGIL_MARK)) {
      out.push({ kind: "vigil", at: at(r), inbox: t.includes("<cross-session-message") });
    } else if (r.isMeta !== true && !/^\s*</.test(t) && t.trim() !== "") out.push({ kind: "prompt", at: at(r) });
  }
  return out;
}

/** Whether work follows `marks[i]` before the next prompt, push or vigil text. */
function workFollows(marks: readonly Mark[], i: number): boolean {
  for (let j = i + 1; j < marks.length; j++) {
    const k = marks[j].kind;
    if (k === "work") return true;
    if (k === "prompt" || k === "feedback" || k === "vigil") return false;
  }
  return false;
}

/** What happened to one session, counted from its own records. */
export interface SessionCount {
  role: Role;
  marks: Mark[];
  /** Stop blocks that reached the model, and how many were followed by work. */
  blocks: number;
  blocksResumed: number;
  /** vigil's nudges (marked text to a live session), and how many were followed by work. */
  nudges: number;
  nudgesResumed: number;
  /** vigil's restart attempts (`claude --resume <id>` calls), and those whose prompt was followed by work. */
  restarts: number;
  restartsResumed: number;
  /** The test killed it. */
  died: boolean;
}

/** Count one session. `killedAt` is when the test killed it, if it did. */
export function countSession(
  role: Role,
  records: readonly Rec[],
  sessionId: string,
  claudeCalls: readonly [string, string][],
  killedAt: number | null,
): SessionCount {
  const marks = marksOf(records);
  let blocks = 0, blocksResumed = 0, nudges = 0, nudgesResumed = 0, restartsResumed = 0;
  let firstAfterDeath = true;
  marks.forEach((m, i) => {
    if (m.kind === "feedback") {
      blocks++;
      if (workFollows(marks, i)) blocksResumed++;
    } else if (m.kind === "vigil") {
      // After the test killed it, vigil's first text is the restart's prompt; any other is a nudge.
      if (killedAt !== null && m.at > killedAt && firstAfterDeath) {
        firstAfterDeath = false;
        if (workFollows(marks, i)) restartsResumed++;
      } else {
        nudges++;
        if (workFollows(marks, i)) nudgesResumed++;
      }
    }
  });
  const restarts = claudeCalls.filter(([, args]) => args.split(/\s+/).includes(sessionId) && /--resume/.test(args))
    .length;
  return {
    role,
    marks,
    blocks,
    blocksResumed,
    nudges,
    nudgesResumed,
    restarts,
    restartsResumed,
    died: killedAt !== null,
  };
}

/** One alert the receiver got: what it was about and for which session. */
export interface Alert {
  event: string;
  sessionId: string | null;
}

/** The receiver's log as alerts (the webhook body's `event` and `session.id`). */
export function alertsOf(received: readonly { body: Record<string, unknown> }[]): Alert[] {
  return received.map((r) => {
    const s = r.body.session;
    const id = typeof s === "object" && s !== null && "id" in s && typeof s.id === "string" ? s.id : null;
    return { event: String(r.body.event), sessionId: id };
  });
}

/** Idle milliseconds by cause, the ledger's buckets (asleep never happens in the box). */
export interface IdleMs {
  awaiting: number;
  stalled: number;
  dead: number;
}

/** The night counted from the outside. */
export interface NightCount {
  sessions: Record<Role, SessionCount>;
  stops: { blocked: number; resumed: number; notResumed: number };
  pushes: {
    nudge: { sent: number; resumed: number };
    restart: { sent: number; verified: number; resumed: number };
  };
  /** Turns vigil woke (a Stop block's feedback, a nudge, a restart's prompt) and the sessions they were in. */
  wokenByVigil: { turns: number; sessions: number };
  /** Turns a person woke after an earlier turn had ended. */
  wokenByPerson: { turns: number; sessions: number };
  /** Turns nothing answered by night off: still waiting then, or cut off by a death nothing brought back. */
  wokenByNobody: { turns: number; sessions: number };
  deaths: number;
  alerts: Alert[];
  idle: IdleMs;
}

/** What the count needs of the night besides the transcripts. */
export interface CountInput {
  transcripts: Record<Role, Rec[]>;
  sessionIds: Record<Role, string>;
  claudeCalls: [string, string][];
  kills: Partial<Record<Role, number>>;
  received: { at: number; body: Record<string, unknown> }[];
  nightOff: number;
}

/** The session's first record after `t`, any kind (the restarted process writing again). */
function firstRecordAfter(records: readonly Rec[], t: number): number | null {
  let best: number | null = null;
  for (const r of records) {
    const x = at(r);
    if (Number.isFinite(x) && x > t && (best === null || x < best)) best = x;
  }
  return best;
}

/**
 * Idle time of one session by cause (product.md section 7, "who woke it" and the ledger): each
 * end of turn waits until what woke it; a Stop block's feedback is no idle time; a turn whose
 * words wait for a person is awaiting; a wait as long as the stale threshold is stalled; a
 * death is dead from when the watch could first have seen it (the receiver's DOWN alert) until
 * the session wrote again, or the night's end; a wait at the night's end counts to it.
 */
function idleOf(
  s: SessionCount,
  records: readonly Rec[],
  downAt: number | null,
  nightOff: number,
  staleMs: number,
  awaits: (text: string) => boolean,
): IdleMs {
  const out: IdleMs = { awaiting: 0, stalled: 0, dead: 0 };
  const back = downAt === null ? null : firstRecordAfter(records, downAt);
  if (downAt !== null) out.dead += (back ?? nightOff) - downAt;
  const m = s.marks;
  m.forEach((end, i) => {
    if (end.kind !== "words") return;
    const next = m.slice(i + 1).find((x) => x.kind !== "words");
    if (next?.kind === "work" || m[i + 1]?.kind === "words") return;
    if (next?.kind === "feedback") return;
    // A death cuts the wait: the time before it is the turn's, the time after it is dead.
    const stop = downAt !== null && downAt > end.at && (next === undefined || next.at > downAt)
      ? downAt
      : next?.at ?? nightOff;
    const gap = Math.max(0, stop - end.at);
    if (awaits(end.text)) out.awaiting += gap;
    else if (gap >= staleMs) out.stalled += gap;
  });
  return out;
}

/** Count the night. `awaits` says whether a turn's last words wait for a person (the script knows). */
export function countNight(ev: CountInput, opts: { staleMs: number; awaits: (text: string) => boolean }): NightCount {
  const sessions = {} as Record<Role, SessionCount>;
  for (const r of ROLES) {
    sessions[r] = countSession(r, ev.transcripts[r], ev.sessionIds[r], ev.claudeCalls, ev.kills[r] ?? null);
  }
  const all = ROLES.map((r) => sessions[r]);
  const sum = (f: (s: SessionCount) => number) => all.reduce((n, s) => n + f(s), 0);
  const vigilTurns = (s: SessionCount) => s.marks.filter((m) => m.kind === "feedback" || m.kind === "vigil").length;
  // A person's prompt wakes a turn only when an earlier turn had ended (the first prompt starts the session).
  const personTurns = (s: SessionCount) =>
    s.marks.filter((m, i) => m.kind === "prompt" && s.marks.slice(0, i).some((p) => p.kind === "words")).length;
  const alerts = alertsOf(ev.received);
  const downAt = (r: Role): number | null =>
    ev.received.find((_, i) => alerts[i].event === "down" && alerts[i].sessionId === ev.sessionIds[r])?.at ?? null;
  // Nobody woke a turn that nothing answered by night off: the session's last turn ended in
  // words with nothing after them, or it died and wrote nothing after its death. Once per session.
  const nobody = (s: SessionCount) => {
    const d = downAt(s.role);
    const last = s.marks.filter((m) => m.at <= ev.nightOff).at(-1);
    return last?.kind === "words" || (d !== null && firstRecordAfter(ev.transcripts[s.role], d) === null) ? 1 : 0;
  };
  // A restart is verified when the session wrote again after it: only a live process writes.
  const verified = (s: SessionCount) => {
    const k = ev.kills[s.role];
    return s.restarts > 0 && k !== undefined && firstRecordAfter(ev.transcripts[s.role], k) !== null ? 1 : 0;
  };
  const idle: IdleMs = { awaiting: 0, stalled: 0, dead: 0 };
  for (const s of all) {
    const one = idleOf(s, ev.transcripts[s.role], downAt(s.role), ev.nightOff, opts.staleMs, opts.awaits);
    idle.awaiting += one.awaiting;
    idle.stalled += one.stalled;
    idle.dead += one.dead;
  }
  return {
    sessions,
    stops: {
      blocked: sum((s) => s.blocks),
      resumed: sum((s) => s.blocksResumed),
      notResumed: sum((s) => s.blocks - s.blocksResumed),
    },
    pushes: {
      nudge: { sent: sum((s) => s.nudges), resumed: sum((s) => s.nudgesResumed) },
      restart: { sent: sum((s) => s.restarts), verified: sum(verified), resumed: sum((s) => s.restartsResumed) },
    },
    wokenByVigil: { turns: sum(vigilTurns), sessions: all.filter((s) => vigilTurns(s) > 0).length },
    wokenByPerson: { turns: sum(personTurns), sessions: all.filter((s) => personTurns(s) > 0).length },
    wokenByNobody: { turns: sum(nobody), sessions: all.filter((s) => nobody(s) > 0).length },
    deaths: all.filter((s) => s.died).length,
    alerts,
    idle,
  };
}
