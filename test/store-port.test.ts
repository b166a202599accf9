/**
 * The store is a port (issue 13): SQL runs only in the store's own modules — src/edge/store.ts,
 * src/edge/store-schema.ts and the per-table modules under src/edge/store/ — and the database
 * handle is private to them. Everything else calls their functions. Read from the sources,
 * comments stripped, and from live handles.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { tsFiles as files, withoutComments as code } from "./source-files.ts";
import { Database } from "bun:sqlite";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { openStore } from "../src/edge/store.ts";
import { openRecallIndex } from "../src/edge/store/recall-index.ts";

const ROOT = join(import.meta.dir, "..");
const SRC = join(ROOT, "src");

/** What running SQL looks like: a statement in a string, the handle, the driver. */
const SQL: [string, RegExp][] = [
  [
    "an SQL statement in a string",
    /["'`]\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|DROP|ALTER|PRAGMA|WITH|BEGIN|VACUUM)\s/,
  ],
  ["the database handle", /\.#?db\.(query|run|prepare|exec|transaction)\b|\bstore\.db\b/],
  ["the store's handle seam", /\bdbOf\b/],
  ["the SQLite driver", /from\s+["']bun:sqlite["']|new\s+Database\s*\(/],
];

const isStore = (rel: string) =>
  rel === "src/edge/store.ts" || rel === "src/edge/store-schema.ts" || rel.startsWith("src/edge/store/");
const read = (f: string) => ({
  rel: relative(ROOT, f).split("\\").join("/"),
  text: code(readFileSync(f, "utf8")),
});
const all = files(SRC).map(read);

describe("SQL only in the store's modules", () => {
  test.each(all.filter((f) => !isStore(f.rel)).map((f) => [f.rel, f.text]))("%s runs no SQL", (_rel, text) => {
    expect(SQL.filter(([, re]) => re.test(text)).map(([what]) => what)).toEqual([]);
  });

  test("the detectors see the store's own SQL (control)", () => {
    const store = all.filter((f) => isStore(f.rel));
    expect(store.length).toBeGreaterThan(8);
    for (const [what, re] of SQL) {
      expect({ what, found: store.some((f) => re.test(f.text)) }).toEqual({ what, found: true });
    }
  });
});

describe("the database handle is private to the store", () => {
  const dir = mkdtempSync(join(tmpdir(), "vigil-port-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Every value reachable by name on an object and its prototypes (getters included). */
  function reachable(o: object): unknown[] {
    const out: unknown[] = [];
    for (let p: object | null = o; p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
      for (const k of Reflect.ownKeys(p)) out.push(Reflect.get(p, k, o));
    }
    return out;
  }

  test.each([
    ["Store", () => openStore(join(dir, "vigil.db"))],
    ["RecallIndex", () => openRecallIndex(join(dir, "recall", "one.db"))],
  ])("no property of a live %s is a Database", (_name, open) => {
    const handle = open();
    try {
      expect(reachable(handle).filter((v) => v instanceof Database)).toEqual([]);
    } finally {
      handle.close();
    }
  });

  test("the control: a Database held in a plain field would be found", () => {
    const db = new Database(":memory:");
    expect(reachable({ db }).filter((v) => v instanceof Database)).toHaveLength(1);
    db.close();
  });

  test("tsc refuses `store.db` (this line stops compiling if the field comes back)", () => {
    const store = openStore(join(dir, "tsc.db"));
    // @ts-expect-error the handle is private: a public `db` would make this directive unused.
    expect(store.db).toBeUndefined();
    store.close();
  });

  const outside = [join(ROOT, "test"), join(ROOT, "bench")].flatMap(files).map(read)
    .filter((f) => f.rel !== "test/store-port.test.ts");
  test.each(outside.map((f) => [f.rel, f.text]))("%s does not reach the store's handle", (_rel, text) => {
    expect(/\bdbOf\b|\bstore\.db\b/.test(text)).toBe(false);
  });
});
