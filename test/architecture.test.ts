/** House rules that can be checked by reading the source. */
import { describe, expect, test } from "bun:test";
import { tsFiles as files } from "./source-files.ts";
import { readFileSync } from "node:fs";
import { basename, join, relative } from "node:path";

const ROOT = join(import.meta.dir, "..");

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
    const call = readFileSync(join(ROOT, "src", "app", "hook-call.ts"), "utf8");
    expect(call.match(/io\.(out|print)\(/g)?.length).toBe(1); // the combined stdout
    expect(call).toMatch(/const \{ stdout(, error)? \} = await runHookLoading\(/);
    const command = readFileSync(join(ROOT, "src", "cli", "hook.ts"), "utf8");
    expect(command.match(/ctx\.(out|print)\(/g)?.length).toBe(1); // --help
  });
});

/** Relative imports of a source file, resolved, with whether each is type-only. */
function relativeImports(file: string): { target: string; typeOnly: boolean }[] {
  const src = readFileSync(file, "utf8");
  const out: { target: string; typeOnly: boolean }[] = [];
  for (const m of src.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^;]*?from\s+["'](\.[^"']+)["']/gms)) {
    out.push({ target: join(file, "..", m[2]), typeOnly: m[1] !== undefined });
  }
  for (const m of src.matchAll(/import\(\s*["'](\.[^"']+)["']\s*\)/g)) {
    out.push({ target: join(file, "..", m[1]), typeOnly: false });
  }
  return out;
}

const SRC = join(ROOT, "src");
const rel = (f: string) => relative(ROOT, f).split("\\").join("/");
const area = (f: string) => rel(f).split("/").slice(0, 2).join("/");

describe("the layout shows the architecture", () => {
  test("the watch, the night and the HTTP server have their own folders, not file-name prefixes", () => {
    for (const dir of ["watch", "night", "serve"]) expect(files(join(SRC, dir)).length).toBeGreaterThan(2);
    const prefixed = files(SRC).map(rel).filter((f) => /\/(watch|night|http)-[^/]*\.ts$/.test(f));
    // src/edge/store/watch.ts is the watch table's module; a prefix is something else.
    expect(prefixed).toEqual([]);
  });

  test("the HTTP adapter imports neither the application nor the commands", () => {
    const bad = files(join(SRC, "serve")).flatMap((f) =>
      relativeImports(f).filter((i) => /^src\/(app|watch|night|cli)$/.test(area(i.target))).map((i) =>
        `${rel(f)} -> ${rel(i.target)}`
      )
    );
    expect(bad).toEqual([]);
  });

  test("edges run no application code (a port's type, defined by its user, is allowed)", () => {
    const bad = files(join(SRC, "edge")).flatMap((f) =>
      relativeImports(f).filter((i) => !i.typeOnly && /^src\/(app|watch|night|serve|cli)$/.test(area(i.target)))
        .map((i) => `${rel(f)} -> ${rel(i.target)}`)
    );
    expect(bad).toEqual([]);
  });
});

/** The longest a function in src/cli/ may be: parsing, one call, printing fit in it. */
const CLI_FUNCTION_LINES = 40;

/**
 * Why a command file is more than wiring: an import of the outside world (a `node:` or `bun`
 * module, but node:util in the argument parser; anything in src/edge/), a Bun API call, or a
 * function over CLI_FUNCTION_LINES lines (from its column-0 declaration to its column-0 `}`,
 * as deno fmt writes them; arrow functions bound at the top level count too).
 */
function wiringProblems(name: string, text: string): string[] {
  const out: string[] = [];
  for (const i of importsOf(text)) {
    const parser = name === "args.ts" && i === "node:util";
    if (!parser && (i.startsWith("node:") || i.startsWith("bun:") || i === "bun")) out.push(`imports ${i}`);
    if (/(^|\/)edge\//.test(i)) out.push(`imports ${i}`);
  }
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  for (const m of code.matchAll(/\bBun\.\w+/g)) out.push(`calls ${m[0]}`);
  const lines = text.split("\n");
  const declares = /^(export )?(async )?function |^(export )?const \w+(: [^=]+)? = (async )?(\([^)]*\)|\w+) =>/;
  for (let i = 0; i < lines.length; i++) {
    if (!declares.test(lines[i]) || lines[i].trimEnd().endsWith(";")) continue; // a one-line function is short
    const end = lines.findIndex((l, j) => j >= i && /^}/.test(l));
    const length = (end === -1 ? lines.length : end + 1) - i;
    const fn = /(?:function |const )(\w+)/.exec(lines[i])?.[1] ?? "?";
    if (length > CLI_FUNCTION_LINES) out.push(`${fn} has ${length} lines`);
  }
  return out;
}

describe("cli/ is wiring: a command parses its arguments, calls one function, prints", () => {
  const cli = files(join(SRC, "cli"));

  test.each(cli.map((f) => [rel(f), f]))("%s reaches the outside world only through what it calls", (_n, file) => {
    expect(wiringProblems(basename(file), readFileSync(file, "utf8"))).toEqual([]);
  });

  test("nothing but main.ts imports a command", () => {
    const bad = [...files(SRC), ...files(join(ROOT, "machines"))]
      .filter((f) => area(f) !== "src/cli" && rel(f) !== "src/main.ts")
      .flatMap((f) =>
        relativeImports(f).filter((i) => area(i.target) === "src/cli").map((i) => `${rel(f)} -> ${rel(i.target)}`)
      );
    expect(bad).toEqual([]);
  });

  test("the rule catches a fat command (control)", () => {
    const body = Array.from({ length: CLI_FUNCTION_LINES }, (_, i) => `  ctx.out("${i}");`).join("\n");
    const fat = [
      `import { readFileSync } from "node:fs";`,
      `import { openStore } from "../edge/store.ts";`,
      `export async function fatCommand(args: string[], ctx: Ctx): Promise<number> {`,
      body,
      `  Bun.spawnSync(["true"]);`,
      `}`,
      `const short = (x: number) => x + 1;`,
      `function alsoShort(): number {`,
      `  return short(1);`,
      `}`,
    ].join("\n");
    expect(wiringProblems("fat.ts", fat)).toEqual([
      "imports node:fs",
      "imports ../edge/store.ts",
      "calls Bun.spawnSync",
      `fatCommand has ${CLI_FUNCTION_LINES + 3} lines`,
    ]);
    expect(wiringProblems("args.ts", `import { parseArgs } from "node:util";`)).toEqual([]);
  });
});

/** Strongly connected groups of more than one file (or a file importing itself). */
function importCircles(nodes: readonly string[]): string[][] {
  const edges = new Map(nodes.map((f) => [f, relativeImports(f).map((i) => i.target).filter((t) => t !== f)]));
  const index = new Map<string, number>(), low = new Map<string, number>(), stack: string[] = [];
  const onStack = new Set<string>(), out: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!edges.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    for (let w = stack.pop(); w !== undefined; w = stack.pop()) {
      onStack.delete(w);
      group.push(rel(w));
      if (w === v) break;
    }
    if (group.length > 1) out.push(group.sort());
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return out;
}

describe("no import circles", () => {
  const nodes = [...files(SRC), ...files(join(ROOT, "machines"))];

  test("no two source files import each other, directly or around a circle (type imports too)", () => {
    expect(importCircles(nodes)).toEqual([]);
  });

  test("the detector finds a circle (control)", () => {
    const dir = join(ROOT, "test", "fixtures", "import-circle");
    expect(importCircles(files(dir))).toEqual([
      ["test/fixtures/import-circle/a.ts", "test/fixtures/import-circle/b.ts", "test/fixtures/import-circle/c.ts"],
    ]);
  });
});
