/**
 * What one transcript record means for the context size (contract doc, Part A "Transcript";
 * claude-code-versions.md section 3). Only main-chain records count: subagent records
 * (`isSidechain: true`) have their own context.
 */
import { isObject, type JsonObject, obj, str } from "../payload.ts";

/** A record that moves the meter. Everything else (bookkeeping, sidechain) is skipped. */
export type MeterRecord =
  /** A real response: its usage is the context size. One record per content block. */
  | { kind: "assistant"; id: string; tokens: number; output: number; model?: string }
  /** A compaction: the context restarts from `postTokens` (absent before 2.1.2xx). */
  | { kind: "boundary"; postTokens: number | null }
  /** The compaction summary (`isCompactSummary`), in bytes of model-visible text. */
  | { kind: "summary"; bytes: number }
  /** Text that reaches the model with the next request: prompts, tool results, attachments. */
  | { kind: "growth"; bytes: number };

/**
 * Bytes charged for an image or document block. Its base64 size says nothing about its
 * tokens (the API caps an image near 1,600 tokens); this is that cap at ~3 bytes per token.
 */
export const MEDIA_BYTES = 4800;

/** Classify one parsed record, or null when it does not affect the context size. */
export function classify(v: unknown): MeterRecord | null {
  if (!isObject(v) || v.isSidechain === true) return null;
  switch (v.type) {
    case "assistant":
      return assistant(v);
    case "system":
      return v.subtype === "compact_boundary" ? boundary(v) : null;
    case "user": {
      const m = obj(v, "message");
      const bytes = m ? contentBytes(m.content) : 0;
      return v.isCompactSummary === true ? { kind: "summary", bytes } : { kind: "growth", bytes };
    }
    case "attachment":
      // Only attachments with `rendered` text reach the model (2.1.2xx+); the rest are bookkeeping.
      return { kind: "growth", bytes: contentBytes(v.rendered) };
    default:
      return null;
  }
}

function count(v: unknown): number {
  return typeof v === "number" && Number.isFinite(v) && v > 0 ? v : 0;
}

function assistant(v: JsonObject): MeterRecord | null {
  // API errors are written as assistant records: flagged, `<synthetic>`, or with zero usage.
  if (v.isApiErrorMessage === true) return null;
  const m = obj(v, "message");
  if (!m || m.model === "<synthetic>") return null;
  const u = obj(m, "usage");
  if (!u) return null;
  const tokens = count(u.input_tokens) + count(u.cache_creation_input_tokens) +
    count(u.cache_read_input_tokens);
  if (tokens === 0) return null;
  const model = str(m, "model");
  const base = { kind: "assistant" as const, id: str(m, "id") ?? "", tokens, output: count(u.output_tokens) };
  // The model names the window of a headless session, where no statusLine reports it.
  return model ? { ...base, model } : base;
}

function boundary(v: JsonObject): MeterRecord {
  const meta = obj(v, "compactMetadata");
  const post = meta ? meta.postTokens : undefined;
  const exact = typeof post === "number" && Number.isFinite(post) && post >= 0;
  return { kind: "boundary", postTokens: exact ? post : null };
}

/**
 * UTF-8 bytes of the model-visible text in a message `content` (string or blocks) or an
 * attachment's `rendered` list. Tool results count their `content`, not the `toolUseResult`
 * copy Claude Code keeps beside it.
 */
export function contentBytes(c: unknown): number {
  if (typeof c === "string") return utf8Length(c);
  if (!Array.isArray(c)) return 0;
  let n = 0;
  for (const b of c) {
    if (typeof b === "string") n += utf8Length(b);
    else if (!isObject(b)) continue;
    else if (typeof b.text === "string") n += utf8Length(b.text);
    else if (b.type === "image" || b.type === "document") n += MEDIA_BYTES;
    else if ("content" in b) n += contentBytes(b.content);
  }
  return n;
}

const encoder = new TextEncoder();

/**
 * UTF-8 length of a string. Native encoding beats a JavaScript loop by far in a hook
 * process, where the loop would run cold in the interpreter.
 */
export function utf8Length(s: string): number {
  return s.length === 0 ? 0 : encoder.encode(s).length;
}
