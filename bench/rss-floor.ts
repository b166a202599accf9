/**
 * The peak RSS a hook in a process of its own cannot go below, whatever vigil's own code does:
 * compiled Bun programs (vigil's compile switches) that do only what every such call must do,
 * one thing added at a time: start, write its answer to stdout, read stdin, open the store
 * (bun:sqlite, WAL, one query), and node:fs (which the writing store, the transcript's reads
 * and the log need). Each is built fresh for the run (so all in the page cache, as a fresh copy
 * is: see hook-rss.ts), rounds rotated. product.md section 10 puts the whole call at 40 MiB: the last row is what is left of
 * that before any of vigil's code loads.
 *
 *   bun bench/rss-floor.ts [--runs 7]
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { compileLikeVigil, median } from "./lib.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: { runs: { type: "string", default: "7" } },
  strict: true,
});
const runs = Number(values.runs);
const work = mkdtempSync(join(tmpdir(), "vigil-rss-floor-"));
process.on("exit", () => rmSync(work, { recursive: true, force: true }));

/** Each program adds one thing to the one before it. */
const STEPS: [string, string][] = [
  ["no-op", "process.exitCode = 0;"],
  ["+ write stdout (Bun.write)", 'await Bun.write(Bun.stdout, "x\\n");'],
  [
    "+ read stdin (Bun.stdin)",
    "const input = await Bun.stdin.text();\nawait Bun.write(Bun.stdout, input.slice(0, 1));",
  ],
  [
    "+ open the store (bun:sqlite, WAL, one query)",
    'import { Database } from "bun:sqlite";\nconst input = await Bun.stdin.text();\n' +
    'const db = new Database(process.argv[2]);\ndb.run("PRAGMA journal_mode = WAL");\n' +
    'db.query("SELECT 1").get();\ndb.close();\nawait Bun.write(Bun.stdout, input.slice(0, 1));',
  ],
  [
    "+ node:fs",
    'import { Database } from "bun:sqlite";\nimport { existsSync } from "node:fs";\n' +
    "const input = await Bun.stdin.text();\nconst db = new Database(process.argv[2]);\n" +
    'db.run("PRAGMA journal_mode = WAL");\ndb.query("SELECT 1").get();\ndb.close();\n' +
    'await Bun.write(Bun.stdout, input.slice(0, 1) + existsSync("/nonexistent"));',
  ],
];

// Sources and binaries live in the run's temporary folder: a .ts file under bench/ would be
// type-checked with the repository (tsc -p .).
const bins = STEPS.map(([, code], i) => {
  const src = join(work, `step${i}.ts`);
  writeFileSync(src, code + "\nexport {};\n");
  const built = join(work, `step${i}`);
  compileLikeVigil(src, built);
  return built;
});

const samples: number[][] = STEPS.map(() => []);
for (let round = 0; round < runs; round++) {
  for (let k = 0; k < bins.length; k++) {
    const i = (k + round) % bins.length;
    const db = join(work, `store-${round}-${i}.db`);
    const r = Bun.spawnSync(["/usr/bin/time", "-f", "%M", bins[i], db], {
      stdin: new TextEncoder().encode("{}"),
      stdout: "ignore",
      stderr: "pipe",
    });
    const kib = Number(r.stderr.toString().trim().split("\n").at(-1));
    if (!Number.isFinite(kib)) throw new Error(`no peak for ${STEPS[i][0]}: ${r.stderr}`);
    samples[i].push(kib);
  }
}

const mib = (kib: number) => (kib / 1024).toFixed(1);
console.log(
  `## peak RSS floor of a hook in its own process, ${runs} rounds, load average ${
    loadavg().map((l) => l.toFixed(2)).join(" ")
  }\n`,
);
console.log("| program | median MiB | step MiB |");
console.log("| --- | ---: | ---: |");
let before = 0;
for (const [i, [name]] of STEPS.entries()) {
  const m = median(samples[i]);
  console.log(`| ${name} | ${mib(m)} | ${i === 0 ? "" : `+${mib(m - before)}`} |`);
  before = m;
}
