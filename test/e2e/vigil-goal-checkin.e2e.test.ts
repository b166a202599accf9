/**
 * Goal check-ins through the installed binary and the real CLI (2.1.336; `/goal` is 2.1.139+, so
 * not on 2.1.88): a TUI with `/goal` set ends its turn while a background shell runs. Claude Code
 * will wake it with a check-in CLAUDE_CODE_GOAL_CHECKIN_MINUTES later (docs/claude-code-versions.md
 * section 10; the timing itself is pinned on a recording in test/core/goal-checkin.test.ts), so
 * vigil's Stop hook puts it to sleep until then, not for the two hours background work alone
 * gets: the watch leaves it alone inside that and calls it stalled once the check-in is overdue.
 */
import { afterEach, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startFakeApi } from "../../src/prove/fake-api/server.ts";
import { seedClaudeJson, startPane, TUI_READY } from "../../src/prove/tmux-pane.ts";
import { claudeCommand, NEWEST } from "./cli.ts";
import { E2E_TIMEOUT_MS } from "./runner.ts";
import { createSandbox, offlineEnv, removeSandbox, type Sandbox, vigilBin, writeSettings } from "./sandbox.ts";
import { text, toolUse } from "./scenario.ts";
import { vigilEvents } from "./vigil-db.ts";
import { installVigil } from "./vigil-install.ts";

const MIN = 60_000;

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

function vigilAt(s: Sandbox, at: number | null, ...args: string[]) {
  const p = Bun.spawnSync([vigilBin(), ...args], {
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: s.home,
      VIGIL_HOME: s.vigilHome,
      TZ: "UTC",
      NO_COLOR: "1",
      TMUX_TMPDIR: join(s.root, "tmuxtmp"),
      ...(at === null ? {} : { VIGIL_NOW: String(at) }),
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  return { code: p.exitCode, stdout: p.stdout.toString(), stderr: p.stderr.toString() };
}

test(
  "a /goal session waiting on background work sleeps until its goal check-in, then is stalled if none came",
  async () => {
    const s = createSandbox();
    const fake = startFakeApi({
      turns: [
        toolUse("Bash", { command: "sleep 600", description: "build", run_in_background: true }),
        text("The build runs in the background."),
      ],
      fallback: text("Still building."),
    });
    const sockDir = join(s.root, "tmuxtmp", `tmux-${process.getuid?.() ?? 0}`);
    mkdirSync(sockDir, { recursive: true, mode: 0o700 });
    installVigil(s, NEWEST, ["--claude-version", NEWEST, "--no-serve"]);
    writeSettings(s, NEWEST, "installed", { skipDangerousModePermissionPrompt: true });
    writeFileSync(join(s.vigilHome, "config.toml"), "stale_after_minutes = 1\n");
    seedClaudeJson(s.home, s.cwd);
    // The session's own setting: its first check-in a minute after the deferral (the hook inherits it).
    const env = offlineEnv(s, fake.url, { TERM: "xterm-256color", CLAUDE_CODE_GOAL_CHECKIN_MINUTES: "1" });
    const pane = startPane({
      socket: join(sockDir, "default"),
      cwd: s.cwd,
      env,
      argv: [...claudeCommand(NEWEST), "--dangerously-skip-permissions"],
    });
    cleanup = async () => {
      await pane.stop();
      fake.stop();
      removeSandbox(s);
    };
    const deadline = Date.now() + 60_000;
    await pane.waitFor((x) => TUI_READY.test(x), deadline);
    await pane.type("/goal the build finishes");
    type Row = { session_id: string; asleep_until: string | null; asleep_cause: string | null };
    let row: Row | undefined;
    await pane.waitFor(() => {
      const all: Row[] = JSON.parse(vigilAt(s, null, "status", "--json").stdout || "[]");
      row = all.find((r) => r.asleep_cause !== null);
      return row !== undefined;
    }, deadline);
    if (row === undefined) throw new Error("unreachable");
    const id = row.session_id;
    const stop = vigilEvents(s.vigilHome).find((e) => e.kind === "hook" && e.detail.event === "Stop");
    expect(stop?.session_id).toBe(id);
    // The check-in, not the two hours background work alone would give.
    expect(row.asleep_cause).toBe("goal");
    const due = Date.parse(row.asleep_until ?? "");
    expect(due).toBe((stop?.at ?? 0) + MIN);

    const stalled = () => vigilEvents(s.vigilHome).filter((e) => e.kind === "stalled" && e.session_id === id);
    // Quiet past the one-minute threshold, but the check-in (and the watch's grace) is not over.
    expect(vigilAt(s, due + MIN, "watch", "--once").code).toBe(0);
    expect(stalled()).toEqual([]);
    // Overdue by more than the grace with nothing written (by vigil's clock): the check-in never came.
    expect(vigilAt(s, due + 3 * MIN, "watch", "--once").code).toBe(0);
    expect(stalled()).toHaveLength(1);
  },
  E2E_TIMEOUT_MS,
);
