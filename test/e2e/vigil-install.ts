/**
 * `vigil install` the way a user runs it, into an e2e sandbox's HOME: the version is read from
 * the real CLI of the test (through `CLAUDE_BIN`), the settings file is the one Claude Code
 * then reads. Pair with `hooks: "installed"` so the run keeps what install wrote.
 */
import { expect } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { claudeCommand, type ClaudeVersion } from "./cli.ts";
import { type Sandbox, vigilBin } from "./sandbox.ts";

/**
 * Run `vigil install --user …args` for `version`; returns what it printed on stdout. Its stderr
 * must be empty, or hold `warning` when one is expected.
 */
export function installVigil(s: Sandbox, version: ClaudeVersion, args: string[] = [], warning?: string): string {
  const claude = join(s.root, "claude");
  const argv = claudeCommand(version).map((a) => `'${a}'`).join(" ");
  writeFileSync(claude, `#!/bin/sh\nexec ${argv} "$@"\n`, { mode: 0o755 });
  const p = Bun.spawnSync([vigilBin(), "install", "--user", ...args], {
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: s.home,
      VIGIL_HOME: s.vigilHome,
      CLAUDE_BIN: claude,
      DISABLE_AUTOUPDATER: "1",
    },
  });
  if (warning === undefined) expect(p.stderr.toString()).toBe("");
  else expect(p.stderr.toString()).toContain(warning);
  expect(p.exitCode).toBe(0);
  return p.stdout.toString();
}
