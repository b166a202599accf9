/**
 * `vigil hook` PreToolUse and `vigil statusline` as whole processes, against a compiled Bun
 * no-op and a bash+jq hook that only parses stdin, in one interleaved run; transcripts of
 * 1 MB, 100 MB and 1 GB; plus 50 concurrent hooks on one session (errors, lost updates).
 *
 *   bun run compile.ts --single && bun bench/hook.ts [--runs 30] [--no-1g]
 */
import { Database } from "bun:sqlite";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type Cmd, DATA, ensureNoop, ensureTranscript, report, timeAll } from "./lib.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: { runs: { type: "string", default: "30" }, "no-1g": { type: "boolean" } },
  strict: true,
});
const runs = Number(values.runs);
const ROOT = join(import.meta.dir, "..");
const BIN = join(ROOT, "dist", "vigil");

const noop = ensureNoop();

const sizes: [string, number][] = [["1MB", 1e6], ["100MB", 1e8]];
if (!values["no-1g"]) sizes.push(["1GB", 1e9]);
for (const [label, bytes] of sizes) ensureTranscript(label, bytes);

const fixture =
  readFileSync(join(ROOT, "test/fixtures/claude-code-2.1.328/hooks/basic/PreToolUse.jsonl"), "utf8").split("\n")[0];
const base = JSON.parse(fixture).stdin;
const statusFixture = readFileSync(join(ROOT, "test/fixtures/claude-code-2.1.328/hooks/tui/StatusLine.jsonl"), "utf8")
  .split("\n").filter(Boolean).at(-1)!;
const statusPayload = JSON.parse(statusFixture).stdin;
const env = (home: string) => ({ PATH: process.env.PATH ?? "", HOME: home, VIGIL_HOME: home, NO_COLOR: "1" });
const enc = (o: unknown) => new TextEncoder().encode(JSON.stringify(o));

const cmds: Cmd[] = [
  { name: "no-op (compiled bun)", argv: [noop], stdin: enc(base) },
  { name: "bash+jq parse-only", argv: [join(import.meta.dir, "jq-hook.sh")], stdin: enc(base) },
];
for (const [label] of sizes) {
  const home = mkdtempSync(join(tmpdir(), "vigil-bench-"));
  const payload = { ...base, session_id: `bench-${label}`, transcript_path: join(DATA, `transcript-${label}.jsonl`) };
  cmds.push({ name: `vigil hook PreToolUse ${label}`, argv: [BIN, "hook"], stdin: enc(payload), env: env(home) });
}
{
  const home = mkdtempSync(join(tmpdir(), "vigil-bench-"));
  cmds.push({ name: "vigil statusline", argv: [BIN, "statusline"], stdin: enc(statusPayload), env: env(home) });
}

const timings = timeAll(cmds, runs);
console.log(
  report(`hook and statusline, ${runs} interleaved runs each`, timings, "no-op (compiled bun)", "bash+jq parse-only"),
);

// Peak RSS of one hook call (GNU time), 100 MB transcript.
if (existsSync("/usr/bin/time")) {
  const c = cmds.find((x) => x.name.includes("100MB"))!;
  const r = Bun.spawnSync(["/usr/bin/time", "-f", "%M", ...c.argv], {
    stdin: c.stdin,
    env: c.env,
    stderr: "pipe",
    stdout: "ignore",
  });
  console.log(
    `\npeak RSS, vigil hook with a 100 MB transcript: ${
      (Number(r.stderr.toString().trim().split("\n").at(-1)) / 1024).toFixed(1)
    } MiB`,
  );
}

// 50 concurrent hook processes on one session.
{
  const home = mkdtempSync(join(tmpdir(), "vigil-bench-"));
  const payload = { ...base, session_id: "bench-concurrent", transcript_path: join(DATA, "transcript-1MB.jsonl") };
  const t0 = performance.now();
  const procs = Array.from(
    { length: 50 },
    () => Bun.spawn([BIN, "hook"], { stdin: enc(payload), env: env(home), stdout: "ignore" }),
  );
  const codes = await Promise.all(procs.map((p) => p.exited));
  const wall = performance.now() - t0;
  const db = new Database(join(home, "vigil.db"), { readonly: true });
  const hooks = db.query<{ n: number }, []>("SELECT count(*) AS n FROM events WHERE kind = 'hook'").get()?.n ?? 0;
  const errors = db.query<{ n: number }, []>("SELECT count(*) AS n FROM events WHERE kind = 'hook_error'").get()?.n ??
    0;
  db.close();
  console.log(
    `\n50 concurrent hooks on one session: ${codes.filter((c) => c !== 0).length} non-zero exits, ${errors} errors, ` +
      `${50 - hooks} lost updates, ${wall.toFixed(0)} ms wall for all 50`,
  );
}
