/**
 * `vigil serve`'s server-side time per hook after idle (known gap: 0.17–0.29 ms back to back,
 * 0.63–0.79 ms after 20 ms of idle, the normal case between a session's hook calls). In one
 * process, the app's POST /hook is timed back to back and after each idle gap, against two
 * references timed the same way: the app's GET /healthz (Hono's routing and a Response, no
 * pipeline) and a fixed piece of pure CPU work of about the pipeline's size (JSON parse and
 * stringify of the payload). If the references slow by the same factor after idle, the cost is
 * the machine's (caches, CPU frequency, the VM's scheduler), not vigil's.
 *
 *   bun run compile.ts --single && bun bench/serve-idle.ts [--requests 600] [--idle 20]
 */
import { appendFileSync, copyFileSync, mkdtempSync, readFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { hookDeps } from "../src/app/deps.ts";
import { runHook } from "../src/app/run-hook.ts";
import { createApp } from "../src/serve/app.ts";
import { ensureTranscript, median, quantile } from "./lib.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: { requests: { type: "string", default: "600" }, idle: { type: "string", default: "20" } },
  strict: true,
});
const n = Number(values.requests);
const idleMs = Number(values.idle);
const ROOT = join(import.meta.dir, "..");
const work = mkdtempSync(join(tmpdir(), "vigil-bench-idle-"));
const transcript = join(work, "transcript.jsonl");
copyFileSync(ensureTranscript("1MB", 1e6), transcript);
const last = JSON.parse(
  readFileSync(transcript, "utf8").split("\n").findLast((l) => l.includes(`"type":"assistant"`)) ?? "{}",
);
/**
 * The next assistant record, as a live session's: its own id and a context one record larger.
 * (Appending the same record again leaves every figure as it was, so each call is quiet and the
 * meter's resume offset may lag: the next call re-reads every record since, which in a loop of
 * hundreds of calls within a few seconds measures the loop, not a session.)
 */
let grown = 0;
function growth(): string {
  grown++;
  const usage = { ...last.message?.usage, input_tokens: (last.message?.usage?.input_tokens ?? 0) + grown * 40 };
  const message = { ...last.message, id: `bench-${grown}`, usage };
  return JSON.stringify({ ...last, uuid: crypto.randomUUID(), message }) + "\n";
}
const fixture = readFileSync(join(ROOT, "test/fixtures/claude-code-2.1.336/hooks/basic/PreToolUse.jsonl"), "utf8");
const payload = JSON.stringify({ ...JSON.parse(fixture.split("\n")[0]).stdin, transcript_path: transcript });

const home = mkdtempSync(join(tmpdir(), "vigil-bench-idle-"));
const deps = hookDeps({ PATH: process.env.PATH ?? "", HOME: home, VIGIL_HOME: home });
const app = createApp({ store: deps.store, runHook: (input) => runHook(input, deps) });

/** Pure CPU work of a fixed size: the same on every call, nothing vigil does. */
let sink = 0;
function cpuWork(): void {
  for (let i = 0; i < 600; i++) sink += JSON.stringify(JSON.parse(payload)).length;
}

type Probe = [string, () => Promise<void>];
const probes: Probe[] = [
  ["POST /hook", async () => {
    appendFileSync(transcript, growth());
    await (await app.request("/hook", { method: "POST", body: payload })).text();
  }],
  ["GET /healthz (reference: routing only)", async () => {
    await (await app.request("/healthz")).text();
  }],
  ["fixed CPU work (reference: no vigil)", async () => cpuWork()],
];

const times = new Map<string, number[]>();
for (const mode of ["back to back", `after ${idleMs} ms idle`]) {
  for (const [name] of probes) times.set(`${name}|${mode}`, []);
}
// Warm up every path, then alternate the modes in blocks so drift hits both alike.
for (let i = 0; i < 100; i++) for (const [, f] of probes) await f();
for (let block = 0; block < 10; block++) {
  for (const mode of ["back to back", `after ${idleMs} ms idle`]) {
    for (let i = 0; i < n / 10; i++) {
      for (const [name, f] of probes) {
        if (mode !== "back to back") await Bun.sleep(idleMs);
        const t0 = performance.now();
        await f();
        times.get(`${name}|${mode}`)?.push(performance.now() - t0);
      }
    }
  }
}
deps.close();

const ms = (x: number) => x.toFixed(3);
console.log(
  `## server-side time after idle, ${n} calls per cell, load average ${
    loadavg().map((l) => l.toFixed(2)).join(" ")
  } (sink ${sink % 10})\n`,
);
console.log("| what | back to back: median ms | after idle: median ms | p90 after idle | after idle / back to back |");
console.log("| --- | ---: | ---: | ---: | ---: |");
for (const [name] of probes) {
  const a = times.get(`${name}|back to back`) ?? [];
  const b = times.get(`${name}|after ${idleMs} ms idle`) ?? [];
  console.log(
    `| ${name} | ${ms(median(a))} | ${ms(median(b))} | ${ms(quantile(b, 0.9))} | ${
      (median(b) / median(a)).toFixed(2)
    }× |`,
  );
}
