/**
 * The hook path before and after a change, in one interleaved run: two compiled binaries (a
 * reference, e.g. main's, and this tree's), each on its own VIGIL_HOME, for the events a
 * change touched (PreToolUse, PostToolUse on a file write, UserPromptSubmit with a peer
 * envelope, Stop with a final message and session crons) and the statusline, on a 1 MB
 * transcript, each repeated on its own session. Prints medians and the median of B/A per round,
 * of the wall time and of the CPU time (user + system, less moved by other load on the machine).
 *
 * Both binaries run from copies made at the start of the run, so both start from the same
 * page-cache state: one binary's file, after another tool (perf's build-id cache) had read it
 * whole, ran a statusline at 1.145x the CPU of a fresh copy of the same bytes.
 *
 * `--instructions N` then runs each call N more times under valgrind's cachegrind and reports
 * the median count of instructions executed (user space, every thread): within ~1 % from run to
 * run whatever else the machine does, where the CPU time of a 40 ms process moves by several %
 * on a shared machine. It does not see the kernel's share (page faults, system calls): read it
 * beside the CPU ratio, not instead of it.
 *
 *   bun run compile.ts --single && bun bench/hook-ab.ts --a /path/to/reference/vigil [--runs 30] [--instructions 3]
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type Cmd, median } from "./lib.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    a: { type: "string" },
    b: { type: "string" },
    runs: { type: "string", default: "30" },
    instructions: { type: "string", default: "0" },
  },
  strict: true,
});
const ROOT = join(import.meta.dir, "..");
const DATA = join(import.meta.dir, "data");
const givenA = values.a, givenB = values.b ?? join(ROOT, "dist", "vigil");
if (!givenA || !existsSync(givenA) || !existsSync(givenB)) {
  throw new Error("usage: bun bench/hook-ab.ts --a REF_BIN [--b BIN]");
}
const bins = mkdtempSync(join(tmpdir(), "vigil-bench-ab-bin-"));
/** A fresh copy of a binary, so both sides start from the same page-cache state. */
const fresh = (bin: string, name: string) => {
  const to = join(bins, name);
  copyFileSync(realpathSync(bin), to);
  return to;
};
const A = fresh(givenA, "a"), B = fresh(givenB, "b");
mkdirSync(DATA, { recursive: true });
const transcript = join(DATA, "transcript-1MB.jsonl");
if (!existsSync(transcript)) {
  const r = Bun.spawnSync([process.execPath, join(import.meta.dir, "gen-transcript.ts"), "1000000", transcript]);
  if (r.exitCode !== 0) throw new Error(`cannot generate ${transcript}`);
}
const fixture = (event: string) =>
  JSON.parse(
    readFileSync(join(ROOT, `test/fixtures/claude-code-2.1.328/hooks/basic/${event}.jsonl`), "utf8").split("\n")[0],
  ).stdin;
const pre = fixture("PreToolUse");
const payloads: [string, Record<string, unknown>][] = [
  ["PreToolUse", pre],
  ["PostToolUse Write", {
    ...pre,
    hook_event_name: "PostToolUse",
    tool_name: "Write",
    tool_input: { file_path: "/tmp/x/HANDOFF.md", content: "x" },
  }],
  // A prompt the SOFT guard classifies: vigil's own nudge, as 2.1.332 hands it over from the inbox.
  ["UserPromptSubmit nudge", {
    ...pre,
    hook_event_name: "UserPromptSubmit",
    prompt:
      '<cross-session-message from="vigil" from-mode="bypass">\n[vigil nudge] Carry on.\n</cross-session-message>',
  }],
  ["Stop", {
    ...pre,
    hook_event_name: "Stop",
    stop_hook_active: false,
    last_assistant_message: "Done with the parser. Next, I will run the integration suite.",
    session_crons: [{ id: "c1", schedule: "*/30 * * * *", recurring: true, prompt: "check" }],
    background_tasks: [],
  }],
];
// The statusLine, rendering the 1 MB transcript's own figures (as Claude Code's TUI sends them).
const status = JSON.parse(
  readFileSync(join(ROOT, "test/fixtures/claude-code-2.1.328/hooks/tui/StatusLine.jsonl"), "utf8").split("\n")
    .filter(Boolean).at(-1) ?? "{}",
).stdin;
payloads.push(["statusline", status]);
const enc = (o: unknown) => new TextEncoder().encode(JSON.stringify(o));
const cmds: Cmd[] = [];
const homes: string[] = [];
for (const [label, p] of payloads) {
  for (const [side, bin] of [["A", A], ["B", B]]) {
    const home = mkdtempSync(join(tmpdir(), "vigil-bench-ab-"));
    homes.push(home);
    const env = { PATH: process.env.PATH ?? "", HOME: home, VIGIL_HOME: home, NO_COLOR: "1" };
    const payload = { ...p, session_id: `ab-${label}`, transcript_path: transcript };
    const command = label === "statusline" ? "statusline" : "hook";
    cmds.push({ name: `${side} ${label}`, argv: [bin, command], stdin: enc(payload), env });
  }
}
const runs = Number(values.runs);
const t = timePairs(cmds, runs);
console.log(`## hook A/B (${runs} rounds, interleaved, order rotated each round)\n\nA = ${givenA}\nB = ${givenB}\n`);
console.log(
  "| event | A median ms | B median ms | B / A (median of pairs) | A CPU ms | B CPU ms | B / A CPU |\n" +
    "|---|---:|---:|---:|---:|---:|---:|",
);
for (const [label] of payloads) {
  const a = t.get(`A ${label}`)!, b = t.get(`B ${label}`)!;
  const ratio = (k: "wall" | "cpu") => median(b.map((x, i) => x[k] / a[i][k])).toFixed(2);
  const m = (s: Sample[], k: "wall" | "cpu") => median(s.map((x) => x[k])).toFixed(2);
  console.log(
    `| ${label} | ${m(a, "wall")} | ${m(b, "wall")} | ${ratio("wall")} | ${m(a, "cpu")} | ${m(b, "cpu")} | ${
      ratio("cpu")
    } |`,
  );
}

const irRuns = Number(values.instructions);
if (irRuns > 0) {
  console.log(
    `\n### Instructions per call (valgrind --tool=cachegrind, median of ${irRuns})\n\n` +
      "| event | A instructions (M) | B instructions (M) | B / A |\n|---|---:|---:|---:|",
  );
  for (const [label] of payloads) {
    const a = median(instructions(cmds.find((c) => c.name === `A ${label}`)!, irRuns));
    const b = median(instructions(cmds.find((c) => c.name === `B ${label}`)!, irRuns));
    console.log(`| ${label} | ${(a / 1e6).toFixed(2)} | ${(b / 1e6).toFixed(2)} | ${(b / a).toFixed(3)} |`);
  }
}

// The copies (two binaries of ~110 MB) and the stores go: a run left ~230 MB in the temp folder.
for (const dir of [bins, ...homes]) rmSync(dir, { recursive: true, force: true });

/** Instructions one run of the command executes, per run (its store is the one the timed rounds used). */
function instructions(c: Cmd, runs: number): number[] {
  const valgrind = Bun.which("valgrind");
  if (!valgrind) throw new Error("--instructions needs valgrind on PATH");
  return Array.from({ length: runs }, () => {
    const p = Bun.spawnSync(
      [valgrind, "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null", ...c.argv],
      { stdin: c.stdin ?? "ignore", stdout: "ignore", stderr: "pipe", env: c.env },
    );
    const m = /I\s+refs:\s+([\d,]+)/.exec(p.stderr.toString());
    if (p.exitCode !== 0 || !m) throw new Error(`${c.name} under cachegrind exited ${p.exitCode}`);
    return Number(m[1].replaceAll(",", ""));
  });
}

interface Sample {
  wall: number;
  /** User + system CPU of the process, ms. */
  cpu: number;
}

/**
 * Wall and CPU times of each command, one sample per round, the order rotated every round so
 * no command always runs first (a position in the round is not a neutral place on a busy machine).
 */
function timePairs(list: Cmd[], rounds: number, warmup = 3): Map<string, Sample[]> {
  const out = new Map(list.map((c) => [c.name, [] as Sample[]]));
  for (let i = 0; i < warmup + rounds; i++) {
    for (let k = 0; k < list.length; k++) {
      const c = list[(k + i) % list.length];
      const t0 = performance.now();
      const p = Bun.spawnSync(c.argv, { stdin: c.stdin ?? "ignore", stdout: "ignore", stderr: "ignore", env: c.env });
      const dt = performance.now() - t0;
      if (p.exitCode !== 0) throw new Error(`${c.name} exited ${p.exitCode}`);
      const cpu = Number(p.resourceUsage.cpuTime.total) / 1000;
      if (i >= warmup) out.get(c.name)!.push({ wall: dt, cpu });
    }
  }
  return out;
}
