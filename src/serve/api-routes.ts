/**
 * The read-only JSON and report routes: `/api/sessions` (the objects of `vigil status
 * --json`), `/api/events`, `/api/report` (the objects of `vigil report --json`), `/api/proof`
 * (the last `doctor --prove`), the timeline SVG and the printable HTML report.
 */
import type { Context, Hono } from "hono";
import { dirname } from "node:path";
import { proofState, proofView } from "../core/prove/last-proof.ts";
import { readLastProof } from "../prove/proof-file.ts";
import { reportHtml } from "../core/report/html.ts";
import { type EventJson, reportJsonChunks } from "../core/report/json.ts";
import type { Report } from "../core/report/model.ts";
import { timelineSvg } from "../core/report/svg.ts";
import { parseWhen } from "../core/report/time.ts";
import type { Result } from "../core/payload.ts";
import { statusObjects } from "../core/status-view.ts";
import type { EventRow, Store } from "../edge/store.ts";
import { jsonArrayStream, textStream } from "./json-stream.ts";
import { iterateEvents } from "../edge/store/event-pages.ts";
import { loadReport } from "./report-rows.ts";

const DAY = 86_400_000;
const MAX_LIMIT = 5000;

/** Register the routes on `app`. */
export function apiRoutes(
  app: Hono,
  deps: { store: () => Store; clock: () => number; toJson: (rows: EventRow[]) => EventJson[] },
): void {
  const { store, clock, toJson } = deps;

  app.get("/api/sessions", (c) => {
    const now = clock();
    const all = ["1", "true"].includes(c.req.query("all") ?? "");
    return c.json(statusObjects(store().listSessions(all ? {} : { updatedAfter: now - DAY })));
  });

  app.get("/api/events", (c) => {
    const q = c.req.query();
    const since = q.since === undefined ? undefined : parseWhen(q.since, clock());
    if (since && !since.ok) return c.json({ error: since.error }, 400);
    // `after_id` is the keyset cursor's documented name; `after` is what pollers already send.
    const cursor = q.after_id ?? q.after;
    const after = cursor === undefined ? undefined : Number(cursor);
    if (after !== undefined && !Number.isInteger(after)) return c.json({ error: `"after" must be an event id` }, 400);
    const limit = Math.min(Math.max(1, Math.floor(Number(q.limit ?? 200)) || 200), MAX_LIMIT);
    const rows = iterateEvents(store(), { since: since?.value, after, sessionId: q.session, limit });
    return c.body(jsonArrayStream(rows, (r) => toJson([r])[0]), 200, { "Content-Type": "application/json" });
  });

  const report = (c: Context): Result<Report> => {
    const now = clock();
    const since = parseWhen(c.req.query("since") ?? "12h", now);
    if (!since.ok) return since;
    const untilText = c.req.query("until");
    const until = untilText === undefined ? { ok: true as const, value: now } : parseWhen(untilText, now);
    if (!until.ok) return until;
    const range = { since: since.value, until: until.value, sessionId: c.req.query("session") };
    return { ok: true, value: loadReport(store(), range) };
  };

  // The last proof lives beside the database (`<state dir>/proof.json`).
  app.get("/api/proof", (c) => c.json(proofView(proofState(readLastProof(dirname(store().file)), null))));

  app.get("/api/report", (c) => {
    const r = report(c);
    // Streamed as `vigil report --json` writes it: a month of events is ~150 MB of JSON.
    return r.ok
      ? c.body(textStream(reportJsonChunks(r.value)), 200, { "Content-Type": "application/json" })
      : c.json({ error: r.error }, 400);
  });
  app.get("/api/timeline.svg", (c) => {
    const r = report(c);
    const legend = c.req.query("legend") !== "0";
    return r.ok
      ? c.body(timelineSvg(r.value, { legend }), 200, { "Content-Type": "image/svg+xml" })
      : c.text(r.error, 400);
  });
  app.get("/report.html", (c) => {
    const r = report(c);
    return r.ok ? c.html(reportHtml(r.value)) : c.text(r.error, 400);
  });
}
