/**
 * What the Stop gate reads beyond the payload (`StopFacts`, src/core/stop/facts.ts), from the
 * transcript's tail. Runs on Stop only and reads only what was asked for: the newest assistant
 * text is needed only when the payload has no `last_assistant_message` (Claude Code before
 * 2.1.47), the todo facts only with todo continuation on, the tool calls since vigil's last push
 * only when there was one (the progress breaker). Bounded: the last 4 MiB at most,
 * walked backwards with the meter's line reader; lines are judged on their raw bytes first and
 * parsed only when they can hold a wanted record.
 */
import { Buffer } from "node:buffer";
import { closeSync, fstatSync } from "node:fs";
import { isBookkeeping } from "../core/meter/backward.ts";
import { type ByteSource, decode, parseLine, scanBackward } from "../core/meter/lines.ts";
import { isObject, type JsonObject, obj, str } from "../core/payload.ts";
import type { StopFacts } from "../core/stop/facts.ts";
import type { TodoToolCall } from "../core/stop/todo.ts";
import { openToRead, readRange } from "./file-read.ts";

const MiB = 1024 * 1024;
/** How far back the Stop facts look. A todo list older than this is not seen. */
export const STOP_SCAN_BYTES = 4 * MiB;

export interface StopScanOptions {
  /** Read the newest main-chain assistant text. */
  text: boolean;
  /** Read the todo tool calls, the newest interrupt and the newest compaction. */
  todo: boolean;
  /** Find whether Claude Code's `/goal` is active (its newest `goal_status` attachment). */
  goal?: boolean;
  /**
   * Epoch ms of vigil's last push in this session, or null: look for a main-chain tool call
   * made after it (the progress breaker's "did work follow"). The scan stops at the first one.
   */
  workSince?: number | null;
  maxScanBytes?: number;
  chunkBytes?: number;
}

const TODO_TOOLS = new Set(["TodoWrite", "TaskCreate", "TaskUpdate"]);
const INTERRUPT = "[Request interrupted by user";
const needle = (s: string) => Buffer.from(s);
const N = {
  assistant: needle('"assistant"'),
  user: needle('"user"'),
  todo: ["TodoWrite", "TaskCreate", "TaskUpdate"].map(needle),
  taskResult: needle('{"task":{'),
  interrupt: needle(INTERRUPT),
  boundary: needle("compact_boundary"),
  goal: needle('"goal_status"'),
};

/** Scan state, newest record first. */
interface Scan {
  text: "seek" | "collect" | "done";
  anchorId: string | null;
  texts: string[];
  calls: (TodoToolCall & { id: string | null })[];
  callIds: Set<string>;
  sawTodoWrite: boolean;
  results: Map<string, JsonObject>;
  interruptAt: number | null | undefined;
  compactAt: number | null | undefined;
  /** The newest goal_status says a goal is set and not met; undefined until one is seen. */
  goal: boolean | undefined;
  /** "seek" until a tool call newer than `since`, or an assistant record at or before it. */
  work: "seek" | "done";
  since: number;
  sawToolCall: boolean;
}

/** Read the Stop facts of the transcript at `path`; `{}` when it cannot be read. */
export function readStopFacts(path: string, opts: StopScanOptions): StopFacts {
  if (!opts.text && !opts.todo && !opts.goal && (opts.workSince ?? null) === null) return {};
  let fd: number;
  try {
    fd = openToRead(path);
  } catch {
    return {};
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return {};
    const src: ByteSource = { id: `${st.dev}:${st.ino}`, size: st.size, read: (at, n) => readRange(fd, at, n) };
    return scanStopFacts(src, opts);
  } catch {
    return {};
  } finally {
    closeSync(fd);
  }
}

/** The Stop facts of the last `maxScanBytes` of `src`. */
export function scanStopFacts(src: ByteSource, opts: StopScanOptions): StopFacts {
  const s: Scan = {
    text: opts.text ? "seek" : "done",
    anchorId: null,
    texts: [],
    calls: [],
    callIds: new Set(),
    sawTodoWrite: false,
    results: new Map(),
    interruptAt: opts.todo ? undefined : null,
    compactAt: opts.todo ? undefined : null,
    goal: undefined,
    work: (opts.workSince ?? null) === null ? "done" : "seek",
    since: opts.workSince ?? 0,
    sawToolCall: false,
  };
  const seekGoal = () => opts.goal === true && s.goal === undefined;
  const visit = (bytes: Uint8Array): boolean => {
    const line = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const goalLine = seekGoal() && line.includes(N.goal);
    if (bytes.length === 0 || (!goalLine && !wanted(s, line, opts.todo))) return true;
    const text = decode(bytes);
    if (isBookkeeping(text)) return true;
    for (const v of parseLine(text).reverse()) {
      if (!isObject(v) || v.isSidechain === true) continue;
      if (goalLine) onGoal(s, v);
      onRecord(s, v, opts.todo);
    }
    // Todo facts need the whole window (a task list builds up over many calls); so does a goal
    // set long ago; text alone stops early.
    return opts.todo || seekGoal() || s.text !== "done" || s.work === "seek";
  };
  const maxScan = opts.maxScanBytes ?? STOP_SCAN_BYTES;
  const floor = Math.max(0, src.size - maxScan);
  scanBackward(src, visit, {
    floor,
    floorIsLineStart: floor === 0,
    chunkBytes: opts.chunkBytes ?? MiB,
    maxLineBytes: maxScan,
  });
  return facts(s, opts);
}

function facts(s: Scan, opts: StopScanOptions): StopFacts {
  const out: StopFacts = {};
  if (opts.text) out.lastAssistantText = s.texts.length > 0 ? s.texts.reverse().join("\n") : null;
  if (opts.goal) out.goalActive = s.goal === true;
  if (opts.todo) {
    out.todoCalls = s.calls.reverse().map(({ name, input, id }) => {
      const result = name === "TaskCreate" && id !== null ? s.results.get(id) ?? null : null;
      return { name, input, result };
    });
    out.lastInterruptAt = s.interruptAt ?? null;
    out.lastCompactAt = s.compactAt ?? null;
  }
  // A window that ends before the push without a tool call says none was seen in the window.
  if (opts.workSince !== undefined && opts.workSince !== null) out.toolCallSincePush = s.sawToolCall;
  return out;
}

/** Whether a raw line can hold a record the scan still wants. */
function wanted(s: Scan, line: Buffer, todo: boolean): boolean {
  // While seeking the newest answer every record counts: a user record newer than it means the
  // transcript lags behind the turn (the contract's warning), and then there is no answer yet.
  if (s.text === "seek") return true;
  if (s.text === "collect" && (line.includes(N.assistant) || line.includes(N.user))) return true;
  if (s.work === "seek" && line.includes(N.assistant)) return true;
  if (!todo) return false;
  return N.todo.some((n) => line.includes(n)) || line.includes(N.taskResult) ||
    (s.interruptAt === undefined && line.includes(N.interrupt)) ||
    (s.compactAt === undefined && line.includes(N.boundary));
}

function onRecord(s: Scan, v: JsonObject, todo: boolean): void {
  if (v.type === "assistant") onAssistant(s, v, todo);
  else if (v.type === "user") {
    if (s.text === "seek" || s.text === "collect") s.text = "done";
    if (!todo) return;
    // Every interrupt record counts: 2.1.337 marks a person's on some paths only, so no record says
    // "not a person" (docs/claude-code-versions.md section 11).
    if (s.interruptAt === undefined && isInterrupt(v)) s.interruptAt = timeOf(v);
    taskResult(s, v);
  } else if (v.type === "system" && v.subtype === "compact_boundary" && s.compactAt === undefined && todo) {
    s.compactAt = timeOf(v);
  }
}

function onAssistant(s: Scan, v: JsonObject, todo: boolean): void {
  const m = obj(v, "message");
  if (!m || v.isApiErrorMessage === true || m.model === "<synthetic>") return;
  const id = str(m, "id") ?? "";
  const blocks = Array.isArray(m.content) ? m.content.filter(isObject) : [];
  if (s.text === "seek" || (s.text === "collect" && id !== "" && id === s.anchorId)) {
    s.text = "collect";
    s.anchorId ??= id;
    for (const b of [...blocks].reverse()) if (b.type === "text" && typeof b.text === "string") s.texts.push(b.text);
  } else if (s.text === "collect") s.text = "done";
  if (s.work === "seek") seekWork(s, v, blocks);
  if (!todo) return;
  for (const b of [...blocks].reverse()) {
    const name = b.type === "tool_use" ? str(b, "name") : null;
    const input = obj(b, "input");
    if (name === null || !TODO_TOOLS.has(name) || input === null) continue;
    const toolId = str(b, "id");
    // Streaming can write a block twice; a TodoWrite older than the newest one is replaced by it.
    if (toolId !== null && s.callIds.has(toolId)) continue;
    if (name === "TodoWrite" && s.sawTodoWrite) continue;
    if (toolId !== null) s.callIds.add(toolId);
    s.sawTodoWrite ||= name === "TodoWrite";
    s.calls.push({ name, input, id: toolId });
  }
}

/**
 * A tool call newer than the last push. Records are visited newest first, so the first one at
 * or before the push ends the search, and so does the first tool call: the breaker asks only
 * whether there was one, and a push long ago would otherwise cost a read of the whole window.
 * A record without a timestamp counts as newer (counting it only withholds the breaker).
 */
function seekWork(s: Scan, v: JsonObject, blocks: JsonObject[]): void {
  const at = timeOf(v);
  if (at !== null && at <= s.since) s.work = "done";
  else if (blocks.some((b) => b.type === "tool_use")) {
    s.sawToolCall = true;
    s.work = "done";
  }
}

/** A TaskCreate's result (`{task: {id, …}}`) keyed by its tool_use id: the authoritative task id. */
function taskResult(s: Scan, v: JsonObject): void {
  const r = obj(v, "toolUseResult");
  const m = obj(v, "message");
  if (!r || !isObject(r.task) || !m || !Array.isArray(m.content)) return;
  const ids = m.content.filter(isObject).filter((b) => b.type === "tool_result").map((b) => str(b, "tool_use_id"));
  if (ids.length === 1 && ids[0] !== null && !s.results.has(ids[0])) s.results.set(ids[0], r);
}

/**
 * `/goal` writes `{type:"attachment", attachment:{type:"goal_status", met:false, condition}}`
 * when set and `met: true` when met or cleared (2.1.332, observed for the set).
 */
function onGoal(s: Scan, v: JsonObject): void {
  const a = v.type === "attachment" ? obj(v, "attachment") : null;
  if (s.goal === undefined && a?.type === "goal_status") s.goal = a.met === false;
}

function isInterrupt(v: JsonObject): boolean {
  const m = obj(v, "message");
  const c = m ? m.content : null;
  if (typeof c === "string") return c.startsWith(INTERRUPT);
  return Array.isArray(c) &&
    c.some((b) => isObject(b) && b.type === "text" && typeof b.text === "string" && b.text.startsWith(INTERRUPT));
}

function timeOf(v: JsonObject): number | null {
  const t = Date.parse(str(v, "timestamp") ?? "");
  return Number.isFinite(t) ? t : null;
}
