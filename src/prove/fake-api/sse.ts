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
export function messageJson(reply: Reply, model: string): Record<string, unknown> {
  return {
    id: freshId("msg"),
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

/** The reply as the SSE body of a streamed response. */
export function messageSse(reply: Reply, model: string): string {
  const msg = messageJson(reply, model);
  const usage = fullUsage(reply);
  const out = [
    event("message_start", {
      message: { ...msg, content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } },
    }),
  ];
  contentBlocks(reply).forEach((b, index) => {
    if (b.type === "text") {
      out.push(event("content_block_start", { index, content_block: { type: "text", text: "" } }));
      out.push(event("content_block_delta", { index, delta: { type: "text_delta", text: b.text } }));
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
  return out.join("");
}
