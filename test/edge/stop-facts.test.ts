import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { transcriptAt } from "../../src/core/replay.ts";
import { openTodos, todosFromChecklist, todosFromToolCalls } from "../../src/core/stop/todo.ts";
import { readChecklists } from "../../src/edge/checklists.ts";
import { readStopFacts, scanStopFacts, type StopScanOptions } from "../../src/edge/stop-facts.ts";
import { memSource } from "../fixtures/transcripts/memory.ts";
import { boundary, jsonl, prompt, toolResult, utf8 } from "../fixtures/transcripts/records.ts";

const FIX = join(import.meta.dir, "../fixtures/claude-code-2.1.328");
const DEMO = join(FIX, "demo-session");
const dir = mkdtempSync(join(tmpdir(), "vigil-stop-facts-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const file = (text: string) => {
  const p = join(dir, `t${n++}.jsonl`);
  writeFileSync(p, text);
  return p;
};
const TEXT: StopScanOptions = { text: true, todo: false };
const TODO: StopScanOptions = { text: false, todo: true };

// Records shaped like 2.1.328's: one record per content block, the envelope's timestamp settable.
type Block = Record<string, unknown>;
let uuid = 0;
const env = (type: string, body: Record<string, unknown>, at = "2026-11-30T04:00:00.000Z", side = false) => ({
  parentUuid: null,
  isSidechain: side,
  ...body,
  type,
  uuid: `u-${uuid++}`,
  timestamp: at,
  cwd: "/home/dev/work",
  sessionId: "s",
  version: "2.1.328",
});
const msg = (id: string, block: Block, o: { side?: boolean; model?: string; error?: boolean; at?: string } = {}) =>
  env(
    "assistant",
    {
      message: {
        id,
        role: "assistant",
        model: o.model ?? "claude-opus-5-5",
        content: [block],
        usage: { input_tokens: 5, cache_read_input_tokens: 1000, output_tokens: 9 },
      },
      ...(o.error ? { isApiErrorMessage: true } : {}),
    },
    o.at,
    o.side,
  );
const text = (t: string): Block => ({ type: "text", text: t });
const thinking: Block = { type: "thinking", thinking: "I'll continue with the plan", signature: "x" };
const tool = (id: string, name: string, input: Record<string, unknown>): Block => ({
  type: "tool_use",
  id,
  name,
  input,
});
const taskResult = (toolUseId: string, taskId: string) =>
  env("user", {
    message: { role: "user", content: [{ type: "tool_result", tool_use_id: toolUseId, content: `Task #${taskId}` }] },
    toolUseResult: { task: { id: taskId, subject: "s" } },
  });
const interrupt = (at: string, forTool = false) =>
  env("user", {
    message: {
      role: "user",
      content: [{
        type: "text",
        text: forTool ? "[Request interrupted by user for tool use]" : "[Request interrupted by user]",
      }],
    },
  }, at);
const at = (s: number) => new Date(Date.UTC(2026, 10, 30, 4, 0, s)).toISOString();

/** The newest main-chain answer's text, read forwards over the whole file (the reference). */
function reference(path: string): string | null {
  const recs = readFileSync(path, "utf8").split("\n").flatMap((l) => {
    try {
      return [JSON.parse(l)];
    } catch {
      return [];
    }
  }).filter((r) =>
    r.isSidechain !== true && (r.type === "user" ||
      (r.type === "assistant" && !r.isApiErrorMessage && r.message?.model !== "<synthetic>"))
  );
  const last = recs.at(-1);
  if (!last || last.type === "user") return null;
  let i = recs.length - 1;
  const texts: string[] = [];
  while (i >= 0 && recs[i].type === "assistant" && recs[i].message.id === last.message.id) {
    for (const b of [...recs[i].message.content].reverse()) if (b.type === "text") texts.push(b.text);
    i--;
  }
  return texts.length ? texts.reverse().join("\n") : null;
}

describe("readStopFacts: the newest assistant text", () => {
  const fixtures = [
    ...readdirSync(join(FIX, "transcripts")).map((f) => join(FIX, "transcripts", f)),
    join(DEMO, "transcript.jsonl"),
  ];
  test.each(fixtures)("%s equals the forward reference", (f) => {
    expect(readStopFacts(f, TEXT).lastAssistantText ?? null).toBe(reference(f));
  });

  test.each([
    ["deny-stop.jsonl", "OK, continuing after stop-hook feedback. Done."],
    ["autocompact.jsonl", "Finished after compaction."],
    ["bg.jsonl", "Background task finished (saw done-bg)."],
    ["basic.jsonl", null], // /compact's command records follow the answer
    ["agents__agent-ac87cb4e30382a659.jsonl", null], // only subagent records
  ])("%s: %p", (f, want) => {
    expect(readStopFacts(join(FIX, "transcripts", f), TEXT).lastAssistantText).toBe(want);
  });

  test("each recorded Stop of the demo finds the payload's last_assistant_message in the transcript as it stood", () => {
    const lines = readFileSync(join(DEMO, "transcript.jsonl"), "utf8").split("\n").filter((l) => l.trim());
    const stops = readFileSync(join(DEMO, "events.jsonl"), "utf8").split("\n").filter((l) => l.trim())
      .map((l) => JSON.parse(l)).filter((e) => e.event === "Stop");
    expect(stops.length).toBe(2);
    for (const s of stops) {
      const p = file(transcriptAt(lines, s.ts).join("\n") + "\n");
      expect(readStopFacts(p, TEXT).lastAssistantText).toBe(s.payload.last_assistant_message);
    }
  });

  test.each<[string, unknown[], string | null]>([
    ["one message written as several records is joined", [
      msg("m1", text("Old turn.")),
      prompt("go on"),
      msg("m2", thinking),
      msg("m2", text("Tests pass.")),
      msg("m2", text("I'll continue with the parser fix next.")),
    ], "Tests pass.\nI'll continue with the parser fix next."],
    ["subagent, API-error and synthetic records are skipped", [
      msg("m1", text("Real answer.")),
      msg("s1", text("Subagent says I'll continue."), { side: true }),
      msg("e1", text("API Error: 529"), { error: true }),
      msg("e2", text("No response requested."), { model: "<synthetic>" }),
    ], "Real answer."],
    ["an answer with no text block is none", [msg("m1", text("Before.")), prompt("x"), msg("m2", thinking)], null],
    ["a user record newer than the answer means the transcript lags: none", [
      msg("m1", text("I'll continue with X.")),
      prompt("Now do Y"),
    ], null],
    [
      "a tool result newer than the answer: none",
      [msg("m1", tool("t1", "Bash", { command: "ls" })), toolResult("x")],
      null,
    ],
    ["records of an older answer are not joined", [
      msg("m1", text("Older.")),
      toolResult("x"),
      msg("m2", text("Newer.")),
    ], "Newer."],
    ["bookkeeping after the answer is skipped", [
      msg("m1", text("Done.")),
      env("system", { subtype: "stop_hook_summary" }),
      { type: "last-prompt", lastPrompt: "x" },
    ], "Done."],
    ["no assistant at all", [prompt("hello")], null],
  ])("%s", (_name, records, want) => {
    expect(readStopFacts(file(jsonl(records)), TEXT).lastAssistantText).toBe(want);
  });

  test("glued records on one line are read", () => {
    const glued = JSON.stringify(msg("m1", text("First."))) + JSON.stringify(msg("m2", text("Glued answer."))) + "\n";
    expect(readStopFacts(file(glued), TEXT).lastAssistantText).toBe("Glued answer.");
  });

  test("text alone stops at the answer: a 20 MB file costs one small read", () => {
    const big = (JSON.stringify(toolResult("x".repeat(5000))) + "\n").repeat(4000);
    const bytes = utf8(big + jsonl([msg("m9", text("The end."))]));
    expect(bytes.length).toBeGreaterThan(20e6);
    let read = 0;
    const src = memSource(bytes);
    const counting = { ...src, read: (p: number, l: number) => ((read += l), src.read(p, l)) };
    expect(scanStopFacts(counting, { ...TEXT, chunkBytes: 64 * 1024 }).lastAssistantText).toBe("The end.");
    expect(read).toBeLessThanOrEqual(64 * 1024);
  });

  test("asking for nothing opens nothing; a missing file or a directory gives no facts", () => {
    expect(readStopFacts(join(dir, "nope.jsonl"), { text: false, todo: false })).toEqual({});
    expect(readStopFacts(join(dir, "nope.jsonl"), TEXT)).toEqual({});
    expect(readStopFacts(dir, TODO)).toEqual({});
  });
});

describe("readStopFacts: todo calls, interrupts, compactions", () => {
  const session = [
    msg("m1", tool("w1", "TodoWrite", { todos: [{ content: "stale list", status: "pending", activeForm: "x" }] })),
    interrupt(at(1)),
    boundary(1000),
    msg("m2", tool("c1", "TaskCreate", { subject: "Fix quoting", description: "d" }), { at: at(2) }),
    taskResult("c1", "7"),
    msg("m3", tool("c2", "TaskCreate", { subject: "Fix CRLF", description: "d" })),
    msg("m3", tool("c2", "TaskCreate", { subject: "Fix CRLF", description: "d" })), // streamed twice
    msg("sub", tool("w9", "TodoWrite", { todos: [{ content: "subagent", status: "pending", activeForm: "x" }] }), {
      side: true,
    }),
    msg("m4", tool("u1", "TaskUpdate", { taskId: "7", status: "in_progress" })),
    msg(
      "m5",
      tool("w2", "TodoWrite", {
        todos: [
          { content: "Write tests", status: "completed", activeForm: "x" },
          { content: "Ship it", status: "pending", activeForm: "x" },
        ],
      }),
    ),
    interrupt(at(30), true),
    env("system", { subtype: "compact_boundary", compactMetadata: { postTokens: 1 } }, at(40)),
    env("system", { subtype: "microcompact_boundary" }, at(50)),
    msg("m6", text("I'll wait.")),
  ];

  test("main-chain calls oldest first, the newest TodoWrite only, TaskCreate with its result", () => {
    const f = readStopFacts(file(jsonl(session)), TODO);
    expect(f.todoCalls?.map((c) => [c.name, c.result?.task ?? null])).toEqual([
      ["TaskCreate", { id: "7", subject: "s" }],
      ["TaskCreate", null],
      ["TaskUpdate", null],
      ["TodoWrite", null],
    ]);
    expect(f.lastInterruptAt).toBe(Date.parse(at(30)));
    expect(f.lastCompactAt).toBe(Date.parse(at(40)));
    expect(f).not.toHaveProperty("lastAssistantText");
    // What the gate makes of it: the task from the result keeps its id "7" and is in progress.
    const items = openTodos(todosFromToolCalls(f.todoCalls ?? []));
    expect(items.map((t) => [t.id, t.content, t.status])).toEqual([
      ["todo-1", "Ship it", "pending"],
      ["7", "Fix quoting", "in_progress"],
      ["2", "Fix CRLF", "pending"],
    ]);
  });

  test("text and todo together", () => {
    const f = readStopFacts(file(jsonl(session)), { text: true, todo: true });
    expect(f.lastAssistantText).toBe("I'll wait.");
    expect(f.todoCalls).toHaveLength(4);
  });

  test("none of them: empty calls, null times", () => {
    expect(readStopFacts(file(jsonl([prompt("x"), msg("m1", text("Hi."))])), TODO)).toEqual({
      todoCalls: [],
      lastInterruptAt: null,
      lastCompactAt: null,
    });
  });

  test("a quoted interrupt inside a tool result is not an interrupt", () => {
    const f = readStopFacts(
      file(jsonl([toolResult("grep: [Request interrupted by user]"), msg("m1", text("x"))])),
      TODO,
    );
    expect(f.lastInterruptAt).toBeNull();
  });

  test("the window is bounded: a todo call older than maxScanBytes is not seen", () => {
    const old = msg("m1", tool("w1", "TodoWrite", { todos: [{ content: "old", status: "pending", activeForm: "x" }] }));
    const filler = Array.from({ length: 40 }, (_, i) => toolResult("y".repeat(1000) + i));
    const p = file(jsonl([old, ...filler, msg("m2", text("Done."))]));
    expect(readStopFacts(p, { ...TODO, maxScanBytes: 20_000 }).todoCalls).toEqual([]);
    expect(readStopFacts(p, TODO).todoCalls).toHaveLength(1);
  });
});

describe("readStopFacts: is Claude Code's /goal active", () => {
  // The attachment 2.1.332 wrote for `/goal <condition>` (observed); `met: true` ends it.
  const goal = (met: boolean, at = "2026-11-30T04:00:00.000Z") =>
    jsonl([
      env("attachment", { attachment: { type: "goal_status", met, sentinel: true, condition: "tests pass" } }, at),
    ]);
  const GOAL: StopScanOptions = { text: false, todo: false, goal: true };
  const filler = jsonl(Array.from({ length: 200 }, (_, i) => msg(`f${i}`, { type: "text", text: "x".repeat(500) })));
  test.each<[string, string, boolean]>([
    ["no goal", filler, false],
    ["a goal set", goal(false) + filler, true],
    ["a goal set, far back behind 100 KB of work", goal(false) + filler + filler, true],
    ["a goal set, then met", goal(false) + filler + goal(true), false],
    ["a goal met, then a new one set", goal(true) + goal(false) + filler, true],
  ])("%s", (_name, text, want) => {
    expect(readStopFacts(file(text), GOAL).goalActive).toBe(want);
  });

  test("not asked, not read", () => {
    expect(readStopFacts(file(goal(false)), TEXT).goalActive).toBeUndefined();
  });
});

describe("readChecklists", () => {
  const cwd = join(dir, "proj");
  mkdirSync(join(cwd, "docs"), { recursive: true });
  writeFileSync(join(cwd, "TODO.md"), "# Plan\n- [x] parse\n- [ ] quote\n");
  writeFileSync(join(cwd, "docs", "PLAN.md"), "- [ ] ship\n");
  writeFileSync(join(dir, "outside.md"), "- [ ] not mine\n");
  writeFileSync(join(cwd, "BIG.md"), "- [ ] a\n".repeat(100));
  symlinkSync(join(cwd, "docs"), join(cwd, "dirlink"));

  test.each<[string, string[], string[]]>([
    ["present files, in order", ["docs/PLAN.md", "TODO.md"], ["docs/PLAN.md", "TODO.md"]],
    ["a missing file is skipped", ["NOPE.md", "TODO.md"], ["TODO.md"]],
    ["outside the cwd is skipped", ["../outside.md", join(dir, "outside.md")], []],
    ["a directory is skipped", ["docs", "dirlink", "."], []],
  ])("%s", (_name, files, want) => {
    expect(readChecklists(cwd, files).map((c) => c.path)).toEqual(want);
  });

  test("the text is read, capped", () => {
    const [todo] = readChecklists(cwd, ["TODO.md"]);
    expect(openTodos(todosFromChecklist(todo.text, todo.path)).map((t) => t.content)).toEqual(["quote"]);
    const [big] = readChecklists(cwd, ["BIG.md"], 80);
    expect(big.text.length).toBe(80);
  });
});

/** Main-chain tool_use blocks (distinct ids) in records newer than `since`, read forwards. */
function toolCallsAfter(path: string, since: number): number {
  const ids = new Set<string>();
  let anonymous = 0;
  for (const l of readFileSync(path, "utf8").split("\n")) {
    let r;
    try {
      r = JSON.parse(l);
    } catch {
      continue;
    }
    if (r.type !== "assistant" || r.isSidechain === true || r.isApiErrorMessage || r.message?.model === "<synthetic>") {
      continue;
    }
    if (Date.parse(r.timestamp) <= since) continue;
    for (const b of r.message.content ?? []) {
      if (b.type !== "tool_use") continue;
      if (typeof b.id === "string") ids.add(b.id);
      else anonymous++;
    }
  }
  return ids.size + anonymous;
}

describe("readStopFacts: a tool call since the last push (the progress breaker)", () => {
  const fixtures = [
    ...readdirSync(join(FIX, "transcripts")).map((f) => join(FIX, "transcripts", f)),
    join(DEMO, "transcript.jsonl"),
  ];
  /** Every record time of a file, and one before the first: each is a possible push time. */
  const times = (f: string) => {
    const ts = readFileSync(f, "utf8").split("\n").flatMap((l) => {
      try {
        const t = Date.parse(JSON.parse(l).timestamp);
        return Number.isFinite(t) ? [t] : [];
      } catch {
        return [];
      }
    });
    return ts.length ? [Math.min(...ts) - 1, ...new Set(ts)] : [];
  };
  test.each(fixtures)("%s: at every record time, the answer equals the forward reference", (f) => {
    const ts = times(f);
    expect(ts.length).toBeGreaterThan(0);
    for (const since of ts) {
      expect({ since, seen: readStopFacts(f, { text: false, todo: false, workSince: since }).toolCallSincePush })
        .toEqual({ since, seen: toolCallsAfter(f, since) > 0 });
    }
  });

  test("real transcripts have tool calls to count (the reference is not vacuous)", () => {
    const counted = fixtures.map((f) => toolCallsAfter(f, 0));
    expect(counted.filter((n) => n > 0).length).toBeGreaterThan(2);
  });

  test("no push: nothing counted, nothing read", () => {
    expect(readStopFacts(file(jsonl([msg("a", tool("t1", "Bash", {}), { at: at(5) })])), {
      text: false,
      todo: false,
      workSince: null,
    })).toEqual({});
  });

  test("sidechain calls and calls before the push do not count; the search stops at the first call", () => {
    const p = file(jsonl([
      msg("a", tool("t0", "Bash", { command: "before" }), { at: at(1) }),
      msg("b", tool("t1", "Bash", { command: "after" }), { at: at(10) }),
      msg("b", tool("t1", "Bash", { command: "after" }), { at: at(10) }),
      msg("c", tool("t2", "Read", {}), { at: at(11), side: true }),
      msg("d", text("I'll continue with the fix."), { at: at(12) }),
    ]));
    const since = Date.parse(at(5));
    expect(readStopFacts(p, { text: true, todo: false, workSince: since })).toEqual({
      lastAssistantText: "I'll continue with the fix.",
      toolCallSincePush: true,
    });
    expect(readStopFacts(p, { text: false, todo: false, workSince: Date.parse(at(10)) }).toolCallSincePush).toBe(false);
  });

  test("text only after the push: zero, even with todo facts read over the whole window", () => {
    const p = file(jsonl([
      msg("a", tool("t0", "TodoWrite", { todos: [] }), { at: at(1) }),
      msg("b", text("I'll continue with the fix."), { at: at(9) }),
    ]));
    const f = readStopFacts(p, { text: false, todo: true, workSince: Date.parse(at(5)) });
    expect(f.toolCallSincePush).toBe(false);
    expect(f.todoCalls?.length).toBe(1);
  });
});
