/**
 * `vigil statusline`: records the authoritative context_window numbers and renders the line.
 * Never fails: on any error the last good line is printed (per session, else any).
 */
import { parseStatusPayload, renderLine } from "../core/statusline.ts";
import { applyEvents, loadSnapshot, newRow, saveSnapshot } from "./machine-store.ts";
import { effectRecords } from "./effects.ts";
import type { HookDeps } from "./run-hook.ts";

export interface LineCache {
  read: (sessionId: string | null) => string | null;
  write: (sessionId: string, line: string) => void;
}

/** Record and render; returns the line to print (possibly a cached one) and any error. */
export function runStatusline(
  input: string,
  deps: Pick<HookDeps, "store" | "config" | "now" | "measure" | "logError">,
  cache: LineCache,
  opts: { color: boolean },
): { line: string; error: string | null } {
  const parsed = parseStatusPayload(input);
  if (!parsed.ok) return { line: cache.read(null) ?? "", error: parsed.error };
  const p = parsed.value;
  try {
    const at = deps.now();
    const config = deps.config.config;
    const store = deps.store();
    const prev = store.loadSession(p.sessionId);
    // The first render of a resumed session has null usage: measure the transcript instead
    // of showing 0 % (peers do).
    const metered = p.tokens === null && p.transcriptPath ? deps.measure(p.transcriptPath, prev?.meter ?? null) : null;
    const line = store.transaction(() => {
      const row = store.loadSession(p.sessionId) ?? newRow(p.sessionId, at);
      const { snapshot } = loadSnapshot(row.snapshot === "{}" ? null : row, at);
      const tokens = p.tokens ?? metered?.measurement.tokens ?? row.tokens;
      const growth = row.estimate !== null && row.tokens !== null ? Math.max(0, row.estimate - row.tokens) : 0;
      const window = p.window ?? row.status_window ?? row.window;
      const applied = applyEvents(snapshot, [{
        type: "measured",
        at,
        tokens,
        estimate: tokens === null ? null : tokens + (p.tokens === row.status_tokens ? growth : 0),
        window,
        soft: config.softTokens,
        hard: config.hardTokens,
        anticipate: config.anticipate,
      }]);
      const c = applied.context;
      const text = renderLine({
        state: applied.state,
        tokens: c.tokens,
        estimate: c.estimate,
        window: window ?? config.defaultWindow,
        worker: c.role === "worker",
        soft: config.softTokens,
        hard: config.hardTokens,
        warnPercent: config.warnPercent,
        color: opts.color,
      });
      saveSnapshot(
        store,
        {
          ...row,
          cwd: p.cwd ?? row.cwd,
          transcript_path: p.transcriptPath ?? row.transcript_path,
          meter: metered?.state ?? row.meter,
          status_tokens: p.tokens ?? row.status_tokens,
          status_window: window,
          status_at: p.tokens !== null ? at : row.status_at,
          status_line: text,
        },
        applied,
        at,
      );
      if (applied.before !== applied.state) {
        store.appendEvent(at, p.sessionId, "state", { from: applied.before, to: applied.state, event: "statusline" });
      }
      for (const r of effectRecords(applied.effects)) store.appendEvent(at, p.sessionId, r.kind, r.detail);
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
