/**
 * The handoff exception's classifier before and after a change, in one interleaved run (issue 31,
 * round 14): `judgeHandoffRequest` of `--before REV` (default main; its src/core/handoff-request.ts
 * and what it imports, from `git archive` into the temp directory) and of this tree, over our own
 * prompts (eval/handoff-prompts/tuning.jsonl, the round-14 batch, and the same prompts with the
 * handoff words taken out: the hook's common case, a prompt that names no handoff). Per prompt, A
 * and B alternate, `--runs` rounds; the figure is the median per-prompt time and the ratio of the
 * two medians in the same run. Then the first call in a fresh process (import + the weight table
 * parsed on first use), A/B alternated, `--cold` times.
 *
 *   bun bench/handoff.ts [--runs 30] [--cold 10] [--before REV]
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { judgeHandoffRequest as after } from "../src/core/handoff-request.ts";
import { parsePrompts } from "../eval/handoff-prompts/measure.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    runs: { type: "string", default: "30" },
    cold: { type: "string", default: "10" },
    before: { type: "string", default: "main" },
  },
  strict: true,
});
const ROOT = join(import.meta.dir, "..");

function run(argv: string[], cwd = ROOT): string {
  const p = Bun.spawnSync(argv, { cwd, stdout: "pipe", stderr: "pipe" });
  if (p.exitCode !== 0) throw new Error(`${argv.join(" ")}: ${p.stderr.toString()}`);
  return p.stdout.toString().trim();
}

const rev = run(["git", "rev-parse", "--short", values.before]);
const beforeDir = join(tmpdir(), `vigil-bench-handoff-${rev}`);
if (!existsSync(join(beforeDir, "src", "core", "handoff-request.ts"))) {
  mkdirSync(beforeDir, { recursive: true });
  run(["sh", "-c", `git archive ${rev} src/core | tar -x -C ${beforeDir}`]);
}
const beforeFile = join(beforeDir, "src", "core", "handoff-request.ts");
const before: typeof after = (await import(beforeFile)).judgeHandoffRequest;

const read = (f: string) => parsePrompts(readFileSync(join(ROOT, "eval", "handoff-prompts", f), "utf8"));
const named = [...read("tuning.jsonl"), ...read("model/batch-r14.jsonl")].map((p) => p.text);
// The same prompts with every handoff word taken out: what most prompts in the hook look like.
const plain = named.map((t) =>
  t.replace(
    /hand[-\s]?(?:off|over)\w*|인수인계|인계\w*|핸드오[프버]|引き?継\S*|引継\S*|ハンドオ\S*|申し送り/gi,
    "the notes",
  )
);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function perPrompt(prompts: string[]): { a: number; b: number } {
  const runs = Number(values.runs);
  const ta: number[] = [];
  const tb: number[] = [];
  // Warm both (the weight table is parsed on the first call that needs it).
  for (const p of prompts) before(p), after(p);
  for (let r = 0; r < runs; r++) {
    for (const p of prompts) {
      const first = (r & 1) === 0;
      for (const side of first ? ["a", "b"] : ["b", "a"]) {
        const t0 = Bun.nanoseconds();
        (side === "a" ? before : after)(p);
        (side === "a" ? ta : tb).push(Bun.nanoseconds() - t0);
      }
    }
  }
  return { a: median(ta) / 1e3, b: median(tb) / 1e3 };
}

const load = process.env.BENCH_LOAD ?? run(["sh", "-c", "cut -d' ' -f1-3 /proc/loadavg"]);
console.log(`before ${rev} (main's classifier) vs this tree; load ${load}; ${named.length} prompts`);
for (
  const [label, prompts] of [["prompts that name the handoff", named], [
    "the same with no handoff word",
    plain,
  ]] as const
) {
  const { a, b } = perPrompt(prompts);
  console.log(`${label}: median per prompt ${a.toFixed(1)} µs → ${b.toFixed(1)} µs (${(b / a).toFixed(2)}×)`);
}

// First call in a fresh process: import, and (after) the weight table parsed.
const probe = (file: string) =>
  `const t0 = Bun.nanoseconds(); const m = await import(${JSON.stringify(file)}); ` +
  `m.judgeHandoffRequest("Please write the handoff document now."); console.log((Bun.nanoseconds() - t0) / 1e6);`;
const cold = { a: [] as number[], b: [] as number[] };
for (let i = 0; i < Number(values.cold); i++) {
  for (const side of (i & 1) === 0 ? ["a", "b"] as const : ["b", "a"] as const) {
    const file = side === "a" ? beforeFile : join(ROOT, "src", "core", "handoff-request.ts");
    cold[side].push(Number(run([process.execPath, "-e", probe(file)])));
  }
}
console.log(
  `first call in a fresh process (import + first judgement): median ${median(cold.a).toFixed(2)} ms → ${
    median(cold.b).toFixed(2)
  } ms (${(median(cold.b) / median(cold.a)).toFixed(2)}×)`,
);
