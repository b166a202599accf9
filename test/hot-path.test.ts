/**
 * What the hot path loads. `vigil hook` and `vigil statusline` run on every tool call and every
 * render, and start-up is most of their cost (bench/RESULTS.md): the code their commands load
 * before the first line of work is kept to what every call needs. Built with the bundler
 * options of the real build (bundle-options.ts), read from the bundler's own metafile: the
 * static import closure of the entry chunk and the command's chunk.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { BUNDLE } from "../bundle-options.ts";

const ROOT = join(import.meta.dir, "..");

interface Output {
  inputs: Record<string, { bytesInOutput: number }>;
  imports: { path: string; kind: string }[];
}

async function closures() {
  const r = await Bun.build({
    ...BUNDLE,
    conditions: [...BUNDLE.conditions],
    entrypoints: BUNDLE.entrypoints.map((e) => join(ROOT, e)),
    target: "bun",
    metafile: true,
  });
  expect(r.success).toBe(true);
  const outputs: Record<string, Output> = r.metafile?.outputs ?? {};
  const byPath = new Map(Object.entries(outputs).map(([k, v]) => [k.replace(/^\.\//, ""), v]));
  /** Input files loaded with a chunk: its own and its static imports', transitively. */
  const closure = (start: string, seen = new Set<string>()) => {
    if (seen.has(start)) return seen;
    seen.add(start);
    for (const i of byPath.get(start)?.imports ?? []) {
      if (i.kind === "import-statement") closure(i.path.replace(/^\.\//, ""), seen);
    }
    return seen;
  };
  const inputsOf = (chunks: Set<string>) =>
    new Map([...chunks].flatMap((c) => Object.entries(byPath.get(c)?.inputs ?? {})).map(([k, v]) => [k, v]));
  const entry = [...byPath.keys()].find((k) => k.startsWith("main"));
  if (!entry) throw new Error("no entry chunk in the build");
  const command = (source: string) => {
    const chunk = [...byPath.entries()].find(([, v]) => Object.keys(v.inputs).some((i) => i.endsWith(source)));
    if (!chunk) throw new Error(`no chunk holds ${source}`);
    return inputsOf(closure(chunk[0], closure(entry)));
  };
  // The metafile leaves builtins out of `imports`: read them from the chunks' own import statements.
  const texts = new Map(
    await Promise.all(r.outputs.map(async (o) => [o.path.replace(/^\.\//, ""), await o.text()] as const)),
  );
  /** The builtins (node:path is "path" in Bun's output) that chunks import statically. */
  const builtinsOf = (chunks: Set<string>) =>
    [...chunks].flatMap((chunk) =>
      [...(texts.get(chunk) ?? "").matchAll(/\bimport\s*(?:\{[^}]*\}|[\w$*][\w$*\s,]*)\s*from\s*"([^"]+)"/g)]
        .map((m) => m[1]).filter((m) => !m.startsWith("./"))
    );
  const chunkOf = (source: string) => {
    const chunk = [...byPath.entries()].find(([, v]) => Object.keys(v.inputs).some((i) => i.endsWith(source)));
    if (!chunk) throw new Error(`no chunk holds ${source}`);
    return chunk[0];
  };
  /** The inputs of the chunks that the chunk holding `source` imports dynamically, with their static closures. */
  const dynamicFrom = (source: string) => {
    const targets = (byPath.get(chunkOf(source))?.imports ?? []).filter((i) => i.kind === "dynamic-import");
    return inputsOf(targets.reduce((seen, t) => closure(t.path.replace(/^\.\//, ""), seen), new Set<string>()));
  };
  /** The inputs of the chunks that the chunk holding `source` requires (loaded when the require runs). */
  const requiredFrom = (source: string) => {
    const targets = (byPath.get(chunkOf(source))?.imports ?? []).filter((i) => i.kind === "require-call");
    return inputsOf(new Set(targets.map((t) => t.path.replace(/^\.\//, ""))));
  };
  return {
    entry: inputsOf(closure(entry)),
    dynamicFrom,
    requiredFrom,
    entryBuiltins: builtinsOf(closure(entry)),
    builtins: (source: string) => builtinsOf(closure(chunkOf(source), closure(entry))),
    command,
  };
}

const c = await closures();
const names = (m: Map<string, unknown>) => [...m.keys()];
const bytes = (m: Map<string, { bytesInOutput: number }>) => [...m.values()].reduce((n, v) => n + v.bytesInOutput, 0);

/** Loaded only where needed: each a measured cost (bench/RESULTS.md, issue 18). */
const NOT_ON_THE_HOT_PATH: [string, RegExp][] = [
  ["XState (the step form runs the machine)", /node_modules\/xstate\//],
  ["the XState definition", /machines\/session\.ts$/],
  ["the shell parser (loaded for a call judged at HARD)", /node_modules\/unbash\//],
  ["the help texts", /src\/cli\/help\.ts$/],
  ["node:util's option parser", /src\/cli\/args\.ts$/],
];

describe("the hot path loads only what every call needs", () => {
  for (
    const [what, source] of [["vigil hook", "src/app/hook-call.ts"], ["vigil statusline", "src/cli/statusline.ts"]]
  ) {
    test(`${what} does not load ${NOT_ON_THE_HOT_PATH.map(([n]) => n.split(" (")[0]).join(", ")}`, () => {
      const loaded = names(c.command(source));
      expect(loaded.some((f) => f.endsWith(source))).toBe(true);
      for (const [name, pattern] of NOT_ON_THE_HOT_PATH) {
        expect({ name, loaded: loaded.filter((f) => pattern.test(f)) }).toEqual({ name, loaded: [] });
      }
    });
  }

  test("vigil statusline does not load the policies, the Stop gate or the continuity code", () => {
    const loaded = names(c.command("src/cli/statusline.ts"));
    for (const pattern of [/src\/core\/policies\//, /src\/core\/stop\//, /src\/core\/continuity\//]) {
      expect(loaded.filter((f) => pattern.test(f))).toEqual([]);
    }
  });

  test("vigil hook loads the Stop gate, the continuity restore and the prompt classifier only as parts (hook-parts.ts)", () => {
    const loaded = names(c.command("src/app/hook-call.ts"));
    const parts = [
      /src\/core\/stop\/patterns(-\w+)?\.ts$/,
      /src\/core\/stop\/gate\.ts$/,
      // The message classifier (what a final message waits on): loaded with rest.ts, it cost every
      // other call ~0.8 MiB of peak RSS (bench/RESULTS.md, "Hook peak RSS").
      /src\/core\/stop\/(classify|text)\.ts$/,
      /src\/core\/awaiting\.ts$/,
      /src\/core\/policies\/unattended\.ts$/,
      /src\/app\/stop-facts\.ts$/,
      /src\/core\/policies\/continuity\.ts$/,
      /src\/core\/continuity\/(restore|guidance|draft)\.ts$/,
      /src\/app\/continuity-adapter\.ts$/,
      // The prompt classifier and the handoff request's tables: a call with a prompt loads them.
      /src\/core\/classify\.ts$/,
      /src\/core\/handoff-(request|directive)\.ts$/,
    ];
    for (const pattern of parts) {
      expect({ pattern: String(pattern), loaded: loaded.filter((f) => pattern.test(f)) })
        .toEqual({ pattern: String(pattern), loaded: [] });
    }
    // Control: the whole build holds them, in the parts' own chunks.
    const all = names(c.command("src/app/parts/stop.ts"));
    expect(all.some((f) => /src\/core\/stop\/patterns\.ts$/.test(f))).toBe(true);
    expect(names(c.command("src/app/parts/continuity.ts")).some((f) => /continuity\/restore\.ts$/.test(f))).toBe(true);
  });

  // Every Stop loads the Stop part; most never classify the message (run-hook.ts classifiesStop). Evaluating the three
  // languages' tables at load cost such a Stop ~0.7 MiB of its own-process peak RSS (bench/RESULTS.md, "Hook peak RSS,
  // round 20"): patterns.ts requires them on first use, each its own chunk.
  test("the Stop part loads the pattern tables only when it compiles them (a require of their own chunks)", () => {
    const loaded = names(c.command("src/app/parts/stop.ts"));
    expect(loaded.filter((f) => /src\/core\/stop\/patterns-(en|ko|ja)\.ts$/.test(f))).toEqual([]);
    const required = names(c.requiredFrom("src/core/stop/patterns.ts"));
    for (const lang of ["en", "ko", "ja"]) {
      expect(required.some((f) => new RegExp(`src/core/stop/patterns-${lang}\\.ts$`).test(f))).toBe(true);
    }
  });

  // The continuity part is loaded on every SessionStart, PostCompact and SessionEnd and while a
  // session restores; only PreCompact's draft classifies a prompt. Importing classify.ts there
  // loaded the handoff judges' chunk with both weight tables (3.4 MB): ~2.4 MiB of a
  // SessionStart's peak RSS (bench/RESULTS.md, "Hook peak RSS").
  test("the continuity part does not load the prompt classifier or the handoff judges", () => {
    const loaded = names(c.command("src/app/parts/continuity.ts"));
    expect(loaded.some((f) => /src\/core\/continuity\/draft\.ts$/.test(f))).toBe(true);
    expect(loaded.filter((f) => /src\/core\/(classify|handoff-[\w-]+)\.ts$/.test(f))).toEqual([]);
    // Control: the prompt part does.
    expect(names(c.command("src/core/classify.ts")).some((f) => /src\/core\/handoff-weights\.ts$/.test(f))).toBe(true);
  });

  // A prompt that names nothing (most) is classified by classify-core.ts without the judges: loading their chunk (the
  // clause and mood judges, their patterns, both weight tables) cost "say hi" ~2.7 MiB of peak RSS in its own process
  // (bench/RESULTS.md, "Hook peak RSS, round 20").
  test("the prompt classifier without the handoff judges loads none of them", () => {
    const loaded = names(c.command("src/core/classify-core.ts"));
    expect(loaded.some((f) => /src\/core\/handoff-precheck\.ts$/.test(f))).toBe(true);
    const judges = loaded.filter((f) => /src\/core\/handoff-[\w-]+\.ts$/.test(f))
      .filter((f) => !/handoff-(precheck|names|text)\.ts$/.test(f));
    expect(judges).toEqual([]);
    // Control: with them, they are there.
    const full = names(c.command("src/core/classify.ts"));
    for (const judge of [/handoff-request\.ts$/, /handoff-mood\.ts$/, /handoff-mood-weights\.ts$/]) {
      expect(full.some((f) => judge.test(f))).toBe(true);
    }
  });

  // A statusLine render with no usage figures (a resumed session's first) meters the transcript:
  // through deps.ts it also loaded the hook's dependencies, +1.7 MiB of that process's peak RSS.
  test("vigil statusline loads the meter alone when it meters, not the hook's dependencies", () => {
    const loaded = names(c.dynamicFrom("src/app/statusline-call.ts"));
    expect(loaded.some((f) => /src\/app\/meter-adapter\.ts$/.test(f))).toBe(true);
    for (const pattern of [/src\/app\/deps\.ts$/, /src\/app\/hook-parts\.ts$/, /src\/edge\/window-facts\.ts$/]) {
      expect({ pattern: String(pattern), loaded: loaded.filter((f) => pattern.test(f)) })
        .toEqual({ pattern: String(pattern), loaded: [] });
    }
  });

  // structuredClone loads the structured-serialisation code: +0.75 MiB of a hook process's peak
  // RSS for the config's defaults (bench/RESULTS.md, "Hook peak RSS").
  test("vigil hook and vigil statusline call no structuredClone", () => {
    for (const source of ["src/app/hook-call.ts", "src/cli/statusline.ts"]) {
      const cloning = names(c.command(source)).filter((f) => {
        const rel = f.replace(/^.*?(src|machines)\//, "$1/");
        return /^(src|machines)\//.test(rel) && /\bstructuredClone\(/.test(readFileSync(join(ROOT, rel), "utf8"));
      });
      expect({ source, cloning }).toEqual({ source, cloning: [] });
    }
  });

  // node:fs alone costs a hot-path process about a fifth of a no-op's run (bench/RESULTS.md):
  // the hot path reads through file-read.ts and Bun's stdin/stdout, and asks edge/node-fs.ts
  // for node:fs only on paths that need it (the writing store, the log, /proc).
  const staticFs = (source: string) =>
    names(c.command(source)).filter((f) => {
      if (!/^(src|machines)\//.test(f.replace(/^.*?(src|machines)\//, "$1/"))) return false;
      const text = readFileSync(join(ROOT, f.replace(/^.*?(src|machines)\//, "$1/")), "utf8");
      return /^import (?!type )[^;]*from "node:fs"/m.test(text);
    });
  test("vigil statusline and vigil hook import node:fs nowhere in what they load", () => {
    expect(staticFs("src/cli/statusline.ts")).toEqual([]);
    expect(staticFs("src/app/hook-call.ts")).toEqual([]);
    // Control: the recall command's closure does.
    expect(staticFs("src/cli/recall.ts").length).toBeGreaterThan(0);
  });

  test("the closure sees what a command loads (control: serve loads hono)", () => {
    expect(names(c.command("src/cli/serve.ts")).some((f) => /node_modules\/hono\//.test(f))).toBe(true);
    expect(names(c.command("src/app/hook-call.ts")).some((f) => /node_modules\/hono\//.test(f))).toBe(false);
  });

  // Each builtin is a measured start-up cost for every call, forwarded ones included: node:path
  // 0.09× of the no-op, node:fs a fifth (bench/RESULTS.md, issue 18, fifth round).
  test("the entry chunk imports no node: builtin", () => {
    expect(c.entryBuiltins).toEqual([]);
    // Control: what the hook loads when it runs the call itself does.
    expect(c.builtins("src/app/hook-call.ts")).toContain("path");
  });

  // The statusline's common path needs neither node:fs nor node:path: a render that loaded
  // node:path (store, line cache, log) ran 3 % more instructions than one without (bench/RESULTS.md).
  test("vigil statusline loads no node: builtin (SQLite only)", () => {
    expect(c.builtins("src/cli/statusline.ts").filter((b) => !b.startsWith("bun:"))).toEqual([]);
    expect(c.builtins("src/cli/statusline.ts")).toContain("bun:sqlite");
  });

  test("the entry chunk is main, the version, the output writer, the lazy node:fs and the hook's forwarding client", () => {
    const loaded = names(c.entry).map((f) => f.replace(/^.*?src\//, "src/"));
    expect(loaded.sort()).toEqual([
      // `vigil hook` offers each call to a running `vigil serve` before it loads anything else.
      "src/cli/context.ts",
      "src/cli/version.ts",
      "src/core/command-io.ts",
      "src/core/forward.ts",
      "src/core/posix-path.ts",
      "src/edge/hook-socket.ts",
      "src/edge/node-fs.ts",
      "src/edge/paths.ts",
      "src/edge/stdin.ts",
      "src/edge/stdout.ts",
      "src/main.ts",
    ]);
    // Printed so a growing hot path shows in the test log before it shows in the benchmark.
    console.log(
      `entry ${bytes(c.entry)} B; hook ${bytes(c.command("src/app/hook-call.ts"))} B; statusline ${
        bytes(c.command("src/cli/statusline.ts"))
      } B`,
    );
  });
});
