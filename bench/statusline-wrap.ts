/**
 * The wrapped statusLine (`vigil install` over a statusLine the user already has): what vigil
 * adds on top of the user's own command. One interleaved run of: the compiled Bun no-op, the
 * user's command alone (bash+jq, run through `sh -c` as Claude Code runs it), `vigil statusline`
 * and `vigil statusline --wrap '<user's command>'`, on the recorded 2.1.328 statusLine payload.
 * vigil starts the user's command first and records alongside it, so its share is the
 * difference between the wrapped run and the user's command alone.
 *
 *   bun run compile.ts --single && bun bench/statusline-wrap.ts [--runs 30]
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type Cmd, ensureNoop, report, timeAll } from "./lib.ts";

const { values } = parseArgs({ args: Bun.argv.slice(2), options: { runs: { type: "string", default: "30" } } });
const runs = Number(values.runs);
const ROOT = join(import.meta.dir, "..");
const BIN = join(ROOT, "dist", "vigil");
const noop = ensureNoop();
const line = readFileSync(join(ROOT, "test/fixtures/claude-code-2.1.328/hooks/tui/StatusLine.jsonl"), "utf8")
  .split("\n").filter(Boolean).at(-1)!;
const stdin = new TextEncoder().encode(JSON.stringify(JSON.parse(line).stdin));
const user = join(import.meta.dir, "user-statusline.sh");
const home = mkdtempSync(join(tmpdir(), "vigil-bench-wrap-"));
const env = { PATH: process.env.PATH ?? "", HOME: home, VIGIL_HOME: home, NO_COLOR: "1" };

const cmds: Cmd[] = [
  { name: "no-op (compiled bun)", argv: [noop], stdin },
  { name: "user's statusLine alone", argv: ["/bin/sh", "-c", user], stdin, env },
  { name: "vigil statusline", argv: [BIN, "statusline"], stdin, env },
  { name: "vigil statusline --wrap user's", argv: [BIN, "statusline", "--wrap", user], stdin, env },
];
// What the screen shows: the user's line, fresh or (past the 250 ms cap on a loaded machine)
// their last one for the session; vigil's own only when the first run of a session is late.
const alone = Bun.spawnSync(cmds[1].argv, { stdin, env }).stdout.toString();
const shown = Array.from({ length: 5 }, () => Bun.spawnSync(cmds[3].argv, { stdin, env }).stdout.toString());
const theirs = shown.filter((s) => s === alone).length;
if (theirs === 0 || shown.some((s) => s !== alone && !s.startsWith("vigil "))) {
  throw new Error(`the wrapped line is neither the user's nor vigil's: "${shown}"`);
}
console.log(`the user's own line in ${theirs} of 5 wrapped renders (the others: late on this machine, vigil's line)`);
console.log(`load average at the start: ${loadavg().map((x) => x.toFixed(1)).join(" ")}\n`);
const t = timeAll(cmds, runs);
console.log(
  report(`wrapped statusLine, ${runs} interleaved runs each`, t, "user's statusLine alone", "no-op (compiled bun)"),
);
const byName = (n: string) => t.find((x) => x.name === n)!.median;
const share = byName("vigil statusline --wrap user's") - byName("user's statusLine alone");
console.log(
  `\nvigil's share on top of the user's command: ${share.toFixed(2)} ms median ` +
    `(${
      (share / byName("no-op (compiled bun)")).toFixed(2)
    }× the no-op); the printed line is the user's, byte for byte`,
);
