/**
 * A fresh measurement without reading the whole file: walk lines back from the end until
 * the newest response or compact boundary, so the cost depends on the tail, not the size.
 * The result equals folding every record (`fold.ts`) from the start, except that no
 * calibration sample is taken and nothing older than `floor` is seen.
 */
import type { Anchor, Calibration, Tally } from "./fold.ts";
import { type ByteSource, decode, parseLine, scanBackward } from "./lines.ts";
import { classify, type MeterRecord } from "./records.ts";

export interface BackwardResult {
  tally: Tally;
  end: number;
  read: number;
}

// Bookkeeping records start with their type; skipping them unparsed keeps multi-kilobyte
// `api-request-shape` lines cheap. A `}{` means glued objects: parse those to be safe.
const LEADING_TYPE = /^\{"type": ?"([^"]*)"/;
const COUNTED = new Set(["user", "assistant", "attachment", "system"]);

/** Whether a decoded line cannot hold a record that matters, judged without parsing it. */
export function isBookkeeping(text: string): boolean {
  const m = LEADING_TYPE.exec(text);
  return m !== null && !COUNTED.has(m[1]) && !text.includes("}{");
}

function records(text: string): MeterRecord[] {
  const out: MeterRecord[] = [];
  for (const v of parseLine(text)) {
    const r = classify(v);
    if (r) out.push(r);
  }
  return out.reverse();
}

interface ScanState {
  anchor: Anchor | null;
  /** Growth and summary bytes newer than the anchor (or than everything seen, before it). */
  growth: number;
  summary: number;
  /** After the anchor: bytes that count only if an older record of the same response turns up. */
  pendingBytes: number;
  pendingLines: string[];
}

/** Scan [floor, size) backwards. `floor` is 0, or a cap beyond which nothing is known. */
export function scanFresh(
  src: ByteSource,
  calibration: Calibration,
  opts: { floor: number; chunkBytes: number; maxLineBytes: number },
): BackwardResult {
  const s: ScanState = { anchor: null, growth: 0, summary: 0, pendingBytes: 0, pendingLines: [] };
  const visit = (bytes: Uint8Array): boolean => {
    if (bytes.length === 0) return true;
    const text = decode(bytes);
    if (s.anchor !== null && !text.includes("assistant") && !text.includes("compact_boundary")) {
      // Cannot be a response or a boundary: parsed later only if the response began before it.
      s.pendingLines.push(text);
      return true;
    }
    if (isBookkeeping(text)) return true;
    for (const r of records(text)) if (!onRecord(s, r)) return false;
    return true;
  };
  const scan = scanBackward(src, visit, { ...opts, floorIsLineStart: opts.floor === 0 });
  const growthBytes = s.anchor === null ? 0 : s.growth;
  return { tally: { anchor: s.anchor, growthBytes, calibration }, ...scan };
}

/** One record, newest first. False when the scan can stop. */
function onRecord(s: ScanState, r: MeterRecord): boolean {
  const a = s.anchor;
  if (a === null) {
    if (r.kind === "growth") s.growth += r.bytes;
    else if (r.kind === "summary") s.summary += r.bytes;
    else if (r.kind === "boundary") {
      const exact = r.postTokens !== null;
      s.anchor = { kind: "boundary", postTokens: r.postTokens, summaryBytes: exact ? 0 : s.summary };
      if (exact) s.growth = 0;
      return false;
    } else {
      s.anchor = r;
      s.growth += s.summary; // a summary after a response is just more text
    }
    return true;
  }
  if (r.kind === "growth" || r.kind === "summary") s.pendingBytes += r.bytes;
  else if (r.kind === "assistant" && r.id !== "" && a.kind === "assistant" && r.id === a.id) {
    for (const line of s.pendingLines) for (const p of records(line)) s.pendingBytes += byteCount(p);
    s.growth += s.pendingBytes;
    s.pendingBytes = 0;
    s.pendingLines = [];
  } else return false;
  return true;
}

function byteCount(r: MeterRecord): number {
  return r.kind === "growth" || r.kind === "summary" ? r.bytes : 0;
}
