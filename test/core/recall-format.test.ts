import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { progressLine, recallJson, type RecallResult, recallText } from "../../src/core/recall/format.ts";
import { pickSession, type SessionLike } from "../../src/core/recall/session.ts";

const GOLDEN = join(import.meta.dir, "goldens", "recall");

function golden(name: string, actual: string): void {
  const file = join(GOLDEN, name);
  if (process.env.UPDATE_GOLDEN === "1" || !existsSync(file)) {
    mkdirSync(GOLDEN, { recursive: true });
    writeFileSync(file, actual);
  }
  expect(actual).toBe(readFileSync(file, "utf8"));
}

const result: RecallResult = {
  query: '인계 "module X"',
  terms: ["인계", "module X"],
  ignored: [],
  mode: "all",
  transcript: "/home/dev/.claude/projects/-home-dev-work/5176f2d1.jsonl",
  sessionId: "5176f2d1-2a40-423d-88ee-e66f6a5eaf38",
  index: { bytes: 123456, docs: 42, epochs: 2, added: 3, rebuilt: false },
  hits: [
    {
      score: -3.21,
      offset: 9000,
      uuid: "a1b2c3d4-0000-4000-8000-000000000001",
      at: "2026-11-30T03:28:54.084Z",
      kind: "prompt",
      tool: null,
      epoch: 0,
      body: "Don't touch module X: it has downstream dependents. 인계서를 쓰고 끝내세요.",
    },
    {
      score: -1.5,
      offset: 12000,
      uuid: "a1b2c3d4-0000-4000-8000-000000000002",
      at: "2026-11-30T05:01:00.000Z",
      kind: "tool_use",
      tool: "Write",
      epoch: 2,
      body: "Write\nfile_path: HANDOFF.md\ncontent: 인계 메모 — module X untouched",
    },
  ],
};

describe("recall output", () => {
  test("text", () => golden("hits.txt", recallText(result) + "\n"));
  test("json", () => golden("hits.json", recallJson(result) + "\n"));

  test.each<[string, Partial<RecallResult>, string]>([
    ["no hits", { hits: [], terms: ["zzz"] }, 'no hits for "zzz"'],
    ["any-mode fallback is said", { mode: "any" }, "(no record has every term; showing records with any)"],
    ["ignored terms are said", { ignored: ["->"] }, 'ignored "->": too short to search alone'],
    ["a rebuilt index is said", { index: { ...result.index, rebuilt: true } }, "(index rebuilt)"],
  ])("%s", (_name, patch, want) => {
    expect(recallText({ ...result, ...patch })).toContain(want);
  });

  test.each<[number, number, string]>([
    [0, 200e6, "[------------------------------] 0% 0/200 MB"],
    [50e6, 200e6, "[########----------------------] 25% 50/200 MB"],
    [200e6, 200e6, "[##############################] 100% 200/200 MB"],
  ])("progress %i of %i", (done, total, want) => {
    expect(progressLine(done, total)).toBe(`vigil recall: indexing ${want}`);
  });
});

describe("pickSession", () => {
  const row = (session_id: string, cwd: string | null, updated_at: number, transcript = `/t/${session_id}.jsonl`) => ({
    session_id,
    cwd,
    updated_at,
    transcript_path: transcript,
  });
  const rows: SessionLike[] = [
    row("aaaa-1", "/work/a", 100),
    row("aaaa-2", "/work/b", 300),
    row("bbbb-1", "/work/a/", 200),
    row("cccc-1", "/work/c", 400, ""),
  ];

  test.each<[string, { id?: string; cwd?: string }, string]>([
    ["newest in this directory (trailing slash ignored)", { cwd: "/work/a" }, "bbbb-1"],
    ["newest anywhere when none is here", { cwd: "/elsewhere" }, "aaaa-2"],
    ["sessions without a transcript are passed over", {}, "aaaa-2"],
    ["exact id", { id: "aaaa-1" }, "aaaa-1"],
    ["unique prefix", { id: "bbbb" }, "bbbb-1"],
  ])("%s", (_name, opts, want) => {
    const r = pickSession(rows, opts);
    expect(r.ok && r.value.session_id).toBe(want);
  });

  test.each<[{ id?: string }, SessionLike[], string]>([
    [{ id: "aaaa" }, rows, 'session prefix "aaaa" matches 2 sessions'],
    [{ id: "zzzz" }, rows, 'no session "zzzz" in the vigil store'],
    [{ id: "cccc-1" }, rows, 'session "cccc-1" has no transcript path'],
    [{}, [], "no session with a transcript in the vigil store"],
  ])("refuses %j", (opts, rs, error) => {
    expect(pickSession(rs, opts)).toEqual({ ok: false, error });
  });
});
