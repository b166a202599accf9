import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import fc from "fast-check";
import { gramText, shortTermTokens } from "../../src/core/recall/grams.ts";
import { matchPlan, parseQuery, quote } from "../../src/core/recall/query.ts";

describe("parseQuery", () => {
  test.each<[string, string[]]>([
    ["handoff", ["handoff"]],
    ["  two   words ", ["two", "words"]],
    ['"a quoted  phrase" after', ["a quoted phrase", "after"]],
    ['foo-bar "baz', ["foo-bar", "baz"]],
    ['""', ['""']],
    ['"', ['"']],
    [" \t ", []],
    ["dup dup", ["dup"]],
    ["tab\tand\u0000nul", ["tab", "and", "nul"]],
    ["인계서를 設計", ["인계서를", "設計"]],
  ])("%j → %j", (input, want) => {
    expect(parseQuery(input)).toEqual(want);
  });
});

describe("matchPlan", () => {
  test.each<[string, string[], string | null, string | null, string[]]>([
    ["long terms go to the trigram index", ["handoff", "foo-bar"], '"handoff" AND "foo-bar"', null, []],
    ["two Korean characters go to the gram index", ["인계"], null, '"인계"', []],
    ["one CJK character is a gram prefix", ["設"], null, '"設"*', []],
    ["a short word goes to the gram index", ["db"], null, '"db"', []],
    ["mixed", ["인계", "handoff"], '"handoff"', '"인계"', []],
    ["punctuation alone cannot be searched", ["->", "ok"], null, '"ok"', ["->"]],
    ["quotes are doubled", ['say "hi"'], '"say ""hi"""', null, []],
  ])("%s", (_name, terms, tri, grams, ignored) => {
    const p = matchPlan(terms, "all");
    expect([p.trigram, p.grams, p.ignored]).toEqual([tri, grams, ignored]);
  });

  test("any joins with OR", () => {
    expect(matchPlan(["alpha", "beta", "인계", "db"], "any")).toMatchObject({
      trigram: '"alpha" OR "beta"',
      grams: '"인계" OR "db"',
      mode: "any",
    });
  });

  test("quote makes any text one FTS5 string", () => {
    expect(quote('a"b')).toBe('"a""b"');
  });
});

describe("grams", () => {
  test.each<[string, string]>([
    ["인계서를 작성", "인계 계서 서를 를 작성 성"],
    ["設計書を更新", "設計 計書 書を を更 更新 新"],
    ["the db is OK", "db is OK"],
    ["PR을 열었다", "PR 을 열었 었다 다"],
    ["nothing shorter here", ""],
  ])("gramText(%j)", (body, want) => {
    expect(gramText(body)).toBe(want);
  });

  test.each<[string, { token: string; prefix: boolean }[]]>([
    ["인계", [{ token: "인계", prefix: false }]],
    ["設", [{ token: "設", prefix: true }]],
    ["CI", [{ token: "CI", prefix: false }]],
    ["a설", [{ token: "a", prefix: false }, { token: "설", prefix: true }]],
    ["->", []],
  ])("shortTermTokens(%j)", (term, want) => {
    expect(shortTermTokens(term)).toEqual(want);
  });
});

describe("hostile input never breaks FTS5 syntax", () => {
  const db = new Database(":memory:");
  db.run("CREATE VIRTUAL TABLE tri USING fts5(body, tokenize='trigram')");
  db.run("CREATE VIRTUAL TABLE g USING fts5(grams, tokenize='unicode61 remove_diacritics 0')");
  db.run("INSERT INTO tri VALUES ('foo-bar \"baz NEAR(x) col:y')");
  const run = (q: string) => {
    for (const mode of ["all", "any"] as const) {
      const p = matchPlan(parseQuery(q), mode);
      if (p.trigram) db.query("SELECT rowid FROM tri WHERE tri MATCH ?").all(p.trigram);
      if (p.grams) db.query("SELECT rowid FROM g WHERE g MATCH ?").all(p.grams);
    }
  };

  test.each([
    'foo-bar "baz',
    "NEAR(a b, 3)",
    "col:value",
    "a OR b NOT c AND",
    "*",
    "^start",
    "(unbalanced",
    '"""',
    "'; DROP TABLE tri; --",
    "\u0000\u0001",
    "- + :",
  ])("%j", (q) => {
    expect(() => run(q)).not.toThrow();
  });

  test("any string", () => {
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 40 }), (q) => run(q)), { numRuns: 500 });
  });
});
