/**
 * Runs the reliability suite and prints its figures table (docs/reliability.md):
 *
 *   node_modules/.bin/bun test/reliability/run.ts          # long: VIGIL_RELIABILITY=long
 *   node_modules/.bin/bun test/reliability/run.ts --short  # the sizes `bun test` runs
 *
 * Builds the binary first, runs `bun test test/reliability`, then folds the rows each part
 * reported (test-results/reliability/<mode>.jsonl) into one markdown table, also written
 * beside them as <mode>.md. Exits with the test run's code.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Figure, FIGURES } from "./harness.ts";

const mode = process.argv.includes("--short") ? "short" : "long";
const root = join(import.meta.dir, "..", "..");
const bun = process.execPath;
const rows = join(FIGURES, `${mode}.jsonl`);

function run(args: string[], env: Record<string, string | undefined> = process.env): number {
  const p = Bun.spawnSync([bun, ...args], { cwd: root, env, stdout: "inherit", stderr: "inherit" });
  return p.exitCode ?? 1;
}

if (run(["run", "compile.ts", "--single"]) !== 0) process.exit(2);
rmSync(rows, { force: true });
const started = Date.now();
const code = run(["test", "--timeout", "3600000", "test/reliability"], {
  ...process.env,
  VIGIL_RELIABILITY: mode === "long" ? "long" : "",
});
const minutes = ((Date.now() - started) / 60_000).toFixed(1);

const folded = new Map<string, Figure>();
if (existsSync(rows)) {
  for (const line of readFileSync(rows, "utf8").split("\n").filter(Boolean)) {
    const f: Figure = JSON.parse(line);
    const had = folded.get(f.fault);
    folded.set(f.fault, {
      fault: f.fault,
      tries: (had?.tries ?? 0) + f.tries,
      lost: (had?.lost ?? 0) + f.lost,
      worstMs: Math.max(had?.worstMs ?? 0, f.worstMs),
      note: [had?.note, f.note].filter(Boolean).join("; ") || undefined,
    });
  }
}
const table = [
  `${mode} run, ${new Date(started).toISOString()}, ${minutes} min, bun test exit ${code}`,
  "",
  "| fault | tries | lost | worst hook time | note |",
  "|---|---:|---:|---:|---|",
  ...[...folded.values()].map((f) =>
    `| ${f.fault} | ${f.tries} | ${f.lost} | ${f.worstMs ? `${Math.round(f.worstMs)} ms` : "-"} | ${f.note ?? ""} |`
  ),
].join("\n");
writeFileSync(join(FIGURES, `${mode}.md`), table + "\n");
console.log("\n" + table);
process.exit(code);
