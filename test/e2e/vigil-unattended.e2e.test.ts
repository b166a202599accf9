/**
 * The unattended Stop gate under the real CLI (issue 6): with `vigil night on`, a turn that ends
 * announcing work is sent back with vigil's reason as "Stop hook feedback:"; an approval wait
 * ends the turn; the per-session cap holds across turns; with the mode off nothing is blocked.
 * Every decision leaves a `stop_gate` record (gate, pattern) in vigil.db.
 */
import { expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { type ApiRequest, lastUserText, stopFeedback } from "./api-request.ts";
import { type ClaudeVersion, NEWEST } from "./cli.ts";
import { E2E_TIMEOUT_MS, runClaude, type RunResult } from "./runner.ts";
import { createSandbox, removeSandbox, type Sandbox, vigilBin } from "./sandbox.ts";
import { type Reply, text, toolUse } from "./scenario.ts";
import { vigilEvents } from "./vigil-db.ts";

const ANNOUNCE = "I'll continue with the parser fix next.";

/** `vigil night <args>` with the sandbox's HOME and VIGIL_HOME, as a person would run it. */
function night(s: Sandbox, ...args: string[]): string {
  // The sandbox has no watch schedule and no notifier: these tests are about the Stop gate,
  // and `night on`'s refusal of such a host is tested in test/cli/night.test.ts.
  const force = args[0] === "on" ? ["--force"] : [];
  const p = Bun.spawnSync([vigilBin(), "night", ...args, ...force], {
    cwd: s.cwd,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: s.home, VIGIL_HOME: s.vigilHome, TZ: "UTC", NO_COLOR: "1" },
  });
  if (p.exitCode !== 0) throw new Error(`vigil night ${args.join(" ")}: ${p.stderr.toString()}`);
  return p.stdout.toString();
}

/** The stop_gate records as [decision, gate, pattern]. */
function gates(r: RunResult): [unknown, unknown, unknown][] {
  return vigilEvents(r.vigilHome).filter((e) => e.kind === "stop_gate").map((
    e,
  ) => [e.detail.decision, e.detail.gate, e.detail.pattern]);
}

const mains = (r: RunResult): ApiRequest[] => r.requests.filter((q) => q.kind === "main");

async function withSandbox(run: (s: Sandbox) => Promise<void>): Promise<void> {
  const s = createSandbox();
  try {
    await run(s);
  } finally {
    removeSandbox(s);
  }
}

test.each<ClaudeVersion>([NEWEST, "2.1.88"])(
  "mode on: an announced stop is sent back with vigil's reason, the next stop goes through (%s)",
  (version) =>
    withSandbox(async (s) => {
      expect(night(s, "on", "--scope", s.cwd)).toContain("unattended mode on");
      const r = await runClaude({
        version,
        sandbox: s,
        prompt: "Fix the CSV parser ticket",
        scenario: {
          turns: [
            text(`The failing test is in the CSV quoting path. ${ANNOUNCE}`),
            (req) => text(stopFeedback(lastUserText(req)) !== null ? "Parser fixed; tests pass." : "no feedback seen"),
          ],
        },
      });
      expect(r.exitCode).toBe(0);
      expect(r.unusedTurns).toBe(0);
      const fed = lastUserText(mains(r)[1]);
      expect(stopFeedback(fed)).toStartWith("vigil (unattended mode): your turn ended right after announcing work");
      expect(fed).toContain(`"${ANNOUNCE}"`);
      expect(fed).toContain("(stop block 1/40)");
      expect(r.stream.at(-1)).toMatchObject({ type: "result", result: "Parser fixed; tests pass." });
      expect(gates(r)).toEqual([["block", "announcement", "en.future"], ["pass", "recursion", null]]);
    }),
  E2E_TIMEOUT_MS,
);

test("mode on: an approval wait is not pushed", () =>
  withSandbox(async (s) => {
    night(s, "on", "--scope", s.cwd);
    const r = await runClaude({
      sandbox: s,
      prompt: "Migrate the schema",
      scenario: { turns: [text("Shall I proceed with the migration? AWAITING APPROVAL: schema change")] },
    });
    expect(r.exitCode).toBe(0);
    expect(mains(r)).toHaveLength(1);
    expect(gates(r)).toEqual([["pass", "approval", "en.escape.approval"]]);
  }), E2E_TIMEOUT_MS);

test("mode off: an announced stop goes through", () =>
  withSandbox(async (s) => {
    night(s, "on", "--scope", s.cwd);
    night(s, "off");
    const r = await runClaude({
      sandbox: s,
      prompt: "Fix the CSV parser ticket",
      scenario: { turns: [text(ANNOUNCE)] },
    });
    expect(r.exitCode).toBe(0);
    expect(mains(r)).toHaveLength(1);
    expect(mains(r).some((q) => stopFeedback(lastUserText(q)) !== null)).toBe(false);
    expect(gates(r)).toEqual([["pass", "mode", null]]);
  }), E2E_TIMEOUT_MS);

/** Starts a background command; its completion wakes the session for a new turn. */
const background = (label: string): Reply =>
  toolUse("Bash", { command: `sleep 2; echo ${label}`, run_in_background: true, description: label });

test(
  "the cap holds across turns: stop_cap = 2 blocks twice, then the announced stop goes through",
  () =>
    withSandbox(async (s) => {
      writeFileSync(join(s.vigilHome, "config.toml"), "stop_cap = 2\n");
      night(s, "on", "--scope", s.cwd);
      // Three turns end announcing work: the prompt's, and one per background completion. Each
      // is blocked once (the stop right after a block has stop_hook_active and passes) until the
      // session has used its 2 blocks.
      const r = await runClaude({
        sandbox: s,
        prompt: "Fix the CSV parser ticket",
        scenario: {
          turns: [
            background("one"),
            text(ANNOUNCE),
            text(ANNOUNCE), // after the feedback: passes as recursion
            background("two"), // woken by "one"
            text(ANNOUNCE),
            text(ANNOUNCE),
            text(ANNOUNCE), // woken by "two": the cap is reached
          ],
        },
      });
      expect(r.exitCode).toBe(0);
      expect(r.unusedTurns).toBe(0);
      const fed = mains(r).map((q) => stopFeedback(lastUserText(q))).filter((t) => t !== null);
      expect(fed.map((t) => /\(stop block (\d+\/\d+)\)/.exec(t)?.[1])).toEqual(["1/2", "2/2"]);
      expect(gates(r).map(([d, g]) => `${d}:${g}`)).toEqual([
        "block:announcement",
        "pass:recursion",
        "block:announcement",
        "pass:recursion",
        "pass:cap",
      ]);
    }),
  E2E_TIMEOUT_MS,
);

test.each<ClaudeVersion>([NEWEST, "2.1.88"])(
  "the progress breaker: a pushed session that makes no tool call is not pushed again for the same announcement (%s)",
  (version) =>
    withSandbox(async (s) => {
      night(s, "on", "--scope", s.cwd);
      // The push asks for tool calls; the model answers with words only, and when the
      // background completion wakes it, ends on the same announcement again.
      const r = await runClaude({
        version,
        sandbox: s,
        prompt: "Fix the CSV parser ticket",
        scenario: {
          turns: [
            background("one"),
            text(ANNOUNCE),
            text(ANNOUNCE), // after the feedback: passes as recursion, no tool call
            text(ANNOUNCE), // woken by "one": no work since the push, not pushed again
          ],
        },
      });
      expect(r.exitCode).toBe(0);
      expect(r.unusedTurns).toBe(0);
      expect(mains(r).map((q) => stopFeedback(lastUserText(q))).filter((t) => t !== null)).toHaveLength(1);
      expect(gates(r).map(([d, g]) => `${d}:${g}`)).toEqual(["block:announcement", "pass:recursion", "pass:progress"]);
      const held = vigilEvents(r.vigilHome).filter((e) => e.kind === "stop_gate").at(-1)?.detail;
      expect(held).toMatchObject({ lastPush: { gate: "announcement", workFollowed: false } });
    }),
  E2E_TIMEOUT_MS,
);
