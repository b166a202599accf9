/**
 * `GET /api/stream`: server-sent events. `hello` first (where this stream starts, and the
 * newest event id), then `events` (a JSON array in the events API's shape) whenever the events
 * table grows, and a comment line every 8 s so idle connections stay open. `Last-Event-ID`
 * (or `?after=`) resumes.
 */
import type { Handler } from "hono";
import { streamSSE } from "hono/streaming";
import type { EventJson } from "../core/report/json.ts";
import type { EventRow } from "../edge/store.ts";
import type { Tail } from "./tail.ts";

/** Inside Bun.serve's default 10 s idle timeout, so a quiet stream is not cut. */
const PING_MS = 8_000;

/** The SSE handler over a tail. */
export function streamRoute(tail: Tail, toJson: (rows: EventRow[]) => EventJson[]): Handler {
  return (c) =>
    streamSSE(c, async (s) => {
      const resume = Number(c.req.header("last-event-id") ?? c.req.query("after") ?? NaN);
      const after = Number.isInteger(resume) && resume >= 0 ? resume : tail.head();
      await s.writeSSE({ event: "hello", id: String(after), data: JSON.stringify({ after, head: tail.head() }) });
      // Writes are chained so pushes keep their order even when a write waits on the client.
      let queue = Promise.resolve();
      const send = (write: () => Promise<unknown>) => {
        queue = queue.then(write).then(() => undefined, () => undefined);
      };
      await new Promise<void>((done) => {
        const unsubscribe = tail.subscribe(after, (rows) => {
          const id = String(rows[rows.length - 1].id);
          send(() => s.writeSSE({ event: "events", id, data: JSON.stringify(toJson(rows)) }));
        });
        const ping = setInterval(() => send(() => s.write(": ping\n\n")), PING_MS);
        s.onAbort(() => {
          unsubscribe();
          clearInterval(ping);
          done();
        });
      });
    });
}
