/**
 * Encodes a scripted reply as the Messages API does: a server-sent event stream for
 * `stream: true`, a plain message object otherwise. Usage goes in both `message_start` and
 * `message_delta`, as the real API reports it.
 */
import { DEFAULT_USAGE, type Reply, type Usage } from "./scenario.ts";

let seq = 0;

/** A fresh id with the API's prefix, unique within this process. */
export function freshId(prefix: "msg" | "toolu"): string {
  seq += 1;
  return `${prefix}_e2e_${Date.now().toString(36)}_${seq}`;
}

function fullUsage(reply: Reply): Usage {
  return { ...DEFAULT_USAGE, ...reply.usage };
}

function stopReason(reply: Reply): string {
  return reply.stopReason ?? (reply.content.some((b) => b.type === "tool_use") ? "tool_use" : "end_turn");
}

function contentBlocks(reply: Reply): Record<string, unknown>[] {
  return reply.content.map((b) =>
    b.type === "text"
      ? { type: "text", text: b.text }
      : { type: "tool_use", id: b.id ?? freshId("toolu"), name: b.name, input: b.input }
  );
}

/** The reply as a complete (non-streamed) message object. */
export function messageJson(reply: Reply, model: string, id = freshId("msg")): Record<string, unknown> {
  return {
    id,
    type: "message",
    role: "assistant",
    model,
    content: contentBlocks(reply),
    stop_reason: stopReason(reply),
    stop_sequence: null,
    usage: fullUsage(reply),
  };
}

function event(type: string, data: Record<string, unknown>): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
}

/** The reply as SSE events, each a string to send. */
function sseEvents(reply: Reply, model: string, id?: string): string[] {
  const msg = messageJson(reply, model, id);
  const usage = fullUsage(reply);
  const out = [
    event("message_start", {
      message: { ...msg, content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } },
    }),
  ];
  contentBlocks(reply).forEach((b, index) => {
    if (b.type === "text") {
      out.push(event("content_block_start", { index, content_block: { type: "text", text: "" } }));
      for (const text of split(String(b.text), reply.pieces ?? 1)) {
        out.push(event("content_block_delta", { index, delta: { type: "text_delta", text } }));
      }
    } else {
      out.push(event("content_block_start", { index, content_block: { ...b, input: {} } }));
      const partial_json = JSON.stringify(b.input);
      out.push(event("content_block_delta", { index, delta: { type: "input_json_delta", partial_json } }));
    }
    out.push(event("content_block_stop", { index }));
  });
  out.push(event("message_delta", {
    delta: { stop_reason: stopReason(reply), stop_sequence: null },
    usage,
  }));
  out.push(event("message_stop", {}));
  return out;
}

/** `text` in `n` consecutive pieces (fewer when it is shorter). */
function split(text: string, n: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / Math.max(1, n)));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length > 0 ? out : [text];
}

/** The reply as the SSE body of a streamed response, all at once. */
export function messageSse(reply: Reply, model: string, id?: string): string {
  return sseEvents(reply, model, id).join("");
}

/**
 * The reply as a stream that sends its events `pauseMs` apart (a reply without `pauseMs` goes
 * at once); the stream ends early when the client goes away.
 */
export function messageStream(reply: Reply, model: string, id?: string): ReadableStream<Uint8Array> | string {
  const pause = reply.pauseMs ?? 0;
  if (pause <= 0) return messageSse(reply, model, id);
  const events = sseEvents(reply, model, id);
  const encoder = new TextEncoder();
  let i = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (i > 0) await Bun.sleep(pause);
      if (i >= events.length) return controller.close();
      controller.enqueue(encoder.encode(events[i]));
      i += 1;
    },
  });
}
