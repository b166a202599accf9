import { describe, expect, test } from "bun:test";
import type { JsonObject } from "../../src/core/payload.ts";
import { decideStop, type Gate, type StopGateInput } from "../../src/core/stop/gate.ts";
import { patternSet } from "../../src/core/stop/patterns.ts";
import {
  currentTodos,
  todoHash,
  type TodoItem,
  todoPush,
  type TodoPushInput,
  todosFromChecklist,
  todosFromTaskFiles,
  todosFromToolCalls,
  type TodoSkip,
  type TodoToolCall,
} from "../../src/core/stop/todo.ts";

const NOW = 1_800_000_000_000;

// Input shapes as in Claude Code's sdk-tools.d.ts (TodoWriteInput, TaskCreateInput/Output,
// TaskUpdateInput); the recorded fixture sessions never used these tools.
const write = (...todos: [string, string][]): TodoToolCall => ({
  name: "TodoWrite",
  input: { todos: todos.map(([content, status]) => ({ content, status, activeForm: content })) },
});
const create = (subject: string, id?: string): TodoToolCall => ({
  name: "TaskCreate",
  input: { subject, description: subject },
  result: id ? { task: { id, subject } } : null,
});
const update = (taskId: string, status: string): TodoToolCall => ({ name: "TaskUpdate", input: { taskId, status } });

const brief = (items: TodoItem[]) => items.map((t) => `${t.status}:${t.content}`);

describe("todo items from tool calls", () => {
  test.each<[string, TodoToolCall[], string[]]>([
    ["TodoWrite", [write(["Parse CSV", "completed"], ["Fix quoting", "in_progress"])], [
      "completed:Parse CSV",
      "in_progress:Fix quoting",
    ]],
    ["a later TodoWrite replaces the list", [write(["A", "pending"]), write(["B", "pending"])], ["pending:B"]],
    ["TaskCreate uses the recorded id", [create("Build", "7"), update("7", "completed")], ["completed:Build"]],
    ["TaskCreate without a result numbers from 1", [create("A"), create("B"), update("2", "in_progress")], [
      "pending:A",
      "in_progress:B",
    ]],
    ["TaskUpdate deleted removes the task", [create("A", "1"), update("1", "deleted")], []],
    ["TaskUpdate of an unknown task is ignored", [update("9", "completed")], []],
    ["malformed todos are skipped", [{
      name: "TodoWrite",
      input: { todos: [{ content: "x" }, "y", { content: "ok", status: "pending" }] },
    }], ["pending:ok"]],
    ["other tools are ignored", [{ name: "Bash", input: { command: "ls" } }], []],
  ])("%s", (_name, calls, expected) => {
    expect(brief(todosFromToolCalls(calls))).toEqual(expected);
  });
});

test("checklist items from TODO.md", () => {
  const text = "# Tonight\n- [x] parser\n- [ ] formatter\n  * [ ] nested exporter\n- plain bullet\n- [X] docs\n";
  expect(brief(todosFromChecklist(text, "TODO.md"))).toEqual([
    "completed:parser",
    "pending:formatter",
    "pending:nested exporter",
    "completed:docs",
  ]);
});

describe("todo state hash", () => {
  const a: TodoItem = { id: "1", content: "A", status: "pending" };
  const b: TodoItem = { id: "2", content: "B", status: "in_progress" };
  test("ignores order and completed items", () => {
    expect(todoHash([a, b])).toBe(todoHash([b, a, { id: "3", content: "C", status: "completed" }]));
  });
  test("changes when an open item changes status", () => {
    expect(todoHash([a, b])).not.toBe(todoHash([a, { ...b, status: "pending" }]));
  });
});

const OPEN: TodoItem[] = [
  { id: "1", content: "Formatter", status: "pending" },
  { id: "2", content: "Parser", status: "in_progress" },
];
const BASE: TodoPushInput = {
  items: OPEN,
  now: NOW,
  lastInterruptAt: null,
  lastPushAt: null,
  pushCounts: {},
  runningBackgroundTasks: 0,
  pending: false,
  lastCompactAt: null,
  compacting: false,
};
const HASH = todoHash(OPEN);

describe("todo push and the reasons not to", () => {
  test.each<[string, Partial<TodoPushInput>, TodoSkip | null]>([
    ["open items, nothing against it: push", {}, null],
    ["nothing open", { items: [{ id: "1", content: "x", status: "completed" }] }, "no open items"],
    ["a question or approval is pending", { pending: true }, "question or approval pending"],
    ["the user interrupted 10 s ago", { lastInterruptAt: NOW - 10_000 }, "user interrupted recently"],
    ["an interrupt long ago does not count", { lastInterruptAt: NOW - 60_000 }, null],
    ["background tasks are running", { runningBackgroundTasks: 1 }, "background tasks running"],
    ["the machine is still compacting or restoring", { compacting: true }, "session just compacted"],
    ["compacted 20 s ago", { lastCompactAt: NOW - 20_000 }, "session just compacted"],
    ["pushed 4 s ago", { lastPushAt: NOW - 4_000 }, "pushed moments ago"],
    ["pushed 6 s ago", { lastPushAt: NOW - 6_000 }, null],
    ["same state pushed 3 times", { pushCounts: { [HASH]: 3 } }, "same todo state already pushed"],
    ["same state pushed twice", { pushCounts: { [HASH]: 2 } }, null],
    ["another state pushed 3 times", { pushCounts: { ffffffff: 3 } }, null],
  ])("%s", (_name, over, why) => {
    const v = todoPush({ ...BASE, ...over });
    expect(v.push ? null : v.why).toBe(why);
  });

  test("the in-progress item comes first", () => {
    const v = todoPush(BASE);
    expect(v.push && v.open.map((t) => t.content)).toEqual(["Parser", "Formatter"]);
  });
});

describe("todo continuation inside the Stop gate", () => {
  const GATE: StopGateInput = {
    stopHookActive: false,
    night: { on: true, scope: [], until: null },
    cwd: "/w",
    message: "Done with the parser; all tests pass.",
    stopBlocks: 0,
    cap: 40,
    now: NOW,
    patterns: patternSet({ continuation: [], approval: [] }),
    todo: { ...BASE },
  };
  test.each<[string, Partial<StopGateInput>, "pass" | "block", Gate]>([
    ["open todos after a finished report: block", {}, "block", "todo"],
    ["feature off: pass at gate 5", { todo: null }, "pass", "announcement"],
    [
      "a question is pending: never pushed",
      { message: "Parser done. Should I do the formatter too?" },
      "pass",
      "approval",
    ],
    ["mode off: not pushed", { night: null }, "pass", "mode"],
    ["stop_hook_active: not pushed", { stopHookActive: true }, "pass", "recursion"],
    ["cap reached: not pushed", { stopBlocks: 40 }, "pass", "cap"],
    ["no message: not pushed", { message: null }, "pass", "approval"],
    ["refused by todo rules: pass at todo", { todo: { ...BASE, runningBackgroundTasks: 2 } }, "pass", "todo"],
  ])("%s", (_name, over, decision, gate) => {
    const d = decideStop({ ...GATE, ...over });
    expect<string[]>([d.decision, d.gate]).toEqual([decision, gate]);
  });

  test("an announcement still blocks as an announcement when todos are open", () => {
    const d = decideStop({ ...GATE, message: "I'll continue with the formatter." });
    expect([d.decision, d.gate, d.hit?.id]).toEqual(["block", "announcement", "en.future"]);
  });
});

// The files 2.1.332 wrote under ~/.claude/tasks/<session>/ for two TaskCreate calls and a
// TaskUpdate to "completed" (observed; our own subjects).
const FILE_1: JsonObject = {
  id: "1",
  subject: "Parse quoted fields",
  description: "CSV quoting",
  activeForm: "Parsing",
  status: "completed",
  blocks: [],
  blockedBy: [],
};
const FILE_2: JsonObject = {
  id: "2",
  subject: "Write tests",
  description: "tests",
  status: "pending",
  blocks: [],
  blockedBy: [],
};

describe("todo items from the Task tools' files", () => {
  test.each<[string, JsonObject[], string[]]>([
    ["the recorded pair", [FILE_1, FILE_2], ["completed:Parse quoted fields", "pending:Write tests"]],
    ["in progress", [{ ...FILE_2, status: "in_progress" }], ["in_progress:Write tests"]],
    ["an unknown status is open", [{ ...FILE_2, status: "blocked" }], ["pending:Write tests"]],
    ["deleted is gone", [{ ...FILE_2, status: "deleted" }], []],
    ["no subject: the description", [{ id: "3", description: "only this", status: "pending" }], ["pending:only this"]],
    ["no id or no text: skipped", [{ subject: "x", status: "pending" }, { id: "4", status: "pending" }], []],
  ])("%s", (_name, files, want) => {
    expect(brief(todosFromTaskFiles(files))).toEqual(want);
  });

  test("the files replace the transcript's Task calls (they may be cut off), TodoWrite stays", () => {
    const calls = [create("Parse quoted fields", "1"), write(["Legacy item", "pending"])];
    expect(brief(currentTodos({ calls, taskFiles: [FILE_1, FILE_2] }))).toEqual([
      "pending:Legacy item",
      "completed:Parse quoted fields",
      "pending:Write tests",
    ]);
    expect(brief(currentTodos({ calls, taskFiles: [] }))).toEqual([
      "pending:Legacy item",
      "pending:Parse quoted fields",
    ]);
    expect(brief(currentTodos({ calls, taskFiles: null }))).toEqual([
      "pending:Legacy item",
      "pending:Parse quoted fields",
    ]);
  });
});
