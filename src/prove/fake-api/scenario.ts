/**
 * What the fake Messages API says: a scenario is a list of scripted turns, one per main request,
 * plus answers for compaction and side requests. Builders keep scenario files short.
 */
import type { ApiRequest } from "./api-request.ts";

/** The four usage numbers Claude Code reads; the context size is input + cache read + cache creation. */
export interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
}

export type Block =
  | { type: "text"; text: string }
  | { type: "tool_use"; name: string; input: Record<string, unknown>; id?: string };

/** One assistant message. `stopReason` defaults to "tool_use" when a tool_use block is present. */
export interface Reply {
  content: Block[];
  usage?: Partial<Usage>;
  stopReason?: "end_turn" | "tool_use" | "max_tokens";
  /** Answer with this API error instead of the message (content is ignored). */
  error?: ApiError;
  /**
   * Stream each text block in this many pieces, `pauseMs` apart (a long answer a person can
   * interrupt while it streams). Default: one piece, at once.
   */
  pieces?: number;
  pauseMs?: number;
}

/** An error response of the Messages API (`{type: "error", error: {type, message}}`). */
export interface ApiError {
  status: number;
  type: string;
  message: string;
  headers?: Record<string, string>;
}

/** A scripted turn: a fixed reply, or one computed from the request it answers. */
export type Turn = Reply | ((req: ApiRequest) => Reply);

/**
 * Requests for which `when` holds consume `turns` instead of the scenario's: a subagent's
 * requests (match its prompt in `systemText(req)`) may interleave with the main thread's.
 */
export interface Lane {
  when: (req: ApiRequest) => boolean;
  turns: Turn[];
}

export interface Scenario {
  /** Answers main requests in order; when they run out, `fallback` answers. */
  turns: Turn[];
  /** Checked first, in order; a matching lane's turns answer the request. */
  lanes?: Lane[];
  /** Answer to compaction requests ("create a detailed summary of the conversation"). */
  summary?: string | ((req: ApiRequest) => Reply);
  /** Answer to side requests (titles, classifiers); undefined falls back to a short title. */
  side?: (req: ApiRequest) => Reply | undefined;
  /** Answer once `turns` are used up (default: text "Done." ending the turn). */
  fallback?: Turn;
}

/** Usage reported when a reply names none: small, so no limit is reached by accident. */
export const DEFAULT_USAGE: Usage = {
  input_tokens: 100,
  output_tokens: 10,
  cache_read_input_tokens: 0,
  cache_creation_input_tokens: 0,
};

/**
 * Usage whose context size (input + cache read + cache creation) is `tokens`: most of it as
 * cache reads, as a real long session reports it.
 */
export function contextOf(tokens: number, output = 10): Partial<Usage> {
  const input = Math.min(tokens, 1000);
  return {
    input_tokens: input,
    cache_read_input_tokens: tokens - input,
    cache_creation_input_tokens: 0,
    output_tokens: output,
  };
}

/** A reply that ends the turn with text. */
export function text(t: string, usage?: Partial<Usage>): Reply {
  return { content: [{ type: "text", text: t }], usage };
}

/** A reply with one tool call. */
export function toolUse(name: string, input: Record<string, unknown>, usage?: Partial<Usage>): Reply {
  return { content: [{ type: "tool_use", name, input }], usage };
}

/** A reply that is an API error: a 429 `rate_limit_error` by default. */
export function apiError(message: string, over: Partial<ApiError> = {}): Reply {
  return { content: [], error: { status: 429, type: "rate_limit_error", message, ...over } };
}

/** A reply with one Bash call. */
export function bash(command: string, usage?: Partial<Usage>): Reply {
  return toolUse("Bash", { command, description: command.slice(0, 40) }, usage);
}

/** A reply with several tool calls in one message (they run as one batch). */
export function tools(calls: Array<[string, Record<string, unknown>]>, usage?: Partial<Usage>): Reply {
  return { content: calls.map(([name, input]) => ({ type: "tool_use", name, input })), usage };
}

/** The default compaction summary, in the shape the real model returns. */
export const DEFAULT_SUMMARY = "<analysis>\nThe session ran scripted e2e turns.\n</analysis>\n\n" +
  "<summary>\n1. Primary Request and Intent: e2e scenario.\n2. Next steps: none.\n</summary>";
