/**
 * A hook and a statusLine forwarded to a running `vigil serve` (`forwardCall` in src/main.ts)
 * against the same calls run in their own process (VIGIL_FORWARD=0) and against the compiled
 * no-op, in one run: payloads on a pipe, output to /dev/null, order rotated every round. The
 * pipe harness has no pty in it, so its ratios read higher than bench/side-by-side.ts's.
 *
 *   bun run compile.ts --single && bun bench/forward.ts [--runs 40]
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type Cmd, ensureNoop, ensureTranscript, median, medianRatio, timeRotated } from "./lib.ts";

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: { runs: { type: "string", default: "40" } },
  strict: true,
});
const ROOT = join(import.meta.dir, "..");
const BIN = join(ROOT, "dist", "vigil");
const home = mkdtempSync(join(tmpdir(), "vigil-forward-"));
const env = { PATH: process.env.PATH ?? "", HOME: home, VIGIL_HOME: home };
const transcript = ensureTranscript("1MB", 1e6);
const fixture = (path: string) =>
  JSON.parse(readFileSync(join(ROOT, "test/fixtures", path), "utf8").split("\n")[0]).stdin;
const pre = { ...fixture("claude-code-2.1.328/hooks/basic/PreToolUse.jsonl"), transcript_path: transcript };
const status = { ...fixture("claude-code-2.1.328/hooks/tui/StatusLine.jsonl"), transcript_path: transcript };
const bytes = (v: unknown) => new TextEncoder().encode(JSON.stringify(v));
const local = { ...env, VIGIL_FORWARD: "0" };

const server = Bun.spawn([BIN, "serve", "--listen", "127.0.0.1:0"], { env, stdout: "pipe", stderr: "inherit" });
const first = await server.stdout.getReader().read();
if (!new TextDecoder().decode(first.value).includes("hooks forward to")) throw new Error("serve has no hook socket");

const cmds: Cmd[] = [
  { name: "no-op (compiled bun)", argv: [ensureNoop()], stdin: bytes({}), env },
  { name: "vigil --version", argv: [BIN, "--version"], env },
  // Each session its own, so the forwarded and the local call do the same work.
  { name: "hook PreToolUse, via serve", argv: [BIN, "hook"], stdin: bytes({ ...pre, session_id: "f-pre" }), env },
  {
    name: "hook PreToolUse, own process",
    argv: [BIN, "hook"],
    stdin: bytes({ ...pre, session_id: "l-pre" }),
    env: local,
  },
  { name: "statusline, via serve", argv: [BIN, "statusline"], stdin: bytes({ ...status, session_id: "f-st" }), env },
  {
    name: "statusline, own process",
    argv: [BIN, "statusline"],
    stdin: bytes({ ...status, session_id: "l-st" }),
    env: local,
  },
];
const runs = Number(values.runs);
const samples = timeRotated(cmds, runs);
server.kill("SIGTERM");
await server.exited;
console.log(
  `## forwarded calls, ${runs} rounds on pipes, load average ${loadavg().map((l) => l.toFixed(2)).join(" ")}\n`,
);
console.log("| command | median ms | × no-op (median of pairs) |");
console.log("| --- | ---: | ---: |");
for (let j = 0; j < cmds.length; j++) {
  console.log(
    `| ${cmds[j].name} | ${median(samples[j]).toFixed(2)} | ${medianRatio(samples[j], samples[0]).toFixed(3)} |`,
  );
}
