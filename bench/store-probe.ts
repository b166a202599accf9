/**
 * What the store costs a hook process, stage by stage (issue 18): compiles
 * bench/store-probe-stages.ts with vigil's switches and times its stages against the compiled
 * no-op, interleaved, the order rotated every round; prints each stage's median and the median
 * of its per-round ratio to the no-op. Then, once each, what is left of the WAL after a close.
 *
 *   bun bench/store-probe.ts [--runs 40]
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { compileLikeVigil, DATA, ensureNoop, ensureTranscript, median, medianRatio, timeRotated } from "./lib.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: { runs: { type: "string", default: "40" } },
  strict: true,
});
const noop = ensureNoop();
const probe = join(DATA, "store-probe");
compileLikeVigil(join(import.meta.dir, "store-probe-stages.ts"), probe);
const dir = mkdtempSync(join(tmpdir(), "vigil-probe-"));
const env = {
  PATH: process.env.PATH ?? "",
  PROBE_DB: join(dir, "probe.db"),
  PROBE_TRANSCRIPT: ensureTranscript("1MB", 1e6),
};
Bun.spawnSync([probe, "setup"], { env });
// Both executables wholly in the page cache, as the binaries compared elsewhere.
for (const f of [noop, probe]) await Bun.file(f).bytes();

const stages = ["noop", "stdin", "mem", "flat", "ro", "rw", "rw-write", "ro-write", "rw-persist-write"];
const cmds = [{ name: "no-op (compiled bun)", argv: [noop] }, ...stages.map((s) => ({ name: s, argv: [probe, s] }))];
const stdin = new TextEncoder().encode(JSON.stringify({ session_id: "s1", hook_event_name: "PreToolUse" }));
const runs = Number(values.runs);
const times = timeRotated(cmds.map((c) => ({ ...c, stdin, env })), runs);
console.log(`## store stages (${runs} rounds, order rotated)\n`);
console.log("| stage | median ms | × no-op (median of pairs) |\n|---|---:|---:|");
cmds.forEach((c, j) => {
  const ratio = medianRatio(times[j], times[0]);
  console.log(`| ${c.name} | ${median(times[j]).toFixed(2)} | ${ratio.toFixed(2)} |`);
});
console.log("\nWhat a close leaves of the WAL:");
for (const s of ["rw-report", "rw-write-report", "ro-report", "ro-write-report", "ro-write-report"]) {
  const r = Bun.spawnSync([probe, s], { stdin, env, stderr: "pipe" });
  console.log(`- ${s}: ${r.stderr.toString().trim().split("\n").join("; ")}`);
}
