/**
 * The transcript file, read for the meter and the tail facts. Synchronous on purpose: this
 * runs in a short-lived hook process where a blocking pread is the cheapest read there is.
 * A missing or unreadable transcript is "no measurement", never an exception (hooks fail
 * open, and 2.1.88 points `transcript_path` at a file it never writes).
 */
import { measure, type MeterOptions, type MeterResult, type MeterState, unmeasured } from "../core/meter.ts";
import { continueFacts, type FactsOptions, type FactsState, readFacts } from "../core/meter/facts.ts";
import type { ByteSource } from "../core/meter/lines.ts";
import type { TranscriptFacts } from "../core/policy.ts";
import { openToRead, readRange } from "./file-read.ts";
import { nodeFs } from "./node-fs.ts";

export type { MeterOptions, MeterResult, MeterState } from "../core/meter.ts";
export type { FactsOptions } from "../core/meter/facts.ts";

/**
 * Measure the transcript at `path`, continuing from `prev` (the state returned last time
 * for this session; null for none). Persist the returned `state` for the next call.
 */
export function measureTranscript(
  path: string,
  prev: MeterState | null,
  opts: MeterOptions = {},
): MeterResult & { unreadable?: string } {
  const r = withFile(path, (src) => measure(src, prev, opts));
  if (r.ok) return r.value;
  // A transcript not written yet is the normal start of a session; one that is there but cannot
  // be read (a FIFO, a folder, no permission) leaves the session unlimited, and must say so.
  return { ...unmeasured(prev, r.error, opts), ...(r.missing ? {} : { unreadable: r.error }) };
}

/**
 * Read the tail facts of the transcript at `path`; `{}` when it cannot be read. `upTo` bounds
 * the read to the bytes the meter consumed in the same call: Claude Code writes the transcript
 * asynchronously, and facts read from a longer file than the meter's could see a compaction
 * (or a restore after it) that the meter has not counted yet.
 */
export function readTranscriptFacts(path: string, opts: FactsOptions = {}, upTo?: number): TranscriptFacts {
  const r = withFile(path, (src) => readFacts(upTo === undefined ? src : bounded(src, upTo), opts));
  return r.ok ? r.value : {};
}

/**
 * `readTranscriptFacts` for a long-lived process (`vigil serve`): each transcript's last read
 * is kept, for at most `limit` files, and a file that only grew since is read from where that
 * read ended instead of 256 KiB back (`continueFacts`; the answers are the same). An entry
 * holds the newest prompt's text (up to 256K characters), so the limit is a fleet's worth of
 * sessions, not more; a dropped one costs its next call one full read.
 */
export function transcriptFactsReader(limit = 64): (path: string, upTo?: number) => TranscriptFacts {
  const last = new Map<string, FactsState>();
  return (path, upTo) => {
    const prev = last.get(path) ?? null;
    last.delete(path);
    const r = withFile(path, (src) => continueFacts(upTo === undefined ? src : bounded(src, upTo), prev));
    if (!r.ok) return {};
    last.set(path, r.value.state);
    if (last.size > limit) last.delete(last.keys().next().value as string);
    return r.value.facts;
  };
}

function bounded(src: ByteSource, upTo: number): ByteSource {
  return upTo >= src.size ? src : { ...src, size: Math.max(0, upTo) };
}

/** The errors' words are what doctor knows an unmeasured session by (core/doctor/state.ts unreadableTranscript). */
type Outcome<T> = { ok: true; value: T } | { ok: false; error: string; missing: boolean };

function withFile<T>(path: string, use: (src: ByteSource) => T): Outcome<T> {
  let fd: number;
  try {
    fd = openToRead(path);
  } catch (e) {
    return { ok: false, error: `cannot open transcript "${path}": ${code(e)}`, missing: code(e) === "ENOENT" };
  }
  const { closeSync, fstatSync } = nodeFs();
  try {
    const st = fstatSync(fd, { bigint: true });
    if (!st.isFile()) return { ok: false, error: `transcript "${path}" is not a file`, missing: false };
    const src: ByteSource = {
      id: `${st.dev}:${st.ino}`,
      size: Number(st.size),
      read: (position, length) => readRange(fd, position, length),
    };
    return { ok: true, value: use(src) };
  } catch (e) {
    return { ok: false, error: `cannot read transcript "${path}": ${code(e)}`, missing: false };
  } finally {
    closeSync(fd);
  }
}

function code(e: unknown): string {
  if (e instanceof Error) return "code" in e && typeof e.code === "string" ? e.code : e.message;
  return String(e);
}
