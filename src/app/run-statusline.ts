/**
 * `vigil statusline`: records the authoritative context_window numbers and renders the line.
 * Never fails: on any error the last good line is printed (per session, else any).
 */
import { limitedUntil } from "../core/usage-limit.ts";
import type { Config } from "../core/config.ts";
import type { Result } from "../core/payload.ts";
import { parseStatusPayload, renderLine, STATUS_FRESH_MS, type StatusPayload } from "../core/statusline.ts";
import type { SessionRow, Store } from "../edge/store.ts";
import type { SessionEvent } from "../../machines/session-model.ts";
import { type Applied, applyEvents, loadSnapshot, newRow, snapshotRow, stepSession } from "../core/step.ts";
import type { HookDeps, MeterOutcome } from "./run-hook.ts";

export interface LineCache {
  read: (sessionId: string | null) => string | null;
  write: (sessionId: string, line: string) => void;
}

/**
 * Whether a render of this payload meters the transcript: null usage (a resumed session's
 * first render) is measured from it instead of shown as 0 % (peers do). Known from the payload
 * before any I/O, so a process loads the meter before the render, never after it.
 */
export function metersTranscript(p: StatusPayload): boolean {
  return p.tokens === null && p.transcriptPath !== null;
}

/**
 * Record and render; returns the line to print (possibly a cached one) and any error. `input`
 * is the payload's text, or its parse when the caller parsed it already.
 */
export function runStatusline(
  input: string | Result<StatusPayload>,
  deps: Pick<HookDeps, "store" | "config" | "now" | "logError"> & {
    reader?: () => Store | null;
    /** The transcript meter, for a payload that `metersTranscript` (without it such a render shows the stored figures). */
    measure?: HookDeps["measure"];
  },
  cache: LineCache,
  opts: { color: boolean },
): { line: string; error: string | null } {
  const parsed = typeof input === "string" ? parseStatusPayload(input) : input;
  if (!parsed.ok) return { line: cache.read(null) ?? "", error: parsed.error };
  const p = parsed.value;
  try {
    const at = deps.now();
    const config = deps.config.config;
    // Read through the read-only handle: a render that records nothing never opens the store
    // for writing (no WAL set-up, no checkpoint on close).
    const prev = (deps.reader?.() ?? deps.store()).loadSession(p.sessionId);
    const metered = metersTranscript(p) && p.transcriptPath !== null && deps.measure
      ? deps.measure(p.transcriptPath, prev?.meter ?? null)
      : null;
    // Another call that stored a meter state since this read began has counted what it read.
    const meterFrom = prev?.meter ?? null;
    const plan = (row: SessionRow) =>
      planRender(row, { p, at, config, metered: row.meter === meterFrom ? metered : null });
    // Renders come every few hundred ms while a session works and mostly change nothing: the
    // stored numbers are reused for RECORD_EVERY_MS, and no write lock is taken for them.
    const quick = prev && prev.snapshot !== "{}" ? preview(prev, plan(prev), at, { config, color: opts.color }) : null;
    // The line equals the stored one (`unchanged` compares status_line), which the render that
    // stored it also wrote to the cache: nothing to write.
    if (quick && prev && unchanged(prev, quick, at, p.tokens !== null)) return { line: quick.text, error: null };
    const store = deps.store();
    const line = store.transaction(() => {
      let text = "";
      stepSession(store, p.sessionId, (_snap, row) => plan(row ?? newRow(p.sessionId, at)).events, {
        at,
        event: "statusline",
        columns: (row, applied) => {
          const r = plan(row);
          text = lineOf(applied, r.window, { config, color: opts.color });
          return { ...r.columns, status_line: text };
        },
      });
      return text;
    });
    cache.write(p.sessionId, line);
    return { line, error: null };
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    deps.logError(`${new Date().toISOString()} statusline_error ${msg}`);
    return { line: cache.read(p.sessionId) ?? cache.read(null) ?? "", error: msg };
  }
}

/** How long a render may reuse the stored numbers instead of recording them again (half of STATUS_FRESH_MS). */
export const RECORD_EVERY_MS = STATUS_FRESH_MS / 2;

interface Render {
  /** The machine events this render stands for. */
  events: SessionEvent[];
  /** The window the line is drawn against. */
  window: number | null;
  /** What the render keeps in the row beside the snapshot (the line aside). */
  columns: Partial<SessionRow>;
}

/** The events and columns a render would store, from the row as it stands. */
function planRender(
  row: SessionRow,
  c: {
    p: StatusPayload;
    at: number;
    config: Config;
    metered: MeterOutcome | null;
  },
): Render {
  const { p, at, config, metered } = c;
  const tokens = p.tokens ?? metered?.measurement.tokens ?? row.tokens;
  const growth = row.estimate !== null && row.tokens !== null ? Math.max(0, row.estimate - row.tokens) : 0;
  const window = p.window ?? row.status_window ?? row.window;
  const events: SessionEvent[] = [
    {
      type: "measured",
      at,
      tokens,
      estimate: tokens === null ? null : tokens + (p.tokens === row.status_tokens ? growth : 0),
      window,
      soft: config.softTokens,
      hard: config.hardTokens,
      anticipate: config.anticipate,
      // The window the statusLine reported is the statusLine's (a session no hook saw has no
      // other source); one the hooks resolved keeps the source they gave it.
      ...(p.window !== null || row.status_window !== null ? { windowSource: "statusline" } : {}),
    },
    // A boundary this render's meter read is read for the hooks too (they resume from its
    // offset): the compaction a hook reported is settled, or one no hook reported is learnt here.
    ...((metered?.newBoundaries ?? 0) > 0 ? [{ type: "boundaryRead" as const, at }] : []),
  ];
  // A used-up usage meter: the session can only fail until it resets, so it is asleep, not stalled.
  const until = limitedUntil(p.usage, at);
  if (until !== null) events.push({ type: "slept", at, until, cause: "rate_limit" });
  const columns: Partial<SessionRow> = {
    cwd: p.cwd ?? row.cwd,
    transcript_path: p.transcriptPath ?? row.transcript_path,
    meter: metered?.state ?? row.meter,
    status_tokens: p.tokens ?? row.status_tokens,
    status_window: window,
    status_at: p.tokens !== null ? at : row.status_at,
  };
  return { events, window, columns };
}

/** The line a transition shows. */
function lineOf(applied: Applied, window: number | null, c: { config: Config; color: boolean }): string {
  const ctx = applied.context;
  return renderLine({
    state: applied.state,
    tokens: ctx.tokens,
    estimate: ctx.estimate,
    window: window ?? c.config.defaultWindow,
    worker: ctx.role === "worker",
    soft: c.config.softTokens,
    hard: c.config.hardTokens,
    warnPercent: c.config.warnPercent,
    color: c.color,
    language: c.config.language,
  });
}

/**
 * What a render would show and store without writing (the quick path): the transition of the
 * stored snapshot, as the step would apply it.
 */
function preview(prev: SessionRow, r: Render, at: number, c: { config: Config; color: boolean }) {
  const applied = applyEvents(loadSnapshot(prev, at).snapshot, r.events);
  const text = lineOf(applied, r.window, c);
  return { applied, text, row: snapshotRow({ ...prev, ...r.columns, status_line: text }, applied, at) };
}

/**
 * Nothing a reader uses would change: same state, same numbers, same line, no effects, and
 * the row is recent enough: its statusLine numbers, when this render brings some (hooks prefer
 * recent ones), else the row itself. A render with null usage (a resumed session's first
 * renders, every render after /compact until the next response) refreshes no numbers, so it
 * would rewrite only `updated_at`: it does so once per RECORD_EVERY_MS, not on every render.
 */
function unchanged(prev: SessionRow, r: ReturnType<typeof preview>, at: number, bringsNumbers: boolean): boolean {
  if (r.applied.before !== r.applied.state || r.applied.effects.length > 0) return false;
  const since = bringsNumbers ? prev.status_at : prev.updated_at;
  if (since === null || at - since >= RECORD_EVERY_MS || at < since) return false;
  const a = r.row;
  return a.status_tokens === prev.status_tokens && a.status_window === prev.status_window &&
    a.status_line === prev.status_line && a.tokens === prev.tokens && a.estimate === prev.estimate &&
    a.window === prev.window && a.meter === prev.meter && a.cwd === prev.cwd &&
    a.transcript_path === prev.transcript_path && a.role === prev.role && a.agent_type === prev.agent_type &&
    a.snapshot === prev.snapshot;
}
