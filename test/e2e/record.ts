/**
 * Records fresh fixtures from the real CLI, in the layout of `test/fixtures/claude-code-<v>/`:
 * `hooks/<run>/<Event>.jsonl` (lines `{ts, argv, cwd, env, stdin}`), `streams/<run>.jsonl`,
 * `transcripts/<run>.jsonl`. Sandbox paths become `/home/dev/harness`.
 *
 *   node_modules/.bin/bun test/e2e/record.ts 2.1.337 /tmp/fixtures-new [run…]
 *
 * Runs: basic, upsblock, deny_stop, compact1, tui (every version); failure (a failed tool call,
 * then a usage-limit error ending the turn: PostToolUseFailure, StopFailure) and interrupt (a
 * headless interrupt mid-answer: Interrupt, 2.1.336 on; interrupt_session: the same interrupt sent
 * as another session's). Name runs to record only those.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ALL_VERSIONS, type ClaudeVersion } from "./cli.ts";
import { runInterrupted } from "./interrupt.ts";
import { blockPrompt, blockStop, denyTool, type HookRecord } from "./recorder-rules.ts";
import { runClaude, type RunResult } from "./runner.ts";
import { recorder, removeSandbox } from "./sandbox.ts";
import { apiError, bash, contextOf, text } from "./scenario.ts";
import { runTui } from "./tmux.ts";

type Captured = Pick<RunResult, "hookRecords" | "transcript" | "sandbox"> & { stream: Record<string, unknown>[] };

function sanitize(s: string, root: string): string {
  const slug = root.replace(/[^a-zA-Z0-9]/g, "-");
  return s.replaceAll(root, "/home/dev/harness").replaceAll(slug, "-home-dev-harness");
}

function jsonl(rows: unknown[], root: string): string {
  return rows.map((r) => sanitize(JSON.stringify(r), root)).join("\n") + (rows.length > 0 ? "\n" : "");
}

function save(out: string, run: string, c: Captured): void {
  const root = c.sandbox.root;
  const byEvent = new Map<string, HookRecord[]>();
  for (const h of c.hookRecords) byEvent.set(h.event, [...(byEvent.get(h.event) ?? []), h]);
  mkdirSync(join(out, "hooks", run), { recursive: true });
  for (const [event, records] of byEvent) {
    // The recorder's own state directory is the harness's, not Claude Code's: never part of a fixture.
    const rows = records.map((h) => {
      const { VIGIL_HOME: _own, ...env } = h.env ?? {};
      return { ts: h.ts, argv: [event], cwd: h.payload.cwd, env, stdin: h.payload };
    });
    writeFileSync(join(out, "hooks", run, `${event}.jsonl`), jsonl(rows, root));
  }
  const files: Array<[string, Record<string, unknown>[]]> = [["streams", c.stream], ["transcripts", c.transcript]];
  for (const [dir, rows] of files) {
    if (rows.length === 0) continue;
    mkdirSync(join(out, dir), { recursive: true });
    writeFileSync(join(out, dir, `${run}.jsonl`), jsonl(rows, root));
  }
}

async function main(version: ClaudeVersion, out: string, only: string[]): Promise<void> {
  const basic = { turns: [bash("echo hi", contextOf(30_000)), text("All done.", contextOf(31_000))] };
  const runs: Array<[string, () => Promise<Captured>]> = [
    ["basic", () => runClaude({ version, prompt: "say hi", scenario: basic, hooks: recorder() })],
    [
      "upsblock",
      () =>
        runClaude({ version, prompt: "blocked", scenario: basic, hooks: recorder([blockPrompt("UPS_BLOCK_REASON")]) }),
    ],
    ["deny_stop", () =>
      runClaude({
        version,
        prompt: "deny then stop",
        scenario: { turns: [bash("rm -rf build"), text("I'll continue with the build."), text("Built.")] },
        hooks: recorder([denyTool("PTU_DENY_REASON"), blockStop("STOP_BLOCK_REASON")]),
      })],
    ["compact1", async () => {
      const first = await runClaude({ version, prompt: "work", scenario: basic, hooks: recorder() });
      return runClaude({ version, prompt: "/compact", resume: first, scenario: { turns: [] }, hooks: recorder() });
    }],
    ["failure", () =>
      runClaude({
        version,
        prompt: "build it",
        scenario: { turns: [bash("exit 3"), apiError("Rate limit reached for requests")] },
        hooks: recorder(),
        // No retries: the usage-limit error ends the turn at once.
        env: { CLAUDE_CODE_MAX_RETRIES: "0" },
      })],
    ["interrupt", () => runInterrupted({ version, hooks: recorder() })],
    // Another session's interrupt: the transcript's note says "by user" all the same, and from
    // 2.1.337 only a person's carries `interruptedByCancel`.
    ["interrupt_session", () => runInterrupted({ version, hooks: recorder(), interruptedBy: "session" })],
    ["tui", async () => {
      const r = await runTui({
        version,
        prompt: "hello",
        scenario: basic,
        hooks: recorder(),
        until: (_, hooks) => hooks.some((h) => h.event === "Stop"),
      });
      return { ...r, stream: [] };
    }],
  ];
  for (const [name, run] of runs.filter(([n]) => only.length === 0 || only.includes(n))) {
    const c = await run();
    save(out, name, c);
    removeSandbox(c.sandbox);
    console.log(`recorded "${name}": ${c.hookRecords.length} hook calls, ${c.transcript.length} transcript records`);
  }
}

const [version, out, ...only] = process.argv.slice(2);
const known = ALL_VERSIONS.find((v) => v === version);
if (known === undefined || out === undefined) {
  console.error(`usage: bun test/e2e/record.ts ${ALL_VERSIONS.join("|")} OUT_DIR [run…]`);
  process.exit(2);
}
await main(known, out, only);
