/**
 * `vigil install --user` must never break `claude --worktree` (issue: a passive hook on
 * WorktreeCreate replaces Claude Code's own `git worktree add`). With the real CLI, offline:
 * install into a throwaway HOME, then `claude -p --worktree wt1` in a git repository creates
 * the worktree and runs the session inside it, with vigil's hooks firing there. The control
 * shows the test would catch the regression: the same run with `vigil hook` on WorktreeCreate
 * fails as users saw it.
 */
import { expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { registeredEvents } from "../../src/core/install/handled.ts";
import { toolResults } from "./api-request.ts";
import { type ClaudeVersion, NEWEST, OLDEST } from "./cli.ts";
import { E2E_TIMEOUT_MS, runClaude } from "./runner.ts";
import { createSandbox, removeSandbox, type Sandbox } from "./sandbox.ts";
import { bash, text } from "./scenario.ts";
import { installVigil } from "./vigil-install.ts";

function git(cwd: string, ...args: string[]): void {
  const p = Bun.spawnSync(["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid", ...args], {
    cwd,
    stdout: "ignore",
    stderr: "pipe",
  });
  if (p.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${p.stderr.toString()}`);
}

/** A sandbox whose work dir is a git repository with one commit. */
function repoSandbox(): Sandbox {
  const s = createSandbox();
  git(s.cwd, "init", "-q", "-b", "main");
  writeFileSync(join(s.cwd, "README.md"), "# project\n");
  git(s.cwd, "add", "README.md");
  git(s.cwd, "commit", "-q", "-m", "first");
  return s;
}

function sessionCwd(vigilHome: string, id: string): string | null {
  const db = new Database(join(vigilHome, "vigil.db"), { readonly: true });
  try {
    return db.query<{ cwd: string | null }, [string]>("SELECT cwd FROM sessions WHERE session_id = ?").get(id)?.cwd ??
      null;
  } finally {
    db.close();
  }
}

test.each<ClaudeVersion>([NEWEST, OLDEST])(
  "vigil install, then claude -p --worktree wt1 creates the worktree and works in it (%s)",
  async (version) => {
    const s = repoSandbox();
    try {
      const said = installVigil(s, version);
      expect(said).toContain(`for Claude Code ${version}: ${registeredEvents(version).events.length} events`);
      const settings = JSON.parse(readFileSync(join(s.home, ".claude", "settings.json"), "utf8"));
      expect(Object.keys(settings.hooks)).not.toContain("WorktreeCreate");
      const r = await runClaude({
        version,
        sandbox: s,
        hooks: "installed",
        prompt: "where am I?",
        args: ["--worktree", "wt1"],
        scenario: { turns: [bash("pwd"), text("In the worktree.")] },
      });
      expect(r.stderr).not.toContain("WorktreeCreate hook failed");
      expect(r.exitCode).toBe(0);
      const tree = join(s.cwd, ".claude", "worktrees", "wt1");
      expect(existsSync(join(tree, "README.md"))).toBe(true);
      const pwd = toolResults(r.requests.at(-1)!).map((t) => t.content.trim());
      expect(pwd).toEqual([realpathSync(tree)]);
      // vigil's hooks ran in the worktree session.
      expect(sessionCwd(s.vigilHome, r.sessionId)).toBe(realpathSync(tree));
    } finally {
      removeSandbox(s);
    }
  },
  E2E_TIMEOUT_MS,
);

test("control: a passive vigil hook on WorktreeCreate breaks claude --worktree, as users saw it", async () => {
  const s = repoSandbox();
  try {
    installVigil(s, NEWEST);
    const path = join(s.home, ".claude", "settings.json");
    const settings = JSON.parse(readFileSync(path, "utf8"));
    settings.hooks.WorktreeCreate = settings.hooks.Stop;
    writeFileSync(path, JSON.stringify(settings, null, 2));
    const r = await runClaude({
      sandbox: s,
      hooks: "installed",
      prompt: "where am I?",
      args: ["--worktree", "wt1"],
      scenario: { turns: [bash("pwd"), text("In the worktree.")] },
    });
    expect(r.exitCode).not.toBe(0);
    expect(r.stderr + JSON.stringify(r.stream)).toContain("WorktreeCreate hook failed");
    expect(existsSync(join(s.cwd, ".claude", "worktrees", "wt1"))).toBe(false);
  } finally {
    removeSandbox(s);
  }
}, E2E_TIMEOUT_MS);
