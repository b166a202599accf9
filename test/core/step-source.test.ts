/**
 * The session step (src/core/step.ts) is the only reader and writer of a session's snapshot,
 * and a fact about one session is machine context, not a settings row keyed by its id (issue
 * 33). Read from the sources, comments stripped.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, sourcesBelow, withoutComments as code } from "../source-files.ts";

const STEP = "src/core/step.ts";
/** Schema migrations at open (before any process can step a session) rewrite rows in SQL. */
const SCHEMA = "src/edge/store-schema.ts";

/** What parsing a stored snapshot looks like: JSON.parse of it, or SQL's JSON functions on the column. */
const PARSES_SNAPSHOT = [
  /JSON\.parse\(\s*[\w.?]*snapshot\b/i,
  /json_(extract|set|each|tree|valid|remove|insert|replace|patch)\(\s*snapshot\b/i,
];

/**
 * A settings key built from a value (`window_source:${id}`, `key(sessionId)`) rather than a
 * fixed name: the key argument of getSetting/setSetting must be an UPPER_CASE constant or a
 * plain string literal.
 */
const KEYED_SETTING = /\.(get|set)Setting\(\s*(?![A-Z][A-Z0-9_]*\s*[,)]|"[^"$]*"\s*[,)])/;

const sources = [...sourcesBelow("src"), ...sourcesBelow("machines")];

describe("the snapshot is parsed only by the session step", () => {
  test.each(sources.filter((s) => s.name !== STEP && s.name !== SCHEMA).map((s) => [s.name, s.text]))(
    "%s parses no snapshot",
    (_name, text) => {
      expect(PARSES_SNAPSHOT.filter((re) => re.test(text)).map(String)).toEqual([]);
    },
  );

  test("the rule sees a parse outside the step (control)", () => {
    expect(PARSES_SNAPSHOT.some((re) => re.test("const v = JSON.parse(row.snapshot);"))).toBe(true);
    expect(PARSES_SNAPSHOT.some((re) => re.test("SELECT json_extract(snapshot, '$.context.since')"))).toBe(true);
    expect(PARSES_SNAPSHOT.some((re) => re.test(code(readFileSync(join(ROOT, STEP), "utf8"))))).toBe(true);
  });
});

describe("no settings key holds a session id", () => {
  test.each(sources.map((s) => [s.name, s.text]))("%s keys settings by fixed names only", (_name, text) => {
    expect(text.split("\n").filter((l) => KEYED_SETTING.test(l))).toEqual([]);
  });

  test("the rule sees a key built from a session id (control)", () => {
    expect(KEYED_SETTING.test("store.setSetting(`window_source:${sessionId}`, source)")).toBe(true);
    expect(KEYED_SETTING.test("store.getSetting(key(p.sessionId))")).toBe(true);
    expect(KEYED_SETTING.test("store.getSetting(NIGHT_KEY)")).toBe(false);
    expect(KEYED_SETTING.test('store.setSetting("night", v)')).toBe(false);
  });
});
