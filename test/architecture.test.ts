/** House rules that can be checked by reading the source. */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = join(import.meta.dir, "..");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith(".ts") ? [p] : [];
  });
}

const importsOf = (src: string) => [...src.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1]);

describe("src/core and machines are pure", () => {
  const pure = [...files(join(ROOT, "src", "core")), ...files(join(ROOT, "machines"))];
  test.each(pure.map((f) => [relative(ROOT, f), f]))("%s imports nothing impure", (_name, file) => {
    const bad = importsOf(readFileSync(file, "utf8")).filter((i) =>
      i.startsWith("node:") || i.startsWith("bun:") || i === "bun" || i.includes("/edge/") || i.includes("/app/") ||
      i.includes("/cli/") || ["fs", "path", "os", "child_process"].includes(i)
    );
    expect(bad).toEqual([]);
  });
});

describe("one writer of hook output", () => {
  // Hook JSON is built only by src/core/output.ts; everything else proposes.
  // Object-literal keys only (`{ hookSpecificOutput: …`), not reads like `v.hookSpecificOutput ? … : …`.
  const markers = [
    /(^|[{,])\s*["']?hookSpecificOutput["']?\s*:/m,
    /(^|[{,])\s*["']?permissionDecision["']?\s*:/m,
    // `{ decision: "block", reason }` is hook JSON; a gate's own `{ decision: "block", gate }` is not.
    /(^|[{,])\s*["']?decision["']?\s*:\s*["']block["']\s*,\s*["']?reason["']?\s*:/m,
  ];
  const src = files(join(ROOT, "src")).filter((f) => !f.endsWith(join("core", "output.ts")));
  test.each(src.map((f) => [relative(ROOT, f), f]))("%s builds no hook output", (_name, file) => {
    const text = readFileSync(file, "utf8");
    expect(markers.filter((m) => m.test(text)).map(String)).toEqual([]);
  });

  test("the hook command prints only what the pipeline returns", () => {
    const hook = readFileSync(join(ROOT, "src", "cli", "hook.ts"), "utf8");
    expect(hook.match(/ctx\.out\(/g)?.length).toBe(2); // --help, and the combined stdout
    expect(hook).toContain("const { stdout } = await runHookLoading(");
  });
});
