import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { clip, type RecallDoc, recordDocs, SIDE_CHARS } from "../../src/core/recall/documents.ts";
import { FIXTURES } from "../support/fixtures.ts";

const T = join(FIXTURES, "claude-code-2.1.328");

/** Every document of a transcript file, with epochs counted the way the indexer does. */
function docsOf(file: string): RecallDoc[] {
  const bytes = readFileSync(file);
  const out: RecallDoc[] = [];
  let epoch = 0;
  let start = 0;
  for (let nl = bytes.indexOf(10); nl >= 0; nl = bytes.indexOf(10, start)) {
    const r = recordDocs(JSON.parse(bytes.subarray(start, nl).toString("utf8")), { offset: start, epoch });
    if (r.boundary) epoch++;
    out.push(...r.docs);
    start = nl + 1;
  }
  return out;
}

const user = (content: unknown, extra: Record<string, unknown> = {}) => ({
  type: "user",
  uuid: "u-1",
  timestamp: "2026-11-30T03:28:54.084Z",
  message: { role: "user", content },
  ...extra,
});
const assistant = (content: unknown) => ({ type: "assistant", uuid: "a-1", message: { role: "assistant", content } });

describe("recordDocs", () => {
  test.each<[string, unknown, [string, string | null, string][]]>([
    ["typed prompt", user("do the task"), [["prompt", null, "do the task"]]],
    ["text blocks", user([{ type: "text", text: "first" }, { type: "image", source: {} }]), [[
      "prompt",
      null,
      "first",
    ]]],
    [
      "tool result (string and blocks)",
      user([
        { type: "tool_result", tool_use_id: "t1", content: "hi" },
        { type: "tool_result", tool_use_id: "t2", content: [{ type: "text", text: "a" }, { type: "text", text: "b" }] },
      ]),
      [["tool_result", null, "hi"], ["tool_result", null, "a\nb"]],
    ],
    [
      "compaction summary",
      user("This session is being continued… Summary: keep module X", { isCompactSummary: true }),
      [["summary", null, "This session is being continued… Summary: keep module X"]],
    ],
    [
      "harness feedback (isMeta) is kept",
      user("Stop hook feedback:\nrun the tests", { isMeta: true }),
      [["prompt", null, "Stop hook feedback:\nrun the tests"]],
    ],
    [
      "assistant text and tool use; thinking skipped",
      assistant([
        { type: "thinking", thinking: "secret musing" },
        { type: "text", text: "Running it" },
        { type: "tool_use", name: "Bash", input: { command: "git status\ngit diff", description: "look" } },
      ]),
      [["assistant", null, "Running it"], [
        "tool_use",
        "Bash",
        "Bash\ncommand: git status\ngit diff\ndescription: look",
      ]],
    ],
    ["ANSI colour stripped", user("\x1b[2mCompacted\x1b[22m"), [["prompt", null, "Compacted"]]],
    ["empty text skipped", user("   "), []],
    ["api-request-blob skipped", { type: "api-request-blob", message: { content: [{ type: "text", text: "x" }] } }, []],
    ["attachment skipped", { type: "attachment", attachment: { type: "hook_success", stdout: "x" } }, []],
    ["summary title skipped", { type: "summary", summary: "Fix parser" }, []],
    ["not an object", "garbage", []],
  ])("%s", (_name, rec, want) => {
    const r = recordDocs(rec, { offset: 100, epoch: 2 });
    expect(r.docs.map((d) => [d.kind, d.tool, d.body])).toEqual(want);
    for (const d of r.docs) expect([d.offset, d.epoch]).toEqual([100, 2]);
  });

  test("keeps uuid and timestamp", () => {
    const [d] = recordDocs(user("x"), { offset: 0, epoch: 0 }).docs;
    expect([d.uuid, d.at]).toEqual(["u-1", "2026-11-30T03:28:54.084Z"]);
  });

  test.each([
    [{ type: "system", subtype: "compact_boundary" }, true],
    [{ type: "system", subtype: "microcompact_boundary" }, false],
    [{ type: "system", subtype: "stop_hook_summary" }, false],
  ])("boundary %j → %p", (rec, boundary) => {
    expect(recordDocs(rec, { offset: 0, epoch: 0 })).toEqual({ docs: [], boundary });
  });
});

describe("epochs in a real transcript", () => {
  test("autocompact: records before the boundary are epoch 0, the summary and after are epoch 1", () => {
    const docs = docsOf(join(T, "transcripts", "autocompact.jsonl"));
    const summary = docs.find((d) => d.kind === "summary");
    expect(summary?.epoch).toBe(1);
    expect(summary?.body).toContain("AUTO COMPACT SUMMARY");
    expect(docs.find((d) => d.body.includes("echo hi"))?.epoch).toBe(0);
    expect(docs.find((d) => d.body === "Finished after compaction.")?.epoch).toBe(1);
    expect(docs.filter((d) => d.epoch === 0).every((d) => d.offset < summary!.offset)).toBe(true);
  });

  test("demo session: every kind of conversation document, all in epoch 0", () => {
    const docs = docsOf(join(T, "demo-session", "transcript.jsonl"));
    expect(new Set(docs.map((d) => d.kind))).toEqual(new Set(["prompt", "assistant", "tool_use", "tool_result"]));
    expect(docs.every((d) => d.epoch === 0 && d.body.length > 0)).toBe(true);
  });

  test("hook context lives in attachments and request blobs: not indexed", () => {
    const raw = readFileSync(join(T, "transcripts", "autocompact.jsonl"), "utf8");
    expect(raw).toContain("PTU_CTX_MARKER");
    expect(docsOf(join(T, "transcripts", "autocompact.jsonl")).some((d) => d.body.includes("PTU_CTX_MARKER"))).toBe(
      false,
    );
  });
});

describe("clip", () => {
  test("short text is kept whole", () => expect(clip("abc")).toBe("abc"));

  test("long text keeps both ends and says how much was dropped", () => {
    const text = "HEAD" + "x".repeat(100_000) + "TAIL";
    const out = clip(text);
    expect(out.startsWith("HEAD")).toBe(true);
    expect(out.endsWith("TAIL")).toBe(true);
    expect(out.length).toBeLessThan(SIDE_CHARS * 2 + 100);
    expect(out).toContain(`[${100_008 - SIDE_CHARS * 2} characters omitted]`);
  });

  test("never splits a surrogate pair", () => {
    const out = clip("😀".repeat(20), 5);
    expect(out).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
  });
});
