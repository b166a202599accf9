/**
 * Replaying a recorded session (pure parts): parsing the recording, cutting the transcript
 * as it stood at each hook call, and formatting the timeline `vigil demo` prints.
 */
import { isObject, type JsonObject, str } from "./payload.ts";

export interface RecordedCall {
  ts: string;
  event: string;
  env: Record<string, string>;
  payload: JsonObject;
}

/** Parse a recording's events.jsonl; malformed lines are skipped. */
export function parseRecording(text: string): RecordedCall[] {
  const out: RecordedCall[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      const v: unknown = JSON.parse(line);
      if (!isObject(v) || !isObject(v.payload) || typeof v.ts !== "string") continue;
      const env: Record<string, string> = {};
      if (isObject(v.env)) { for (const [k, x] of Object.entries(v.env)) if (typeof x === "string") env[k] = x; }
      out.push({
        ts: v.ts,
        event: str(v, "event") ?? str(v.payload, "hook_event_name") ?? "?",
        env,
        payload: v.payload,
      });
    } catch {
      // skip
    }
  }
  return out;
}

/**
 * The transcript lines that existed at `ts`: records stamped at or before it, and unstamped
 * records that follow an included one (they are written together with it).
 */
export function transcriptAt(lines: string[], ts: string): string[] {
  const limit = Date.parse(ts);
  const out: string[] = [];
  let include = true;
  for (const line of lines) {
    const m = /"timestamp":\s*"([^"]+)"/.exec(line);
    if (m) include = Date.parse(m[1]) <= limit;
    if (include) out.push(line);
  }
  return out;
}

export interface TimelineRow {
  ts: string;
  call: string;
  state: string;
  tokens: number | null;
  estimate: number | null;
  outcome: string;
}

function k(n: number | null): string {
  return n === null ? "-" : `${Math.round(n / 1000)}k`;
}

/** A hook call in a few words: the event and what it was about. */
export function describeCall(p: JsonObject): string {
  const event = str(p, "hook_event_name") ?? "?";
  const tool = str(p, "tool_name");
  const input = isObject(p.tool_input) ? p.tool_input : null;
  const what = input ? (str(input, "command") ?? str(input, "file_path")?.split("/").pop() ?? "") : "";
  if (tool) return `${event} ${tool}${what ? ": " + clip(what, 38) : ""}`;
  const prompt = str(p, "prompt");
  if (prompt) return `${event}: ${clip(prompt.trim().split("\n")[0], 40)}`;
  const last = str(p, "last_assistant_message");
  if (last) return `${event}: “${clip(last, 40)}”`;
  const source = str(p, "source") ?? str(p, "trigger");
  return source ? `${event} (${source})` : event;
}

/** What a hook's stdout decided, in a few words. */
export function describeOutput(stdout: string): string {
  if (!stdout.trim()) return "";
  try {
    const v: unknown = JSON.parse(stdout);
    if (!isObject(v)) return clip(stdout, 60);
    if (v.decision === "block") return `BLOCK: ${clip(str(v, "reason") ?? "", 70)}`;
    const h = isObject(v.hookSpecificOutput) ? v.hookSpecificOutput : null;
    if (h && h.permissionDecision === "deny") return `DENY: ${clip(str(h, "permissionDecisionReason") ?? "", 70)}`;
    if (h && typeof h.additionalContext === "string") return `CONTEXT: ${clip(h.additionalContext, 70)}`;
  } catch {
    return `TEXT: ${clip(stdout, 60)}`;
  }
  return clip(stdout, 60);
}

function clip(s: string, n: number): string {
  const one = s.replace(/\s+/g, " ").trim();
  return one.length > n ? one.slice(0, n - 1) + "…" : one;
}

/** The timeline as fixed-width text. */
export function formatTimeline(rows: TimelineRow[]): string {
  const lines = rows.map((r) => {
    const time = r.ts.slice(11, 19);
    const num = `${k(r.tokens)}${
      r.estimate !== null && r.tokens !== null && r.estimate - r.tokens >= 1000 ? `~${k(r.estimate)}` : ""
    }`;
    const head = `${time}  ${r.call.padEnd(48).slice(0, 48)}  ${num.padStart(11)}  ${r.state.padEnd(10)}`;
    return r.outcome ? `${head}  ${r.outcome}` : head.trimEnd();
  });
  const header = `${"time".padEnd(8)}  ${"hook call".padEnd(48)}  ${"tokens".padStart(11)}  ${
    "state".padEnd(10)
  }  decision`;
  return [header, ...lines].join("\n");
}
