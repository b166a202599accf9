/** `vigil recall` through the compiled binary, as an agent or a person runs it. */
import { describe, expect, test } from "bun:test";
import { appendFileSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { newRow } from "../../src/core/step.ts";
import { openStore } from "../../src/edge/store.ts";
import { FIXTURES } from "../support/fixtures.ts";
import { BIN, type Run, testEnv, vigil } from "../support/vigil.ts";

const DEMO = join(FIXTURES, "claude-code-2.1.328", "demo-session", "transcript.jsonl");
const AUTO = join(FIXTURES, "claude-code-2.1.328", "transcripts", "autocompact.jsonl");

const recall = (args: string[], env = testEnv()) => vigil(["recall", ...args], "", env);
const json = (r: Run) => JSON.parse(r.stdout);

let n = 0;
const rec = (type: string, content: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    type,
    uuid: `00000000-0000-4000-8000-${String(++n).padStart(12, "0")}`,
    timestamp: "2026-11-30T03:00:00.000Z",
    message: { role: type, content },
    ...extra,
  }) + "\n";

describe("vigil recall --transcript", () => {
  test("hits with time, epoch, kind and marked terms; no ANSI when piped", () => {
    const r = recall(["--transcript", DEMO, "handoff"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\d+ hits? for "handoff"/);
    expect(r.stdout).toMatch(
      /1\. 2026-11-30 \d\d:\d\d:\d\dZ {2}epoch 0 {2}(tool_use Write|prompt|assistant|tool_result)/,
    );
    expect(r.stdout).toContain("[HANDOFF]");
    expect(r.stdout).not.toContain("\x1b");
    expect(r.stderr).toBe("");
  });

  test("--json: the documented fields, epochs across a real compaction", () => {
    const r = recall(["--transcript", AUTO, "--json", "summary"]);
    expect(r.code).toBe(0);
    const out = json(r);
    expect(Object.keys(out)).toEqual([
      "query",
      "terms",
      "ignored",
      "mode",
      "session_id",
      "transcript_path",
      "indexed",
      "hits",
    ]);
    expect(out.indexed).toMatchObject({ compactions: 1 });
    expect(Object.keys(out.hits[0])).toEqual([
      "rank",
      "score",
      "at",
      "epoch",
      "kind",
      "tool",
      "uuid",
      "offset",
      "matched",
      "snippet",
    ]);
    expect(out.hits[0]).toMatchObject({ rank: 1, epoch: 1, kind: "summary", matched: ["summary"] });
  });

  test("no hits: exit 1", () => {
    const r = recall(["--transcript", DEMO, "zzyzx-not-there"]);
    expect([r.code, r.stdout.split("\n")[0]]).toEqual([1, 'no hits for "zzyzx-not-there"']);
  });

  test.each(['foo-bar "baz', "NEAR(a b)", "a:b", "*", "'; DROP TABLE docs; --", '"', "((", "^"])(
    "hostile query %j: an answer, never an error",
    (q) => {
      const r = recall(["--transcript", DEMO, q]);
      expect([0, 1]).toContain(r.code);
      expect(r.stderr).toBe("");
    },
  );

  test.each<[string[], string]>([
    [["--transcript", DEMO], "missing query"],
    [["--transcript", DEMO, "--limit", "0", "x"], 'invalid --limit "0"'],
    [["--transcript", DEMO, "--bogus", "x"], "unknown option '--bogus'"],
    [["--session", "a", "--transcript", "b", "x"], "give --session or --transcript, not both"],
  ])("usage error %j", (args, msg) => {
    const r = recall(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(msg);
  });

  test("a missing transcript is a negative answer", () => {
    const r = recall(["--transcript", "/nonexistent/t.jsonl", "x"]);
    expect([r.code, r.stderr]).toEqual([1, 'vigil: transcript "/nonexistent/t.jsonl" does not exist\n']);
  });

  test("appended records are indexed on the next call, and only they", () => {
    const env = testEnv();
    const t = join(env.HOME, "t.jsonl");
    copyFileSync(AUTO, t);
    const first = json(recall(["--transcript", t, "--json", "echo"], env));
    expect(first.indexed.added).toBe(first.indexed.documents);
    appendFileSync(t, rec("user", "please echo again") + rec("assistant", [{ type: "text", text: "echo done" }]));
    const second = json(recall(["--transcript", t, "--json", "echo"], env));
    expect(second.indexed).toMatchObject({ added: 2, documents: first.indexed.documents + 2 });
    expect(second.hits.map((h: { snippet: string }) => h.snippet)).toContain("please [echo] again");
  });

  test("Korean and Japanese, two characters", () => {
    const env = testEnv();
    const t = join(env.HOME, "cjk.jsonl");
    writeFileSync(
      t,
      rec("user", "인계서를 작성하고 종료하세요") + rec("user", "設計書を更新してください") +
        rec("assistant", [{ type: "text", text: "인사 계획 設定 計画" }]),
    );
    for (const [q, want] of [["인계", "[인계]서를"], ["設計", "[設計]書を"]]) {
      const r = recall(["--transcript", t, "--json", q], env);
      expect(json(r).hits.map((h: { snippet: string }) => h.snippet)).toEqual([expect.stringContaining(want)]);
    }
  });
});

describe("vigil recall picks the session", () => {
  function seeded() {
    const env = testEnv();
    const store = openStore(join(env.VIGIL_HOME, "vigil.db"));
    const sessions: [string, string, number, string][] = [
      ["11111111-aaaa", join(env.HOME, "proj-a"), 100, AUTO],
      ["22222222-bbbb", join(env.HOME, "proj-b"), 200, DEMO],
    ];
    for (const [id, cwd, at, transcript] of sessions) {
      mkdirSync(cwd, { recursive: true });
      store.saveSession({ ...newRow(id, at), cwd, transcript_path: transcript, updated_at: at });
    }
    store.close();
    return env;
  }
  const run = (args: string[], env: Record<string, string>, cwd: string) => {
    const p = Bun.spawnSync([BIN, "recall", "--json", ...args], { env, cwd });
    return { code: p.exitCode, out: p.stdout.toString() ? JSON.parse(p.stdout.toString()) : null };
  };

  test.each<[string, string[], string, string]>([
    ["the newest session in this directory", [], "proj-a", "11111111-aaaa"],
    ["else the newest", [], ".", "22222222-bbbb"],
    ["--session by prefix", ["--session", "2222"], "proj-a", "22222222-bbbb"],
  ])("%s", (_name, args, dir, want) => {
    const env = seeded();
    const r = run([...args, "compact"], env, join(env.HOME, dir));
    expect(r.out?.session_id).toBe(want);
  });

  test("no store yet: exit 1 with a way forward", () => {
    const r = recall(["x"]);
    expect([r.code, r.stderr]).toEqual([1, "vigil: no sessions recorded yet: pass --transcript PATH\n"]);
  });
});

describe("progress bar", () => {
  // 40 MB of records recall skips quickly (request blobs), then one it indexes.
  function big(env: Record<string, string>): string {
    const t = join(env.HOME, "big.jsonl");
    const blob = JSON.stringify({
      type: "api-request-blob",
      message: { content: [{ type: "text", text: "x".repeat(1 << 20) }] },
    });
    writeFileSync(t, (blob + "\n").repeat(40) + rec("user", "needle at the end"));
    return t;
  }

  test("on a terminal: drawn on stderr, and hits in bold", () => {
    const env = testEnv({ NO_COLOR: "" });
    const t = big(env);
    const p = Bun.spawnSync(["script", "-qec", `${BIN} recall --transcript ${t} needle`, "/dev/null"], { env });
    const out = p.stdout.toString();
    expect(out).toContain("vigil recall: indexing [##############################] 100%");
    expect(out).toContain("\x1b[1mneedle\x1b[22m");
  });

  test("piped: no progress bar", () => {
    const env = testEnv();
    const r = recall(["--transcript", big(env), "needle"], env);
    expect([r.code, r.stderr]).toEqual([0, ""]);
  });
});

describe("the hook path never loads recall", () => {
  /** Files reachable from `file` through static imports (dynamic `import()` is lazy). */
  function staticGraph(file: string, seen = new Set<string>()): Set<string> {
    if (seen.has(file)) return seen;
    seen.add(file);
    const src = readFileSync(file, "utf8");
    for (const m of src.matchAll(/^import\s[^;]*?from\s+"(\.[^"]+)"/gm)) {
      staticGraph(join(file, "..", m[1]), seen);
    }
    return seen;
  }

  test("neither main nor the hook and statusline commands import recall statically", () => {
    const src = join(import.meta.dir, "..", "..", "src");
    const files = [
      ...staticGraph(join(src, "main.ts")),
      ...staticGraph(join(src, "cli", "hook.ts")),
      ...staticGraph(join(src, "cli", "statusline.ts")),
    ];
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((f) => /recall/.test(f))).toEqual([]);
    expect(readFileSync(join(src, "main.ts"), "utf8")).toContain(
      'recall: async () => (await import("./cli/recall.ts"))',
    );
  });
});
