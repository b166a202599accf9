/**
 * How long `vigil doctor --prove` takes, per Claude Code version, against one scripted `claude
 * -p` session (one turn, no hooks) measured in the same run, alternated: the proof as a
 * multiple of the cheapest thing it does nine times over. The proof runs in a fresh HOME with
 * vigil installed, as after `vigil install`.
 *
 *   bun run compile.ts --single && bun bench/prove.ts [--runs 3]
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { text } from "../src/prove/fake-api/scenario.ts";
import { runPrint } from "../src/prove/print-session.ts";
import { createDirs, removeDirs } from "../src/prove/sandbox.ts";
import { claudeCommand, type ClaudeVersion, NEWEST, OLDEST } from "../test/e2e/cli.ts";
import { median } from "./lib.ts";

const { values } = parseArgs({ args: Bun.argv.slice(2), options: { runs: { type: "string", default: "3" } } });
const runs = Number(values.runs);
const BIN = join(import.meta.dir, "..", "dist", "vigil");
const PATH = process.env.PATH ?? "/usr/bin:/bin";

async function oneSession(version: ClaudeVersion): Promise<number> {
  const dirs = createDirs("vigil-bench-");
  try {
    const t0 = performance.now();
    const r = await runPrint({
      claude: claudeCommand(version),
      dirs,
      path: PATH,
      prompt: "hi",
      scenario: { turns: [text("Hi.")] },
    });
    if (r.exitCode !== 0) throw new Error(`claude exited ${r.exitCode}`);
    return performance.now() - t0;
  } finally {
    removeDirs(dirs);
  }
}

function proof(version: ClaudeVersion): { ms: number; ok: boolean; internal: number } {
  const root = mkdtempSync(join(tmpdir(), "vigil-bench-prove-"));
  try {
    const home = join(root, "home");
    mkdirSync(home);
    const env = { PATH, HOME: home, VIGIL_HOME: join(root, "state"), CLAUDE_BIN: claudeCommand(version).at(-1) ?? "" };
    const inst = Bun.spawnSync([BIN, "install"], { env, stdout: "ignore", stderr: "pipe" });
    if (inst.exitCode !== 0) throw new Error(`install: ${inst.stderr}`);
    const t0 = performance.now();
    const p = Bun.spawnSync([BIN, "doctor", "--prove", "--json"], { env, stdout: "pipe", stderr: "pipe" });
    const ms = performance.now() - t0;
    const out = JSON.parse(p.stdout.toString());
    return { ms, ok: out.ok, internal: out.durationMs };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const lines = [
  "| Claude Code | proof median s | one session median s | × one session | proofs ok |",
  "|---|---:|---:|---:|---|",
];
for (const version of [NEWEST, OLDEST] as const) {
  const proofs: number[] = [], sessions: number[] = [];
  const oks: boolean[] = [];
  for (let i = 0; i < runs; i++) {
    sessions.push(await oneSession(version));
    const p = proof(version);
    proofs.push(p.ms);
    oks.push(p.ok);
  }
  const mp = median(proofs), ms = median(sessions);
  lines.push(
    `| ${version} | ${(mp / 1000).toFixed(1)} | ${(ms / 1000).toFixed(1)} | ${(mp / ms).toFixed(1)}× | ${
      oks.map(String).join(", ")
    } |`,
  );
  console.error(
    `${version}: proofs ${proofs.map((x) => (x / 1000).toFixed(1)).join(" ")} s; sessions ${
      sessions.map((x) => (x / 1000).toFixed(1)).join(" ")
    } s`,
  );
}
console.log(`## vigil doctor --prove (${runs} runs each, alternated with one session)\n\n${lines.join("\n")}`);
