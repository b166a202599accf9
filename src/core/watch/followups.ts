/**
 * "Did it close?" (product.md section 7, seed 004): an intervention resumed work only when the
 * session did work after it. Work is a main-chain assistant record with a tool call, or (after
 * a notification, which asks a person) a model answer; Claude Code's bookkeeping around a
 * block or a delivery (the `hook_blocking_error` attachment, `stop_hook_summary`, the isMeta
 * Stop hook feedback, `queue-operation`, `progress`) is never work. Closing on the first
 * record after the intervention counted a push answered with words as "work resumed": the
 * feedback record Claude Code writes for the block itself closed it. Pure.
 */
import { isObject, type JsonObject, obj, str } from "../payload.ts";
import { isTurnEnd } from "../wake.ts";
import type { OpenIntervention } from "./memo.ts";
import type { AuditRecord } from "../audit-details.ts";

const DAY = 86_400_000;

/**
 * What one main-chain assistant record proves: a tool call; a model answer that went on (text
 * in a turn not over); or a turn that ended with words only.
 */
export type SignKind = "tool_call" | "answer" | "words_only";

/** One record that says whether work followed an intervention. */
export interface WorkSign {
  at: number;
  uuid: string | null;
  sign: SignKind;
}

/** A model answer Claude Code wrote itself (an API error's stand-in) is no answer. */
const SYNTHETIC = "<synthetic>";

function timeOf(r: JsonObject): number | null {
  const ts = str(r, "timestamp");
  const t = ts === null ? NaN : Date.parse(ts);
  return Number.isFinite(t) ? t : null;
}

function hasToolCall(r: JsonObject): boolean {
  const content = obj(r, "message")?.content;
  return Array.isArray(content) && content.some((b) => isObject(b) && b.type === "tool_use");
}

/**
 * The signs of work in records (file order): only main-chain assistant records from the model
 * count. A reply split over records (one `message.id`) that ends the turn without a tool call
 * is one `words_only` sign at its last record, so its time is the end the wake reader keeps.
 */
export function workSigns(records: readonly JsonObject[]): WorkSign[] {
  const out: WorkSign[] = [];
  for (let i = 0; i < records.length; i++) {
    const r = records[i];
    if (r.type !== "assistant" || r.isSidechain === true) continue;
    const msg = obj(r, "message");
    if (str(msg ?? {}, "model") === SYNTHETIC) continue;
    const at = timeOf(r);
    if (at === null) continue;
    const uuid = str(r, "uuid");
    if (hasToolCall(r)) {
      out.push({ at, uuid, sign: "tool_call" });
      continue;
    }
    if (!isTurnEnd(r)) {
      out.push({ at, uuid, sign: "answer" });
      continue;
    }
    const id = str(msg ?? {}, "id");
    let end = i;
    while (
      id !== null && end + 1 < records.length && isTurnEnd(records[end + 1]) &&
      str(obj(records[end + 1], "message") ?? {}, "id") === id && !hasToolCall(records[end + 1])
    ) end++;
    const last = records[end];
    out.push({ at: timeOf(last) ?? at, uuid: str(last, "uuid") ?? uuid, sign: "words_only" });
    i = end;
  }
  return out;
}

/** How an intervention closed: the sign that proved it, or null while none came. */
export function verdictOf(o: OpenIntervention, signs: readonly WorkSign[]): WorkSign | null {
  for (const s of signs) {
    if (s.at <= o.at) continue;
    if (s.sign === "tool_call") return s;
    // A notification asks a person: the model's answer to what they then typed is the action.
    if (o.kind === "notify") return s;
    // A push (a Stop block, a nudge, a restart's prompt) asked for work: words are not work,
    // and a turn ended with words only answered it without any.
    if (s.sign === "words_only") return s;
  }
  return null;
}

/** A push answered with words only: the end of that turn, which nothing has followed yet. */
export interface QuietAnswer {
  kind: OpenIntervention["kind"];
  /** End time of the turn that answered it (the wake reader's pending turn while nothing follows). */
  endAt: number;
}

/**
 * Interventions answered since the last pass get a `followup`: resumed with the record that
 * proved work and the time from the intervention to it, or not resumed with the words-only
 * turn that answered it. `signs` null means the appended records were not read: nothing is
 * judged (growth alone is no evidence). Those a day old with no answer close as not resumed.
 * `quiet` is the newest push answered with words only, for the nudge's progress breaker.
 */
export function followUps(
  open: readonly OpenIntervention[],
  signs: readonly WorkSign[] | null,
  now: number,
): { open: OpenIntervention[]; events: AuditRecord[]; quiet: QuietAnswer | null } {
  const keep: OpenIntervention[] = [], events: AuditRecord[] = [];
  let quiet: QuietAnswer | null = null;
  for (const o of open) {
    const s = signs === null ? null : verdictOf(o, signs);
    const base = { intervention: o.kind, interventionAt: o.at };
    if (s !== null && (s.sign !== "words_only" || o.kind === "notify")) {
      events.push({
        kind: "followup",
        detail: {
          ...base,
          resumed: true,
          resumedAt: s.at,
          afterMs: s.at - o.at,
          proof: s.sign,
          proofUuid: s.uuid,
          proofAt: s.at,
        },
      });
    } else if (s !== null) {
      events.push({
        kind: "followup",
        detail: {
          ...base,
          resumed: false,
          resumedAt: null,
          afterMs: null,
          proof: s.sign,
          proofUuid: s.uuid,
          proofAt: s.at,
        },
      });
      if (quiet === null || s.at > quiet.endAt) quiet = { kind: o.kind, endAt: s.at };
    } else if (now - o.at > DAY) {
      events.push({ kind: "followup", detail: { ...base, resumed: false, resumedAt: null, afterMs: null } });
    } else keep.push(o);
  }
  return { open: keep, events, quiet };
}
