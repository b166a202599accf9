/**
 * Server-side time of a forwarded call (product.md section 10: `vigil hook` over serve, ≤ 0.5 ms
 * median), per event: the socket handler `vigil serve` runs (src/app/forwarded-call.ts), in
 * process, with the body `vigil hook` sends. Each call finds the transcript one record longer,
 * as in a working session; "first call" rows use a new session id every call.
 *
 *   bun bench/forwarded.ts [--calls 2000] [--size 1MB,100MB]
 * A CPU profile of the same loop: bun --cpu-prof-md --cpu-prof-dir=DIR bench/forwarded.ts
 */
import { appendFileSync, copyFileSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { allHookDeps } from "../src/app/deps.ts";
import { BUILD } from "../src/cli/version.ts";
import { encodeForward, forwardedEnv } from "../src/core/forward.ts";
import { liveConfigFile } from "../src/edge/config-file.ts";
import { fileLineCache } from "../src/edge/line-cache.ts";
import { resolvePaths } from "../src/edge/paths.ts";
import { forwardedHandler } from "../src/app/forwarded-call.ts";
import { ensureTranscript, median, quantile } from "./lib.ts";
import { parseSize } from "./gen-transcript.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    calls: { type: "string", default: "2000" },
    size: { type: "string", default: "1MB,100MB" },
    /** Idle this long before each call, as a server between a session's hooks (caches go cold). */
    gap: { type: "string", default: "0" },
    /** Only the rows whose name contains this (for a profile of one row). */
    only: { type: "string" },
  },
  strict: true,
});
const calls = Number(values.calls);
const gap = Number(values.gap);
const ROOT = join(import.meta.dir, "..");
const fixture = (path: string, line = 0) =>
  JSON.parse(readFileSync(join(ROOT, "test/fixtures/claude-code-2.1.328/hooks", path), "utf8").split("\n")[line]).stdin;
const hookBase = fixture("basic/PreToolUse.jsonl");
const status = fixture("tui/StatusLine.jsonl");

const home = mkdtempSync(join(tmpdir(), "vigil-bench-fwd-"));
const env = { PATH: process.env.PATH ?? "", HOME: home, VIGIL_HOME: home, TERM: "xterm-256color" };
const deps = await allHookDeps(env);
const paths = resolvePaths(env);
const handle = forwardedHandler({
  deps,
  configFile: liveConfigFile(paths.configFile),
  build: BUILD,
  dbFile: paths.dbFile,
  lines: fileLineCache(paths.stateDir),
});
const meta = { build: BUILD, db: paths.dbFile, env: forwardedEnv(env) };

type Row = { name: string; route: string; payload: (session: string) => string; fresh?: boolean };
const rows: Row[] = [];
const work = mkdtempSync(join(tmpdir(), "vigil-bench-fwd-t-"));
/** The transcripts that grow a response per round, with the response they grow by. */
const growths: [string, string][] = [];
for (const label of values.size.split(",")) {
  const source = ensureTranscript(label, parseSize(label));
  const tail = readFileSync(source, "utf8").slice(-2_000_000).split("\n");
  const response = tail.findLast((l) => l.includes(`"type":"assistant"`) && !l.includes(`"isSidechain":true`)) ?? "";
  // "growing": a private copy a new response lands in before every round, as in a working
  // session (each call has bytes to read and figures to write); "static": nothing lands
  // between calls, as in the side-by-side harness (a repeat may be quiet: nothing written).
  for (const how of ["growing", "static"]) {
    const t = join(work, `${label}-${how}.jsonl`);
    copyFileSync(source, t);
    if (how === "growing") growths.push([t, response]);
    const base = { ...hookBase, transcript_path: t };
    const events: [string, Record<string, unknown>][] = [
      ["PreToolUse", {}],
      ["UserPromptSubmit", { hook_event_name: "UserPromptSubmit", prompt: "run the parser tests" }],
      ["Stop", { hook_event_name: "Stop", stop_hook_active: false, last_assistant_message: "The tests pass." }],
    ];
    for (const [event, extra] of events) {
      for (const fresh of how === "growing" ? [false, true] : [false]) {
        rows.push({
          name: `hook ${event} ${label} ${how}${fresh ? ", first call" : ""}`,
          route: "/hook",
          payload: (session) => JSON.stringify({ ...base, ...extra, session_id: session }),
          fresh,
        });
      }
    }
    for (const nullUsage of [false, true]) {
      rows.push({
        name: `statusline ${label} ${how}${nullUsage ? ", null usage" : ""}`,
        route: "/statusline",
        payload: (session) =>
          JSON.stringify({
            ...status,
            session_id: session,
            transcript_path: t,
            ...(nullUsage ? { context_window: { ...status.context_window, current_usage: null } } : {}),
          }),
      });
    }
  }
}

if (values.only !== undefined) rows.splice(0, rows.length, ...rows.filter((r) => r.name.includes(values.only ?? "")));
const times = new Map<string, number[]>(rows.map((r) => [r.name, []]));
let n = 0;
// Interleaved: every row once per round, the transcripts grown before each round.
for (let i = 0; i < 50 + calls; i++) {
  // Each a response of its own, its context a token larger: copies of one message id would read
  // as one response the meter's fresh scan walks back through whole, and equal figures as
  // calls with nothing to write.
  for (const [t, g] of growths) {
    const next = g.replace(/"id":"msg_[^"]*"/, `"id":"msg_bench_${i}"`)
      .replace(/"cache_read_input_tokens":(\d+)/, (_, k) => `"cache_read_input_tokens":${Number(k) + i}`);
    appendFileSync(t, next + "\n");
  }
  for (const r of rows) {
    const session = r.fresh ? `fwd-first-${n++}` : `fwd-${r.name}`;
    const body = encodeForward(meta, r.payload(session));
    if (gap > 0) await Bun.sleep(gap);
    const t0 = performance.now();
    const a = handle(r.route, body);
    const dt = performance.now() - t0;
    if (a.status !== 200) throw new Error(`${r.name}: ${a.status} ${a.body}`);
    if (i >= 50) times.get(r.name)?.push(dt);
  }
}
deps.close();

const ms = (x: number) => x.toFixed(3);
console.log(`\nforwarded calls, server side, ${calls} per row (bun bench/forwarded.ts --calls ${calls})\n`);
console.log("| call | median ms | p90 ms | p99 ms |");
console.log("| --- | ---: | ---: | ---: |");
for (const r of rows) {
  const xs = times.get(r.name) ?? [];
  console.log(`| ${r.name} | ${ms(median(xs))} | ${ms(quantile(xs, 0.9))} | ${ms(quantile(xs, 0.99))} |`);
}
