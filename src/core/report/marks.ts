/**
 * What an audit event means in a report: a category, a one-line label and the few numbers
 * worth keeping. Each declared kind (core/audit-kinds.ts) has its reader; rows of older
 * versions are read by an explicit table of old names, and any other kind is listed as
 * itself rather than dropped.
 */
import { EV } from "../claude-events.ts";
import { type AuditKind, isAuditKind } from "../audit-kinds.ts";
import { measuredPhrase } from "../messages/format.ts";
import { isObject, type JsonObject } from "../payload.ts";
import { duration } from "./time.ts";

export const CATEGORIES = [
  "limit",
  "notice",
  "refuse",
  "deny",
  "stop_block",
  "compaction",
  "restore",
  "stale",
  "down",
  "restart",
  "nudge",
  "notify",
  "wake",
  "error",
  "other",
] as const;
export type Category = typeof CATEGORIES[number];

/** Zero for every category, so the JSON always has every key. */
export function emptyCounts(): Record<Category, number> {
  return { ...ZERO };
}

const ZERO: Record<Category, number> = {
  limit: 0,
  notice: 0,
  refuse: 0,
  deny: 0,
  stop_block: 0,
  compaction: 0,
  restore: 0,
  stale: 0,
  down: 0,
  restart: 0,
  nudge: 0,
  notify: 0,
  wake: 0,
  error: 0,
  other: 0,
};

/** A point on a session's timeline. */
export interface Mark {
  at: number;
  category: Category;
  kind: string;
  label: string;
  /** Numbers and names the JSON report keeps (rule, pattern, tokens, delay_ms, gap_ms, waker). */
  facts: Record<string, string | number | null>;
  /** Derived from a summary record (`hook`, a machine effect): dropped when a specific one exists. */
  weak: boolean;
  /** The category of the specific record that replaces a weak mark. */
  yieldsTo: Category;
}

type Draft = Omit<Mark, "at" | "kind" | "weak" | "yieldsTo"> & { weak?: boolean; yieldsTo?: Category };

const n = (d: JsonObject, ...keys: string[]): number | null => {
  for (const k of keys) if (typeof d[k] === "number") return d[k];
  return null;
};
const s = (d: JsonObject, ...keys: string[]): string | null => {
  for (const k of keys) if (typeof d[k] === "string") return d[k];
  return null;
};

/** Milliseconds between a recorded earlier moment (ms or ISO) and the event. */
function since(d: JsonObject, at: number, keys: string[]): number | null {
  for (const k of keys) {
    const v = d[k];
    const t = typeof v === "number" ? v : typeof v === "string" ? Date.parse(v) : NaN;
    if (Number.isFinite(t) && t <= at) return at - t;
  }
  return null;
}

const DELAY_KEYS = ["delay_ms", "detection_delay_ms", "detected_after_ms", "delayMs", "detectionDelayMs"];
const LAST_SEEN_KEYS = ["last_seen", "lastSeen", "last_alive", "lastAlive", "last_activity", "lastActivity"];

/**
 * The measured size and the estimate, each under its own name: a label that calls the estimate
 * "tokens" tells a reader 310,005 were measured where 310,000 were.
 */
function sized(d: JsonObject): { tokens: number | null; estimate: number | null; phrase: string } {
  const tokens = n(d, "tokens"), estimate = n(d, "estimate");
  return { tokens, estimate, phrase: measuredPhrase("en", { tokens, estimate }) };
}

function decision(d: JsonObject): Draft | null {
  const rule = s(d, "rule");
  const { tokens, estimate, phrase } = sized(d);
  const facts = { rule, tokens, estimate, limit: n(d, "limit") };
  const what = s(d, "tool") ?? s(d, "event") ?? "call";
  switch (s(d, "decision")) {
    case "notice":
      return { category: "notice", label: `SOFT notice sent at ${phrase}`, facts };
    case "refuse":
      return { category: "refuse", label: `prompt refused at ${phrase} (${rule})`, facts };
    case "deny":
      return { category: "deny", label: `${what} denied at ${phrase} (${rule})`, facts };
    default:
      return null;
  }
}

/**
 * The only `hook` summaries that mark anything: the decisions below. Every other `hook` row
 * (nine in ten of a busy log) only counts as activity, so the store leaves it out of what it
 * reads for marks (edge/store/report-reads.ts).
 */
export const MARKING_HOOK_DECISIONS = ["deny", "block"] as const;

/** The `hook` summary of one call: only its decision matters here, and only as a fallback. */
function hookDecision(d: JsonObject): Draft | null {
  const event = s(d, "event") ?? "";
  const rule = s(d, "rule");
  const facts = { rule, tokens: n(d, "estimate", "tokens") };
  const kind = s(d, "decision");
  if (!MARKING_HOOK_DECISIONS.some((m) => m === kind)) return null;
  if (kind === "deny") {
    return { category: "deny", label: `${s(d, "tool") ?? event} denied (${rule})`, facts, weak: true };
  }
  if (event === EV.Stop || event === EV.SubagentStop) {
    return { category: "stop_block", label: `Stop blocked (${rule})`, facts, weak: true };
  }
  const category = event === EV.UserPromptSubmit ? "refuse" : "deny";
  return { category, label: `${event} blocked (${rule})`, facts, weak: true };
}

function liveness(category: "down" | "stale", d: JsonObject, at: number, weak: boolean): Draft {
  const delay = n(d, ...DELAY_KEYS) ?? since(d, at, LAST_SEEN_KEYS);
  const idle = n(d, "idle_ms", "idleMs");
  const parts = [category === "down" ? "DOWN" : "STALE"];
  if (idle !== null) parts.push(`idle ${duration(idle)}`);
  if (delay !== null) parts.push(`detected after ${duration(delay)}`);
  const reason = s(d, "reason", "verdict");
  if (reason) parts.push(reason);
  return { category, label: parts.join(", "), facts: { delay_ms: delay, idle_ms: idle, reason }, weak };
}

/** A restart or nudge record: held ones (`skipped` names why) are not counted as done. */
function intervention(what: "restart" | "nudge", d: JsonObject): Draft {
  const skipped = s(d, "skipped");
  if (skipped) return { category: "other", label: `${what} held: ${skipped}`, facts: { skipped } };
  const result = s(d, "result", "outcome") ?? (d.ok === true ? "ok" : d.ok === false ? "failed" : null);
  const via = s(d, "via");
  const label = what === "nudge"
    ? `nudged${via ? ` via ${via}` : ""}${result && result !== "ok" ? ` (${result})` : ""}`
    : `restart${result ? ` (${result})` : ""}`;
  return { category: what, label, facts: what === "restart" ? { result } : { via } };
}

/** Who an Interrupt's `source` names. */
const INTERRUPTED_BY: Readonly<Record<string, string>> = {
  user: "a person",
  session: "another session",
  system: "the system",
};

/** What one kind of record marks, from its detail and time (null: nothing, e.g. bands only). */
type Reader = (d: JsonObject, at: number) => Draft | null;

const restartCheck: Reader = (d) => {
  const grew = d.grew === true;
  const after = n(d, "afterMs", "after_ms");
  const label = `after the restart the transcript ${grew ? `grew (${duration(after ?? 0)} later)` : "did not grow"}`;
  return { category: "other", label, facts: { grew: grew ? 1 : 0, after_ms: after } };
};

const wake: Reader = (d) => {
  const gap = n(d, "gap_ms", "gapMs", "idle_ms", "idleMs");
  const waker = s(d, "waker", "by") ?? "unknown";
  const label = `idle ${gap === null ? "?" : duration(gap)}, woken by ${waker}`;
  return { category: "wake", label, facts: { gap_ms: gap, waker } };
};

/**
 * Every kind this version writes (core/audit-kinds.ts) and what it marks: a `Record`, so a
 * kind added there without a line here fails the type check.
 */
export const KIND_READERS: Record<AuditKind, Reader> = {
  hook: hookDecision,
  hook_error: (d) => ({ category: "error", label: `hook error: ${s(d, "error") ?? "?"}`, facts: {} }),
  // Bands, not marks (model.ts spansOf).
  state: () => null,
  machine_migrated: (d) => ({
    category: "other",
    label: `session state migrated${s(d, "detail") ? `: ${s(d, "detail")}` : ""}`,
    facts: {},
  }),
  limit_crossed: (d) => {
    const limit = (s(d, "limit") ?? "?").toUpperCase();
    const { tokens, estimate, phrase } = sized(d);
    return { category: "limit", label: `${limit} limit crossed at ${phrase}`, facts: { limit, tokens, estimate } };
  },
  compaction_started: (d) => ({
    category: "compaction",
    label: "compaction started",
    facts: { trigger: s(d, "trigger") },
  }),
  // The machine gave up waiting for a compaction that did not come: not a second compaction
  // (a /^compact/ alias once counted it as one).
  compaction_abandoned: () => ({ category: "other", label: "compaction abandoned", facts: {} }),
  restore_due: () => ({ category: "compaction", label: "compacted, restore due", facts: {} }),
  // The stall the watch found, with what it saw (older rows: a bare machine effect beside the
  // watch's own `stale`, which it yields to).
  stalled: (d, at) => liveness("stale", d, at, n(d, "idleMs") === null),
  revived: () => null,
  // A death the watch found (`by: "watch"`, older rows: its `down`), or a normal end by a hook.
  died: (d, at) =>
    s(d, "by") === "watch" ? liveness("down", d, at, false) : {
      category: "other",
      label: `ended: ${s(d, "reason") ?? "?"}`,
      facts: {},
      weak: true,
      yieldsTo: "down",
    },
  interrupted: (d) => {
    const by = INTERRUPTED_BY[s(d, "source") ?? ""] ?? "someone";
    return { category: "other", label: `turn stopped by ${by} (${s(d, "reason") ?? "?"})`, facts: { by } };
  },
  guard: decision,
  continuity: (d) => {
    const action = s(d, "action") ?? "?";
    const via = s(d, "via");
    const restored = action === "restored" || action === "injected" || action === "delivered";
    const label = `${restored ? "restore delivered" : `continuity ${action}`}${via ? ` (${via})` : ""}`;
    return { category: restored ? "restore" : "other", label, facts: { action, via } };
  },
  stop_gate: (d) => {
    if (s(d, "decision") !== "block") return null;
    const pattern = s(d, "pattern");
    const excerpt = s(d, "excerpt");
    const label = `Stop blocked: ${pattern ?? s(d, "gate") ?? "?"}${excerpt ? ` "${excerpt.slice(0, 80)}"` : ""}`;
    return { category: "stop_block", label, facts: { gate: s(d, "gate"), pattern, lang: s(d, "lang"), excerpt } };
  },
  unknown_envelope: (d) => ({ category: "other", label: `unknown prompt envelope ${s(d, "tag") ?? "?"}`, facts: {} }),
  // Session-less (the watch's and the night's own records): counted per kind, never marks.
  watch_pass: () => null,
  night: () => null,
  wake,
  // Whether the session resumed after an intervention: the intervention itself is its own mark.
  followup: (d) => {
    const what = s(d, "intervention") ?? "intervention";
    const after = n(d, "afterMs");
    const label = d.resumed === true
      ? `resumed after the ${what.replace("_", " ")} (${duration(after ?? 0)} later)`
      : `did not resume after the ${what.replace("_", " ")}`;
    // The record that settled it, so a reader can open the transcript at it.
    return {
      category: "other",
      label,
      facts: { intervention: what, after_ms: after, proof: s(d, "proof"), proof_uuid: s(d, "proofUuid") },
    };
  },
  // One restart is one `restart` record; a held one (`skipped`) did not happen. The watch's
  // later `restart_check` is the follow-up of the same restart: it once counted as a second.
  nudge: (d) => intervention("nudge", d),
  // The transcript's answer to a nudge, not a second nudge (a /^nudge/ alias counted it).
  nudge_receipt: (d) => {
    const sent = n(d, "sentAt"), first = n(d, "firstRecordAt");
    const after = sent === null || first === null ? "?" : duration(Math.max(0, first - sent));
    return { category: "other", label: `nudge answered after ${after} (${s(d, "via") ?? "?"})`, facts: {} };
  },
  restart: (d) => intervention("restart", d),
  restart_check: restartCheck,
  // Someone was told only if a notifier sent it; a notification nobody received is listed,
  // not counted (a /^notif/ alias counted every attempt).
  notify: (d) => {
    const about = s(d, "about");
    const outcomes = Array.isArray(d.outcomes) ? d.outcomes : [];
    const sent = outcomes.some((o) => isObject(o) && o.result === "sent");
    const what = about ? ` (${about})` : "";
    return sent
      ? { category: "notify", label: `notified${what}`, facts: { about } }
      : { category: "other", label: `not notified${what}: ${s(d, "note") ?? "no notifier sent it"}`, facts: { about } };
  },
  store_recovered: (d) => ({ category: "error", label: `database recovered: ${s(d, "error") ?? "?"}`, facts: {} }),
};

/**
 * Kinds no longer written that the report still reads as it did: spellings it accepted
 * before kinds were a closed set (by prefix then; each by name now). Any other kind not in
 * the set is listed as itself (category `other`), never guessed from its name.
 */
const OLD_KINDS: ReadonlyMap<string, Reader> = new Map<string, Reader>([
  // The watch's own records of a stall and a death until round 13 (now the machine's `stalled`
  // and `died`, with what the watch saw).
  ["stale", (d, at) => liveness("stale", d, at, false)],
  ["down", (d, at) => liveness("down", d, at, false)],
  ["restarted", (d) => intervention("restart", d)],
  ["nudge_sent", (d) => intervention("nudge", d)],
  ["nudged", (d) => intervention("nudge", d)],
  [
    "notification",
    (d) => ({ category: "notify", label: `notified ${s(d, "target", "kind") ?? ""}`.trim(), facts: {} }),
  ],
  ["woke", wake],
  ["idle_gap", wake],
  ["restored", () => ({ category: "restore", label: "restored", facts: {} })],
  ["restore_verified", () => ({ category: "restore", label: "restore verified", facts: {} })],
  ["compaction_finished", () => ({ category: "compaction", label: "compaction finished", facts: {} })],
]);

/** Parse an events-table `detail` column; anything but an object becomes `{}`. */
export function parseDetail(text: string): JsonObject {
  try {
    const v: unknown = JSON.parse(text);
    return isObject(v) ? v : {};
  } catch {
    return {};
  }
}

/** The mark an event puts on a timeline, or null when it only feeds the state bands. */
export function markOf(kind: string, detail: JsonObject, at: number): Mark | null {
  const read = isAuditKind(kind) ? KIND_READERS[kind] : OLD_KINDS.get(kind);
  const draft = read ? read(detail, at) : { category: "other" as const, label: generic(kind, detail), facts: {} };
  return draft ? { at, kind, ...draft, weak: draft.weak ?? false, yieldsTo: draft.yieldsTo ?? draft.category } : null;
}

/** An unknown kind: its name and its first few scalar fields. */
function generic(kind: string, d: JsonObject): string {
  const fields = Object.entries(d)
    .filter(([, v]) => typeof v === "string" || typeof v === "number" || typeof v === "boolean")
    .slice(0, 3)
    .map(([k, v]) => `${k}=${String(v).slice(0, 40)}`);
  return [kind.replace(/_/g, " "), ...fields].join(" ");
}
