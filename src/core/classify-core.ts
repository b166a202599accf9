/**
 * Who wrote a UserPromptSubmit prompt (product.md section 4, contract Part B section 8). The
 * hook fires for everything the harness injects as a "user" turn, and the payload carries no
 * origin field, so the text decides. Refusing a harness notification froze the seed's worker
 * (seed 000), so anything that looks injected passes; only a new instruction (typed by a
 * person, or sent by another session) is refused by the SOFT guard.
 *
 * This module is the classifier without the handoff judges (the patterns and weight tables that were most of a
 * UserPromptSubmit's own-process peak RSS): classify.ts gives it them. A hook process loads them only for a prompt
 * that may name the handoff (`mayAskHandoff`, src/app/hook-parts.ts), and classifies every other prompt here.
 */
import { isPassCommand, mayNameHandoff } from "./handoff-precheck.ts";
import type { HandoffJudgement } from "./handoff-text.ts";
import { markOf } from "./vigil-marks.ts";

export type PromptKind =
  | "harness"
  | "wakeup"
  | "instruction"
  | "handoff"
  | "pass-command"
  | "unknown-envelope";

export interface PromptVerdict {
  verdict: PromptKind;
  /** The envelope that decided (a tag name such as "task-notification"), or null for plain text. */
  envelope: string | null;
  why: string;
  /** An instruction that asks for the handoff and for other work: the clause that asks for the rest. */
  otherWork?: string;
}

/** Judges whether a prompt asks for the handoff document and for nothing else (handoff-request.ts). */
export type HandoffJudge = (text: string) => HandoffJudgement;

/** The newest transcript `user` record's markers (see `TranscriptFacts.lastUser`). */
export interface PromptHint {
  originKind: string | null;
  promptSource: string | null;
  isMeta: boolean;
  text: string | null;
}

export interface ClassifyOptions {
  /** Slash commands that pass because they save state or compact (config.passCommands). */
  passCommands: readonly string[];
  hint?: PromptHint | null;
  /** UserPromptSubmit `source` (2.1.3xx; may be absent). */
  source?: string | null;
  /** Prompts of the session's own crons, from its last Stop's `session_crons`. */
  ownCrons?: readonly string[];
}

/** The options with the judge the classifier was made with. */
interface Judging extends ClassifyOptions {
  judge: HandoffJudge;
}

/** What the judges say of a text that names no handoff (handoff-precheck.ts): nothing asked. */
const NAMES_NOTHING: HandoffJudgement = { asks: false, request: false, clause: null };

/**
 * Sources that are the session's own wake-ups: ScheduleWakeup (dynamic `/loop`) and a
 * scheduled-task fire (CronCreate). Refusing one froze a worker that was waiting on its own
 * schedule (seed 000). `system` is not here: it also carries peer and teammate messages.
 */
const WAKE_SOURCES = new Set(["loop_wakeup", "schedule_wakeup"]);
/** A host event checked before delivery: refusing it rejects the event (2.1.332's schema text). */
const POLL_EVENT = "poll_event";
/** Sources that say a person or an SDK caller wrote the prompt: a cron's text from them is theirs. */
const AUTHORED_SOURCES = new Set(["user", "sdk"]);

/** Tags the harness puts at the start of prompts it sends by itself. */
const HARNESS_TAG =
  /^(?:task-notification|bash-notification|agent-notification|local-command-[\w-]+|command-[\w-]+|bash-[\w-]+|channel)$/;
/** Harness wrappers whose body may still carry a message from another session. */
const WRAPPER_TAGS = new Set(["system-reminder"]);
/** How other sessions (an orchestrator, a teammate) hand out work. */
const PEER_TAGS = new Set(["cross-session-message", "teammate-message"]);
const PEER_PREFACE = /^Another Claude session sent a message:\s*/;
const PEER_ENVELOPE = /<(cross-session-message|teammate-message)\b([^>]*)>([\s\S]*?)(?:<\/\1\s*>|$)/g;
const SYSTEM_NOTIFICATION = "[SYSTEM NOTIFICATION";

/** Plain-text openings of harness turns. */
const HARNESS_TEXT: readonly [RegExp, string][] = [
  [/^[A-Z][A-Za-z]* hook feedback:/, "hook-feedback"],
  [/^This session is being continued from a previous conversation/, "compact-summary"],
  [/^\[Request interrupted/, "request-interrupted"],
  [/^Base directory for this skill:/, "skill-base-directory"],
];

/** Agent-team protocol messages travel inside <teammate-message> as JSON; they are not work. */
const PROTOCOL_TYPES = new Set([
  "idle_notification",
  "shutdown_request",
  "shutdown_response",
  "shutdown_approved",
  "shutdown_rejected",
  "teammate_terminated",
  "plan_approval_request",
  "plan_approval_response",
  "permission_request",
  "permission_response",
]);

/** Origins of the transcript record that mean the harness wrote the turn. */
const HARNESS_ORIGINS = new Set(["task-notification", "channel", "auto-continuation"]);
const HUMAN_ORIGINS = new Set(["human", "peer", "coordinator"]);

/** Leading whitespace, BOM and zero-width characters are not part of the opening. */
function trimStart(s: string): string {
  return s.replace(/^[\s\uFEFF\u200B]+/, "");
}

function openingTag(t: string): string | null {
  const m = /^<([A-Za-z][\w:.-]*)(?:\s[^>]*)?\/?>/.exec(t);
  return m ? m[1].toLowerCase() : null;
}

/** The text between an opening tag and its closing tag (or the end). */
function body(t: string, tag: string): string {
  const start = t.indexOf(">") + 1;
  const end = t.toLowerCase().lastIndexOf(`</${tag}`);
  return t.slice(start, end > start ? end : t.length);
}

const v = (verdict: PromptKind, envelope: string | null, why: string): PromptVerdict => ({
  verdict,
  envelope,
  why,
});

/** What a body written by a person or another session asks for. */
function classifyRequest(
  text: string,
  envelope: string | null,
  opts: Judging,
): PromptVerdict {
  const from = envelope ? `${envelope} ` : "";
  if (isPassCommand(text, opts.passCommands)) {
    return v("pass-command", envelope, `${from}pass command`.trim());
  }
  const handoff = mayNameHandoff(text) ? opts.judge(text) : NAMES_NOTHING;
  if (handoff.request) return v("handoff", envelope, `${from}handoff request`.trim());
  if (handoff.asks && handoff.clause !== null) {
    // Judged clause by clause (issue 31): one clause asking for other work refuses the whole prompt.
    const where = envelope ? ` in ${envelope}` : "";
    // What decided about that clause (a rule, or the clause model with its heaviest features), for the audit.
    const because = handoff.because ? ` (${handoff.because})` : "";
    const why = `handoff request with other work${where}: "${handoff.clause}"${because}`;
    return { ...v("instruction", envelope, why), otherWork: handoff.clause };
  }
  return v(
    "instruction",
    envelope,
    envelope ? `new instruction in ${envelope}` : "new instruction",
  );
}

function protocolType(text: string): string | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null || !("type" in parsed)) return null;
    return typeof parsed.type === "string" && PROTOCOL_TYPES.has(parsed.type) ? parsed.type : null;
  } catch {
    return null;
  }
}

const RANK: Record<PromptKind, number> = {
  instruction: 4,
  handoff: 3,
  "pass-command": 2,
  harness: 1,
  wakeup: 1,
  "unknown-envelope": 0,
};

/** One or more peer envelopes: the most demanding one decides (one new ticket is enough). */
function classifyPeers(t: string, opts: Judging): PromptVerdict {
  let worst: PromptVerdict | null = null;
  for (const m of t.matchAll(PEER_ENVELOPE)) {
    const tag = m[1].toLowerCase();
    const text = m[3].trim();
    const type = protocolType(text);
    const mark = markOf(text);
    const one = type
      ? v("harness", tag, `${tag} protocol message "${type}"`)
      : mark !== null
      ? v("harness", mark, `vigil's own text "${mark}" in ${tag}`)
      : classifyRequest(text, tag, opts);
    if (!worst || RANK[one.verdict] > RANK[worst.verdict]) worst = one;
  }
  return worst ?? classifyRequest(t, "cross-session-message", opts);
}

/** Inside a harness wrapper only a peer envelope is anyone's request; the rest is the harness's. */
function unwrap(
  inner: string,
  wrapper: string,
  opts: Judging,
  depth: number,
): PromptVerdict {
  if (inner.trim() === "") return v("harness", wrapper, `harness envelope "${wrapper}"`);
  const r = classify(inner, opts, depth + 1, true);
  if (r.verdict === "harness") return v("harness", r.envelope ?? wrapper, `${r.why} in ${wrapper}`);
  return { ...r, why: `${r.why} in ${wrapper}` };
}

function classify(
  raw: string,
  opts: Judging,
  depth: number,
  wrapped: boolean,
): PromptVerdict {
  const t = trimStart(raw);
  if (t === "") return v("harness", null, "empty prompt");
  if (t.startsWith(SYSTEM_NOTIFICATION)) {
    const at = t.indexOf("\n<");
    const inner = at >= 0 && depth < 4 ? t.slice(at + 1) : "";
    return unwrap(inner, "system-notification", opts, depth);
  }
  for (const [re, name] of HARNESS_TEXT) {
    if (re.test(t)) return v("harness", name, `harness text "${name}"`);
  }
  const mark = markOf(t);
  if (mark !== null) return v("harness", mark, `vigil's own text "${mark}"`);
  const peer = PEER_PREFACE.exec(t);
  if (peer) return classifyPeers(t.slice(peer[0].length), opts);
  const tag = openingTag(t);
  if (tag !== null) {
    if (PEER_TAGS.has(tag)) return classifyPeers(t, opts);
    if (WRAPPER_TAGS.has(tag)) return unwrap(depth < 4 ? body(t, tag) : "", tag, opts, depth);
    if (HARNESS_TAG.test(tag)) return v("harness", tag, `harness envelope "${tag}"`);
    if (wrapped) return v("harness", tag, `tag "${tag}"`);
    return v("unknown-envelope", tag, `unknown envelope "${tag}"`);
  }
  if (wrapped) return v("harness", null, "harness text");
  return classifyRequest(t, null, opts);
}

/** The hint counts only when it is provably this prompt's record: it may still be the last one. */
function applyHint(
  r: PromptVerdict,
  prompt: string,
  hint: PromptHint | null | undefined,
): PromptVerdict {
  if (!hint || hint.text === null || hint.text.trim() !== prompt.trim()) return r;
  const marker = `origin "${hint.originKind ?? "-"}", source "${hint.promptSource ?? "-"}"`;
  const harness = hint.isMeta || hint.promptSource === "system" ||
    (hint.originKind !== null && HARNESS_ORIGINS.has(hint.originKind));
  const human = hint.promptSource === "typed" ||
    (hint.originKind !== null && HUMAN_ORIGINS.has(hint.originKind));
  if (r.verdict === "instruction" && r.envelope === null && harness) {
    return v("harness", null, `transcript marks it as harness (${marker})`);
  }
  if (r.verdict === "unknown-envelope" && human && !harness) {
    return v("instruction", r.envelope, `typed text opening with "<${r.envelope}>" (${marker})`);
  }
  return r;
}

/** A wake-up the session scheduled itself, by `source`, or by its own cron's exact prompt. */
function wakeup(prompt: string, opts: ClassifyOptions): PromptVerdict | null {
  const source = opts.source ?? null;
  if (source !== null && WAKE_SOURCES.has(source)) return v("wakeup", null, `wake-up (source "${source}")`);
  if (source === POLL_EVENT) return v("harness", null, `harness event (source "${source}")`);
  if (source !== null && AUTHORED_SOURCES.has(source)) return null;
  const text = prompt.trim();
  if (text !== "" && (opts.ownCrons ?? []).some((c) => c.trim() === text)) {
    return v("wakeup", null, `the session's own cron prompt (source "${source ?? "-"}")`);
  }
  return null;
}

/** The classifier of UserPromptSubmit prompts with these judges. Pure; the hint is the transcript's newest user record. */
export function classifyWith(judge: HandoffJudge): (prompt: string, opts: ClassifyOptions) => PromptVerdict {
  return (prompt, opts) =>
    wakeup(prompt, opts) ?? applyHint(classify(prompt, { ...opts, judge }, 0, false), prompt, opts.hint);
}

/**
 * Whether classifying this prompt may ask the handoff judges, whatever the options: some text it would judge (the
 * prompt, or a peer envelope's body) may name the handoff. The texts judged depend on the prompt alone (the pass
 * commands only answer first, the hint and the wake-up after or instead), so false means no options make it ask.
 */
export function mayAskHandoff(prompt: string): boolean {
  let asked = false;
  const judge = () => ((asked = true), NAMES_NOTHING);
  classify(prompt, { passCommands: [], judge }, 0, false);
  return asked;
}

/** The classifier for a prompt that asks no judge (`mayAskHandoff` false): the judges are not loaded. */
export const classifyNamingNothing: (prompt: string, opts: ClassifyOptions) => PromptVerdict = classifyWith(() => {
  throw new Error("the handoff judges were not loaded for a prompt that may name the handoff");
});
