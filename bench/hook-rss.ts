/**
 * Peak RSS (GNU time's %M) of the hook calls Claude Code makes, and of the statusLine, as the
 * default install runs them (forwarded to a running `vigil serve`) and in a process of their
 * own (VIGIL_FORWARD=0, the fallback with no server), against the compiled Bun no-op, in one
 * run, calls rotated every round. Each round starts a fresh store, so its first call also
 * creates and migrates it. product.md section 10: hook peak RSS ≤ 40 MiB.
 *
 *   bun run compile.ts --single && bun bench/hook-rss.ts [--runs 5]
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ensureNoop, ensureTranscript, median } from "./lib.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: { runs: { type: "string", default: "5" } },
  strict: true,
});
const runs = Number(values.runs);
const ROOT = join(import.meta.dir, "..");
const BIN = join(ROOT, "dist", "vigil");
const transcript = ensureTranscript("1MB", 1e6);
const payload = (event: string, dir = "basic") => {
  const first = readFileSync(join(ROOT, `test/fixtures/claude-code-2.1.336/hooks/${dir}/${event}.jsonl`), "utf8");
  return JSON.stringify({ ...JSON.parse(first.split("\n")[0]).stdin, transcript_path: transcript });
};
/** The calls of one turn, in the order Claude Code makes them. */
const CALLS: [string, string[], string][] = [
  ["SessionStart", ["hook"], payload("SessionStart")],
  ["UserPromptSubmit", ["hook"], payload("UserPromptSubmit")],
  ["PreToolUse", ["hook"], payload("PreToolUse")],
  ["PostToolUse", ["hook"], payload("PostToolUse")],
  ["Stop", ["hook"], payload("Stop")],
  ["statusline", ["statusline"], payload("StatusLine", "tui")],
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

const noop = ensureNoop();
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
