/**
 * Shell parser evaluation for the HARD allow-list (docs/shell-parser.md).
 *
 * The candidates are not project dependencies, so they live in a scratch directory:
 *   mkdir -p /tmp/vigil-parsers && cd /tmp/vigil-parsers && npm init -y &&
 *   npm install unbash sh-syntax mvdan-sh @ericcornelissen/bash-parser bash-parser \
 *     web-tree-sitter tree-sitter-bash shell-quote @aliou/sh
 *
 * Modes (PARSERS_DIR overrides /tmp/vigil-parsers):
 *   bun bench/shell-parsers.ts correctness        hard cases → table per candidate
 *   bun bench/shell-parsers.ts once NAME          load + one parse (what a hook process does)
 *   bun bench/shell-parsers.ts startup [RUNS] [NAME…]  median process launch per candidate, via
 *                                                 `bun` and via a `bun build --compile` binary
 *                                                 run from another cwd (also proves it bundles)
 *   bun bench/shell-parsers.ts fuzz [N]           random token soup: does vigil accept exactly
 *                                                 the lines `bash -n` accepts?
 */
import { CASES } from "./shell-parsers/cases.ts";
import { type Adapter, ADAPTERS } from "./shell-parsers/adapters.ts";

const DIR = process.env.PARSERS_DIR ?? "/tmp/vigil-parsers";
const WARM = 50;

function sameNames(a: string[], b: string[]): boolean {
  const x = [...a].sort(), y = [...b].sort();
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

async function correctness(): Promise<void> {
  const rows: string[] = [];
  for (const adapter of ADAPTERS) {
    const parse = await adapter.load(DIR);
    const failed: string[] = [];
    for (const c of CASES) {
      let got: { ok: true; names: string[] } | { ok: false } | { ok: "n/a" };
      try {
        got = await parse(c.line);
      } catch {
        got = { ok: false };
      }
      const pass = got.ok === "n/a"
        ? false
        : c.names === null
        ? got.ok === false
        : got.ok === true && sameNames(got.names, c.names);
      if (!pass) failed.push(c.id);
    }
    const n = CASES.length - failed.length;
    rows.push(`| ${adapter.name} | ${n}/${CASES.length} | ${failed.join(", ") || "-"} |`);
  }
  console.log("| candidate | correct | failed cases |\n|---|---|---|\n" + rows.join("\n"));
}

/** A parse that throws counts as a rejection, the same as an error value. */
async function attempt(parse: (line: string) => unknown, line: string): Promise<void> {
  try {
    await parse(line);
  } catch {
    // rejected: fine here, only the cost is measured
  }
}

async function once(name: string): Promise<void> {
  const t0 = performance.now();
  const adapter = ADAPTERS.find((a) => a.name === name);
  if (!adapter) return; // "none": the process-start floor
  const parse = await adapter.load(DIR);
  const t1 = performance.now();
  await attempt(parse, CASES[0].line);
  const t2 = performance.now();
  for (let i = 0; i < WARM; i++) await attempt(parse, CASES[i % CASES.length].line);
  const t3 = performance.now();
  console.log(JSON.stringify({
    load: +(t1 - t0).toFixed(2),
    first: +(t2 - t1).toFixed(2),
    warm: +((t3 - t2) / WARM).toFixed(3),
  }));
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Wall time of one launch, and what it printed (the in-process timings of a compiled entry). */
function timeOnce(cmd: string[], cwd: string): { ms: number; out: string } {
  const t = Bun.nanoseconds();
  const r = Bun.spawnSync(cmd, { cwd, stdout: "pipe", stderr: "ignore" });
  const ms = r.exitCode === 0 ? (Bun.nanoseconds() - t) / 1e6 : NaN;
  return { ms, out: r.stdout.toString().trim() };
}

/** Median of each numeric field over the JSON lines the runs printed. */
function medianFields(outs: string[]): string {
  const rows = outs.filter((o) => o.startsWith("{")).map((o): Record<string, number> => JSON.parse(o));
  if (rows.length === 0) return "-";
  const keys = Object.keys(rows[0]);
  return keys.map((k) => `${k} ${median(rows.map((r) => r[k])).toFixed(2)}`).join(", ");
}

async function compiled(adapter: Adapter | null, out: string): Promise<boolean> {
  const entry = `${out}.ts`;
  await Bun.write(entry, adapter ? adapter.entry(DIR) : "export {};\n");
  const r = await Bun.build({
    entrypoints: [entry],
    compile: { outfile: out, autoloadDotenv: false, autoloadBunfig: false },
    minify: true,
    bytecode: true,
    format: "esm",
  });
  return r.success;
}

async function startup(runs: number, only: string[]): Promise<void> {
  const bun = process.execPath;
  const self = import.meta.path;
  const elsewhere = "/"; // a compiled hook runs from the session's cwd, not ours
  const all = [null, ...ADAPTERS.filter((a) => only.length === 0 || only.includes(a.name))];
  const cmds = new Map<string, { viaBun: string[]; bin: string | null }>();
  for (const adapter of all) {
    const name = adapter?.name ?? "none";
    const bin = `${DIR}/bin-${name.replace(/[^\w-]+/g, "_")}`;
    const built = await compiled(adapter, bin);
    cmds.set(name, { viaBun: [bun, self, "once", name], bin: built ? bin : null });
  }
  const times = new Map<string, { bun: number[]; bin: number[]; binOut: string[]; bunOut: string[] }>();
  for (const name of cmds.keys()) times.set(name, { bun: [], bin: [], binOut: [], bunOut: [] });
  // Round robin, so a burst of load from other work on the machine hits every candidate alike.
  for (let i = 0; i < runs; i++) {
    for (const [name, c] of cmds) {
      const t = times.get(name)!;
      const viaBun = timeOnce(c.viaBun, process.cwd());
      t.bun.push(viaBun.ms);
      t.bunOut.push(viaBun.out);
      if (c.bin) {
        const viaBin = timeOnce([c.bin], elsewhere);
        t.bin.push(viaBin.ms);
        t.binOut.push(viaBin.out);
      }
    }
  }
  const floor = median(times.get("none")!.bin);
  const rows: string[] = [];
  for (const [name, c] of cmds) {
    const t = times.get(name)!;
    const bin = c.bin ? median(t.bin) : NaN;
    rows.push(
      `| ${name} | ${median(t.bun).toFixed(1)} | ${
        c.bin ? `${bin.toFixed(1)} (${(bin / floor).toFixed(2)}×)` : "build failed"
      } | ${medianFields(t.binOut)} | ${medianFields(t.bunOut)} |`,
    );
  }
  console.log(
    `median of ${runs} launches each, interleaved; ratio = compiled / compiled no-op; ` +
      `in-process columns are medians too (ms)\n\n` +
      `| candidate | bun run, ms | compiled, ms | compiled in-process | bun in-process |\n` +
      `|---|---|---|---|---|\n` + rows.join("\n"),
  );
}

/** Differential check of acceptance against the real bash, on random lines of shell tokens. */
async function fuzz(n: number): Promise<void> {
  const { analyzeCommandLine } = await import("../src/core/shell.ts");
  const toks = [
    "git",
    " ",
    "push",
    "'",
    '"',
    "`",
    "$(",
    ")",
    "(",
    "{ ",
    " }",
    ";",
    "&&",
    "||",
    "|",
    "&",
    "<<EOF\n",
    "\nEOF\n",
    "<<'E'\n",
    "\nE\n",
    "\\",
    "$x",
    "${x}",
    "#",
    "\n",
    ">",
    "<",
    "if ",
    " then ",
    " fi",
    "x=",
    "case a in a) ",
    ";;",
    " esac",
    "$((1))",
    "<(",
    "[[ a ]]",
  ];
  let seed = 42;
  const rnd = (k: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % k;
  const count = { agree: 0, heredocRefused: 0, bashOnly: 0, vigilOnly: 0 };
  const examples: string[] = [];
  for (let i = 0; i < n; i++) {
    const line = Array.from({ length: 1 + rnd(8) }, () => toks[rnd(toks.length)]).join("");
    const bash = Bun.spawnSync(["bash", "-n", "-c", line], { stderr: "pipe" }).exitCode === 0;
    const a = analyzeCommandLine(line);
    // vigil refuses a heredoc without its end line on purpose; bash reads to end of input.
    if (bash && !a.ok && a.error.includes("here-document")) count.heredocRefused++;
    else if (bash === a.ok) count.agree++;
    else {
      count[bash ? "bashOnly" : "vigilOnly"]++;
      if (examples.length < 10) examples.push(`${bash ? "bash" : "vigil"} accepts ${JSON.stringify(line)}`);
    }
  }
  console.log(JSON.stringify(count), examples.join("\n"));
}

const [mode, arg, ...names] = process.argv.slice(2);
if (mode === "correctness") await correctness();
else if (mode === "once") await once(arg ?? "none");
else if (mode === "startup") await startup(Number(arg ?? 31), names);
else if (mode === "fuzz") await fuzz(Number(arg ?? 3000));
else console.error("usage: bun bench/shell-parsers.ts correctness | once NAME | startup [RUNS] [NAME…] | fuzz [N]");
