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
  /** Text vigil sent (its marked nudge, or the first prompt of a restart). */
  | { kind: "vigil"; at: number }
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
    else if (t.includes(VIGIL_MARK)) out.push({ kind: "vigil", at: at(r) });
    else if (r.isMeta !== true && !/^\s*</.test(t) && t.trim() !== "") out.push({ kind: "prompt", at: at(r) });
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
  return { role, marks, blocks, blocksResumed, nudges, nudgesResumed, restarts, restartsResumed, died: killedAt !== null };
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

/** The night counted from the outside. */
export interface NightCount {
  sessions: Record<Role, SessionCount>;
  stops: { blocked: number; resumed: number; notResumed: number };
  pushes: { nudge: { sent: number; resumed: number }; restart: { sent: number; resumed: number } };
  /** Turns vigil woke (a Stop block's feedback, a nudge, a restart's prompt) and the sessions they were in. */
  wokenByVigil: { turns: number; sessions: number };
  /** Turns a person woke after an earlier turn had ended. */
  wokenByPerson: { turns: number; sessions: number };
  deaths: number;
  alerts: Alert[];
}

/** Count the night. */
export function countNight(ev: {
  transcripts: Record<Role, Rec[]>;
  sessionIds: Record<Role, string>;
  claudeCalls: [string, string][];
  kills: Partial<Record<Role, number>>;
  received: { body: Record<string, unknown> }[];
}): NightCount {
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
  return {
    sessions,
    stops: {
      blocked: sum((s) => s.blocks),
      resumed: sum((s) => s.blocksResumed),
      notResumed: sum((s) => s.blocks - s.blocksResumed),
    },
    pushes: {
      nudge: { sent: sum((s) => s.nudges), resumed: sum((s) => s.nudgesResumed) },
      restart: { sent: sum((s) => s.restarts), resumed: sum((s) => s.restartsResumed) },
    },
    wokenByVigil: { turns: sum(vigilTurns), sessions: all.filter((s) => vigilTurns(s) > 0).length },
    wokenByPerson: { turns: sum(personTurns), sessions: all.filter((s) => personTurns(s) > 0).length },
    deaths: all.filter((s) => s.died).length,
    alerts: alertsOf(ev.received),
  };
}
