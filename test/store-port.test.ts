/**
 * The store is a port (issue 13): SQL runs only in the store's own modules — src/edge/store.ts,
 * src/edge/store-schema.ts and the per-table modules under src/edge/store/. Everything else
 * calls their functions. Read from the sources, comments stripped.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = join(import.meta.dir, "..");
const SRC = join(ROOT, "src");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith(".ts") ? [p] : [];
  });
}

/** The source without its comments (a doc comment may name a statement). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

/** What running SQL looks like: a statement in a string, the handle, the driver. */
const SQL: [string, RegExp][] = [
  [
    "an SQL statement in a string",
    /["'`]\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|DROP|ALTER|PRAGMA|WITH|BEGIN|VACUUM)\s/,
  ],
  ["the database handle", /\.db\.(query|run|prepare|exec|transaction)\b|\bstore\.db\b/],
  ["the SQLite driver", /from\s+["']bun:sqlite["']|new\s+Database\s*\(/],
];

const isStore = (rel: string) =>
  rel === "src/edge/store.ts" || rel === "src/edge/store-schema.ts" || rel.startsWith("src/edge/store/");
const all = files(SRC).map((f) => ({
  rel: relative(ROOT, f).split("\\").join("/"),
  text: code(readFileSync(f, "utf8")),
}));

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
