/**
 * `vigil serve` POST /hook (product.md section 10: server-side ≤ 0.5 ms median), in one run:
 *  1. in-process: the app's POST /hook (`app.request`, no socket) and the bare pipeline
 *     (`runHook`) over many requests on one session whose transcript grows a record each call;
 *  2. whole calls: `curl` posting the payload to a running `dist/vigil serve` against the
 *     command hook `dist/vigil hook` (and the compiled no-op, curl on /healthz for the floor),
 *     interleaved; then the server's own histogram mean for those requests and its RSS.
 *
 *   bun run compile.ts --single && bun bench/serve.ts [--requests 3000] [--runs 40] [--size 100MB]
 */
import { appendFileSync, copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { hookDeps } from "../src/app/deps.ts";
import { runHook } from "../src/app/run-hook.ts";
import { createApp } from "../src/serve/app.ts";
import { generate, parseSize } from "./gen-transcript.ts";
import { type Cmd, DATA, ensureNoop, median, quantile, report, timeAll } from "./lib.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    requests: { type: "string", default: "3000" },
    runs: { type: "string", default: "40" },
    size: { type: "string", default: "100MB" },
  },
  strict: true,
});
const ROOT = join(import.meta.dir, "..");
const BIN = join(ROOT, "dist", "vigil");
const source = join(DATA, `transcript-${values.size}.jsonl`);
if (!existsSync(source)) generate(parseSize(values.size), source);

// A private copy that grows by one assistant record per call, as a live session's does.
const work = mkdtempSync(join(tmpdir(), "vigil-bench-serve-"));
const transcript = join(work, "transcript.jsonl");
copyFileSync(source, transcript);
const tailLines = readFileSync(source, "utf8").slice(-2_000_000).split("\n");
const last = JSON.parse(
  tailLines.findLast((l) => l.includes(`"type":"assistant"`) && !l.includes(`"isSidechain":true`)) ?? "{}",
);
/**
 * The next assistant record, as a live session's: its own id and a context one record larger.
 * Appending the same record again changed no figure, so every call was quiet and the meter's
 * resume offset lagged: each call re-read every record appended since, and a loop of
 * thousands of calls within seconds measured that loop (3.9 ms a call), not a session.
 */
let grown = 0;
function growth(): string {
  grown++;
  const usage = { ...last.message?.usage, input_tokens: (last.message?.usage?.input_tokens ?? 0) + grown * 40 };
  return JSON.stringify({
    ...last,
    uuid: crypto.randomUUID(),
    message: { ...last.message, id: `bench-${grown}`, usage },
  }) +
    "\n";
}
const fixture = readFileSync(join(ROOT, "test/fixtures/claude-code-2.1.328/hooks/basic/PreToolUse.jsonl"), "utf8");
const payload = JSON.stringify({
  ...JSON.parse(fixture.split("\n")[0]).stdin,
  session_id: "bench-serve",
  transcript_path: transcript,
});
const env = (home: string) => ({ PATH: process.env.PATH ?? "", HOME: home, VIGIL_HOME: home, NO_COLOR: "1" });
const ms = (x: number) => x.toFixed(3);

// 1. In-process.
const n = Number(values.requests);
const deps = hookDeps(env(mkdtempSync(join(tmpdir(), "vigil-bench-serve-"))));
const app = createApp({ store: deps.store, runHook: (input) => runHook(input, deps) });
const viaApp: number[] = [];
const bare: number[] = [];
for (let i = 0; i < 200 + n; i++) {
  appendFileSync(transcript, growth());
  const t0 = performance.now();
  const res = await app.request("/hook", { method: "POST", body: payload });
  await res.text();
  const t1 = performance.now();
  appendFileSync(transcript, growth());
  const t2 = performance.now();
  runHook(payload, deps);
  const t3 = performance.now();
  if (i >= 200) (viaApp.push(t1 - t0), bare.push(t3 - t2));
}
deps.close();
console.log(`## POST /hook in-process, ${n} requests, ${values.size} transcript growing one record per call\n`);
console.log("| path | median ms | p90 ms | p99 ms |\n|---|---:|---:|---:|");
for (const [name, xs] of [["app.request POST /hook", viaApp], ["runHook alone", bare]] as const) {
  console.log(`| ${name} | ${ms(median(xs))} | ${ms(quantile(xs, 0.9))} | ${ms(quantile(xs, 0.99))} |`);
}
console.log(`\nbudget ≤ 0.5 ms median server-side: ${median(viaApp) <= 0.5 ? "met" : "NOT met"}\n`);

// 2. Whole calls: curl to a running server against the command hook.
const noop = ensureNoop();
const serveHome = mkdtempSync(join(tmpdir(), "vigil-bench-serve-"));
const server = Bun.spawn([BIN, "serve", "--listen", "127.0.0.1:0"], { env: env(serveHome), stdout: "pipe" });
const reader = server.stdout.getReader();
let line = "";
while (!line.includes("\n")) line += new TextDecoder().decode((await reader.read()).value);
const url = /listening on (\S+) /.exec(line)?.[1];
if (!url) throw new Error(`vigil serve did not start: ${line}`);
const body = join(work, "payload.json");
writeFileSync(body, payload);
const stdin = new TextEncoder().encode(payload);
const runs = Number(values.runs);
const cmds: Cmd[] = [
  { name: "no-op (compiled bun)", argv: [noop], stdin },
  { name: "vigil hook (command)", argv: [BIN, "hook"], stdin, env: env(mkdtempSync(join(tmpdir(), "vigil-bench-"))) },
  {
    name: "curl POST /hook (serve)",
    argv: ["curl", "-sf", "-o", "/dev/null", "--data-binary", `@${body}`, `${url}/hook`],
  },
  { name: "curl GET /healthz (floor)", argv: ["curl", "-sf", "-o", "/dev/null", `${url}/healthz`] },
];
console.log(report(`whole hook calls, ${runs} interleaved runs each`, timeAll(cmds, runs), "vigil hook (command)"));
// A client that keeps its connection, as Claude Code's HTTP hook client can: round trips only.
const trips: number[] = [];
for (let i = 0; i < n; i++) {
  appendFileSync(transcript, growth());
  const t0 = performance.now();
  await (await fetch(`${url}/hook`, { method: "POST", body: payload })).text();
  trips.push(performance.now() - t0);
}
console.log(
  `\nfetch POST /hook, keep-alive, ${n} requests: median ${ms(median(trips))} ms, p99 ${ms(quantile(trips, 0.99))} ms`,
);
const metrics = await (await fetch(`${url}/metrics`)).text();
const sum = Number(/^vigil_http_hook_duration_seconds_sum (\S+)$/m.exec(metrics)?.[1]);
const count = Number(/^vigil_http_hook_duration_seconds_count (\S+)$/m.exec(metrics)?.[1]);
console.log(`server-side mean over all ${count} POST /hook (its own histogram): ${ms((sum / count) * 1000)} ms`);
const status = `/proc/${server.pid}/status`;
if (existsSync(status)) {
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(readFileSync(status, "utf8"))?.[1]);
  console.log(`serve RSS now ${(kb("VmRSS") / 1024).toFixed(1)} MiB, peak ${(kb("VmHWM") / 1024).toFixed(1)} MiB`);
}
server.kill("SIGTERM");
await server.exited;
