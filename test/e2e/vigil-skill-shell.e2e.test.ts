/**
 * The HARD hole of the skill shell (issue 14, point 2), with the real newest CLI: the inline
 * `!` shell of a slash command never goes through PreToolUse, only through
 * PreSkillShellCommand (2.1.332). A worker at HARD that runs a pass command (a user-configured
 * `/ship`) gets its `touch` denied and its `echo` through (a `!` line that fails, like `git status` outside a
 * repository, aborts the whole command before any request); below HARD the same command
 * runs untouched. 2.1.88 has no such event (the shell runs unguarded there; see
 * docs/claude-code-versions.md).
 */
import { expect, test } from "bun:test";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { allText } from "./api-request.ts";
import { E2E_TIMEOUT_MS, runClaude } from "./runner.ts";
import { createSandbox, type Sandbox } from "./sandbox.ts";
import { bash, contextOf, text } from "./scenario.ts";
import { vigilEvents } from "./vigil-db.ts";

const agents = { worker: { description: "Works one ticket", prompt: "You are E2E_WORKER." } };
const MARKER = "shipped.txt";

/** A sandbox with a `/ship` project command whose inline shell writes a marker and one that only echoes. */
function shipSandbox(): Sandbox {
  const sb = createSandbox();
  mkdirSync(join(sb.cwd, ".claude", "commands"), { recursive: true });
  writeFileSync(
    join(sb.cwd, ".claude", "commands", "ship.md"),
    `---\ndescription: ship\n---\nRelease: !\`touch ${MARKER}\`\n\nNote: !\`echo ready-to-hand-over\`\n`,
  );
  // `/ship` passes the SOFT/HARD prompt guard as a configured pass command: its shell is the hole.
  writeFileSync(join(sb.vigilHome, "config.toml"), 'passCommands = ["/pre-compact-save", "/compact", "/ship"]\n');
  return sb;
}

const skillRecords = (home: string) =>
  vigilEvents(home).filter((e) => e.kind === "guard" && e.detail.event === "PreSkillShellCommand");

test("worker at HARD: the skill shell's touch is denied, its echo allowed", async () => {
  const sandbox = shipSandbox();
  const first = await runClaude({
    prompt: "Fix the CSV parser ticket",
    agent: "worker",
    agentsJson: agents,
    sandbox,
    scenario: {
      turns: [
        bash("echo one", contextOf(310_000)),
        bash("echo checkpoint", contextOf(311_000)),
        text("New session needed.", contextOf(312_000)),
      ],
    },
  });
  try {
    expect(first.exitCode).toBe(0);
    const second = await runClaude({
      prompt: "/ship",
      agent: "worker",
      agentsJson: agents,
      resume: { sandbox, sessionId: first.sessionId },
      scenario: { turns: [text("Shipped?", contextOf(313_000))] },
    });
    expect(second.exitCode).toBe(0);
    expect(existsSync(join(sandbox.cwd, MARKER))).toBe(false);
    const main = second.requests.filter((r) => r.kind === "main");
    expect(main).toHaveLength(1);
    expect(allText(main[0])).toMatch(/Release: \[not run: blocked by hook: [^\]]*hard limit/);
    expect(allText(main[0])).toContain("Note: ready-to-hand-over");
    // One run recorded them in the other order: the `!` lines may be checked concurrently.
    const decisions = skillRecords(sandbox.vigilHome).map((e) => `${e.detail.decision} ${e.detail.rule}`);
    expect(decisions.sort()).toEqual(["allow bash-allowed", "deny bash-forbidden:touch"]);
  } finally {
    first.cleanup();
  }
}, E2E_TIMEOUT_MS * 2);

test("worker below HARD: the skill shell runs and is only measured", async () => {
  const sandbox = shipSandbox();
  const r = await runClaude({
    prompt: "/ship",
    agent: "worker",
    agentsJson: agents,
    sandbox,
    scenario: { turns: [text("Shipped.", contextOf(20_000))] },
  });
  try {
    expect(r.exitCode).toBe(0);
    expect(existsSync(join(sandbox.cwd, MARKER))).toBe(true);
    expect(skillRecords(sandbox.vigilHome)).toEqual([]);
    const hooks = vigilEvents(sandbox.vigilHome).filter((e) => e.kind === "hook");
    expect(hooks.filter((e) => e.detail.event === "PreSkillShellCommand")).toHaveLength(2);
  } finally {
    r.cleanup();
  }
}, E2E_TIMEOUT_MS);
