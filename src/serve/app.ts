/**
 * The `vigil serve` HTTP app, built as a function of its dependencies so tests call
 * `app.request()` without a port: POST /hook (the shared hook pipeline), the dashboard, the
 * JSON API, the live stream, Prometheus metrics and a health check.
 */
import { Hono } from "hono";
import { hostname } from "node:os";
import { FAIL_CLOSED_HEADER } from "../core/fail-closed.ts";
import type { Language } from "../core/config.ts";
import type { LastProof } from "../core/prove/last-proof.ts";
import { eventJson } from "../core/report/json.ts";
import { parseDetail } from "../core/report/marks.ts";
import { DASHBOARD_CSS, DASHBOARD_HTML, DASHBOARD_JS } from "./dashboard/assets.ts";
import type { EventRow, Store } from "../edge/store.ts";
import { apiRoutes } from "./api-routes.ts";
import { hostGuard, tokenAuth } from "./auth.ts";
import { type HookAnswer, hookRoute, type HookStats } from "./hook-route.ts";
import { statuslineRoute } from "./statusline-route.ts";
import { Histogram, METRICS_CONTENT_TYPE, renderFamilies } from "./metrics.ts";
import { EventCounters, storeFamilies } from "./metrics-source.ts";
import { streamRoute } from "./stream.ts";
import { createTail } from "./tail.ts";

/** One request header by its lower-case name. */
export type RequestHeader = (name: string) => string | undefined;

export interface AppDeps {
  /**
   * The store serve holds now: serve reopens it when another process recovered the file
   * (`reopeningStore`), so every route asks for it per request.
   */
  store: () => Store;
  /**
   * The hook pipeline bound to its dependencies: `(input) => runHook(input, deps)`; `header`
   * reads the request's headers by lower-case name (the environment they carry: header-env.ts).
   */
  runHook: (input: string, header?: RequestHeader) => HookAnswer;
  /** What `vigil statusline` prints for a payload (`statuslineOutput`); no `POST /statusline` without it. */
  renderStatusline?: (input: string, header?: RequestHeader) => string;
  /** The language a fail-closed refusal speaks for a request (serve: its config with the headers' environment). */
  language?: (header: RequestHeader) => Language;
  clock?: () => number;
  /** When set, every request must present it (auth.ts). */
  token?: string;
  /** Without a token: the Host names served (`serve` passes the loopback names). */
  allowedHosts?: string[];
  /** How often the live stream looks for new events (ms). */
  pollMs?: number;
  version?: string;
  /** The `host` label of this machine's series (serve: VIGIL_HOST, else the host name). */
  host?: string;
  /** Reads the last proof (serve: `<state dir>/proof.json`) at each scrape; none without it. */
  proof?: () => LastProof | null;
  /**
   * Hook calls that failed open with the failure in `vigil.log`, not the database (a locked or
   * broken store, a lost forward): counted with the recorded ones (serve: `logFailureTally`).
   */
  loggedFailures?: () => number;
}

/** Build the app. */
export function createApp(deps: AppDeps): Hono {
  const { store, clock = Date.now, host = hostname() } = deps;
  const app = new Hono();
  const stats: HookStats = { latency: new Histogram(), outcomes: { ok: 0, error: 0, closed: 0 } };
  // Folded by event id: a recreated store numbers its events afresh, so its counters start anew.
  let counters = new EventCounters(), counted: Store | null = null;
  const tail = createTail(store, { pollMs: deps.pollMs });
  const toJson = (rows: EventRow[]) => rows.map((e) => eventJson({ ...e, detail: parseDetail(e.detail) }));

  if (deps.token) app.use(tokenAuth(deps.token));
  else if (deps.allowedHosts) app.use(hostGuard(deps.allowedHosts));

  app.post("/hook", hookRoute(deps.runHook, { store, clock, stats, language: deps.language }));
  if (deps.renderStatusline) app.post("/statusline", statuslineRoute(deps.renderStatusline));
  app.get("/healthz", (c) => c.json({ ok: true, version: deps.version ?? null, head: tail.head() }));
  apiRoutes(app, { store, clock, toJson });
  app.get("/api/stream", streamRoute(tail, toJson));

  app.get("/metrics", (c) => {
    const { ok, error, closed } = stats.outcomes;
    const now = store();
    if (counted !== null && counted !== now) counters = new EventCounters();
    counted = now;
    const families = [
      ...storeFamilies(now, counters, {
        now: clock(),
        host,
        proof: deps.proof?.() ?? null,
        loggedFailures: deps.loggedFailures?.() ?? 0,
      }),
      stats.latency.family("vigil_http_hook_duration_seconds", "Server-side time of POST /hook"),
      {
        name: "vigil_http_hook_requests_total",
        help:
          "POST /hook requests by pipeline outcome (error: vigil failed open; closed: failed, and the call was refused)",
        type: "counter" as const,
        samples: [
          { labels: { outcome: "ok" }, value: ok },
          { labels: { outcome: "error" }, value: error },
          { labels: { outcome: "closed" }, value: closed },
        ],
      },
    ];
    return c.body(renderFamilies(families), 200, { "Content-Type": METRICS_CONTENT_TYPE });
  });

  app.get("/", (c) => c.html(DASHBOARD_HTML));
  app.get("/assets/dashboard.css", (c) => c.body(DASHBOARD_CSS, 200, { "Content-Type": "text/css; charset=utf-8" }));
  app.get("/assets/dashboard.js", (c) => c.body(DASHBOARD_JS, 200, { "Content-Type": "text/javascript" }));

  app.onError((e, c) => {
    if (c.req.path === "/hook") {
      // fail open, whatever threw, unless the registration is fail-closed (an error status blocks there)
      return c.req.header(FAIL_CLOSED_HEADER) === undefined ? c.body(null, 200) : c.text("vigil: failed closed", 503);
    }
    return c.json({ error: e instanceof Error ? e.message : String(e) }, 500);
  });
  return app;
}
