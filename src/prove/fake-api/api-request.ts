/**
 * A request the fake Messages API received, and views of what the model was shown: message
 * texts by role (Claude Code 2.1.3xx puts hook context in `role: "system"` messages, older
 * versions in `<system-reminder>` user text), tool results, the last user text.
 */

/** main: answered by a scripted turn; compact: a summary request; side: titles and the like. */
export type RequestKind = "main" | "compact" | "side" | "other";

export interface ApiRequest {
  /** Arrival order within one fake server, from 0. */
  index: number;
  method: string;
  /** Path without the query string (`/v1/messages`). */
  path: string;
  kind: RequestKind;
  body: Record<string, unknown> | null;
  /** The turn that answered it (index into the lane's or the scenario's turns); null for fallback, side, compact and other requests. */
  turn: number | null;
  /** The lane that answered it, or null for the scenario's own turns. */
  lane: number | null;
}

export interface MessageText {
  role: string;
  text: string;
}

export interface ToolResult {
  toolUseId: string;
  content: string;
  isError: boolean;
}

/** Narrow unknown JSON to a plain object. */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function blocks(content: unknown): Record<string, unknown>[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  return Array.isArray(content) ? content.filter(isRecord) : [];
}

function blockText(b: Record<string, unknown>): string {
  if (b.type === "text" && typeof b.text === "string") return b.text;
  if (b.type === "tool_result") return blocks(b.content).map(blockText).join("\n");
  return "";
}

/** The request's `messages`, each as role plus its text (text blocks and tool_result contents). */
export function messageTexts(req: ApiRequest): MessageText[] {
  const msgs = Array.isArray(req.body?.messages) ? req.body.messages.filter(isRecord) : [];
  return msgs.map((m) => ({
    role: typeof m.role === "string" ? m.role : "",
    text: blocks(m.content).map(blockText).filter((t) => t !== "").join("\n"),
  }));
}

/** Every message text of the request joined: the place to look for injected context. */
export function allText(req: ApiRequest): string {
  return messageTexts(req).map((m) => m.text).join("\n");
}

/** The top-level `system` prompt as one text (a subagent's prompt from `--agents` is in it). */
export function systemText(req: ApiRequest): string {
  const system = req.body?.system;
  if (typeof system === "string") return system;
  return blocks(system).map(blockText).join("\n");
}

/** The text of the last `user` message (a prompt, tool results, or "Stop hook feedback:"). */
export function lastUserText(req: ApiRequest): string {
  const users = messageTexts(req).filter((m) => m.role === "user");
  return users.at(-1)?.text ?? "";
}

/**
 * The reason of a Stop block as the model received it, or null when `text` is not Stop hook
 * feedback. 2.1.88 sends it bare (`Stop hook feedback:\n<reason>`); 2.1.332 wraps it in a
 * `<system-reminder>` that opens with a lead line saying the text is a hook's output (the
 * transcript keeps the bare text and stores the lead as `hookTextLead`).
 */
export function stopFeedback(text: string): string | null {
  const at = text.indexOf("Stop hook feedback:\n");
  if (at < 0) return null;
  const before = text.slice(0, at);
  if (before !== "" && !before.startsWith("<system-reminder>\n")) return null;
  const rest = text.slice(at + "Stop hook feedback:\n".length);
  return before === "" ? rest : rest.replace(/\n<\/system-reminder>\s*$/, "");
}

/** Texts of `role: "system"` messages inside `messages` (2.1.3xx additionalContext). */
export function systemTexts(req: ApiRequest): string[] {
  return messageTexts(req).filter((m) => m.role === "system").map((m) => m.text);
}

/** Every tool_result block the request carries, oldest first. */
export function toolResults(req: ApiRequest): ToolResult[] {
  const msgs = Array.isArray(req.body?.messages) ? req.body.messages.filter(isRecord) : [];
  return msgs.flatMap((m) => blocks(m.content)).filter((b) => b.type === "tool_result").map((b) => ({
    toolUseId: typeof b.tool_use_id === "string" ? b.tool_use_id : "",
    content: blockText(b),
    isError: b.is_error === true,
  }));
}
