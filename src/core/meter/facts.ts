/**
 * Facts policies read from the transcript tail (`TranscriptFacts` in policy.ts): the newest
 * main-chain prompt's markers, and whether the SessionStart context landed after the newest
 * compaction. Bounded: only the last `maxScanBytes` are read, since both facts matter while
 * they are fresh (the restore check runs on the first events after a compaction).
 */
import { isObject, type JsonObject, obj, str } from "../payload.ts";
import type { TranscriptFacts } from "../policy.ts";
import { isBookkeeping } from "./backward.ts";
import { type ByteSource, contains, decode, needle, parseLine, scanBackward } from "./lines.ts";

export interface FactsOptions {
  /** How far back to look. Default 256 KiB: ample for the prompt being submitted and for
   * the first events after a compaction, and a few milliseconds cold in a hook process. */
  maxScanBytes?: number;
  chunkBytes?: number;
  maxLineBytes?: number;
  /** Longer prompt texts are cut. The classifier compares the whole text with the payload's
   * prompt, so the default is generous: 262,144 chars. */
  maxTextChars?: number;
}

type LastUser = NonNullable<TranscriptFacts["lastUser"]>;

const MiB = 1024 * 1024;
const N = {
  user: needle('"user"'),
  toolUseId: needle('"tool_use_id"'),
  glued: needle("}{"),
  boundary: needle("compact_boundary"),
  context: needle("hook_additional_context"),
};
const ONLY = [N.user, N.boundary, N.context];

/**
 * Read `TranscriptFacts` from the tail. `lastUser` is the newest main-chain `user` record
 * that carries no tool result (those are not prompts; an interrupt's text beside a tool
 * result is not one either). `restoreLanded` is absent when no compact boundary is in
 * reach; else true when a `hook_additional_context` attachment from SessionStart follows it
 * (written by 2.1.2xx+; older versions write no attachments, so it reads false there, and
 * `compactVersion`, that boundary's `version`, lets the policy tell).
 */
export function readFacts(src: ByteSource, opts: FactsOptions = {}): TranscriptFacts {
  const maxText = opts.maxTextChars ?? 256 * 1024;
  const facts: TranscriptFacts = {};
  let landed = false;
  const onRecord = (v: JsonObject): boolean => {
    if (v.isSidechain === true) return true;
    if (v.type === "user" && facts.lastUser === undefined) {
      const u = userMarkers(v, maxText);
      if (u) facts.lastUser = u;
    } else if (v.type === "attachment") {
      const a = obj(v, "attachment");
      if (a && a.type === "hook_additional_context" && a.hookEvent === "SessionStart") landed = true;
    } else if (v.type === "system" && v.subtype === "compact_boundary") {
      if (facts.restoreLanded === undefined) {
        facts.restoreLanded = landed;
        // Versions before 2.1.220 write no attachments: the policy needs to know it is one of them.
        facts.compactVersion = str(v, "version");
      }
      return facts.lastUser === undefined;
    }
    return true;
  };
  const visit = (bytes: Uint8Array): boolean => {
    // Judged on the raw bytes: decoding every line of a megabyte costs more than the search.
    const wanted = (facts.lastUser === undefined && maybePrompt(bytes)) ||
      contains(bytes, N.boundary) || contains(bytes, N.context);
    if (!wanted) return true;
    const text = decode(bytes);
    if (isBookkeeping(text)) return true;
    const records = parseLine(text).reverse();
    for (const v of records) if (isObject(v) && !onRecord(v)) return false;
    // Once the newest boundary is found only an older prompt is still wanted.
    return facts.restoreLanded === undefined || facts.lastUser === undefined;
  };
  const floor = Math.max(0, src.size - (opts.maxScanBytes ?? 256 * 1024));
  scanBackward(src, visit, {
    floor,
    floorIsLineStart: floor === 0,
    chunkBytes: opts.chunkBytes ?? MiB,
    maxLineBytes: opts.maxLineBytes ?? 16 * MiB,
    // No line without one of these can be wanted (see `visit`).
    only: ONLY,
  });
  return facts;
}

// A `user` line that carries tool results is not a prompt: skip it unparsed (they are the
// bulk of a tail). Escaped text inside strings cannot fake the quoted key; glued lines can
// hide a prompt, so those are parsed.
function maybePrompt(bytes: Uint8Array): boolean {
  if (!contains(bytes, N.user)) return false;
  return !contains(bytes, N.toolUseId) || contains(bytes, N.glued);
}

function userMarkers(v: JsonObject, maxText: number): LastUser | null {
  const m = obj(v, "message");
  const content = m ? m.content : null;
  if (Array.isArray(content) && content.some(isToolResult)) return null;
  const origin = obj(v, "origin");
  const text = textOf(content);
  return {
    originKind: origin ? str(origin, "kind") : null,
    promptSource: str(v, "promptSource"),
    isMeta: v.isMeta === true,
    text: text === null ? null : text.slice(0, maxText),
  };
}

function isToolResult(b: unknown): boolean {
  return isObject(b) && b.type === "tool_result";
}

function textOf(c: unknown): string | null {
  if (typeof c === "string") return c;
  if (!Array.isArray(c)) return null;
  const parts: string[] = [];
  for (const b of c) if (isObject(b) && b.type === "text" && typeof b.text === "string") parts.push(b.text);
  return parts.length > 0 ? parts.join("\n") : null;
}
