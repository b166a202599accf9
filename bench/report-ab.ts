/**
 * `vigil report` of two binaries on one post-gc year store (bench/retention.ts builds it and
 * keeps it as `year-t-<events>-<sessions>-gc.db` in bench/data/), interleaved A B A B … so the
 * shared machine's drift hits both alike: `--since 30d` and `--since 365d`, text and `--json`,
 * wall, CPU (user + system) and peak RSS medians per binary and B/A ratios (output to
 * /dev/null). One more run of each, through a file, is hashed: "same bytes" says whether the
 * two binaries wrote the same.
 *
 * Before the runs, `B gc` on the copy (nothing is due on a post-gc store: it records what a
 * newer gc records, e.g. the checked-details mark); A reads the same file after it.
 *
 *   bun bench/report-ab.ts --a <old vigil> --b <new vigil> --store <post-gc vigil.db> [--runs 5]
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { yearEnv } from "./year-store.ts";
import { median } from "./lib.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    a: { type: "string" },
    b: { type: "string" },
    store: { type: "string" },
    runs: { type: "string", default: "5" },
    only: { type: "string" },
  },
  strict: true,
});
if (!values.a || !values.b || !values.store) {
  throw new Error("usage: bun bench/report-ab.ts --a <vigil> --b <vigil> --store <vigil.db> [--runs 5]");
}
const RUNS = Number(values.runs);
const home = mkdtempSync(join(tmpdir(), "vigil-bench-report-ab-"));
copyFileSync(values.store, join(home, "vigil.db"));
const env = yearEnv(home);

interface Run {
  ms: number;
  cpu: number;
  rss: number;
}

/** One timed run, its output to /dev/null (as retention.ts times them: a pipe's reader would be timed too). */
function run(bin: string, args: string[]): Run {
  const t0 = performance.now();
  const r = Bun.spawnSync(["/usr/bin/time", "-f", "%M %U %S", bin, ...args], { env, stdout: "ignore", stderr: "pipe" });
  const ms = performance.now() - t0;
  if (r.exitCode !== 0) throw new Error(`${bin} ${args.join(" ")} exited ${r.exitCode}: ${r.stderr}`);
  const [kb, user, sys] = r.stderr.toString().trim().split("\n").at(-1)?.split(" ").map(Number) ?? [];
  return { ms, cpu: (user + sys) * 1000, rss: kb / 1024 };
}

/** A hash of what one run writes (an untimed run of its own, through a file). */
function hashOf(bin: string, args: string[]): string {
  const file = join(home, "out");
  const r = Bun.spawnSync([bin, ...args], { env, stdout: Bun.file(file), stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`${bin} ${args.join(" ")} exited ${r.exitCode}: ${r.stderr}`);
  const hash = Bun.hash(readFileSync(file)).toString(16);
  rmSync(file);
  return hash;
}

const setup = run(values.b, ["gc"]);
const cases: [string, string[]][] = [
  ["30d text", ["report", "--since", "30d"]],
  ["30d --json", ["report", "--since", "30d", "--json"]],
  ["365d text", ["report", "--since", "365d"]],
  ["365d --json", ["report", "--since", "365d", "--json"]],
];
const picked = values.only ? cases.filter(([n]) => values.only?.split(",").includes(n)) : cases;
const load = () => (Bun.spawnSync(["cat", "/proc/loadavg"]).stdout.toString().split(" ").slice(0, 3).join(" "));
const out: string[] = [
  `## \`vigil report\` A/B on a post-gc year store (\`bun bench/report-ab.ts --runs ${RUNS}\`)`,
  "",
  `B's gc on the copy first: ${setup.ms.toFixed(0)} ms. Load before: ${load()}.`,
  "",
  "| command | A ms | B ms | B/A wall | A CPU ms | B CPU ms | B/A CPU | A RSS MiB | B RSS MiB | same bytes |",
  "|---|---:|---:|---:|---:|---:|---:|---:|---:|:--:|",
];
for (const [name, args] of picked) {
  const a: Run[] = [], b: Run[] = [];
  for (let i = 0; i < RUNS; i++) (a.push(run(values.a, args)), b.push(run(values.b, args)));
  const m = (xs: Run[], k: "ms" | "cpu" | "rss") => median(xs.map((x) => x[k]));
  const same = hashOf(values.a, args) === hashOf(values.b, args);
  out.push(
    `| ${name} | ${m(a, "ms").toFixed(0)} | ${m(b, "ms").toFixed(0)} | ${(m(b, "ms") / m(a, "ms")).toFixed(2)} | ${
      m(a, "cpu").toFixed(0)
    } | ${m(b, "cpu").toFixed(0)} | ${(m(b, "cpu") / m(a, "cpu")).toFixed(2)} | ${m(a, "rss").toFixed(1)} | ${
      m(b, "rss").toFixed(1)
    } | ${same ? "yes" : "NO"} |`,
  );
}
out.push("", `Load after: ${load()}.`);
console.log(out.join("\n"));
rmSync(home, { recursive: true, force: true });
