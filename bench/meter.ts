/**
 * In-process cost of the transcript meter on generated transcripts of 1 MB, 100 MB and 1 GB
 * (product.md section 10: a fresh measure of a 1 GB file within 1.2× of a 1 MB one).
 *   bun bench/meter.ts [--runs N] [--cold N] [--no-1g]
 * Files are generated under bench/data/ on first use (1 GB takes a while). Sizes are timed
 * in alternation so drift on a shared machine hits all alike; medians and p90 in ms.
 * "Cold" spawns a process per sample and times its first call, as a hook process makes it.
 */
import { closeSync, existsSync, fstatSync, openSync, readSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { measureTranscript, readTranscriptFacts } from "../src/edge/transcript.ts";
import { generate } from "./gen-transcript.ts";
import { median, quantile } from "./lib.ts";

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    runs: { type: "string", default: "300" },
    cold: { type: "string", default: "40" },
    "no-1g": { type: "boolean", default: false },
    "first-call": { type: "string" },
  },
});

// Child mode for the cold section: one first call of each, in ms, as JSON. node:fs, the
// decoder and JSON.parse are warmed first: a hook process has paid for those already.
if (values["first-call"]) {
  const fd = openSync(import.meta.path, "r");
  readSync(fd, new Uint8Array(16), 0, 16, 0);
  fstatSync(fd, { bigint: true });
  closeSync(fd);
  JSON.parse(new TextDecoder().decode(new TextEncoder().encode('{"hook_event_name":"PreToolUse"}')));
  // CPU time (user + system) as well as wall time: on a shared 2-core machine the wall
  // clock mostly measures the neighbours.
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const [t0, c0] = [performance.now(), cpu()];
  measureTranscript(values["first-call"], null);
  const [t1, c1] = [performance.now(), cpu()];
  readTranscriptFacts(values["first-call"]);
  console.log(JSON.stringify([t1 - t0, performance.now() - t1, c1 - c0, cpu() - c1]));
  process.exit(0);
}
const runs = Number(values.runs);
const DATA = join(import.meta.dir, "data");
const sizes: [string, number][] = [["1MB", 1e6], ["100MB", 1e8]];
if (!values["no-1g"]) sizes.push(["1GB", 1e9]);

const files = sizes.map(([label, bytes]) => {
  const file = join(DATA, `transcript-${label}.jsonl`);
  if (!existsSync(file)) {
    console.error(`generating ${file}`);
    generate(bytes, file);
  }
  return { label, file, state: measureTranscript(file, null).state };
});

type Case = { name: string; run: (f: (typeof files)[number]) => unknown };
const cases: Case[] = [
  { name: "fresh measure", run: (f) => measureTranscript(f.file, null) },
  { name: "append, nothing new", run: (f) => measureTranscript(f.file, f.state) },
  { name: "tail facts", run: (f) => readTranscriptFacts(f.file) },
];

for (const c of cases) {
  const samples = files.map(() => [] as number[]);
  for (let i = 0; i < runs + 20; i++) {
    files.forEach((f, j) => {
      const t0 = performance.now();
      c.run(f);
      if (i >= 20) samples[j].push(performance.now() - t0);
    });
  }
  const med = samples.map(median);
  console.log(`\n## ${c.name} (${runs} runs each)\n`);
  console.log("| file | median ms | p90 ms |\n|---|---:|---:|");
  files.forEach((f, j) =>
    console.log(`| ${f.label} | ${med[j].toFixed(3)} | ${quantile(samples[j], 0.9).toFixed(3)} |`)
  );
  const last = files.length - 1;
  console.log(`\nratio ${files[last].label} / ${files[0].label}: ${(med[last] / med[0]).toFixed(2)}×`);
}

const coldRuns = Number(values.cold);
if (coldRuns > 0) {
  // per file: wall measure, wall facts, cpu measure, cpu facts
  const cold = files.map(() => [[], [], [], []] as number[][]);
  for (let i = 0; i < coldRuns; i++) {
    files.forEach((f, j) => {
      const p = Bun.spawnSync([process.execPath, import.meta.path, "--first-call", f.file]);
      const xs: number[] = JSON.parse(p.stdout.toString());
      xs.forEach((x, k) => cold[j][k].push(x));
    });
  }
  console.log(`\n## cold: first call in a new process (${coldRuns} processes each), medians ms\n`);
  console.log("| file | fresh measure wall | cpu | tail facts wall | cpu |\n|---|---:|---:|---:|---:|");
  files.forEach((f, j) => {
    const [mw, fw, mc, fc] = cold[j].map((xs) => median(xs).toFixed(3));
    console.log(`| ${f.label} | ${mw} | ${mc} | ${fw} | ${fc} |`);
  });
  const last = files.length - 1;
  const ratio = (k: number) => (median(cold[last][k]) / median(cold[0][k])).toFixed(2);
  console.log(`\nfresh measure ratio ${files[last].label} / ${files[0].label}: wall ${ratio(0)}×, cpu ${ratio(2)}×`);
}

const r = measureTranscript(files[files.length - 1].file, null);
console.log(`\n${files[files.length - 1].label}: ${JSON.stringify(r.measurement)}, ${JSON.stringify(r.info)}`);
