/**
 * Peak RSS (GNU time's %M) of the hook calls Claude Code makes, and of the statusLine, as the
 * default install runs them (forwarded to a running `vigil serve`) and in a process of their
 * own (VIGIL_FORWARD=0, the fallback with no server), against the compiled Bun no-op, in one
 * run, calls rotated every round. Each round starts a fresh store, so its first call also
 * creates and migrates it. product.md section 10: hook peak RSS ≤ 40 MiB.
 *
 * `--ref PATH` adds a reference build (e.g. main's at an earlier commit), run in its own process
 * in the same rounds, for a before/after in one run. Every binary runs from a copy made at the
 * start: most of a hook's peak is the executable's own pages, and the kernel maps more of them
 * per page fault when the file is all in the page cache (a fresh build is; an older file
 * partly evicted peaked up to 1.5 MiB lower, the same bytes).
 *
 *   bun run compile.ts --single && bun bench/hook-rss.ts [--runs 5] [--ref /path/to/vigil]
 */
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ensureNoop, ensureTranscript, median } from "./lib.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: { runs: { type: "string", default: "5" }, ref: { type: "string" } },
  strict: true,
});
const runs = Number(values.runs);
const ROOT = join(import.meta.dir, "..");
/** Fresh copies of the binaries measured, removed at exit. */
const COPIES = mkdtempSync(join(tmpdir(), "vigil-rss-bin-"));
process.on("exit", () => rmSync(COPIES, { recursive: true, force: true }));
function fresh(path: string, name: string): string {
  const to = join(COPIES, name);
  copyFileSync(path, to);
  chmodSync(to, 0o755);
  return to;
}
const BIN = fresh(join(ROOT, "dist", "vigil"), "vigil");
const REF = values.ref === undefined ? null : fresh(values.ref, "ref");
const transcript = ensureTranscript("1MB", 1e6);
const payload = (event: string, dir = "basic", fields: Record<string, string> = {}, line = 0) => {
  const text = readFileSync(join(ROOT, `test/fixtures/claude-code-2.1.336/hooks/${dir}/${event}.jsonl`), "utf8");
  return JSON.stringify({ ...JSON.parse(text.split("\n")[line]).stdin, transcript_path: transcript, ...fields });
};
/** The calls of one turn, in the order Claude Code makes them. */
const CALLS: [string, string[], string][] = [
  ["SessionStart", ["hook"], payload("SessionStart")],
  ["UserPromptSubmit", ["hook"], payload("UserPromptSubmit")],
  // A prompt that names the handoff runs the handoff request's clause model (core/handoff-*.ts).
  [
    "UserPromptSubmit naming the handoff",
    ["hook"],
    payload("UserPromptSubmit", "basic", {
      prompt: "write the handoff to HANDOFF.md",
    }),
  ],
  ["PreToolUse", ["hook"], payload("PreToolUse")],
  ["PostToolUse", ["hook"], payload("PostToolUse")],
  ["Stop", ["hook"], payload("Stop")],
  ["statusline", ["statusline"], payload("StatusLine", "tui")],
  // Most renders: the payload carries the usage, so nothing is metered (no node:fs).
  ["statusline, usage given", ["statusline"], payload("StatusLine", "tui", {}, 1)],
];

/** Peak RSS in KiB of one whole process. */
function peak(argv: string[], stdin: string, env: Record<string, string>): number {
  const r = Bun.spawnSync(["/usr/bin/time", "-f", "%M", ...argv], {
    stdin: new TextEncoder().encode(stdin),
    stdout: "ignore",
    stderr: "pipe",
    env,
  });
  const kib = Number(r.stderr.toString().trim().split("\n").at(-1));
  if (!Number.isFinite(kib)) throw new Error(`no peak for ${argv.join(" ")}: ${r.stderr}`);
  return kib;
}

const noop = fresh(ensureNoop(), "noop");
const samples = new Map<string, number[]>();
const add = (k: string, v: number) => samples.set(k, [...(samples.get(k) ?? []), v]);
for (let round = 0; round < runs; round++) {
  const home = mkdtempSync(join(tmpdir(), "vigil-rss-"));
  const env = { PATH: process.env.PATH ?? "", HOME: home, VIGIL_HOME: home };
  const own = { ...env, VIGIL_HOME: join(home, "own"), VIGIL_FORWARD: "0" };
  const server = Bun.spawn([BIN, "serve", "--listen", "127.0.0.1:0"], { env, stdout: "pipe", stderr: "inherit" });
  const first = await server.stdout.getReader().read();
  if (!new TextDecoder().decode(first.value).includes("hooks forward to")) throw new Error("serve has no hook socket");
  add("no-op (compiled bun)", peak([noop], "{}", env));
  for (const [name, args, stdin] of CALLS) {
    add(`${name}, via serve`, peak([BIN, ...args], stdin, env));
    add(`${name}, own process`, peak([BIN, ...args], stdin, own));
    if (REF) add(`${name}, own process, ref`, peak([REF, ...args], stdin, { ...own, VIGIL_HOME: join(home, "ref") }));
  }
  server.kill("SIGTERM");
  await server.exited;
  rmSync(home, { recursive: true, force: true });
}

const mib = (kib: number) => (kib / 1024).toFixed(1);
const ref = median(samples.get("no-op (compiled bun)") ?? []);
console.log(
  `## peak RSS per call, ${runs} rounds (fresh store each), load average ${
    loadavg().map((l) => l.toFixed(2)).join(" ")
  }\n`,
);
console.log("| call | median MiB | max MiB | − no-op MiB |");
console.log("| --- | ---: | ---: | ---: |");
for (const [name, xs] of samples) {
  console.log(`| ${name} | ${mib(median(xs))} | ${mib(Math.max(...xs))} | ${mib(median(xs) - ref)} |`);
}
