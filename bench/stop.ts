/**
 * The Stop hook before and after a change to the Stop gate, in one interleaved run: `vigil hook`
 * Stop as a whole process (unattended mode on, a 100 MB transcript, a report that passes and an
 * announcement that is pushed, each session already pushed before so the progress breaker reads
 * the audit and the transcript), and the gate's classifier in-process over the hand-written
 * corpus. "Before" is built from `--before REV` (default main) in the temp directory, outside the
 * repository, so neither tsc nor deno sees a second copy of the source.
 *
 *   bun run compile.ts --single && bun bench/stop.ts [--runs 30] [--before REV]
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type Cmd, ensureNoop, median, report, timeAll } from "./lib.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: { runs: { type: "string", default: "30" }, before: { type: "string", default: "main" } },
  strict: true,
});
const runs = Number(values.runs);
const ROOT = join(import.meta.dir, "..");
const DATA = join(import.meta.dir, "data");
mkdirSync(DATA, { recursive: true });

function run(argv: string[], cwd = ROOT, env: Record<string, string> | undefined = undefined): string {
  const p = Bun.spawnSync(argv, { cwd, env, stdout: "pipe", stderr: "pipe" });
  if (p.exitCode !== 0) throw new Error(`${argv.join(" ")}: ${p.stderr.toString()}`);
  return p.stdout.toString().trim();
}

// The "before" tree: the source at --before, sharing node_modules, with its own binary.
const rev = run(["git", "rev-parse", "--short", values.before]);
const beforeDir = join(tmpdir(), `vigil-bench-before-${rev}`);
if (!existsSync(join(beforeDir, "dist", "vigil"))) {
  rmSync(beforeDir, { recursive: true, force: true });
  mkdirSync(beforeDir, { recursive: true });
  run(["sh", "-c", `git archive ${rev} | tar -x -C ${beforeDir}`]);
  symlinkSync(join(ROOT, "node_modules"), join(beforeDir, "node_modules"));
  run([process.execPath, "run", "compile.ts", "--single"], beforeDir);
}

const noop = ensureNoop();
const transcript = join(DATA, "transcript-100MB.jsonl");
if (!existsSync(transcript)) run(["bun", join(import.meta.dir, "gen-transcript.ts"), String(1e8), transcript]);

const REPORT =
  "The parser now handles quoted newlines and CRLF endings; 214 tests pass and the lint is clean. The benchmark moved from 41 ms to 39 ms, within noise.";
const ANNOUNCE = "Tests for the reader pass. Next I'll wire the reader into `measure()` and rerun the benchmark.";
/** A known slow path (round 16's review: 1.75 s): a line of backticks with no newline, once read as n² fence openings. */
const BACKTICKS = "`".repeat(80_000);
const env = (home: string) => ({ PATH: process.env.PATH ?? "", HOME: home, VIGIL_HOME: home, NO_COLOR: "1" });
const enc = (o: unknown) => new TextEncoder().encode(JSON.stringify(o));

/** A VIGIL_HOME with unattended mode on and one push already in this session's audit. */
function home(bin: string, session: string): string {
  const h = mkdtempSync(join(tmpdir(), "vigil-bench-stop-"));
  writeFileSync(join(h, "config.toml"), "stop_cap = 1000000\n");
  // --force: the mode refuses to start while no watch is scheduled (nothing here needs one).
  // In the bench's own VIGIL_HOME: without it the mode went on in the user's state directory,
  // and the Stop calls measured below ran with unattended mode off.
  run([bin, "night", "on", "--force", "--scope", h], h, env(h));
  const stop = stopPayload(h, session, ANNOUNCE);
  Bun.spawnSync([bin, "hook"], { stdin: enc(stop), env: env(h), stdout: "ignore" });
  return h;
}

function stopPayload(cwd: string, session: string, message: string) {
  return {
    session_id: session,
    transcript_path: transcript,
    cwd,
    hook_event_name: "Stop",
    stop_hook_active: false,
    last_assistant_message: message,
  };
}

const cmds: Cmd[] = [{ name: "no-op (compiled bun)", argv: [noop], stdin: enc({}) }];
for (
  const [label, bin] of [[`before ${rev}`, join(beforeDir, "dist", "vigil")], ["after", join(ROOT, "dist", "vigil")]]
) {
  for (
    const [kind, message] of [
      ["report", REPORT],
      ["announcement after an idle push", ANNOUNCE],
      ["80,000 backticks", BACKTICKS],
    ]
  ) {
    const session = `bench-${kind.split(" ")[0]}`;
    const h = home(bin, session);
    cmds.push({
      name: `${label}: Stop, ${kind}`,
      argv: [bin, "hook"],
      stdin: enc(stopPayload(h, session, message)),
      env: env(h),
    });
  }
}
console.log(
  report(
    `vigil hook Stop, 100 MB transcript, ${runs} interleaved runs each`,
    timeAll(cmds, runs),
    "no-op (compiled bun)",
  ),
);

// The classifier alone, in-process, over the corpus: median µs per message, interleaved.
type Classify = (text: string, set: unknown) => unknown;
async function classifier(dir: string): Promise<{ classify: Classify; set: unknown }> {
  const c = await import(join(dir, "src/core/stop/classify.ts"));
  const p = await import(join(dir, "src/core/stop/patterns.ts"));
  return { classify: c.classifyMessage, set: p.patternSet({ continuation: [], approval: [] }) };
}
const texts: string[] = readFileSync(join(ROOT, "test/fixtures/stop-corpus.jsonl"), "utf8").split("\n").filter(Boolean)
  .map((l) => JSON.parse(l).text);
const impls = [[`before ${rev}`, await classifier(beforeDir)], ["after", await classifier(ROOT)]] as const;
const perMessage = impls.map(() => [] as number[]);
for (let round = 0; round < 23; round++) {
  impls.forEach(([, impl], j) => {
    const t0 = performance.now();
    for (const t of texts) impl.classify(t, impl.set);
    if (round >= 3) perMessage[j].push(((performance.now() - t0) * 1000) / texts.length);
  });
}
const ref = median(perMessage[0]);
console.log(`\n## classifyMessage in-process, ${texts.length} corpus messages, 20 rounds\n`);
console.log("| version | median µs/message | × before |\n|---|---:|---:|");
impls.forEach(([name], j) =>
  console.log(`| ${name} | ${median(perMessage[j]).toFixed(1)} | ${(median(perMessage[j]) / ref).toFixed(2)} |`)
);

// Pathological messages (tens of KB with no sentence end, or thousands of clauses): the
// worst single classification, before and after.
{
  const cases: [string, string][] = [
    ["ja, no punctuation (40 KB)", "テストを追加して".repeat(5000)],
    ["ko, clause after clause", "테스트가 통과하는지 ".repeat(5000)],
    ["en, one long fragment", "now the quick check of the thing ".repeat(5000)],
    ["en, 5000 commas", "staging, ".repeat(5000) + "committing"],
    ["a 3000-item list", Array.from({ length: 3000 }, (_, i) => `- item ${i} is fine`).join("\n")],
    ["80,000 backticks", BACKTICKS],
  ];
  console.log("\n## classifyMessage on pathological messages, median of 5\n");
  console.log(`| message | ${impls.map(([n]) => n).join(" ms | ")} ms |\n|---|${impls.map(() => "---:").join("|")}|`);
  for (const [name, text] of cases) {
    const ms = impls.map(([, impl]) => {
      const xs: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        impl.classify(text, impl.set);
        xs.push(performance.now() - t0);
      }
      return median(xs).toFixed(1);
    });
    console.log(`| ${name} | ${ms.join(" | ")} |`);
  }
}

// The Stop facts read in-process, 100 MB transcript: the text alone, and with the breaker's
// search for a tool call since a push older than the whole transcript.
{
  const { readStopFacts } = await import(join(ROOT, "src/edge/stop-facts.ts"));
  const reads = [
    ["text only", { text: true, todo: false }],
    ["text + tool call since a push older than the transcript", { text: true, todo: false, workSince: 0 }],
  ] as const;
  const ms = reads.map(() => [] as number[]);
  for (let round = 0; round < 23; round++) {
    reads.forEach(([, o], j) => {
      const t0 = performance.now();
      readStopFacts(transcript, o);
      if (round >= 3) ms[j].push(performance.now() - t0);
    });
  }
  console.log("\n## readStopFacts in-process, 100 MB transcript, 20 rounds\n");
  console.log("| read | median ms | × text only |\n|---|---:|---:|");
  const base = median(ms[0]);
  reads.forEach(([name], j) =>
    console.log(`| ${name} | ${median(ms[j]).toFixed(2)} | ${(median(ms[j]) / base).toFixed(2)} |`)
  );
}
