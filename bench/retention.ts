/**
 * A year of a fleet's data: builds a store of `--events` audit events over `--sessions`
 * sessions spread over 365 days (one transaction of prepared inserts, cached in bench/data/),
 * then on a copy: `vigil report --since 30d` and `--since 365d` (wall time and peak RSS,
 * GNU time) before and after `vigil gc`, the database size before and after gc, `/api/events`
 * paged to the end by `after_id` (the server's peak RSS after the first page and after the
 * last), and `vigil hook` / `vigil watch --once` against an empty store and against the
 * year's store, interleaved with the compiled no-op (ratios in the same run).
 *
 *   bun run compile.ts --single && bun bench/retention.ts [--events 10000000] [--sessions 50000] [--runs 9]
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ensureYear, yearEnv } from "./year-store.ts";
import { type Cmd, ensureNoop, median, report, timeAll } from "./lib.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    events: { type: "string", default: "10000000" },
    sessions: { type: "string", default: "50000" },
    runs: { type: "string", default: "9" },
    // Reuse the store as the first gc left it (cached in bench/data/ by an earlier run): skips
    // the before-gc reports and the 7-minute first gc when only the after-gc figures are wanted.
    "after-gc": { type: "boolean", default: false },
  },
  strict: true,
});
const EVENTS = Number(values.events), SESSIONS = Number(values.sessions), RUNS = Number(values.runs);
const ROOT = join(import.meta.dir, "..");
const BIN = join(ROOT, "dist", "vigil");
const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);
const fileBytes = (f: string) => (statSync(f, { throwIfNoEntry: false })?.size ?? 0);
const dbBytes = (f: string) => fileBytes(f) + fileBytes(f + "-wal");

/** Wall ms, CPU ms (user + system) and peak RSS (MiB) of one run of `args`, medians over `runs`. */
function measure(args: string[], env: Record<string, string>, runs: number): { ms: number; cpu: number; rss: number } {
  const ms: number[] = [], cpu: number[] = [], rss: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const r = Bun.spawnSync(["/usr/bin/time", "-f", "%M %U %S", BIN, ...args], {
      env,
      stdout: "ignore",
      stderr: "pipe",
    });
    ms.push(performance.now() - t0);
    if (r.exitCode !== 0) throw new Error(`vigil ${args.join(" ")} exited ${r.exitCode}: ${r.stderr}`);
    const [kb, user, sys] = r.stderr.toString().trim().split("\n").at(-1)?.split(" ").map(Number) ?? [];
    rss.push(kb / 1024);
    cpu.push((user + sys) * 1000);
  }
  return { ms: median(ms), cpu: median(cpu), rss: median(rss) };
}

const year = ensureYear(EVENTS, SESSIONS);
const collected = year.replace(/\.db$/, "-gc.db");
const reuse = values["after-gc"] && existsSync(collected);
const home = mkdtempSync(join(tmpdir(), "vigil-bench-year-"));
copyFileSync(reuse ? collected : year, join(home, "vigil.db"));
const env = yearEnv(home);
const db = join(home, "vigil.db");
const out: string[] = [];
const row = (what: string, m: { ms: number; cpu: number; rss: number }) =>
  out.push(`| ${what} | ${m.ms.toFixed(0)} | ${m.cpu.toFixed(0)} | ${m.rss.toFixed(1)} |`);
// A newer binary migrates the copied store on its first command: not part of any figure.
const migrate = measure(["report", "--since", "1m"], env, 1);
out.push(`## A year of a fleet (\`bun bench/retention.ts --events ${EVENTS} --sessions ${SESSIONS} --runs ${RUNS}\`)`);
out.push("", `first command on the copy, migrations included: ${migrate.ms.toFixed(0)} ms`);
out.push("", "| command | median ms | median CPU ms | peak RSS MiB |", "|---|---:|---:|---:|");
const reportRuns = Math.max(1, RUNS);
if (!reuse) {
  row("report --since 30d, before gc", measure(["report", "--since", "30d", "--json"], env, reportRuns));
  const before = dbBytes(db);
  row("gc (first run: a year of detail)", measure(["gc"], env, 1));
  const after = dbBytes(db);
  out.push("", `database: ${mb(before)} MB before gc, ${mb(after)} MB after (${(after / before).toFixed(3)}×)`, "");
  if (!existsSync(collected)) copyFileSync(db, collected);
}
row("report --since 30d, after gc", measure(["report", "--since", "30d", "--json"], env, reportRuns));
row("report --since 30d, after gc, text", measure(["report", "--since", "30d"], env, reportRuns));
row("report --since 365d, after gc", measure(["report", "--since", "365d", "--json"], env, reportRuns));
row("report --since 365d, after gc, text", measure(["report", "--since", "365d"], env, reportRuns));

// /api/events paged to the end, three times over: the server's resident and peak RSS after
// page 10 (warm) and after each round. Constant memory shows as equal figures round after round.
{
  const server = Bun.spawn([BIN, "serve", "--listen", "127.0.0.1:0"], { env, stdout: "pipe", stderr: "ignore" });
  const reader = server.stdout.getReader();
  let line = "";
  while (!line.includes("\n")) line += new TextDecoder().decode((await reader.read()).value);
  const url = /listening on (\S+) /.exec(line)?.[1];
  if (!url) throw new Error(`vigil serve did not start: ${line}`);
  const mem = () => {
    const s = readFileSync(`/proc/${server.pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(s)?.[1] ?? 0) / 1024;
    return `${kb("VmRSS").toFixed(1)}/${kb("VmHWM").toFixed(1)}`;
  };
  const start = mem();
  const marks: string[] = [];
  let pages = 0, rows = 0;
  const t0 = performance.now();
  for (let round = 1; round <= 3; round++) {
    let after = 0;
    for (;;) {
      const page: { id: number }[] = await (await fetch(`${url}/api/events?after_id=${after}&limit=5000`)).json();
      if (page.length === 0) break;
      const next = page[page.length - 1].id;
      if (next <= after) throw new Error(`paging made no progress after id ${after}`);
      pages++, rows += page.length, after = next;
      if (pages === 10) marks.push(`page 10: ${mem()}`);
    }
    marks.push(`round ${round} (page ${pages}): ${mem()}`);
  }
  const wall = performance.now() - t0;
  server.kill();
  await server.exited;
  out.push(
    "",
    `/api/events by after_id, limit 5000, the whole log 3 times: ${rows} rows in ${pages} pages, ${
      (wall / 1000).toFixed(1)
    } s; serve RSS/peak MiB at start ${start}; ${marks.join("; ")}`,
  );
}

// The hook and watch --once against an empty store and against the year's (after gc).
{
  const noop = ensureNoop();
  const empty = mkdtempSync(join(tmpdir(), "vigil-bench-empty-"));
  const transcript = join(empty, "t.jsonl");
  writeFileSync(transcript, "");
  const payload = (id: string) =>
    new TextEncoder().encode(JSON.stringify({
      session_id: id,
      transcript_path: transcript,
      cwd: "/tmp",
      hook_event_name: "PreToolUse",
      tool_name: "Read",
      tool_input: { file_path: "/tmp/x" },
      tool_use_id: "toolu_bench",
    }));
  const watchEnv = (h: string) => ({ ...yearEnv(h), CLAUDE_CONFIG_DIR: join(h, "claude") });
  const cmds: Cmd[] = [
    { name: "no-op (compiled bun)", argv: [noop], stdin: payload("noop") },
    { name: "hook, empty store", argv: [BIN, "hook"], stdin: payload("bench-empty"), env: yearEnv(empty) },
    { name: "hook, year store", argv: [BIN, "hook"], stdin: payload("bench-year"), env },
    { name: "watch --once, empty store", argv: [BIN, "watch", "--once"], env: watchEnv(empty) },
    { name: "watch --once, year store", argv: [BIN, "watch", "--once"], env: watchEnv(home) },
  ];
  out.push(
    "",
    report(
      `hook and watch, ${RUNS} interleaved runs each`,
      timeAll(cmds, RUNS),
      "no-op (compiled bun)",
      "hook, empty store",
    ),
  );
}
console.log(out.join("\n"));
rmSync(home, { recursive: true, force: true });
