/**
 * The two kinds of real assistant text the evaluation uses, found in a Claude Code transcript:
 * text written immediately before a tool call (the model announcing what it does next, and then
 * doing it) and the last text of a turn (what a Stop hook would judge). A transcript is the
 * JSONL file Claude Code writes, or the same records as one JSON array (hook templates that copy
 * the transcript to `logs/chat.json`). Only the main chain counts: sidechain (subagent) records,
 * meta records and synthetic messages are skipped.
 */
import { isObject, type Json, type JsonObject } from "../../src/core/payload.ts";

export type ItemKind = "pre-tool" | "end-turn";

/** One text the evaluation can judge, and where it is in its transcript. */
export interface Item {
  kind: ItemKind;
  /** The record's `uuid`, or `line:N` (1-based) when the record has none. */
  record: string;
  /** Index of the text block inside the record's `message.content`. */
  block: number;
  text: string;
}

interface Block {
  record: string;
  block: number;
  type: string;
  text: string;
  messageId: string | null;
}

type Step = { who: "assistant"; b: Block } | { who: "prompt" } | { who: "tool-result" } | { who: "break" };

/** Records of a transcript: JSONL lines or one JSON array; unparsable lines become null. */
export function parseRecords(text: string): (JsonObject | null)[] {
  const trimmed = text.trim();
  if (trimmed.startsWith("[")) {
    try {
      const all: unknown = JSON.parse(trimmed);
      return Array.isArray(all) ? all.map((r) => (isObject(r) ? r : null)) : [];
    } catch {
      return [];
    }
  }
  return text.split("\n").map((line) => {
    try {
      const r: unknown = JSON.parse(line);
      return isObject(r) ? r : null;
    } catch {
      return null;
    }
  });
}

function contentOf(message: JsonObject): Json[] {
  const c = message.content;
  if (typeof c === "string") return [{ type: "text", text: c }];
  return Array.isArray(c) ? c : [];
}

/**
 * Claude Code's marker for a turn the user interrupted. No Stop hook runs for such a turn, and
 * a compaction summary can land mid-turn, so the text before either is neither kind of item.
 */
const INTERRUPTED = "[Request interrupted by user";

function firstText(c: Json[]): string {
  const b = c.find((x) => isObject(x) && x.type === "text");
  return isObject(b) && typeof b.text === "string" ? b.text : "";
}

function userStep(r: JsonObject): Step | null {
  if (r.isMeta === true || !isObject(r.message)) return null;
  const c = r.message.content;
  const text = typeof c === "string" ? c : Array.isArray(c) ? firstText(c) : "";
  if (text.startsWith(INTERRUPTED) || r.isCompactSummary === true) return { who: "break" };
  if (typeof c === "string") return { who: "prompt" };
  if (!Array.isArray(c)) return null;
  return c.some((b) => isObject(b) && b.type === "tool_result") ? { who: "tool-result" } : { who: "prompt" };
}

/** The main-chain steps of a transcript, in order: assistant blocks, prompts, tool results. */
function steps(records: (JsonObject | null)[]): Step[] {
  const out: Step[] = [];
  records.forEach((r, i) => {
    if (r === null || r.isSidechain === true) return;
    const record = typeof r.uuid === "string" ? r.uuid : `line:${i + 1}`;
    if (r.type === "assistant" && isObject(r.message)) {
      const m = r.message;
      if (m.model === "<synthetic>" || r.isApiErrorMessage === true) return;
      const messageId = typeof m.id === "string" ? m.id : null;
      contentOf(m).forEach((b, block) => {
        if (!isObject(b) || typeof b.type !== "string") return;
        const text = typeof b.text === "string" ? b.text : "";
        out.push({ who: "assistant", b: { record, block, type: b.type, text, messageId } });
      });
    } else if (r.type === "user") {
      const step = userStep(r);
      if (step) out.push(step);
    }
  });
  return out;
}

const THINKING = new Set(["thinking", "redacted_thinking"]);

/** The step that follows `i`, skipping thinking blocks. */
function nextStep(all: Step[], i: number): Step | null {
  for (let j = i + 1; j < all.length; j++) {
    const s = all[j];
    if (s.who === "assistant" && THINKING.has(s.b.type)) continue;
    return s;
  }
  return null;
}

/**
 * Every pre-tool text and every end-of-turn text of a transcript. An end-of-turn item is the
 * message's text blocks joined (as the Stop hook's facts join them), referenced by its last
 * text block; a turn whose transcript stops mid-stream is still counted, because the files
 * are written at Stop.
 */
export function findItems(records: (JsonObject | null)[]): Item[] {
  const all = steps(records);
  const items: Item[] = [];
  all.forEach((s, i) => {
    if (s.who !== "assistant" || s.b.type !== "text" || s.b.text.trim() === "") return;
    const next = nextStep(all, i);
    if (next?.who === "assistant" && next.b.type === "tool_use") {
      items.push({ kind: "pre-tool", record: s.b.record, block: s.b.block, text: s.b.text });
    } else if (next === null || next.who === "prompt") {
      items.push({ kind: "end-turn", record: s.b.record, block: s.b.block, text: messageText(all, i, s.b) });
    }
  });
  return items;
}

/** The text blocks of the message that `last` (step `i`) belongs to, up to and including it. */
function messageText(all: Step[], i: number, last: Block): string {
  const texts: string[] = [];
  for (let j = i; j >= 0; j--) {
    const s = all[j];
    if (s.who !== "assistant") break;
    const sameMessage = last.messageId === null ? j === i : s.b.messageId === last.messageId;
    if (!sameMessage) break;
    if (s.b.type === "text" && s.b.text.trim() !== "") texts.unshift(s.b.text);
  }
  return texts.join("\n");
}
