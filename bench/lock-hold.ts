/**
 * How long a hook call holds the store's write lock, against a reference checkout in the same
 * run: each call in a fresh compiled process (bench/lock-hold-probe.ts built against each
 * checkout with vigil's compile switches; the pipeline as `vigil hook` runs it), interleaved
 * A B / B A, on a 1 MB transcript and a store of its own per side. Prints
 * the medians of the lock hold (BEGIN IMMEDIATE to COMMIT, 0 for a call that took no lock)
 * and of the whole call, and how many transactions a call took.
 *
 *   bun bench/lock-hold.ts --a /path/to/reference/checkout [--b .] [--runs 30]
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { compileLikeVigil, DATA, ensureTranscript, median } from "./lib.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: { a: { type: "string" }, b: { type: "string" }, runs: { type: "string", default: "30" } },
  strict: true,
});
const ROOT = join(import.meta.dir, "..");
const A = values.a ? resolve(values.a) : undefined, B = resolve(values.b ?? ROOT);
if (!A || !existsSync(join(A, "src/app/run-hook.ts"))) throw new Error("usage: bun bench/lock-hold.ts --a CHECKOUT");
const transcript = ensureTranscript("1MB", 1_000_000);
const template = readFileSync(join(import.meta.dir, "lock-hold-probe.ts"), "utf8");
/** The probe compiled against one checkout. */
function probeFor(side: string, checkout: string): string {
  const source = join(DATA, `lock-hold-probe-${side}.ts`), out = join(DATA, `lock-hold-probe-${side}`);
  writeFileSync(source, template.replaceAll('"../src/', `"${checkout}/src/`));
  compileLikeVigil(source, out);
  return out;
}
const probes = { A: probeFor("A", A), B: probeFor("B", B) };
const fixture = JSON.parse(
  readFileSync(join(ROOT, "test/fixtures/claude-code-2.1.328/hooks/basic/PreToolUse.jsonl"), "utf8").split("\n")[0],
).stdin;
/** Each case: a payload per round (a new cwd makes every call write; the same one lets repeats stay quiet). */
const cases: [string, (i: number) => Record<string, unknown>][] = [
  ["PreToolUse, writes", (i) => ({ ...fixture, cwd: `/tmp/w${i}` })],
  ["PreToolUse, a repeat", () => ({ ...fixture, cwd: "/tmp/same" })],
  ["UserPromptSubmit", (i) => ({ ...fixture, hook_event_name: "UserPromptSubmit", prompt: `step ${i}` })],
  ["Stop", (i) => ({
    ...fixture,
    hook_event_name: "Stop",
    stop_hook_active: false,
    last_assistant_message: `Done with step ${i}. Next, I will run the suite.`,
  })],
];
const runs = Number(values.runs);
const dir = mkdtempSync(join(tmpdir(), "vigil-bench-lock-"));
const homes = { A: mkdtempSync(join(dir, "a-")), B: mkdtempSync(join(dir, "b-")) };
type Sample = { hold: number; total: number; transactions: number };
const samples = new Map<string, Sample[]>();
for (let i = 0; i < runs + 2; i++) {
  for (const [label, payload] of cases) {
    const file = join(dir, "payload.json");
    writeFileSync(file, JSON.stringify({ ...payload(i), session_id: `lock-${label}`, transcript_path: transcript }));
    for (const side of (i % 2 === 0 ? ["A", "B"] : ["B", "A"]) as ("A" | "B")[]) {
      const home = homes[side];
      const r = Bun.spawnSync([probes[side], file], {
        env: { PATH: process.env.PATH ?? "", HOME: home, VIGIL_HOME: home, NO_COLOR: "1" },
        stderr: "inherit",
      });
      const out = JSON.parse(r.stdout.toString()) as Sample & { error: string | null };
      if (r.exitCode !== 0 || out.error) throw new Error(`${side} ${label}: ${out.error ?? r.exitCode}`);
      // The first two rounds create the stores and warm the file cache.
      if (i < 2) continue;
      const key = `${side} ${label}`;
      samples.set(key, [...(samples.get(key) ?? []), out]);
    }
  }
}
console.log(`## write-lock hold per hook call (${runs} rounds, fresh process per call, A/B interleaved)\n`);
console.log(`A = ${A}\nB = ${B}\n`);
console.log("| call | A lock held ms | B lock held ms | A whole call ms | B whole call ms | A / B transactions |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const [label] of cases) {
  const a = samples.get(`A ${label}`) ?? [], b = samples.get(`B ${label}`) ?? [];
  const m = (s: Sample[], k: keyof Sample) => median(s.map((x) => x[k])).toFixed(2);
  console.log(
    `| ${label} | ${m(a, "hold")} | ${m(b, "hold")} | ${m(a, "total")} | ${m(b, "total")} | ${m(a, "transactions")} / ${
      m(b, "transactions")
    } |`,
  );
}
