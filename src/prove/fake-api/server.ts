/**
 * A scripted Anthropic Messages API on 127.0.0.1 (random port) for driving the real Claude Code
 * CLI offline. Main requests consume the scenario's turns in order; compaction and side
 * requests get their own answers without consuming turns. Every request is recorded. One fake
 * serves both `vigil doctor --prove` (on the user's installed CLI) and the e2e suite.
 */
import { type ApiRequest, isRecord, lastUserText, type RequestKind } from "./api-request.ts";
import { DEFAULT_SUMMARY, type Reply, type Scenario, text, type Turn } from "./scenario.ts";
import { freshId, messageJson, messageStream } from "./sse.ts";

/** The phrase every compaction prompt carries (2.0.76 through 2.1.328). */
export const COMPACT_MARKER = "create a detailed summary of the conversation";

const SIDE_TEXT = "E2E scripted session";

export interface FakeApi {
  /** `http://127.0.0.1:<port>`, the value for ANTHROPIC_BASE_URL. */
  url: string;
  requests: ApiRequest[];
  /** Turn functions that threw, and requests the fake could not answer. */
  errors: string[];
  /** Scripted turns (the scenario's and its lanes') not yet used. */
  unusedTurns(): number;
  stop(): void;
}

/** Side requests (titles, topic checks) carry no tools; main and compaction requests do. */
function classify(path: string, body: Record<string, unknown> | null, req: ApiRequest): RequestKind {
  if (path !== "/v1/messages" || body === null) return "other";
  if (lastUserText(req).includes(COMPACT_MARKER)) return "compact";
  return Array.isArray(body.tools) && body.tools.length > 0 ? "main" : "side";
}

/**
 * Side requests that ask for JSON (2.1.88's session title: `output_config.format.json_schema`
 * with a "title" string) get an object with every property filled; others get a short text.
 */
function defaultSide(body: Record<string, unknown> | null): Reply {
  const format = isRecord(body?.output_config) ? body.output_config.format : undefined;
  const schema = isRecord(format) && format.type === "json_schema" ? format.schema : undefined;
  if (!isRecord(schema) || !isRecord(schema.properties)) return text(SIDE_TEXT);
  const fill = (p: unknown) => {
    const type = isRecord(p) ? p.type : undefined;
    return type === "boolean" ? false : type === "number" || type === "integer" ? 0 : type === "array" ? [] : SIDE_TEXT;
  };
  return text(JSON.stringify(Object.fromEntries(Object.entries(schema.properties).map(([k, p]) => [k, fill(p)]))));
}

function play(turn: Turn, req: ApiRequest): Reply {
  return typeof turn === "function" ? turn(req) : turn;
}

function parseBody(raw: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(raw);
    return isRecord(v) ? v : null;
  } catch {
    return null;
  }
}

export interface FakeApiOptions {
  /**
   * Awaited before a main request is answered, with the message id of the main reply before it. Claude Code writes
   * its transcript a moment after the fact (100–150 ms after a record's own timestamp, measured on 2.1.88 and 2.1.337);
   * a model answers in seconds, but this fake answers at once, so without a wait the hooks of the next tool call can
   * read a transcript several replies behind, where a real session's is at most one behind (seed 000's known lag).
   */
  settle?: (previousReplyId: string) => Promise<void>;
}

/** Start the fake for one scenario; stop it when the run is over. */
export function startFakeApi(scenario: Scenario, opts: FakeApiOptions = {}): FakeApi {
  const requests: ApiRequest[] = [];
  const errors: string[] = [];
  const queues = [...(scenario.lanes ?? []).map((l) => l.turns), scenario.turns];
  const used = queues.map(() => 0);
  /** The id of the last main reply sent (not an error), which the next main request waits to see on disk. */
  let lastMain: string | null = null;

  function answer(req: ApiRequest): Reply {
    if (req.kind === "compact") {
      const s = scenario.summary ?? DEFAULT_SUMMARY;
      return typeof s === "string" ? text(s, { input_tokens: 1000, output_tokens: 400 }) : s(req);
    }
    if (req.kind === "side") return scenario.side?.(req) ?? defaultSide(req.body);
    const lane = (scenario.lanes ?? []).findIndex((l) => l.when(req));
    const q = lane >= 0 ? lane : queues.length - 1;
    req.lane = lane >= 0 ? lane : null;
    if (used[q] < queues[q].length) {
      req.turn = used[q];
      used[q] += 1;
      return play(queues[q][req.turn], req);
    }
    return play(scenario.fallback ?? text("Done."), req);
  }

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const path = new URL(request.url).pathname;
      const body = parseBody(await request.text());
      const req: ApiRequest = {
        index: requests.length,
        method: request.method,
        path,
        kind: "other",
        body,
        turn: null,
        lane: null,
      };
      req.kind = classify(path, body, req);
      requests.push(req);
      if (path === "/v1/messages/count_tokens") {
        return Response.json({ input_tokens: JSON.stringify(body ?? {}).length >> 2 });
      }
      if (req.kind === "other") {
        const status = request.method === "HEAD" && path === "/" ? 200 : 404;
        return Response.json({ type: "error", error: { type: "not_found_error", message: path } }, { status });
      }
      if (req.kind === "main" && lastMain !== null && opts.settle) await opts.settle(lastMain);
      let reply: Reply;
      try {
        reply = answer(req);
      } catch (e) {
        errors.push(`request ${req.index}: ${e instanceof Error ? e.message : String(e)}`);
        const error = { type: "invalid_request_error", message: "e2e scenario turn failed" };
        return Response.json({ type: "error", error }, { status: 400 });
      }
      if (reply.error) {
        const { status, type, message, headers } = reply.error;
        return Response.json({ type: "error", error: { type, message } }, { status, headers });
      }
      const model = typeof body?.model === "string" ? body.model : "claude-e2e";
      const id = freshId("msg");
      if (req.kind === "main") lastMain = id;
      if (body?.stream !== true) return Response.json(messageJson(reply, model, id));
      return new Response(messageStream(reply, model, id), {
        headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
      });
    },
  });

  return {
    url: `http://127.0.0.1:${server.port}`,
    requests,
    errors,
    unusedTurns: () => queues.reduce((n, turns, i) => n + turns.length - used[i], 0),
    stop: () => void server.stop(true),
  };
}
