/**
 * `vigil install --fail-closed` (issue 14, point 9), with the real newest CLI: the settings
 * install writes, with a vigil binary that crashes, block the tool call (Claude Code's
 * `onFailure: "block"`); the default install's settings let it run. The crashing binary stands
 * in for a broken vigil: a script named `vigil` that exits 3.
 */
import { expect, test } from "bun:test";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { toolResults } from "./api-request.ts";
import { E2E_TIMEOUT_MS, runClaude } from "./runner.ts";
import { createSandbox, removeSandbox } from "./sandbox.ts";
import { vigilIn } from "./vigil-cli.ts";
import { bash, text } from "./scenario.ts";

test.each<[string, string[], boolean]>([
  ["--fail-closed: a crashed vigil blocks the tool call", ["--fail-closed"], false],
  ["default: a crashed vigil lets it run (fail-open)", [], true],
])("%s", async (_name, flags, runs) => {
  const s = createSandbox();
  try {
    const broken = join(s.root, "bin", "vigil");
    mkdirSync(join(s.root, "bin"));
    writeFileSync(broken, "#!/bin/sh\nexit 3\n");
    chmodSync(broken, 0o755);
    vigilIn(s, "install", ...flags, "--claude-version", "2.1.332", "--bin", broken, "--statusline", "keep");
    const settings = JSON.parse(readFileSync(join(s.home, ".claude", "settings.json"), "utf8"));
    expect(settings.hooks.PreToolUse[0].hooks[0].onFailure).toBe(runs ? undefined : "block");
    const r = await runClaude({
      sandbox: s,
      prompt: "Fix the CSV parser ticket",
      hooks: "none",
      settings,
      scenario: { turns: [bash("touch ran.txt"), text("Done.")] },
    });
    expect(r.exitCode).toBe(0);
    expect(existsSync(join(s.cwd, "ran.txt"))).toBe(runs);
    const results = r.requests.filter((q) => q.kind === "main").flatMap(toolResults);
    expect(results.some((t) => t.isError && t.content.includes('onFailure is "block"'))).toBe(!runs);
  } finally {
    removeSandbox(s);
  }
}, E2E_TIMEOUT_MS);
