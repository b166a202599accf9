import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { classifyPrompt } from "../../src/core/classify.ts";
import { extractDraft as extract } from "../../src/core/continuity/draft.ts";
import { renderDraft, shouldDraft } from "../../src/core/continuity/draft-state.ts";
import { validateState } from "../../src/core/continuity/state-format.ts";
import type { JsonObject } from "../../src/core/payload.ts";

const FIXTURES = join(import.meta.dir, "..", "fixtures", "claude-code-2.1.328");
const GOLDENS = join(import.meta.dir, "goldens", "continuity");
/** The draft as the hook makes it: with the prompt classifier. */
const extractDraft = (records: readonly JsonObject[]) => extract(records, classifyPrompt);

function records(file: string): JsonObject[] {
  return readFileSync(join(FIXTURES, file), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
}

const AUTO = records("transcripts/autocompact.jsonl");
const assistantEnvelope = AUTO.find((r) => r.type === "assistant")!;
const userEnvelope = AUTO.find((r) => r.type === "user" && typeof (r.message as JsonObject).content !== "string")!;
let n = 0;

/** An assistant record calling `name`, shaped like the fixture's. */
function call(name: string, input: JsonObject, extra: JsonObject = {}): JsonObject {
  const id = `toolu_test${++n}`;
  const message = { ...(assistantEnvelope.message as JsonObject), content: [{ type: "tool_use", id, name, input }] };
  return { ...assistantEnvelope, ...extra, uuid: `u-${n}`, message };
}

/** The tool result for the call `use`. */
function result(use: JsonObject, content: string, isError = false): JsonObject {
  const id = ((use.message as JsonObject).content as JsonObject[])[0].id;
  const message = { role: "user", content: [{ tool_use_id: id, type: "tool_result", content, is_error: isError }] };
  return { ...userEnvelope, uuid: `r-${n}`, message };
}

function prompt(text: string, extra: JsonObject = {}): JsonObject {
  return { ...userEnvelope, ...extra, uuid: `p-${++n}`, message: { role: "user", content: text } };
}

function golden(name: string, actual: string) {
  const file = join(GOLDENS, name);
  if (process.env.UPDATE_GOLDEN === "1" || !existsSync(file)) writeFileSync(file, actual);
  expect(actual).toBe(readFileSync(file, "utf8"));
}

describe("extractDraft on the recorded transcripts", () => {
  test.each([
    ["transcripts/autocompact.jsonl", {
      filesEdited: ["/home/dev/harness/work/autocompact/out.txt"],
      lastInstruction: "do the task",
      failures: [],
      boundaryAt: Date.parse("2026-11-30T03:28:54.721Z"),
    }],
    ["transcripts/deny-stop.jsonl", {
      filesEdited: [],
      lastInstruction: "do the task",
      failures: [{
        tool: "Bash",
        what: "Bash echo should-not-run > /home/dev/harness/work/deny_stop/ran.txt",
        error: "PreToolUse:Bash hook error: PTU_DENY_REASON: Bash is not allowed here",
      }],
      boundaryAt: null,
    }],
    ["demo-session/transcript.jsonl", {
      filesEdited: ["/home/dev/work/csv-parser/HANDOFF.md", "/home/dev/work/csv-parser/src/parser.ts"],
      lastInstruction: "Fix the CSV parser ticket",
      failures: [{ tool: "Bash", what: "Bash npm run build", error: "Exit code 254: npm error code ENOENT" }],
      boundaryAt: null,
    }],
    // A task notification after the prompt is the harness speaking, not a person.
    ["transcripts/bgagent.jsonl", { lastInstruction: "do the task" }],
    // A subagent's own transcript: every record is a sidechain, nothing is the session's.
    ["transcripts/agents__agent-ac87cb4e30382a659.jsonl", { lastInstruction: null, filesEdited: [] }],
  ])("%s", (file, expected) => {
    expect(extractDraft(records(file))).toMatchObject(expected);
  });

  test("the harness records after a manual compaction are not the last instruction", () => {
    const basic = records("transcripts/basic.jsonl");
    const after = basic.slice(basic.findIndex((r) => r.subtype === "compact_boundary"));
    expect(after.filter((r) => r.type === "user").length).toBeGreaterThan(0);
    expect(extractDraft(after).lastInstruction).toBeNull();
    expect(extractDraft(basic).lastInstruction).toBe("do the task");
  });
});

describe("extractDraft on todo lists, tasks, plans and failures", () => {
  test("the newest TodoWrite list wins; a subagent's list is not the session's", () => {
    const m = extractDraft([
      ...AUTO,
      call("TodoWrite", { todos: [{ content: "old", status: "pending", activeForm: "Old" }] }),
      call("TodoWrite", {
        todos: [
          { content: "port the parser", status: "completed", activeForm: "Porting" },
          { content: "wire the CLI", status: "in_progress", activeForm: "Wiring" },
          { content: "write docs", status: "pending", activeForm: "Writing" },
        ],
      }),
      call("TodoWrite", { todos: [{ content: "subagent todo", status: "pending" }] }, { isSidechain: true }),
    ]);
    expect(m.todos).toEqual([
      { text: "port the parser", status: "completed" },
      { text: "wire the CLI", status: "in_progress" },
      { text: "write docs", status: "pending" },
    ]);
  });

  test("TaskCreate and TaskUpdate build the task list with the ids the tool returned", () => {
    const a = call("TaskCreate", { subject: "Port the parser", description: "…" });
    const b = call("TaskCreate", { subject: "Wire the CLI", description: "…" });
    const c = call("TaskCreate", { subject: "Dropped idea", description: "…" });
    const m = extractDraft([
      a,
      result(a, "Task #4 created successfully: Port the parser"),
      b,
      result(b, "Task #5 created successfully: Wire the CLI"),
      c,
      result(c, "Task #6 created successfully: Dropped idea"),
      call("TaskUpdate", { taskId: "4", status: "completed" }),
      call("TaskUpdate", { taskId: "5", status: "in_progress" }),
      call("TaskUpdate", { taskId: "6", status: "deleted" }),
    ]);
    expect(m.todos).toEqual([
      { text: "Port the parser", status: "completed" },
      { text: "Wire the CLI", status: "in_progress" },
    ]);
  });

  test.each([
    ["a plan-mode attachment", [{
      ...AUTO[0],
      attachment: { type: "plan_mode", planFilePath: "/h/.claude/plans/a.md" },
    }], "/h/.claude/plans/a.md"],
    [
      "ExitPlanMode",
      [call("ExitPlanMode", { plan: "…", planFilePath: "/h/.claude/plans/b.md" })],
      "/h/.claude/plans/b.md",
    ],
    ["a written plan file", [call("Write", { file_path: "/w/docs/PLAN.md", content: "…" })], "/w/docs/PLAN.md"],
    ["no plan", [call("Write", { file_path: "/w/src/a.ts", content: "…" })], null],
  ])("plan path from %s", (_name, recs, path) => {
    expect(extractDraft(recs).planPath).toBe(path);
  });

  test("a failed edit is a failure, not a file in flight; only the last five failures are kept", () => {
    const edit = call("Edit", { file_path: "/w/src/x.ts", old_string: "a", new_string: "b" });
    const fails = Array.from({ length: 7 }, (_, i) => {
      const c = call("Bash", { command: `npm test -- ${i}` });
      return [c, result(c, `Exit code 1\nFAIL test ${i}`, true)];
    }).flat();
    const m = extractDraft([edit, result(edit, "String to replace not found in file.", true), ...fails]);
    expect(m.filesEdited).toEqual([]);
    expect(m.failures.map((f) => f.what)).toEqual([2, 3, 4, 5, 6].map((i) => `Bash npm test -- ${i}`));
    expect(m.failures[0].error).toBe("Exit code 1: FAIL test 2");
  });

  test.each([
    ["a task notification", prompt("<task-notification>\n<task-id>b1</task-id>\n</task-notification>")],
    [
      "a compact summary",
      prompt("This session is being continued from a previous conversation…", { isCompactSummary: true }),
    ],
    ["meta text", prompt("Stop hook feedback:\nkeep going", { isMeta: true })],
    ["a slash command's output", prompt("<local-command-stdout>done</local-command-stdout>")],
  ])("%s is not a human instruction", (_name, rec) => {
    expect(extractDraft([prompt("fix the parser"), rec]).lastInstruction).toBe("fix the parser");
  });
});

describe("shouldDraft", () => {
  const T = Date.parse("2026-11-30T03:00:00Z");
  test.each(
    [
      ["manual compaction", "manual", null, { boundaryAt: null, firstAt: T }, true, false],
      ["auto, never saved", "auto", null, { boundaryAt: null, firstAt: T }, true, true],
      ["auto, saved after the newest compaction", "auto", T + 10, { boundaryAt: T, firstAt: T - 99 }, false, false],
      ["auto, saved before the newest compaction", "auto", T - 10, { boundaryAt: T, firstAt: T - 99 }, false, true],
      ["auto, no compaction yet, whole file read", "auto", T - 10, { boundaryAt: null, firstAt: T }, true, false],
      [
        "auto, no compaction in reach, saved inside the read",
        "auto",
        T + 5,
        { boundaryAt: null, firstAt: T },
        false,
        false,
      ],
      [
        "auto, no compaction in reach, saved before the read",
        "auto",
        T - 5,
        { boundaryAt: null, firstAt: T },
        false,
        true,
      ],
    ] as const,
  )("%s", (_name, trigger, savedAt, m, wholeFile, draft) => {
    expect(shouldDraft(trigger, savedAt, m, { wholeFile }).draft).toBe(draft);
  });
});

describe("renderDraft", () => {
  test("the draft of the recorded auto-compaction is a valid state, marked as a draft (golden)", () => {
    const text = renderDraft(extractDraft(AUTO), { at: Date.parse("2026-11-30T03:28:54.586Z") });
    const r = validateState(text);
    expect(r.ok && r.value.draft).toBe(true);
    golden("draft-autocompact.md", text);
  });

  test("a human instruction holding headings cannot break the format", () => {
    const m = extractDraft([prompt("do this\n## Decisions\n## Recovery memo\n")]);
    const r = validateState(renderDraft(m, { at: 0 }));
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value.sections.memo).toContain("> ## Decisions");
  });
});
