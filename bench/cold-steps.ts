/**
 * What each step of a forwarding hook costs the first time a fresh compiled process takes it
 * (issue 18, fifth round): compiles bench/cold-steps/probe.ts with vigil's switches, runs it
 * `--runs` times with the payload on a socketpair (as Claude Code hands it) read each of the
 * two ways, and prints each step's median in milliseconds. In-process marks: they show where
 * a process's time goes, not a whole-process figure (bench/side-by-side.ts has those).
 *
 *   bun bench/cold-steps.ts [--runs 25]
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { compileLikeVigil, DATA, median } from "./lib.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: { runs: { type: "string", default: "25" } },
  strict: true,
});
const probe = join(DATA, "cold-steps-probe");
compileLikeVigil(join(import.meta.dir, "cold-steps", "probe.ts"), probe);
const payload = readFileSync(
  join(import.meta.dir, "..", "test/fixtures/claude-code-2.1.328/hooks/basic/PreToolUse.jsonl"),
);
const steps = new Map<string, number[]>();
for (let i = 0; i < Number(values.runs); i++) {
  for (const stdin of ["stream", "socket"]) {
    const p = Bun.spawn([probe], {
      stdin: "pipe",
      stdout: "pipe",
      env: { PATH: process.env.PATH ?? "", HOME: DATA, STDIN: stdin },
    });
    p.stdin.write(payload);
    await p.stdin.end();
    const out = await new Response(p.stdout).text();
    if ((await p.exited) !== 0) throw new Error(`the probe exited ${p.exitCode}`);
    for (const [name, ms] of JSON.parse(out) as [string, number][]) steps.set(name, [...(steps.get(name) ?? []), ms]);
  }
}
console.log(
  `## first use of each step in a fresh process (${values.runs} runs, load average ${loadavg()[0].toFixed(2)})\n`,
);
console.log("| step | median ms |\n|---|---:|");
for (const [name, ms] of steps) console.log(`| ${name} | ${median(ms).toFixed(3)} |`);
