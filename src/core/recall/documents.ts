/**
 * What `vigil recall` indexes from one transcript record: the words a person or the model
 * would want back after a compaction (prompts, assistant text, tool calls and results, the
 * compaction summary, and what the harness injected as user text, such as Stop hook feedback).
 * Bookkeeping records (api-request blobs, attachments, hook summaries,
 * titles) and thinking blocks are skipped; `compact_boundary` only advances the epoch.
 */
import { isObject, type Json, type JsonObject, obj, str } from "../payload.ts";

/** What a document is; `tool_use` bodies start with the tool name. */
export type DocKind = "prompt" | "assistant" | "tool_use" | "tool_result" | "summary";

/** One searchable piece of a record. A record may yield several (one per content block). */
export interface RecallDoc {
  /** Byte offset of the record's line in the transcript. */
  offset: number;
  uuid: string | null;
  /** The record's ISO 8601 timestamp, as written. */
  at: string | null;
  kind: DocKind;
  /** The tool's name, for `tool_use`. */
  tool: string | null;
  /** Compaction epoch: how many `compact_boundary` records came before this one. */
  epoch: number;
  body: string;
}

// Colour and cursor codes in tool output are not words; left in, "[2mCompacted" hides "Compacted".
// deno-lint-ignore no-control-regex -- matching the escape byte is the point
const ANSI = /\x1b\[[0-9;?]*[ -\/]*[@-~]/g;

/** Characters kept from each end of a long body; the middle of a huge tool result is dropped. */
export const SIDE_CHARS = 8192;

/** A record's documents, and whether the record is a compaction boundary (the next epoch starts after it). */
export function recordDocs(
  rec: unknown,
  at: { offset: number; epoch: number },
): { docs: RecallDoc[]; boundary: boolean } {
  const { offset, epoch } = at;
  if (!isObject(rec)) return { docs: [], boundary: false };
  if (rec.type === "system") return { docs: [], boundary: rec.subtype === "compact_boundary" };
  const base = { offset, uuid: str(rec, "uuid"), at: str(rec, "timestamp"), epoch, tool: null };
  const docs: RecallDoc[] = [];
  const add = (kind: DocKind, body: string, tool: string | null = null) => {
    const text = clip(body.replace(ANSI, "").trim());
    if (text) docs.push({ ...base, kind, tool, body: text });
  };
  const content = obj(rec, "message")?.content;
  if (rec.type === "user") {
    if (rec.isCompactSummary === true) add("summary", textOf(content));
    else if (typeof content === "string") add("prompt", content);
    else {
      for (const b of blocks(content)) {
        if (b.type === "text") add("prompt", str(b, "text") ?? "");
        else if (b.type === "tool_result") add("tool_result", textOf(b.content));
      }
    }
  } else if (rec.type === "assistant") {
    if (typeof content === "string") add("assistant", content);
    for (const b of blocks(content)) {
      if (b.type === "text") add("assistant", str(b, "text") ?? "");
      else if (b.type === "tool_use") {
        const name = str(b, "name") ?? "tool";
        add("tool_use", `${name}\n${flatten(b.input)}`, name);
      }
    }
  }
  return { docs, boundary: false };
}

function blocks(content: Json | undefined): JsonObject[] {
  return Array.isArray(content) ? content.filter(isObject) : [];
}

/** Text of a string or of the text blocks in a block list (images and documents carry none). */
function textOf(content: Json | undefined): string {
  if (typeof content === "string") return content;
  return blocks(content).map((b) => str(b, "text") ?? "").filter(Boolean).join("\n");
}

/** Tool input as `key: value` lines, strings raw, so multi-line commands stay searchable as written. */
function flatten(input: Json | undefined): string {
  if (!isObject(input)) return typeof input === "string" ? input : JSON.stringify(input ?? null);
  return Object.entries(input)
    .map(([k, v]) => `${k}: ${typeof v === "string" ? clip(v) : JSON.stringify(v)}`)
    .join("\n");
}

/** Keep the first and last SIDE_CHARS of a long text: errors sit at the end of a log, commands at its start. */
export function clip(text: string, side = SIDE_CHARS): string {
  if (text.length <= side * 2 + 64) return text;
  const head = text.slice(0, cut(text, side));
  const tail = text.slice(cut(text, text.length - side));
  return `${head}\n… [${text.length - head.length - tail.length} characters omitted] …\n${tail}`;
}

// Never split a surrogate pair: a lone half would not survive the trip through UTF-8.
function cut(text: string, at: number): number {
  const c = text.charCodeAt(at);
  return c >= 0xdc00 && c <= 0xdfff ? at + 1 : at;
}
