/**
 * Todo continuation (product.md section 6): with unattended mode on and todo items still open,
 * push the model once more. Most of this file is the reasons not to push (seed 003: the real
 * body of a todo enforcer is its refusals): a human who just interrupted, running background
 * work, a pending question, a fresh compaction, a push seconds ago, the same state pushed
 * three times. Pure: the edge supplies the tool calls, file texts and times.
 */
import { isObject, type JsonObject, str } from "../payload.ts";

export type TodoStatus = "pending" | "in_progress" | "completed";

export interface TodoItem {
  id: string;
  content: string;
  status: TodoStatus;
}

/** One main-chain todo tool call, oldest first; `result` is the tool's `toolUseResult`. */
export interface TodoToolCall {
  name: string;
  input: JsonObject;
  result?: JsonObject | null;
}

function status(v: string | null): TodoStatus | null {
  return v === "pending" || v === "in_progress" || v === "completed" ? v : null;
}

/**
 * The current todo list from the session's TodoWrite calls (each replaces the list) and
 * TaskCreate/TaskUpdate calls (Claude Code 2.1.x task lists, one item per call).
 */
export function todosFromToolCalls(calls: readonly TodoToolCall[]): TodoItem[] {
  let written: TodoItem[] = [];
  const tasks = new Map<string, TodoItem>();
  let created = 0;
  for (const c of calls) {
    if (c.name === "TodoWrite" && Array.isArray(c.input.todos)) {
      written = c.input.todos.filter(isObject).flatMap((t, i) => {
        const s = status(str(t, "status"));
        const content = str(t, "content");
        return s && content ? [{ id: `todo-${i}`, content, status: s }] : [];
      });
    } else if (c.name === "TaskCreate") {
      created += 1;
      const task = c.result && isObject(c.result.task) ? c.result.task : null;
      // Claude Code numbers tasks 1, 2, …; the result's id is authoritative when recorded.
      const id = (task && str(task, "id")) ?? String(created);
      const content = str(c.input, "subject") ?? str(c.input, "description") ?? "";
      tasks.set(id, { id, content, status: "pending" });
    } else if (c.name === "TaskUpdate") {
      const id = str(c.input, "taskId");
      const prev = id ? tasks.get(id) : undefined;
      if (!id || !prev) continue;
      if (str(c.input, "status") === "deleted") {
        tasks.delete(id);
        continue;
      }
      const s = status(str(c.input, "status")) ?? prev.status;
      tasks.set(id, { id, content: str(c.input, "subject") ?? prev.content, status: s });
    }
  }
  return [...written, ...tasks.values()];
}

/**
 * Items of the session's task files (`~/.claude/tasks/<session>/<id>.json`): the current state
 * of the Task tools' list, whatever the transcript window still shows. Deleted tasks have no
 * file; an unknown status counts as pending (open is the careful side for a list being worked).
 */
export function todosFromTaskFiles(files: readonly JsonObject[]): TodoItem[] {
  return files.flatMap((f) => {
    const id = str(f, "id");
    const content = str(f, "subject") ?? str(f, "description");
    if (id === null || content === null || str(f, "status") === "deleted") return [];
    return [{ id, content, status: status(str(f, "status")) ?? "pending" }];
  });
}

/**
 * The todo list a Stop is judged on: TodoWrite (legacy) and the Task tools, where the task
 * files, when present, replace what TaskCreate/TaskUpdate calls in the transcript say.
 */
export function currentTodos(
  src: { calls: readonly TodoToolCall[]; taskFiles?: readonly JsonObject[] | null },
): TodoItem[] {
  if (!src.taskFiles || src.taskFiles.length === 0) return todosFromToolCalls(src.calls);
  const legacy = todosFromToolCalls(src.calls.filter((c) => c.name === "TodoWrite"));
  return [...legacy, ...todosFromTaskFiles(src.taskFiles)];
}

/** Items of a Markdown checklist (`- [ ] …` open, `- [x] …` done), e.g. TODO.md. */
export function todosFromChecklist(text: string, path: string): TodoItem[] {
  const out: TodoItem[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const m = /^\s*[-*+]\s+\[([ xX])\]\s+(.+?)\s*$/.exec(line);
    if (m) out.push({ id: `${path}:${i + 1}`, content: m[2], status: m[1] === " " ? "pending" : "completed" });
  });
  return out;
}

/** Items not yet completed. */
export function openTodos(items: readonly TodoItem[]): TodoItem[] {
  return items.filter((t) => t.status !== "completed");
}

/** A short stable hash of the open items (FNV-1a), to count pushes per todo state. */
export function todoHash(items: readonly TodoItem[]): string {
  const text = openTodos(items).map((t) => `${t.status}|${t.content}`).sort().join("\n");
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

/** Everything the decision needs, all explicit (times in epoch ms). */
export interface TodoPushInput {
  items: readonly TodoItem[];
  now: number;
  /** Newest interrupt by a person (the Interrupt event's, else the transcript's record). */
  lastInterruptAt: number | null;
  /** Newest todo push by vigil for this session. */
  lastPushAt: number | null;
  /** Pushes so far per `todoHash`. */
  pushCounts: Readonly<Record<string, number>>;
  /** Background tasks with status "running" (Stop's `background_tasks`, 2.1.145+). */
  runningBackgroundTasks: number;
  /** Gate 4 found a question, approval wait or escape phrase. */
  pending: boolean;
  /** Newest compact_boundary, and whether the machine is still compacting or restoring. */
  lastCompactAt: number | null;
  compacting: boolean;
}

export const TODO_LIMITS = {
  /** Stop does not fire on the interrupt itself; the next one comes after the human typed again. */
  interruptQuietMs: 30_000,
  pushGapMs: 5_000,
  sameStateMax: 3,
  compactQuietMs: 60_000,
};

export type TodoSkip =
  | "no open items"
  | "question or approval pending"
  | "user interrupted recently"
  | "background tasks running"
  | "session just compacted"
  | "pushed moments ago"
  | "same todo state already pushed";

export type TodoVerdict =
  | { push: true; hash: string; open: TodoItem[] }
  | { push: false; why: TodoSkip; hash: string | null };

/** Whether to push the model on to its open todo items, and why not when not. */
export function todoPush(input: TodoPushInput, limits = TODO_LIMITS): TodoVerdict {
  const open = openTodos(input.items);
  if (open.length === 0) return { push: false, why: "no open items", hash: null };
  const hash = todoHash(open);
  const within = (at: number | null, ms: number) => at !== null && input.now - at < ms;
  const no = (why: TodoSkip): TodoVerdict => ({ push: false, why, hash });
  if (input.pending) return no("question or approval pending");
  if (within(input.lastInterruptAt, limits.interruptQuietMs)) return no("user interrupted recently");
  if (input.runningBackgroundTasks > 0) return no("background tasks running");
  if (input.compacting || within(input.lastCompactAt, limits.compactQuietMs)) return no("session just compacted");
  if (within(input.lastPushAt, limits.pushGapMs)) return no("pushed moments ago");
  if ((input.pushCounts[hash] ?? 0) >= limits.sameStateMax) return no("same todo state already pushed");
  // In-progress items first: that is the one the model was on.
  const ordered = [
    ...open.filter((t) => t.status === "in_progress"),
    ...open.filter((t) => t.status !== "in_progress"),
  ];
  return { push: true, hash, open: ordered };
}
