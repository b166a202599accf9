/**
 * "Who woke it" (product.md section 7, seed 004): for every end of turn in a transcript, how
 * long the session sat idle and what ended the wait. The gap runs to the next record of any
 * kind, not to the next outside prompt: a stop that a Stop hook blocked resumes with no outside
 * input, and counting to the next prompt made every successful block look like a failure.
 * Pure: the caller parses the transcript and passes the records.
 */
import { EV } from "./claude-events.ts";
import { isObject, type JsonObject, obj, str } from "./payload.ts";
import { markIn } from "./vigil-marks.ts";

export type Waker =
  | "stop-gate"
  | "stop-hook"
  | "human"
  | "notification"
  | "restart"
  | "nudge"
  | "nobody"
  | "unknown";

/**
 * A restart or nudge vigil sent, or a Stop that vigil's gate blocked (from the audit log), with
 * its time: the block names vigil's gate when Claude Code's records do not (a hook command or
 * URL without vigil's name in it).
 */
export interface Intervention {
  kind: "restart" | "nudge" | "stop-gate";
  at: number;
}

export interface TurnWake {
  /** Index of the record that ended the turn, and its time. */
  endIndex: number;
  endAt: number;
  /** Time of the first record after the turn's own bookkeeping, or null when none yet. */
  resumedAt: number | null;
  /** Idle gap: to `resumedAt`, or to `now` while nothing followed. */
  gapMs: number;
  waker: Waker;
  /** False when a Stop hook resumed the session: that gap is not idle time. */
  idle: boolean;
}

export interface WakeOptions {
  interventions?: readonly Intervention[];
  now: number;
  /** An intervention explains a resume that follows it within this time (default 10 min). */
  graceMs?: number;
  /** Which Stop hook commands are vigil's own. */
  isVigilCommand?: (command: string) => boolean;
}

/** Records written this close before the one that shows a wake belong to that wake. */
const WAKE_CLUSTER_MS = 10_000;
/** Records Claude Code writes as part of ending a turn, not as a new start. */
const CLOSING = new Set(["stop_hook_summary", "turn_duration"]);
/** Prompt envelopes the harness injects (claude-code-contract.md Part B section 8). */
const HARNESS =
  /^\s*(<task-notification|<bash-notification|<agent-notification|\[SYSTEM NOTIFICATION|<system-reminder|<cross-session-message|<teammate-message|<channel )/;
const HUMAN_ORIGINS = new Set(["human"]);
/**
 * The record Claude Code writes when a turn is stopped. It is no prompt and wakes nothing, and
 * its text does not say who stopped the turn: 2.1.336 writes "[Request interrupted by user]" for
 * a person's, another session's and the system's interrupt alike (its Interrupt event says which;
 * 2.1.337 also marks a person's record on some paths).
 */
const INTERRUPTED = /^\[Request interrupted by user/;

/** Whether a record is the transcript's note that a turn was interrupted (by anyone). */
function isInterruptNote(r: JsonObject): boolean {
  if (r.type !== "user") return false;
  const text = textOf(r);
  return text !== null && INTERRUPTED.test(text);
}

function timeOf(r: JsonObject): number | null {
  const ts = str(r, "timestamp");
  if (ts === null) return null;
  const t = Date.parse(ts);
  return Number.isFinite(t) ? t : null;
}

/** The text of a user or assistant record (null for tool results and records without text). */
export function textOf(r: JsonObject): string | null {
  const content = obj(r, "message")?.content;
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return null;
  if (content.some((b) => isObject(b) && b.type === "tool_result")) return null;
  const texts = content.filter(isObject).map((b) => str(b, "text")).filter((s) => s !== null);
  return texts.length > 0 ? texts.join("\n") : null;
}

/** Whether a record ends a main-chain turn: an assistant reply that stopped for good. */
export function isTurnEnd(r: JsonObject): boolean {
  if (r.type !== "assistant" || r.isSidechain === true) return false;
  const reason = obj(r, "message")?.stop_reason;
  return typeof reason === "string" && reason !== "tool_use" && reason !== "pause_turn";
}

/** `vigil`: text vigil sent (its mark), a nudge or a restart's prompt, told apart by the interventions. */
type Evidence = Waker | "vigil" | null;

/** What one record says about who resumed the session, or null when it says nothing. */
function evidence(r: JsonObject, isVigil: (c: string) => boolean): Evidence {
  if (r.type === "attachment") {
    const a = obj(r, "attachment");
    if (a?.type !== "hook_blocking_error" || a.hookEvent !== EV.Stop) return null;
    const cmd = str(obj(a, "blockingError") ?? {}, "command");
    return cmd === null || isVigil(cmd) ? "stop-gate" : "stop-hook";
  }
  if (r.type !== "user" || r.isCompactSummary === true || isInterruptNote(r)) return null;
  const text = textOf(r);
  if (text === null) return null;
  if (text.startsWith("Stop hook feedback:")) return "stop-gate";
  // vigil's own mark outranks how Claude Code wrapped the text (an inbox message is a peer
  // envelope with origin "peer", which alone reads as a harness notification).
  if (markIn(text) !== null) return "vigil";
  const kind = str(obj(r, "origin") ?? {}, "kind");
  if (kind !== null) return HUMAN_ORIGINS.has(kind) ? "human" : "notification";
  if (HARNESS.test(text)) return "notification";
  // Plain text and slash commands come from a person.
  return r.isMeta === true && !text.startsWith("<command-") ? null : "human";
}

/** Whether a record is a person's prompt (typed text or a slash command), not the harness's or vigil's. */
export function isPersonPrompt(r: JsonObject): boolean {
  return evidence(r, () => false) === "human";
}

/**
 * Classify the wait after one end of turn. `after` is every record that followed it, in file
 * order. vigil's mark on the text names vigil (a restart when one went out just before, else a
 * nudge); other transcript evidence (a Stop block, a notification) outranks vigil's own
 * interventions, which outrank a typed prompt: an unmarked nudge reads as a typed prompt.
 */
export function classifyWake(
  after: readonly JsonObject[],
  endAt: number,
  opts: WakeOptions,
): Omit<TurnWake, "endIndex" | "endAt"> {
  return wakeFrom(after, 0, endAt, opts);
}

function wakeFrom(
  records: readonly JsonObject[],
  from: number,
  endAt: number,
  opts: WakeOptions,
): Omit<TurnWake, "endIndex" | "endAt"> {
  const isVigil = opts.isVigilCommand ?? ((c: string) => /\bvigil\b/.test(c));
  let found: Evidence = null;
  // The feedback record comes first; the attachment after it names the blocking command
  // (absent before 2.1.220, so feedback alone counts as vigil's gate). Any vigil block wins.
  let feedback = false;
  const named = new Set<Waker>();
  // When the first record that shows a wake (a prompt of any origin, a block, a reply) was
  // written, and the times of the records before it.
  let shownAt: number | null = null;
  const times: number[] = [];
  for (let i = from; i < records.length; i++) {
    const r = records[i];
    const t = timeOf(r);
    // A reply means the wake is over; whatever woke it came before.
    if (r.type === "assistant") {
      shownAt ??= t;
      break;
    }
    // An interrupt note stops a turn: like the turn's own bookkeeping, it does not end the wait.
    const closing = (r.type === "system" && CLOSING.has(str(r, "subtype") ?? "")) || isInterruptNote(r);
    if (t !== null && !closing) times.push(t);
    const e = evidence(r, isVigil);
    if (e !== null && t !== null) shownAt ??= t;
    if (e === "stop-gate" || e === "stop-hook") {
      if (r.type === "attachment") named.add(e);
      else feedback = true;
      continue;
    }
    if (e !== null) {
      if (!feedback && named.size === 0) found = e;
      break;
    }
  }
  // Records that show no wake are Claude Code's bookkeeping around the end of a turn (2.1.332
  // writes a prompt_snapshot attachment just after it): alone they wake nothing. The wake
  // starts at the earliest record written with the one that shows it (records of one wake are
  // not in time order: a slash command's records precede the boundary it causes).
  // Without such a record, what vigil sent (a restart: the resumed process writes its own
  // bookkeeping first) shows the wake by the first record written after it.
  if (shownAt === null) {
    const sent = (opts.interventions ?? []).filter((v) => v.kind !== "stop-gate" && v.at >= endAt).map((v) => v.at);
    const after = times.filter((t) => sent.some((at) => t >= at));
    if (after.length > 0) shownAt = Math.min(...after);
  }
  const shown = shownAt;
  const resumedAt = shown === null ? null : Math.min(shown, ...times.filter((t) => t >= shown - WAKE_CLUSTER_MS));
  if (named.size > 0) found = named.has("stop-gate") ? "stop-gate" : "stop-hook";
  else if (feedback) found = "stop-gate";
  // vigil's audit log knows its own blocks: one between the end and the resume is vigil's gate.
  const blocked = resumedAt !== null &&
    (opts.interventions ?? []).some((v) => v.kind === "stop-gate" && v.at >= endAt && v.at <= (resumedAt ?? endAt));
  if (blocked && (found === "stop-hook" || found === null)) found = "stop-gate";
  if (resumedAt === null) {
    return { resumedAt: null, gapMs: Math.max(0, opts.now - endAt), waker: "nobody", idle: true };
  }
  const gapMs = Math.max(0, resumedAt - endAt);
  if (found === "stop-gate" || found === "stop-hook") {
    return { resumedAt, gapMs, waker: found, idle: false };
  }
  const resumed = resumedAt;
  const grace = opts.graceMs ?? 10 * 60_000;
  const by = (opts.interventions ?? [])
    .filter((v) => v.kind !== "stop-gate" && v.at >= endAt && v.at <= resumed && resumed - v.at <= grace)
    .sort((a, b) => b.at - a.at)[0];
  const waker = found === "vigil"
    ? by?.kind ?? "nudge"
    : found === "notification"
    ? found
    : by?.kind ?? found ?? "unknown";
  return { resumedAt, gapMs, waker, idle: true };
}

/** Every end of turn in a transcript with its wake; one reply split over records counts once. */
export function turnWakes(records: readonly JsonObject[], opts: WakeOptions): TurnWake[] {
  const out: TurnWake[] = [];
  for (let i = 0; i < records.length; i++) {
    const r = records[i];
    if (!isTurnEnd(r)) continue;
    const id = str(obj(r, "message") ?? {}, "id");
    let end = i;
    while (
      end + 1 < records.length && isTurnEnd(records[end + 1]) && id !== null &&
      str(obj(records[end + 1], "message") ?? {}, "id") === id
    ) end++;
    const endAt = timeOf(records[end]);
    if (endAt === null) continue;
    out.push({ endIndex: end, endAt, ...wakeFrom(records, end + 1, endAt, opts) });
    i = end;
  }
  return out;
}
