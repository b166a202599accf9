/**
 * The transcript meter (product.md section 4, "Measuring"): the context size of a Claude
 * Code session from its JSONL transcript, plus an estimate of the growth since that number
 * (tool results and output the next request will carry). Pure: bytes come through a
 * `ByteSource`; the persisted `MeterState` lets the next call read only what was appended.
 *
 * - Fresh (no usable state): lines are read backwards from the end (64 KiB, then 1 MiB
 *   chunks) until the newest response or compact boundary, never past `maxScanBytes`
 *   (64 MiB) from the end; beyond that the answer is "none". Cost depends on the tail,
 *   not the file size.
 * - Append: the bytes since `offset` (at most `maxAppendBytes`) are folded in order, which
 *   also calibrates bytes-per-token from each pair of successive responses.
 * - A file that shrank, was replaced (other device/inode) or was rewritten in place (the
 *   bytes before `offset` changed) is measured fresh; calibration is kept.
 */
import type { Measurement } from "./policy.ts";
import { scanFresh } from "./meter/backward.ts";
import { applyRecord, bytesPerToken, CALIBRATION, EMPTY_CALIBRATION, type Tally } from "./meter/fold.ts";
import { emptyState, type MeterState } from "./meter/state.ts";
import { type ByteSource, decode, parseLine, readAll, ShortRead, splitForward } from "./meter/lines.ts";
import { classify } from "./meter/records.ts";

export type { Anchor, Calibration } from "./meter/fold.ts";
export type { ByteSource } from "./meter/lines.ts";
export { emptyState, type MeterState, parseMeterState } from "./meter/state.ts";

export interface MeterOptions {
  /** Read size when walking back from the end (the first read is at most 64 KiB). Default 1 MiB. */
  chunkBytes?: number;
  /** How far back a fresh measurement may read before answering "none". Default 64 MiB. */
  maxScanBytes?: number;
  /** Larger appends are measured fresh from the end instead of folded. Default 4 MiB. */
  maxAppendBytes?: number;
  /** Longer lines are skipped unread (no tool result is that large). Default 16 MiB. */
  maxLineBytes?: number;
  /** Bytes per token before the session has calibrated its own. Default 3. */
  defaultBytesPerToken?: number;
}

/** How the call went, for logs, `doctor` and the status line's second number. */
export interface MeterInfo {
  mode: "fresh" | "append";
  /** Why a fresh scan was needed (no state, file replaced, shrank, rewritten, large append). */
  reason: string | null;
  bytesRead: number;
  outputTokens: number;
  growthBytes: number;
  bytesPerToken: number;
  /**
   * Compact boundaries among the records this call appended (0 on a fresh scan: a first look
   * at a file is no news of a compaction). A new one with no compaction hook means the hooks
   * that report compactions did not run (2.0.x, or they failed open).
   */
  newBoundaries: number;
}

export interface MeterResult {
  measurement: Measurement;
  state: MeterState;
  info: MeterInfo;
}

const MiB = 1024 * 1024;
// Enough to include the last record's uuid and timestamp, which every rewrite changes.
const FINGERPRINT_BYTES = 256;

function resolve(o: MeterOptions): Required<MeterOptions> {
  return {
    chunkBytes: o.chunkBytes ?? MiB,
    maxScanBytes: o.maxScanBytes ?? 64 * MiB,
    maxAppendBytes: o.maxAppendBytes ?? 4 * MiB,
    maxLineBytes: o.maxLineBytes ?? 16 * MiB,
    defaultBytesPerToken: o.defaultBytesPerToken ?? CALIBRATION.defaultBytesPerToken,
  };
}

/** Measure the transcript behind `src`, continuing from `prev` when it still applies. */
export function measure(src: ByteSource, prev: MeterState | null, opts: MeterOptions = {}): MeterResult {
  const o = resolve(opts);
  const calibration = prev?.calibration ?? EMPTY_CALIBRATION;
  try {
    const why = staleness(src, prev, o);
    if (why === null && prev !== null) return append(src, prev, o);
    const r = scanFresh(src, calibration, { floor: Math.max(0, src.size - o.maxScanBytes), ...o });
    const fingerprint = fingerprintAt(src, r.end);
    const state: MeterState = { ...r.tally, version: 1, fileId: src.id, offset: r.end, fingerprint };
    return result(state, o, "fresh", why, r.read);
  } catch (e) {
    if (!(e instanceof ShortRead)) throw e;
    // The file shrank mid-call: report nothing now; the next call starts over.
    const state = { ...emptyState(src.id), calibration };
    return result(state, o, "fresh", "file shrank while reading", 0);
  }
}

function staleness(src: ByteSource, prev: MeterState | null, o: Required<MeterOptions>): string | null {
  if (prev === null) return "no state";
  if (prev.fileId !== src.id) return "file replaced";
  if (src.size < prev.offset) return "file shrank";
  if (fingerprintAt(src, prev.offset) !== prev.fingerprint) return "file rewritten";
  if (src.size - prev.offset > o.maxAppendBytes) return "large append";
  return null;
}

function append(src: ByteSource, prev: MeterState, o: Required<MeterOptions>): MeterResult {
  const buf = readAll(src, prev.offset, src.size - prev.offset);
  let tally: Tally = prev;
  let boundaries = 0;
  const used = splitForward(buf, (line) => {
    if (line.length === 0) return;
    for (const v of parseLine(decode(line))) {
      const r = classify(v);
      if (r?.kind === "boundary") boundaries++;
      if (r) tally = applyRecord(tally, r);
    }
  }, o.maxLineBytes);
  const offset = prev.offset + used;
  const fingerprint = used === 0 ? prev.fingerprint : fingerprintAt(src, offset);
  const state: MeterState = { ...prev, ...pick(tally), offset, fingerprint };
  return result(state, o, "append", null, buf.length, boundaries);
}

function pick(t: Tally): Tally {
  return { anchor: t.anchor, growthBytes: t.growthBytes, calibration: t.calibration };
}

function fingerprintAt(src: ByteSource, offset: number): string {
  const from = Math.max(0, offset - FINGERPRINT_BYTES);
  let h = 0x811c9dc5; // FNV-1a, 32 bit
  // An index loop, not for-of: 256 turns of the array iterator got its `next` compiled by the
  // optimising JIT on every hook call, ~2 MiB of a hook process's peak RSS (bench/RESULTS.md).
  const bytes = readAll(src, from, offset - from);
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return `${offset - from}:${(h >>> 0).toString(16)}`;
}

function result(
  state: MeterState,
  o: Required<MeterOptions>,
  mode: MeterInfo["mode"],
  reason: string | null,
  bytesRead: number,
  newBoundaries = 0,
): MeterResult {
  const bpt = bytesPerToken(state.calibration, o.defaultBytesPerToken);
  const a = state.anchor;
  return {
    measurement: measurementOf(state, o),
    state,
    info: {
      mode,
      reason,
      bytesRead,
      outputTokens: a?.kind === "assistant" ? a.output : 0,
      growthBytes: state.growthBytes,
      bytesPerToken: bpt,
      newBoundaries,
    },
  };
}

/** The measurement a state stands for. `window` is left to the caller (statusLine, config). */
export function measurementOf(state: Tally, opts: MeterOptions = {}): Measurement {
  const bpt = bytesPerToken(state.calibration, resolve(opts).defaultBytesPerToken);
  const a = state.anchor;
  if (a === null) return { tokens: null, estimate: null, window: null, source: "none" };
  const growth = Math.round(state.growthBytes / bpt);
  if (a.kind === "assistant") {
    const m: Measurement = {
      tokens: a.tokens,
      estimate: a.tokens + a.output + growth,
      window: null,
      source: "transcript",
    };
    return a.model ? { ...m, model: a.model } : m;
  }
  const tokens = a.postTokens ?? Math.round(a.summaryBytes / bpt);
  return { tokens, estimate: tokens + growth, window: null, source: "boundary" };
}

/** The answer when the transcript cannot be read; the session's calibration survives. */
export function unmeasured(prev: MeterState | null, reason: string, opts: MeterOptions = {}): MeterResult {
  const state = { ...emptyState(""), calibration: prev?.calibration ?? EMPTY_CALIBRATION };
  return result(state, resolve(opts), "fresh", reason, 0);
}
