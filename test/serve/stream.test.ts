/** GET /api/stream pushes what other processes write: here, a separate compiled `vigil hook`. */
import { afterAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { createApp } from "../../src/serve/app.ts";
import { openStore } from "../../src/edge/store.ts";
import { allPayloads } from "../support/fixtures.ts";
import { testEnv, vigil } from "../support/vigil.ts";

const env = testEnv();
const store = openStore(join(env.VIGIL_HOME, "vigil.db"));
afterAll(() => {
  store.close();
  rmSync(env.HOME, { recursive: true, force: true });
});
const app = createApp({ store: () => store, runHook: () => ({ stdout: "", error: null }), pollMs: 50 });
const payload = allPayloads().find((p) => p.name.startsWith("2.1.328/basic/PreToolUse"));
if (!payload) throw new Error("no PreToolUse fixture");
const sessionId = String(payload.stdin.session_id);

interface Sse {
  event: string;
  id: string | null;
  data: string;
}

/** Read server-sent events until `done` says so; fails the test if the stream ends first. */
async function readUntil(res: Response, done: (seen: Sse[]) => boolean, limitMs = 15_000): Promise<Sse[]> {
  const reader = res.body?.getReader();
  if (!reader) throw new Error("no body");
  const seen: Sse[] = [];
  const decoder = new TextDecoder();
  let buf = "";
  const deadline = setTimeout(() => reader.cancel(), limitMs);
  try {
    while (!done(seen)) {
      const { value, done: ended } = await reader.read();
      if (ended) throw new Error(`stream ended after ${JSON.stringify(seen.map((s) => s.event))}`);
      buf += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buf.indexOf("\n\n")) >= 0) {
        const block = buf.slice(0, cut);
        buf = buf.slice(cut + 2);
        const field = (name: string) =>
          block.split("\n").filter((l) => l.startsWith(name + ": ")).map((l) => l.slice(name.length + 2));
        if (field("event").length) {
          seen.push({ event: field("event")[0], id: field("id")[0] ?? null, data: field("data").join("\n") });
        }
      }
    }
    return seen;
  } finally {
    clearTimeout(deadline);
    await reader.cancel();
  }
}

const hookEvents = (seen: Sse[]) =>
  seen.filter((s) => s.event === "events").flatMap((s) => JSON.parse(s.data))
    .filter((e: { kind: string; session_id: string }) => e.kind === "hook" && e.session_id === sessionId);

describe("/api/stream", () => {
  test("headers, then hello with the newest id", async () => {
    const res = await app.request("/api/stream");
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    const [hello] = await readUntil(res, (s) => s.length >= 1);
    expect(hello).toEqual({ event: "hello", id: "0", data: JSON.stringify({ after: 0, head: 0 }) });
  });

  test("delivers an event written by a separate `vigil hook` process", async () => {
    const res = await app.request("/api/stream");
    let fired = false;
    const seen = await readUntil(res, (s) => {
      // Fire the hook only once the stream is open, so the event is news to it.
      if (!fired && s.some((x) => x.event === "hello")) {
        fired = true;
        const r = vigil(["hook"], JSON.stringify(payload.stdin), env);
        expect(r.code).toBe(0);
      }
      return hookEvents(s).length > 0;
    });
    const [e] = hookEvents(seen);
    expect(e.detail.event).toBe("PreToolUse");
    expect(seen.find((s) => s.event === "events")?.id).toBe(String(e.id));
  });

  test("Last-Event-ID resumes after the given id", async () => {
    const res = await app.request("/api/stream", { headers: { "Last-Event-ID": "0" } });
    const seen = await readUntil(res, (s) => hookEvents(s).length > 0);
    expect(seen[0]).toMatchObject({ event: "hello", id: "0" });
    expect(hookEvents(seen)[0].id).toBe(1);
  });
});
