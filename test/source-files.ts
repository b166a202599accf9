/**
 * What the source-reading tests read: every `.ts` file below a folder, and a source without its
 * comments (a doc comment may name what a test forbids). One copy for every such test.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** The repository's root. */
export const ROOT = join(import.meta.dir, "..");

/** Every `.ts` file below `dir`, as absolute paths. */
export function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? tsFiles(p) : p.endsWith(".ts") ? [p] : [];
  });
}

/** The source without its comments. */
export function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

/** Each `.ts` file below the repository's folder `dir` (e.g. "src"): its repo-relative name and code without comments. */
export function sourcesBelow(dir: string): { name: string; text: string }[] {
  return tsFiles(join(ROOT, dir)).map((f) => ({
    name: relative(ROOT, f).split("\\").join("/"),
    text: withoutComments(readFileSync(f, "utf8")),
  }));
}
