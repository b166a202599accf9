/**
 * The meter's persisted state: where the last call stopped reading, the file it read, and
 * the tally (anchor, growth, calibration). Stored as JSON by the caller; validated on load
 * because a stored row may come from an older vigil or be damaged.
 */
import { isObject, type JsonObject } from "../payload.ts";
import { type Anchor, type Calibration, EMPTY_CALIBRATION, type Tally } from "./fold.ts";

/** What the meter remembers per session between calls (JSON-serialisable). */
export interface MeterState extends Tally {
  version: 1;
  /** `ByteSource.id` of the file `offset` belongs to. */
  fileId: string;
  /** Just past the last complete line read; the next call starts here. */
  offset: number;
  /** Hash of the (up to) 256 bytes before `offset`: a rewrite in place changes them. */
  fingerprint: string;
}

/** A state that has read nothing of the file `fileId`. */
export function emptyState(fileId: string): MeterState {
  return {
    version: 1,
    fileId,
    offset: 0,
    fingerprint: "",
    anchor: null,
    growthBytes: 0,
    calibration: EMPTY_CALIBRATION,
  };
}

/** Validate a state loaded from storage; null (measure fresh) when it does not fit. */
export function parseMeterState(v: unknown): MeterState | null {
  if (!isObject(v) || v.version !== 1) return null;
  const { fileId, offset, fingerprint, growthBytes } = v;
  if (typeof fileId !== "string" || typeof fingerprint !== "string") return null;
  if (!count(offset) || !count(growthBytes)) return null;
  const calibration = parseCalibration(v.calibration);
  const anchor = v.anchor === null ? null : parseAnchor(v.anchor);
  if (calibration === null || anchor === undefined) return null;
  return { version: 1, fileId, offset, fingerprint, anchor, growthBytes, calibration };
}

function count(v: unknown): v is number {
  return typeof v === "number" && Number.isFinite(v) && v >= 0;
}

function parseCalibration(v: unknown): Calibration | null {
  if (!isObject(v)) return null;
  const { bytes, tokens, samples } = v;
  return count(bytes) && count(tokens) && count(samples) ? { bytes, tokens, samples } : null;
}

function parseAnchor(v: unknown): Anchor | undefined {
  if (!isObject(v)) return undefined;
  const a: JsonObject = v;
  if (a.kind === "assistant" && typeof a.id === "string" && count(a.tokens) && count(a.output)) {
    const base = { kind: "assistant" as const, id: a.id, tokens: a.tokens, output: a.output };
    return typeof a.model === "string" ? { ...base, model: a.model } : base;
  }
  const post = a.postTokens;
  if (a.kind === "boundary" && (post === null || count(post)) && count(a.summaryBytes)) {
    return { kind: "boundary", postTokens: post, summaryBytes: a.summaryBytes };
  }
  return undefined;
}
