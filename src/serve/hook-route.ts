/**
 * `POST /hook`: Claude Code's `type: "http"` hooks. The body goes through the very pipeline
 * `vigil hook` runs, and the response body is exactly what that command would print. Fails
 * open: whatever goes wrong inside vigil, the answer is 200 with an empty body (no decision)
 * and the error is recorded. A fail-closed registration (`install --http --fail-closed`: the
 * FAIL_CLOSED_HEADER) fails closed instead: the store is waited for as long as its timeout
 * allows, and a failure is answered with a deny for the call's event (an error status when the
 * body names none). Server-side time lands in the latency histogram.
 */
import type { Handler } from "hono";
import type { Language } from "../core/config.ts";
import { closedAnswer, closedWaitMs, FAIL_CLOSED_HEADER } from "../core/fail-closed.ts";
import type { Store } from "../edge/store.ts";
import type { Histogram } from "./metrics.ts";

/** Claude Code's cap for hook stdin applies to HTTP bodies too (product.md section 8). */
export const MAX_HOOK_BYTES = 10 * 1024 * 1024;

/**
 * What the hook pipeline answers: the bytes `vigil hook` would print, and the error it
 * recorded. The caller binds the pipeline (src/app/server.ts); this adapter never imports it.
 */
export interface HookAnswer {
  stdout: string;
  error: string | null;
}

/** POST /hook outcomes: answered, failed open (no decision), failed closed (the call refused). */
export interface HookStats {
  latency: Histogram;
  outcomes: { ok: number; error: number; closed: number };
}

/** The hook handler. `store` is the store serve holds now (it may reopen it between calls). */
export function hookRoute(
  runHook: (input: string, header: (name: string) => string | undefined) => HookAnswer,
  opts: {
    store: () => Store;
    clock: () => number;
    stats: HookStats;
    /** The language of a fail-closed refusal for this request's headers (English without it). */
    language?: (header: (name: string) => string | undefined) => Language;
  },
): Handler {
  const { store, clock, stats } = opts;
  return async (c) => {
    const t0 = performance.now();
    const origin = c.req.header("origin");
    // Claude Code sends no Origin; a page in a browser posting here does.
    if (origin && origin !== new URL(c.req.url).origin) return c.text("vigil: cross-origin hook", 403);
    const closed = c.req.header(FAIL_CLOSED_HEADER);
    let out: HookAnswer, body = "";
    try {
      body = await c.req.text();
      const run = () => runHook(body, (name) => c.req.header(name));
      out = body.length > MAX_HOOK_BYTES
        ? failed(store, clock(), `hook input exceeds ${MAX_HOOK_BYTES} bytes`, body.length)
        : closed === undefined
        ? run()
        : store().waitingFor(closedWaitMs(closed), run);
    } catch (e) {
      out = failed(store, clock(), e instanceof Error ? e.message : String(e), null);
    }
    stats.latency.observe((performance.now() - t0) / 1000);
    if (out.error !== null && closed !== undefined) {
      stats.outcomes.closed++;
      const deny = closedAnswer(body, out.error, languageOf(opts.language, (name) => c.req.header(name)));
      if (deny === null) return c.text(`vigil: failed closed: ${out.error}`, 503);
      return c.body(deny, 200, { "Content-Type": "application/json" });
    }
    stats.outcomes[out.error === null ? "ok" : "error"]++;
    if (!out.stdout) return c.body(null, 200);
    // PreCompact prints plain text (summariser instructions); every other decision is JSON.
    const type = out.stdout.startsWith("{") ? "application/json" : "text/plain; charset=utf-8";
    return c.body(out.stdout, 200, { "Content-Type": type });
  };
}

function failed(store: () => Store, at: number, error: string, bytes: number | null): HookAnswer {
  try {
    store().appendEvent(at, null, "hook_error", { error, ...(bytes === null ? {} : { bytes }), via: "http" });
  } catch {
    // the store is the problem: nothing more to record (the answer still says so)
  }
  return { stdout: "", error };
}

/** The refusal's language; English when it cannot be had (the failure may be the configuration's). */
function languageOf(
  language: ((header: (name: string) => string | undefined) => Language) | undefined,
  header: (name: string) => string | undefined,
): Language {
  try {
    return language?.(header) ?? "en";
  } catch {
    return "en";
  }
}
