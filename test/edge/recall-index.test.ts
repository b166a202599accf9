import { afterEach, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import {
  appendFileSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type MatchMode, matchPlan, parseQuery } from "../../src/core/recall/query.ts";
import { openRecallIndex, type RecallIndex, recallIndexFile } from "../../src/edge/store/recall-index.ts";
import { FIXTURES } from "../support/fixtures.ts";
import { withRawDb } from "../raw-db.ts";

const dirs: string[] = [];
const open: RecallIndex[] = [];
function tmp(): string {
  const d = mkdtempSync(join(tmpdir(), "vigil-recall-"));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const i of open.splice(0)) i.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

let n = 0;
const env = () => ({
  parentUuid: null,
  isSidechain: false,
  uuid: `00000000-0000-4000-8000-${String(++n).padStart(12, "0")}`,
  timestamp: new Date(Date.UTC(2026, 10, 30, 3) + n * 1000).toISOString(),
  sessionId: "s-1",
  version: "2.1.328",
});
/** Records shaped like Claude Code 2.1.328's. */
const R = {
  prompt: (text: string) => ({ ...env(), type: "user", message: { role: "user", content: text } }),
  said: (text: string) => ({
    ...env(),
    type: "assistant",
    message: { role: "assistant", content: [{ type: "text", text }] },
  }),
  bash: (command: string) => ({
    ...env(),
    type: "assistant",
    message: { role: "assistant", content: [{ type: "tool_use", id: "t", name: "Bash", input: { command } }] },
  }),
  result: (text: string) => ({
    ...env(),
    type: "user",
    message: { role: "user", content: [{ type: "tool_result", tool_use_id: "t", content: text }] },
  }),
  boundary: () => ({ ...env(), type: "system", subtype: "compact_boundary", content: "Conversation compacted" }),
  summary: (text: string) => ({
    ...env(),
    type: "user",
    isCompactSummary: true,
    message: { role: "user", content: text },
  }),
  blob: (text: string) => ({ type: "api-request-blob", message: { content: [{ type: "text", text }] } }),
};
const jsonl = (recs: unknown[]) => recs.map((r) => JSON.stringify(r) + "\n").join("");

function setup(recs: unknown[]) {
  const dir = tmp();
  const transcript = join(dir, "t.jsonl");
  writeFileSync(transcript, jsonl(recs));
  const index = openRecallIndex(recallIndexFile(join(dir, "state"), transcript));
  open.push(index);
  return { dir, transcript, index };
}
const find = (index: RecallIndex, q: string, mode: MatchMode = "all", limit = 10) =>
  index.search(matchPlan(parseQuery(q), mode), limit);
const bodies = (index: RecallIndex, q: string, mode: MatchMode = "all") => find(index, q, mode).map((h) => h.body);

describe("index file", () => {
  test("one file per transcript under <state>/recall, 0600 in a 0700 directory, WAL", () => {
    const { dir, index } = setup([R.prompt("hello")]);
    expect(readdirSync(join(dir, "state", "recall")).filter((f) => f.endsWith(".db"))).toHaveLength(1);
    expect(statSync(join(dir, "state", "recall")).mode & 0o777).toBe(0o700);
    expect(statSync(index.file).mode & 0o777).toBe(0o600);
    expect(
      withRawDb(index.file, (db) => db.query<{ journal_mode: string }, []>("PRAGMA journal_mode").get()?.journal_mode),
    )
      .toBe("wal");
  });

  test("the tokenizers this SQLite must have: trigram and unicode61", () => {
    const { index } = setup([]);
    const sql = withRawDb(
      index.file,
      (db) => db.query<{ sql: string }, []>("SELECT sql FROM sqlite_master WHERE name LIKE 'docs_%'").all(),
    );
    expect(sql.map((r) => r.sql).join("\n")).toMatch(/tokenize='trigram'[\s\S]*tokenize='unicode61/);
  });

  test("why two tables: in this SQLite, trigram misses 2-character terms and unicode61 misses words inside Korean and Japanese", () => {
    // This SQLite's own behaviour, on a scratch database: no index is needed for it.
    const db = new Database(":memory:");
    const version = db.query<{ v: string }, []>("SELECT sqlite_version() AS v").get()?.v ?? "0";
    expect(version.split(".").map(Number)[1]).toBeGreaterThanOrEqual(34); // trigram arrived in 3.34
    db.run("CREATE VIRTUAL TABLE temp.tri USING fts5(b, tokenize='trigram')");
    db.run("CREATE VIRTUAL TABLE temp.uni USING fts5(b, tokenize='unicode61')");
    for (const t of ["tri", "uni"]) db.run(`INSERT INTO temp.${t} VALUES ('인계서를 작성'), ('設計書を更新')`);
    const count = (t: string, q: string) => db.query(`SELECT rowid FROM temp.${t} WHERE ${t} MATCH ?`).all(q).length;
    expect([count("tri", '"인계서"'), count("tri", '"設計書"'), count("tri", '"인계"'), count("tri", '"設計"')])
      .toEqual([1, 1, 0, 0]);
    expect([count("uni", '"인계서"'), count("uni", '"設計"'), count("uni", "인계*")]).toEqual([0, 0, 1]);
    db.close();
  });

  test("a schema from another version is rebuilt, then the transcript indexed again", () => {
    const { transcript, index } = setup([R.prompt("alpha")]);
    index.update(transcript);
    withRawDb(index.file, (db) => db.run("PRAGMA user_version = 0"));
    index.close();
    open.pop();
    const again = openRecallIndex(index.file);
    open.push(again);
    expect(again.update(transcript)).toMatchObject({ added: 1, docs: 1 });
  });
});

describe("ranking (bm25)", () => {
  test("more hits of the term rank first; records without it are absent", () => {
    const { transcript, index } = setup([
      R.said("the parser failed once, then we moved on to other things entirely"),
      R.said("parser parser parser: the parser is the problem here today"),
      R.said("nothing relevant in this message at all, just some words"),
    ]);
    index.update(transcript);
    const hits = bodies(index, "parser");
    expect(hits).toHaveLength(2);
    expect(hits[0]).toStartWith("parser parser parser");
  });

  test("with any-term matching, the record with both terms ranks first", () => {
    const { transcript, index } = setup([
      R.said("module X has downstream dependents"),
      R.said("do not touch module X, it has downstream dependents"),
      R.said("touch the README"),
    ]);
    index.update(transcript);
    expect(bodies(index, "touch dependents", "any")[0]).toBe("do not touch module X, it has downstream dependents");
    expect(bodies(index, "touch dependents", "all")).toEqual(["do not touch module X, it has downstream dependents"]);
  });

  test("a short record with the term ranks above a long one with it once", () => {
    const { transcript, index } = setup([
      R.result("handoff " + "filler words ".repeat(400)),
      R.said("write the handoff"),
    ]);
    index.update(transcript);
    expect(bodies(index, "handoff")[0]).toBe("write the handoff");
  });

  test("limit", () => {
    const { transcript, index } = setup(Array.from({ length: 20 }, (_, i) => R.said(`needle ${i}`)));
    index.update(transcript);
    expect(find(index, "needle", "all", 5)).toHaveLength(5);
  });
});

describe("Korean and Japanese", () => {
  const recs = [
    R.prompt("인계서를 작성하고 세션을 종료하세요"),
    R.said("인계 완료. 인계서는 HANDOFF.md에 있습니다. 인계 항목 세 가지"),
    R.said("인사 담당자와 계획을 세웠습니다"), // 인 and 계, never 인계
    R.prompt("設計書を更新してください"),
    R.said("設計の見直し: 設計書の第三章を修正しました"),
    R.said("設定を変更し、計画を立てました"), // 設 and 計, never 設計
    R.result("PR을 열었습니다 (db migration)"),
  ];

  test.each<[string, string[]]>([
    ["인계", ["인계 완료", "인계서를 작성"]], // two characters, inside "인계서를"; more hits first
    ["인계서", ["인계서를 작성", "인계 완료"]],
    ["설계", []],
    ["設計", ["設計の見直し", "設計書を更新"]],
    ["設計書", ["設計書を更新", "設計の見直し"]],
    ["を更新", ["設計書を更新"]],
    ["設", ["設計の見直し", "設計書を更新", "設定を変更"]],
    ["PR", ["PR을"]],
    ["db", ["PR을"]],
    ["열었", ["PR을"]],
    ["인계 HANDOFF", ["인계 완료"]], // gram and trigram terms together
  ])("%j", (q, want) => {
    const { transcript, index } = setup(recs);
    index.update(transcript);
    const got = bodies(index, q);
    expect(got).toHaveLength(want.length);
    want.forEach((w, i) => expect(got[i]).toStartWith(w));
  });
});

describe("hostile queries", () => {
  test.each(['foo-bar "baz', "NEAR(a b)", "a:b", "*", "^x", "((", "'; DROP TABLE docs; --", '"', "->", "\u0000"])(
    "%j never throws",
    (q) => {
      const { transcript, index } = setup([R.said('foo-bar "baz" a:b ((x))')]);
      index.update(transcript);
      for (const mode of ["all", "any"] as const) expect(() => find(index, q, mode)).not.toThrow();
    },
  );

  test("punctuation is searched as written", () => {
    const { transcript, index } = setup([R.said("call foo-bar now"), R.said("foo and bar apart")]);
    index.update(transcript);
    expect(bodies(index, "foo-bar")).toEqual(["call foo-bar now"]);
  });
});

describe("incremental by byte offset", () => {
  test("only appended records are indexed; counts add up", () => {
    const { transcript, index } = setup([R.prompt("first prompt"), R.blob("request blob"), R.said("first answer")]);
    expect(index.update(transcript)).toMatchObject({ added: 2, docs: 2, rebuilt: false });
    expect(index.update(transcript)).toMatchObject({ added: 0, docs: 2 });
    appendFileSync(transcript, jsonl([R.bash("git status"), R.result("nothing to commit")]));
    const s = index.update(transcript);
    expect(s).toMatchObject({ added: 2, docs: 4, rebuilt: false, bytes: statSync(transcript).size });
    expect(withRawDb(index.file, (db) => db.query("SELECT count(*) AS n FROM docs").get())).toEqual({ n: 4 });
    expect(bodies(index, "commit")).toEqual(["nothing to commit"]);
  });

  test("a record still being written waits for its newline", () => {
    const { transcript, index } = setup([R.prompt("complete")]);
    const line = JSON.stringify(R.said("half written record"));
    appendFileSync(transcript, line.slice(0, 20));
    const before = index.update(transcript);
    expect(before).toMatchObject({ docs: 1, bytes: statSync(transcript).size - 20 });
    appendFileSync(transcript, line.slice(20) + "\n");
    expect(index.update(transcript)).toMatchObject({ added: 1, docs: 2 });
    expect(bodies(index, "half written")).toHaveLength(1);
  });

  test("batches and small chunks give the same index as one pass", () => {
    const recs = Array.from({ length: 200 }, (_, i) => R.said(`record number ${i} 인계 ${i % 7}`));
    const a = setup(recs);
    const b = setup(recs);
    a.index.update(a.transcript);
    b.index.update(b.transcript, { chunkBytes: 97, batchBytes: 1000 });
    const all = (i: RecallIndex) =>
      withRawDb(i.file, (db) => db.query("SELECT offset, kind, epoch, body FROM docs ORDER BY offset").all());
    expect(all(b.index)).toEqual(all(a.index));
    expect(find(b.index, "인계", "all", 500)).toHaveLength(200);
  });

  test.each<[string, (t: string) => void]>([
    ["truncated", (t) => truncateSync(t, 0)],
    ["replaced (new inode)", (t) => {
      writeFileSync(t + ".new", jsonl([R.prompt("brand new")]));
      renameSync(t + ".new", t);
    }],
    ["rewritten in place to the same length", (t) => {
      const size = statSync(t).size;
      const fresh = jsonl([R.prompt("rewritten!")]);
      writeFileSync(t, fresh + " ".repeat(size - Buffer.byteLength(fresh) - 1) + "\n");
    }],
  ])("%s → reindexed from the start", (_name, change) => {
    const { transcript, index } = setup([R.prompt("old content here"), R.said("more old content")]);
    index.update(transcript);
    change(transcript);
    appendFileSync(transcript, jsonl([R.said("appended after the change")]));
    const s = index.update(transcript);
    expect(s.rebuilt).toBe(true);
    expect(bodies(index, "old content")).toEqual([]);
    expect(bodies(index, "appended after")).toHaveLength(1);
    expect(s.docs).toBe(
      withRawDb(index.file, (db) => db.query<{ n: number }, []>("SELECT count(*) AS n FROM docs").get()?.n ?? -1),
    );
  });

  test("--reindex drops and rebuilds", () => {
    const { transcript, index } = setup([R.prompt("one"), R.said("two")]);
    index.update(transcript);
    expect(index.update(transcript, { reindex: true })).toMatchObject({ rebuilt: true, added: 2, docs: 2 });
  });

  test("two indexers on one file: no record twice", () => {
    const recs = Array.from({ length: 300 }, (_, i) => R.said(`line ${i}`));
    const { transcript, index } = setup(recs);
    const other = openRecallIndex(index.file);
    open.push(other);
    let raced = false;
    index.update(transcript, {
      chunkBytes: 512,
      batchBytes: 2048,
      onProgress: () => {
        if (raced) return;
        raced = true;
        other.update(transcript); // runs to the end while the first is between batches
      },
    });
    expect(withRawDb(index.file, (db) => db.query("SELECT count(*) AS n, count(DISTINCT offset) AS d FROM docs").get()))
      .toEqual({
        n: 300,
        d: 300,
      });
    expect(index.summary().docs).toBe(300);
  });
});

describe("compaction epochs", () => {
  test("records after a boundary are epoch 1, after the second epoch 2, across updates", () => {
    const { transcript, index } = setup([R.prompt("before alpha"), R.boundary(), R.summary("summary alpha")]);
    expect(index.update(transcript)).toMatchObject({ epochs: 1 });
    appendFileSync(transcript, jsonl([R.said("after alpha"), R.boundary(), R.said("later alpha")]));
    expect(index.update(transcript)).toMatchObject({ epochs: 2 });
    const epochs = Object.fromEntries(find(index, "alpha").map((h) => [h.body, h.epoch]));
    expect(epochs).toEqual({ "before alpha": 0, "summary alpha": 1, "after alpha": 1, "later alpha": 2 });
  });
});

describe("real transcripts", () => {
  const T = join(FIXTURES, "claude-code-2.1.328");

  test("autocompact: the compaction summary is epoch 1, the dropped tool calls epoch 0", () => {
    const dir = tmp();
    const file = join(T, "transcripts", "autocompact.jsonl");
    const index = openRecallIndex(recallIndexFile(dir, file));
    open.push(index);
    expect(index.update(file)).toMatchObject({ epochs: 1, bytes: statSync(file).size });
    expect(find(index, "AUTO COMPACT SUMMARY").map((h) => [h.kind, h.epoch])).toEqual([["summary", 1]]);
    expect(find(index, "echo third").map((h) => [h.kind, h.epoch])[0]).toEqual(["tool_use", 0]);
  });

  test("demo session: the handoff is found with its kind and time", () => {
    const dir = tmp();
    const file = join(T, "demo-session", "transcript.jsonl");
    const index = openRecallIndex(recallIndexFile(dir, file));
    open.push(index);
    index.update(file);
    const [top] = find(index, "handoff quoting");
    expect(top).toMatchObject({ kind: "tool_use", tool: "Write", epoch: 0 });
    expect(top.at).toMatch(/^2026-11-30T/);
  });
});
