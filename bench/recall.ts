/**
 * `vigil recall` on a large transcript, through the compiled binary: first (full) index
 * time, index size, peak RSS of the indexing process, the cost of a call when nothing was
 * appended, and query latency (median of repeated calls, whole process and in-process).
 * The transcript comes from bench/gen-transcript.ts (deterministic; reused when present).
 * Run it alone on the machine if you can: indexing is CPU-bound and the numbers move with load.
 *
 *   bun run compile.ts --single && bun bench/recall.ts [--size 1GB] [--runs 15]
 */
import { Database } from "bun:sqlite";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { matchPlan, parseQuery } from "../src/core/recall/query.ts";
import { openRecallIndex, recallIndexFile } from "../src/edge/store/recall-index.ts";
import { generate, parseSize } from "./gen-transcript.ts";
import { median } from "./lib.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: { size: { type: "string", default: "1GB" }, runs: { type: "string", default: "15" } },
  strict: true,
});
const runs = Number(values.runs);
const BIN = join(import.meta.dir, "..", "dist", "vigil");
// Its own file: other benchmarks regenerate their transcript-*.jsonl while this one runs.
const transcript = join(import.meta.dir, "data", `recall-transcript-${values.size}.jsonl`);
if (!existsSync(transcript)) {
  console.log(`generating ${transcript}`);
  generate(parseSize(values.size), transcript);
}
const home = mkdtempSync(join(tmpdir(), "vigil-bench-recall-"));
const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, VIGIL_HOME: home, TZ: "UTC", NO_COLOR: "1" };

/** One whole `vigil recall` process: wall ms, peak RSS MiB, parsed JSON. */
function run(query: string): { ms: number; rssMiB: number; out: { indexed: { added: number; documents: number } } } {
  const t0 = performance.now();
  const p = Bun.spawnSync([BIN, "recall", "--transcript", transcript, "--json", query], { env, stderr: "inherit" });
  const ms = performance.now() - t0;
  if (p.exitCode !== 0 && p.exitCode !== 1) throw new Error(`vigil recall exited ${p.exitCode}`);
  // Bun reports maxRSS in bytes.
  return { ms, rssMiB: (p.resourceUsage?.maxRSS ?? 0) / (1 << 20), out: JSON.parse(p.stdout.toString()) };
}

const size = statSync(transcript).size;
const mb = (b: number) => (b / 1e6).toFixed(1);

// First call: a query that matches nothing, so time and RSS are the indexing's.
const first = run("zzqx-no-such-term");
const dir = join(home, "recall");
const indexBytes = readdirSync(dir).reduce((s, f) => s + statSync(join(dir, f)).size, 0);
const indexFile = recallIndexFile(home, transcript);
const index = openRecallIndex(indexFile);
// A rare term (a number that occurs in few records), as a real recall usually is; the
// generator's text repeats ten lines, so its words are in nearly every record (worst case).
// Read through the bench's own connection: the index's handle is private to the store.
const peek = new Database(indexFile, { readonly: true });
const middle = peek.query<{ body: string }, []>("SELECT body FROM docs WHERE id = (SELECT max(id) / 2 FROM docs)")
  .get()?.body ?? "";
peek.close();
const rare = /\b\d{6}\b/.exec(middle)?.[0] ?? "123456";
const noChange = median(Array.from({ length: runs }, () => run(rare).ms));

const lines = [
  `## vigil recall, ${mb(size)} MB transcript (${values.size})`,
  "",
  `| measure | value |`,
  `|---|---:|`,
  `| first call (full index, empty query result), s | ${(first.ms / 1000).toFixed(1)} |`,
  `| indexing throughput, MB/s of transcript | ${(size / 1e6 / (first.ms / 1000)).toFixed(1)} |`,
  `| documents indexed | ${first.out.indexed.documents} |`,
  `| index size on disk (db + wal), MB | ${mb(indexBytes)} |`,
  `| peak RSS of the indexing process, MiB | ${first.rssMiB.toFixed(0)} |`,
  `| later call, nothing appended, rare term (whole process, median of ${runs}), ms | ${noChange.toFixed(1)} |`,
  "",
  `| query | hits (top 10) | whole process median ms | in-process median ms | peak RSS MiB |`,
  `|---|---:|---:|---:|---:|`,
];
const QUERIES = [
  rare,
  "CRLF quoted",
  "csv-stringify",
  "파서",
  "줄바꿈을",
  '"handling of CRLF"',
  "inflight deprecated leaks",
];
for (const q of QUERIES) {
  const procs = Array.from({ length: runs }, () => run(q));
  const plan = matchPlan(parseQuery(q), "all");
  let hits = 0;
  const inproc = median(Array.from({ length: runs }, () => {
    const t0 = performance.now();
    hits = index.search(plan, 10).length;
    return performance.now() - t0;
  }));
  const proc = median(procs.map((p) => p.ms));
  const rss = Math.max(...procs.map((p) => p.rssMiB));
  lines.push(`| \`${q}\` | ${hits} | ${proc.toFixed(1)} | ${inproc.toFixed(1)} | ${rss.toFixed(0)} |`);
}
index.close();
console.log(lines.join("\n"));
rmSync(home, { recursive: true, force: true });
