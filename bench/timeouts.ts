/**
 * What each handled event's hook call takes through the compiled binary, so the `timeout` on
 * every registration (src/core/install/handled.ts) is chosen from measurements: alone, and
 * with 20 calls of the same event at once on one session, against a 100 MB transcript; PreCompact
 * (which drafts a state file from the transcript) and SessionStart(compact) (which builds the
 * restore) included. Prints median, p99 and max per event and the headroom of its timeout.
 *
 *   bun run compile.ts --single && bun bench/timeouts.ts [--runs 15]
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { HANDLED } from "../src/core/install/handled.ts";
import { ensureTranscript, median, quantile } from "./lib.ts";

const { values } = parseArgs({ args: Bun.argv.slice(2), options: { runs: { type: "string", default: "15" } } });
const runs = Number(values.runs);
const ROOT = join(import.meta.dir, "..");
const BIN = join(ROOT, "dist", "vigil");
const transcript = ensureTranscript("100MB", 1e8);

/** The first recorded 2.1.328 payload of each event, from a main session where there is one. */
function fixture(event: string): Record<string, unknown> {
  const dir = join(ROOT, "test/fixtures/claude-code-2.1.328/hooks");
  const base = event === "PostToolUseFailure" ? "PostToolUse" : event;
  for (const scenario of ["basic", "compact1", "agents", "bgagent", "tui"]) {
    const f = join(dir, scenario, `${base}.jsonl`);
    if (!existsSync(f)) continue;
    const stdin = JSON.parse(readFileSync(f, "utf8").split("\n")[0]).stdin;
    return { ...stdin, hook_event_name: event };
  }
  throw new Error(`no fixture for ${event}`);
}

const env = (home: string) => ({
  PATH: process.env.PATH ?? "",
  HOME: home,
  VIGIL_HOME: home,
  NO_COLOR: "1",
  VIGIL_ROLE: "worker",
});

function once(home: string, payload: Record<string, unknown>): number {
  const t0 = performance.now();
  const p = Bun.spawnSync([BIN, "hook"], { stdin: Buffer.from(JSON.stringify(payload)), env: env(home) });
  if (p.exitCode !== 0) throw new Error(`hook exited ${p.exitCode}`);
  return performance.now() - t0;
}

async function concurrent(home: string, payload: Record<string, unknown>, n: number): Promise<number[]> {
  const t0 = performance.now();
  const procs = Array.from(
    { length: n },
    () => Bun.spawn([BIN, "hook"], { stdin: Buffer.from(JSON.stringify(payload)), env: env(home), stdout: "ignore" }),
  );
  return await Promise.all(procs.map(async (p) => (await p.exited, performance.now() - t0)));
}

console.log(`## hook call time per handled event (100 MB transcript, ${runs} serial runs; 20 at once)\n`);
console.log(`load average at the start: ${loadavg().map((x) => x.toFixed(1)).join(" ")}\n`);
console.log("| event | serial median ms | serial max ms | 20 at once: p99 ms | max ms | timeout s | headroom |");
console.log("|---|---:|---:|---:|---:|---:|---:|");
for (const h of HANDLED) {
  const home = mkdtempSync(join(tmpdir(), "vigil-timeouts-"));
  const id = `timeouts-${h.event}`;
  const payload: Record<string, unknown> = {
    ...fixture(h.event),
    session_id: id,
    transcript_path: transcript,
    cwd: home,
  };
  if (h.event === "SessionStart") payload.source = "compact";
  if (h.event === "PostCompact" || h.event === "SessionStart") {
    once(home, { ...payload, hook_event_name: "PreCompact", trigger: "auto" });
  }
  const serial: number[] = [];
  for (let i = 0; i < runs; i++) {
    // PreCompact drafts the state from the transcript each time a new compaction starts.
    if (h.event === "PreCompact") once(home, { ...payload, hook_event_name: "SessionStart", source: "compact" });
    serial.push(once(home, payload));
  }
  const load = await concurrent(home, payload, 20);
  const worst = Math.max(...serial, ...load);
  console.log(
    `| ${h.event} | ${median(serial).toFixed(0)} | ${Math.max(...serial).toFixed(0)} | ${
      quantile(load, 0.99).toFixed(0)
    } | ${worst.toFixed(0)} | ${h.timeout} | ${(h.timeout * 1000 / worst).toFixed(1)}× |`,
  );
}
