/**
 * What each primitive a hot-path process might use costs at start-up (issue 18): compiles each
 * program in bench/startup-probes/ with vigil's switches and times it against the compiled
 * no-op, interleaved, the order rotated every round; prints each one's median and the median
 * of its per-round ratio to the no-op. The payload is a PreToolUse on stdin; the transcript the
 * 1 MB one the other benchmarks use.
 *
 *   bun bench/startup-probe.ts [--runs 30] [--only a,b,c]
 */
import { mkdtempSync, readdirSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { compileLikeVigil, DATA, ensureTranscript, median, medianRatio, timeRotated } from "./lib.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: { runs: { type: "string", default: "30" }, only: { type: "string" } },
  strict: true,
});
const SRC = join(import.meta.dir, "startup-probes");
const only = values.only?.split(",");
// `_`-named files are the probes' shared code, not probes.
const names = [
  "noop",
  ...readdirSync(SRC).filter((f) => !f.startsWith("_")).map((f) => f.replace(/\.ts$/, "")).filter((n) => n !== "noop")
    .sort(),
]
  .filter((n) => n === "noop" || !only || only.includes(n));
const out = join(DATA, "startup-probes");
for (const n of names) compileLikeVigil(join(SRC, `${n}.ts`), join(out, n));
const dir = mkdtempSync(join(tmpdir(), "vigil-startup-"));
const env = {
  PATH: process.env.PATH ?? "",
  PROBE_DB: join(dir, "probe.db"),
  PROBE_STATE: join(dir, "state.json"),
  PROBE_OUT: join(dir, "out"),
  PROBE_T: ensureTranscript("1MB", 1e6),
};
await Bun.write(env.PROBE_STATE, JSON.stringify({ state: "normal", tokens: 12345, offset: 1_000_000 }));
{
  const { Database } = await import("bun:sqlite");
  const d = new Database(env.PROBE_DB, { create: true });
  d.run("PRAGMA journal_mode = WAL");
  d.run("CREATE TABLE sessions (session_id TEXT PRIMARY KEY, snapshot TEXT, updated_at INTEGER)");
  d.run("CREATE TABLE events (id INTEGER PRIMARY KEY, at INTEGER, kind TEXT, detail TEXT)");
  d.query("INSERT INTO sessions VALUES ('s1', ?, 0)").run("x".repeat(1500));
  d.close();
}
for (const n of names) await Bun.file(join(out, n)).bytes();
const stdin = new TextEncoder().encode(JSON.stringify({ session_id: "s1", hook_event_name: "PreToolUse" }));
const runs = Number(values.runs);
const times = timeRotated(names.map((n) => ({ name: n, argv: [join(out, n)], stdin, env })), runs);
console.log(
  `## start-up probes (${runs} rounds, order rotated, load average ${
    loadavg().map((l) => l.toFixed(2)).join(" ")
  } at the end)\n`,
);
console.log("| probe | median ms | × no-op (median of pairs) |\n|---|---:|---:|");
names.forEach((n, j) => {
  const ratio = medianRatio(times[j], times[0]);
  console.log(`| ${n} | ${median(times[j]).toFixed(2)} | ${ratio.toFixed(3)} |`);
});
