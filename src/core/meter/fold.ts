/**
 * The meter as a fold over main-chain records in file order. Appended bytes are folded in
 * directly; a fresh backward scan (`backward.ts`) produces the same tally without reading
 * the whole file. The bytes-per-token ratio that turns growth into tokens is calibrated per
 * session here, from pairs of successive responses.
 */
import type { MeterRecord } from "./records.ts";

/** What the newest measurement stands on. */
export type Anchor =
  /** The newest main-chain response. `tokens`/`output` are from its newest record. */
  | { kind: "assistant"; id: string; tokens: number; output: number; model?: string }
  /** A compaction with no response since. Without `postTokens`, the summary's size stands in. */
  | { kind: "boundary"; postTokens: number | null; summaryBytes: number };

/** Running sums of (bytes appended, tokens they became), decayed per sample. */
export interface Calibration {
  bytes: number;
  tokens: number;
  samples: number;
}

export interface Tally {
  anchor: Anchor | null;
  /**
   * Model-visible bytes appended since the anchor's first record (a response written as
   * several records can have tool results between them). Always 0 after an exact boundary:
   * `postTokens` already counts what compaction wrote, and no tool runs before a response.
   */
  growthBytes: number;
  calibration: Calibration;
}

/**
 * Calibration constants. Default 3.0 bytes per token: the Claude tokenizer measured 2.35
 * (Korean) to 3.8 (TypeScript declarations), 3.0 over a mix of tool output, code, JSON and
 * docs (see the meter's report); below Claude Code's own chars/4 guess, so the estimate errs
 * high, which is the safe side for a limit.
 */
export const CALIBRATION = Object.freeze({
  defaultBytesPerToken: 3,
  /** Weight of the default, in tokens: a few large samples outweigh it. */
  priorTokens: 2000,
  /** Older samples fade, so a session whose content changes (code → logs) adapts. */
  decay: 0.9,
  /** Smaller samples are mostly JSON framing and system reminders: noise. */
  minSampleBytes: 1024,
  minSampleTokens: 100,
  /** A sample outside this ratio is some other effect (context edits, cache quirks). */
  minSampleRatio: 0.5,
  maxSampleRatio: 16,
  /** What the ratio may be, whatever the samples say. */
  minBytesPerToken: 1.5,
  maxBytesPerToken: 6,
});

export const EMPTY_CALIBRATION: Calibration = Object.freeze({ bytes: 0, tokens: 0, samples: 0 });

/** The ratio in force: the samples, pulled towards the default while there are few. */
export function bytesPerToken(
  c: Calibration,
  defaultBytesPerToken: number = CALIBRATION.defaultBytesPerToken,
): number {
  const k = CALIBRATION;
  const r = (c.bytes + defaultBytesPerToken * k.priorTokens) / (c.tokens + k.priorTokens);
  return Math.min(k.maxBytesPerToken, Math.max(k.minBytesPerToken, r));
}

/** Add one sample: `bytes` appended between two responses grew the context by `tokens`. */
export function addSample(c: Calibration, bytes: number, tokens: number): Calibration {
  const k = CALIBRATION;
  if (bytes < k.minSampleBytes || tokens < k.minSampleTokens) return c;
  const ratio = bytes / tokens;
  if (ratio < k.minSampleRatio || ratio > k.maxSampleRatio) return c;
  return {
    bytes: c.bytes * k.decay + bytes,
    tokens: c.tokens * k.decay + tokens,
    samples: c.samples + 1,
  };
}

/** Fold one record into the tally. */
export function applyRecord(t: Tally, r: MeterRecord): Tally {
  const a = t.anchor;
  switch (r.kind) {
    case "assistant": {
      const next = {
        kind: "assistant" as const,
        id: r.id,
        tokens: r.tokens,
        output: r.output,
        ...(r.model ? { model: r.model } : {}),
      };
      if (a?.kind === "assistant" && r.id !== "" && a.id === r.id) return { ...t, anchor: next };
      // Between two responses the context grew by their difference minus the first one's output.
      const calibration = a?.kind === "assistant"
        ? addSample(t.calibration, t.growthBytes, r.tokens - a.tokens - a.output)
        : t.calibration;
      return { anchor: next, growthBytes: 0, calibration };
    }
    case "boundary":
      return {
        anchor: { kind: "boundary", postTokens: r.postTokens, summaryBytes: 0 },
        growthBytes: 0,
        calibration: t.calibration,
      };
    case "summary":
      if (a?.kind === "boundary" && a.postTokens === null) {
        return { ...t, anchor: { ...a, summaryBytes: a.summaryBytes + r.bytes } };
      }
      return grow(t, r.bytes);
    case "growth":
      return grow(t, r.bytes);
  }
}

function grow(t: Tally, bytes: number): Tally {
  const a = t.anchor;
  if (a === null || (a.kind === "boundary" && a.postTokens !== null) || bytes === 0) return t;
  return { ...t, growthBytes: t.growthBytes + bytes };
}
