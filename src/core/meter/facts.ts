/**
 * Facts policies read from the transcript tail (`TranscriptFacts` in policy.ts): the newest
 * main-chain prompt's markers, and whether the SessionStart context landed after the newest
 * compaction. Bounded: only the last `maxScanBytes` are read, since both facts matter while
 * they are fresh (the restore check runs on the first events after a compaction).
 */
import { EV } from "../claude-events.ts";
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
  /**
   * Only the newest prompt is wanted (a hook call that checks no restore: `restoreLanded` is read in restoring only):
   * the scan stops at it instead of reading on for a compact boundary. The prompt found is the same.
   */
  promptOnly?: boolean;
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

/** Where the facts were found: what `continueFacts` needs to read only what was appended. */
export interface FactsState {
  /** The file (`ByteSource.id`) the facts were read from. */
  id: string;
  /** Just past the newest complete line that was read: the next read starts here. */
  end: number;
  /** The bytes just before `end`, to tell an appended file from a rewritten one. */
  seal: string;
  facts: TranscriptFacts;
  /** Line offsets of the prompt and of the boundary in `facts` (null: none in reach). */
  userAt: number | null;
  boundaryAt: number | null;
}

interface Scan {
  facts: TranscriptFacts;
  userAt: number | null;
  boundaryAt: number | null;
  /** A SessionStart context was seen (with no boundary found, in every line read). */
  landed: boolean;
  end: number;
}

const SCAN_BYTES = 256 * 1024;
const SEAL_BYTES = 32;

/**
 * Read `TranscriptFacts` from the tail. `lastUser` is the newest main-chain `user` record
 * that carries no tool result (those are not prompts; an interrupt's text beside a tool
 * result is not one either). `restoreLanded` is absent when no compact boundary is in
 * reach; else true when a `hook_additional_context` attachment from SessionStart follows it
 * (written by 2.1.2xx+; older versions write no attachments, so it reads false there, and
 * `compactVersion`, that boundary's `version`, lets the policy tell).
 */
export function readFacts(src: ByteSource, opts: FactsOptions = {}): TranscriptFacts {
  // A one-shot read (a hook process) keeps no state: no seal is read for it.
  const floor = Math.max(0, src.size - (opts.maxScanBytes ?? SCAN_BYTES));
  return scanFacts(src, floor, floor === 0, opts).facts;
}

/**
 * `readFacts`, continued from the state an earlier read of the same file returned: when the
 * file only grew (same id, the sealed bytes unchanged) and by less than the scan's reach,
 * only the appended lines are read and folded into the earlier facts. The answer is the one
 * `readFacts` gives (test/core/facts-continue.test.ts): a fact whose line fell out of reach
 * is dropped, since the older lines it would be looked for in are out of reach too.
 */
export function continueFacts(
  src: ByteSource,
  prev: FactsState | null,
  opts: FactsOptions = {},
): { facts: TranscriptFacts; state: FactsState } {
  const floor = Math.max(0, src.size - (opts.maxScanBytes ?? SCAN_BYTES));
  const reach = (at: number | null) => at !== null && (floor === 0 || at > floor);
  if (prev === null || !continues(src, prev, floor)) {
    const s = scanFacts(src, floor, floor === 0, opts);
    return { facts: s.facts, state: stateOf(src, s, null) };
  }
  // prev.end > floor: every line from prev.end on is in reach, and is read.
  const s = scanFacts(src, prev.end, true, opts);
  const facts: TranscriptFacts = {};
  let userAt = s.userAt, boundaryAt = s.boundaryAt;
  if (s.facts.lastUser !== undefined) facts.lastUser = s.facts.lastUser;
  else if (reach(prev.userAt) && prev.facts.lastUser !== undefined) {
    facts.lastUser = prev.facts.lastUser;
    userAt = prev.userAt;
  } else userAt = null;
  if (s.facts.restoreLanded !== undefined) {
    facts.restoreLanded = s.facts.restoreLanded;
    facts.compactVersion = s.facts.compactVersion;
  } else if (reach(prev.boundaryAt) && prev.facts.restoreLanded !== undefined) {
    facts.restoreLanded = prev.facts.restoreLanded || s.landed;
    facts.compactVersion = prev.facts.compactVersion;
    boundaryAt = prev.boundaryAt;
  } else boundaryAt = null;
  return { facts, state: stateOf(src, { facts, userAt, boundaryAt, landed: false, end: s.end }, prev) };
}

function continues(src: ByteSource, prev: FactsState, floor: number): boolean {
  if (prev.id !== src.id || prev.end > src.size || prev.end <= floor) return false;
  if (prev.end === 0) return true;
  const at = Math.max(0, prev.end - SEAL_BYTES);
  return sealOf(src.read(at, prev.end - at)) === prev.seal;
}

/** The state to continue from; the seal is read again only where the end moved (`prev` was checked). */
function stateOf(src: ByteSource, s: Scan, prev: FactsState | null): FactsState {
  const at = Math.max(0, s.end - SEAL_BYTES);
  const seal = prev?.end === s.end ? prev.seal : s.end === 0 ? "" : sealOf(src.read(at, s.end - at));
  return { id: src.id, end: s.end, seal, facts: s.facts, userAt: s.userAt, boundaryAt: s.boundaryAt };
}

// One char per byte (latin1): equal strings are equal bytes.
function sealOf(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
}

function scanFacts(src: ByteSource, floor: number, floorIsLineStart: boolean, opts: FactsOptions): Scan {
  const maxText = opts.maxTextChars ?? 256 * 1024;
  const out: Scan = { facts: {}, userAt: null, boundaryAt: null, landed: false, end: floor };
  const facts = out.facts;
  const onRecord = (v: JsonObject, at: number): boolean => {
    if (v.isSidechain === true) return true;
    if (v.type === "user" && facts.lastUser === undefined) {
      const u = userMarkers(v, maxText);
      if (u) {
        facts.lastUser = u;
        out.userAt = at;
      }
    } else if (v.type === "attachment") {
      const a = obj(v, "attachment");
      if (a && a.type === "hook_additional_context" && a.hookEvent === EV.SessionStart) out.landed = true;
    } else if (v.type === "system" && v.subtype === "compact_boundary") {
      if (facts.restoreLanded === undefined) {
        facts.restoreLanded = out.landed;
        // Versions before 2.1.220 write no attachments: the policy needs to know it is one of them.
        facts.compactVersion = str(v, "version");
        out.boundaryAt = at;
      }
      return facts.lastUser === undefined;
    }
    return true;
  };
  const visit = (bytes: Uint8Array, at: number): boolean => {
    // Judged on the raw bytes: decoding every line of a megabyte costs more than the search.
    const wanted = (facts.lastUser === undefined && maybePrompt(bytes)) ||
      contains(bytes, N.boundary) || contains(bytes, N.context);
    if (!wanted) return true;
    const text = decode(bytes);
    if (isBookkeeping(text)) return true;
    const records = parseLine(text).reverse();
    for (const v of records) if (isObject(v) && !onRecord(v, at)) return false;
    if (opts.promptOnly === true && facts.lastUser !== undefined) return false;
    // Once the newest boundary is found only an older prompt is still wanted.
    return facts.restoreLanded === undefined || facts.lastUser === undefined;
  };
  out.end = scanBackward(src, visit, {
    floor,
    floorIsLineStart,
    chunkBytes: opts.chunkBytes ?? MiB,
    maxLineBytes: opts.maxLineBytes ?? 16 * MiB,
    // No line without one of these can be wanted (see `visit`).
    only: ONLY,
  }).end;
  if (facts.lastUser) Object.freeze(facts.lastUser);
  return out;
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
