/**
 * A state file drafted mechanically from the transcript (product.md section 5): when an
 * automatic compaction comes before anyone saved state, the restore still gets the todo list,
 * the plan file, the files edited, the last human instruction and the recent failures. It
 * cannot know decisions or their reasons, and says so rather than guessing.
 */
import type { classifyPrompt } from "../classify.ts";
import { isObject, type JsonObject, obj, str } from "../payload.ts";

/** Who wrote a prompt: classify.ts's `classifyPrompt`. */
export type PromptClassifier = typeof classifyPrompt;

export interface Todo {
  text: string;
  status: string;
}

export interface Failure {
  tool: string;
  /** What was attempted, in one line (a command, a path). */
  what: string;
  /** The first line of the error. */
  error: string;
}

export interface DraftMaterial {
  todos: Todo[];
  planPath: string | null;
  /** Newest first, unique. */
  filesEdited: string[];
  lastInstruction: string | null;
  /** Oldest first, the most recent few. */
  failures: Failure[];
  /** ms of the newest compact_boundary in reach, or null. */
  boundaryAt: number | null;
  /** ms of the first record read (where the bounded read began). */
  firstAt: number | null;
}

const EDIT_TOOLS = new Set(["Write", "Edit", "MultiEdit", "NotebookEdit"]);
const MAX_FILES = 30, MAX_FAILURES = 5, MAX_LINE = 300;

function oneLine(s: string, max = MAX_LINE): string {
  const t = s.replace(/\s+/g, " ").trim();
  return t.length > max ? t.slice(0, max - 1) + "…" : t;
}

function time(v: JsonObject): number | null {
  const t = str(v, "timestamp");
  const ms = t === null ? NaN : Date.parse(t);
  return Number.isFinite(ms) ? ms : null;
}

function blocks(v: JsonObject): JsonObject[] {
  const m = obj(v, "message");
  const c = m ? m.content : null;
  return Array.isArray(c) ? c.filter(isObject) : [];
}

function textOf(v: JsonObject): string | null {
  const m = obj(v, "message");
  const c = m ? m.content : null;
  if (typeof c === "string") return c;
  const parts = blocks(v).filter((b) => b.type === "text" && typeof b.text === "string").map((b) => String(b.text));
  return parts.length ? parts.join("\n") : null;
}

function resultText(b: JsonObject): string {
  const c = b.content;
  if (typeof c === "string") return c;
  if (!Array.isArray(c)) return "";
  return c.filter(isObject).map((x) => (typeof x.text === "string" ? x.text : "")).join("\n");
}

function humanPrompt(v: JsonObject, classify: PromptClassifier): string | null {
  if (v.isMeta === true || v.isCompactSummary === true || v.isVisibleInTranscriptOnly === true) return null;
  const origin = obj(v, "origin");
  const text = textOf(v);
  if (text === null || text.trim() === "") return null;
  const hint = {
    originKind: origin ? str(origin, "kind") : null,
    promptSource: str(v, "promptSource"),
    isMeta: false,
    text,
  };
  const verdict = classify(text, { passCommands: [], hint }).verdict;
  return verdict === "instruction" || verdict === "handoff" ? text : null;
}

function describe(name: string, input: JsonObject | null): string {
  if (!input) return name;
  const what = str(input, "command") ?? str(input, "file_path") ?? str(input, "notebook_path") ??
    str(input, "pattern") ?? str(input, "url") ?? str(input, "description");
  return what === null ? name : `${name} ${oneLine(what, 160)}`;
}

/** The error's first line; a bare "Exit code N" takes the line after it along. */
function errorLine(text: string): string {
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  if (lines.length === 0) return "failed";
  return oneLine(/^Exit code \d+$/.test(lines[0].trim()) && lines[1] ? `${lines[0]}: ${lines[1]}` : lines[0]);
}

/** Task ids come from the tool result ("Task #3 created…"), else in creation order. */
function taskId(result: string | undefined, fallback: number): string {
  const m = result ? /#(\d+)/.exec(result) : null;
  return m ? m[1] : String(fallback);
}

/**
 * Extract the draft's material from transcript records in file order. Sidechain records
 * (subagents) are skipped: their todo lists and edits are not the session's. `classify` is the
 * prompt classifier (classify.ts), passed in: its module holds the handoff judges and their
 * weight tables, which only a call that drafts may load (src/app/hook-parts.ts).
 */
export function extractDraft(records: readonly JsonObject[], classify: PromptClassifier): DraftMaterial {
  const out: DraftMaterial = {
    todos: [],
    planPath: null,
    filesEdited: [],
    lastInstruction: null,
    failures: [],
    boundaryAt: null,
    firstAt: null,
  };
  const uses = new Map<string, { name: string; input: JsonObject | null }>();
  const results = new Map<string, { text: string; error: boolean }>();
  const edits: { id: string; path: string }[] = [];
  const taskOps: { id: string; name: string; input: JsonObject }[] = [];
  for (const v of records) {
    out.firstAt ??= time(v);
    if (v.isSidechain === true) continue;
    if (v.type === "system" && v.subtype === "compact_boundary") out.boundaryAt = time(v) ?? out.boundaryAt;
    const att = obj(v, "attachment");
    if (att && typeof att.planFilePath === "string") out.planPath = att.planFilePath;
    if (v.type === "assistant") {
      for (const b of blocks(v)) {
        if (b.type !== "tool_use" || typeof b.id !== "string" || typeof b.name !== "string") continue;
        const input = obj(b, "input");
        uses.set(b.id, { name: b.name, input });
        if (!input) continue;
        if (b.name === "TodoWrite" && Array.isArray(input.todos)) {
          out.todos = input.todos.filter(isObject).map((t) => ({
            text: oneLine(str(t, "content") ?? str(t, "subject") ?? ""),
            status: str(t, "status") ?? "pending",
          })).filter((t) => t.text !== "");
        }
        if (b.name === "TaskCreate" || b.name === "TaskUpdate") taskOps.push({ id: b.id, name: b.name, input });
        const path = str(input, "file_path") ?? str(input, "notebook_path");
        if (EDIT_TOOLS.has(b.name) && path) {
          edits.push({ id: b.id, path });
          if (/\/\.claude\/plans\/|(^|\/)[^/]*plan[^/]*\.md$/i.test(path)) out.planPath = path;
        }
        if (b.name === "ExitPlanMode" && typeof input.planFilePath === "string") out.planPath = input.planFilePath;
      }
    } else if (v.type === "user") {
      for (const b of blocks(v)) {
        if (b.type !== "tool_result" || typeof b.tool_use_id !== "string") continue;
        const text = resultText(b);
        results.set(b.tool_use_id, { text, error: b.is_error === true });
        if (b.is_error === true) {
          const use = uses.get(b.tool_use_id);
          out.failures.push({
            tool: use?.name ?? "tool",
            what: describe(use?.name ?? "tool", use?.input ?? null),
            error: errorLine(text),
          });
        }
      }
      const human = humanPrompt(v, classify);
      if (human !== null) out.lastInstruction = human.trim();
    }
  }
  const seen = new Set<string>();
  for (const e of [...edits].reverse()) {
    if (results.get(e.id)?.error || seen.has(e.path)) continue;
    seen.add(e.path);
    out.filesEdited.push(e.path);
  }
  out.filesEdited = out.filesEdited.slice(0, MAX_FILES);
  out.failures = out.failures.slice(-MAX_FAILURES);
  if (out.todos.length === 0) out.todos = tasksFrom(taskOps, results);
  return out;
}

function tasksFrom(
  ops: readonly { id: string; name: string; input: JsonObject }[],
  results: Map<string, { text: string; error: boolean }>,
): Todo[] {
  const tasks = new Map<string, Todo>();
  let created = 0;
  for (const op of ops) {
    const r = results.get(op.id);
    if (r?.error) continue;
    if (op.name === "TaskCreate") {
      created++;
      const text = oneLine(str(op.input, "subject") ?? str(op.input, "description") ?? "");
      if (text) tasks.set(taskId(r?.text, created), { text, status: "pending" });
      continue;
    }
    const id = str(op.input, "taskId");
    const t = id === null ? undefined : tasks.get(id);
    if (!t || id === null) continue;
    const status = str(op.input, "status");
    if (status === "deleted") tasks.delete(id);
    else tasks.set(id, { text: oneLine(str(op.input, "subject") ?? t.text), status: status ?? t.status });
  }
  return [...tasks.values()];
}
