/**
 * Sleep that is real, end to end (issue 30 item 4): vigil installed with `vigil install --user`,
 * a real Claude Code TUI whose request the fake API answers with a 429 `rate_limit_error`
 * (retries off), so the turn ends in Claude Code's StopFailure. vigil's handler puts the session
 * to sleep for the window it hit; `vigil watch --once` two hours later (past the 45-minute stall
 * threshold, with nudges allowed outside the night) neither calls it stalled nor nudges it, and
 * once the window is over the same watch does call it stalled. 2.1.336 names the error
 * `rate_limit`; 2.1.88 says `unknown` and carries the API's body (core/usage-limit.ts).
 */
import { afterEach, expect, test } from "bun:test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startFakeApi } from "../../src/prove/fake-api/server.ts";
import { seedClaudeJson, startPane, TUI_READY } from "../../src/prove/tmux-pane.ts";
import { claudeCommand, type ClaudeVersion, NEWEST, OLDEST } from "./cli.ts";
import { E2E_TIMEOUT_MS } from "./runner.ts";
import { createSandbox, offlineEnv, removeSandbox, type Sandbox, vigilBin, writeSettings } from "./sandbox.ts";
import { apiError, bash, text } from "./scenario.ts";
import { vigilEvents } from "./vigil-db.ts";
import { installVigil } from "./vigil-install.ts";

const HOUR = 3_600_000;
/** The window a limit with no reset named keeps a session asleep (core/rest.ts RATE_LIMIT_SLEEP_MS). */
const WINDOW = 5 * HOUR;

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

/** `vigil <args>` at vigil's clock `at` (VIGIL_NOW), with the sandbox's HOME and tmux. */
function vigilAt(s: Sandbox, tmuxTmp: string, at: number | null, ...args: string[]) {
  const p = Bun.spawnSync([vigilBin(), ...args], {
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: s.home,
      VIGIL_HOME: s.vigilHome,
      TZ: "UTC",
      NO_COLOR: "1",
      TMUX_TMPDIR: tmuxTmp,
      ...(at === null ? {} : { VIGIL_NOW: String(at) }),
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  return { code: p.exitCode, stdout: p.stdout.toString(), stderr: p.stderr.toString() };
}

interface Row {
  session_id: string;
  asleep_until: string | null;
  asleep_cause: string | null;
}

test.each<ClaudeVersion>([NEWEST, OLDEST])(
  "a usage-limit StopFailure from the real CLI (%s) puts the session to sleep; the watch leaves it until the reset",
  async (version) => {
    const s = createSandbox();
    const fake = startFakeApi({
      turns: [bash("true"), apiError("Rate limit reached for requests")],
      fallback: text("Back at it."),
    });
    const tmuxTmp = join(s.root, "tmuxtmp");
    const sockDir = join(tmuxTmp, `tmux-${process.getuid?.() ?? 0}`);
    mkdirSync(sockDir, { recursive: true, mode: 0o700 });
    installVigil(s, version, ["--claude-version", version, "--no-serve"]);
    writeSettings(s, version, "installed", { skipDangerousModePermissionPrompt: true });
    // Nudges allowed outside the night: only the sleep may hold one back.
    writeFileSync(join(s.vigilHome, "config.toml"), `nudge_text = "Carry on."\nrecover_outside_night = true\n`);
    seedClaudeJson(s.home, s.cwd);
    const env = offlineEnv(s, fake.url, { TERM: "xterm-256color", CLAUDE_CODE_MAX_RETRIES: "0" });
    const pane = startPane({
      socket: join(sockDir, "default"),
      cwd: s.cwd,
      env,
      argv: [...claudeCommand(version), "--dangerously-skip-permissions"],
    });
    cleanup = async () => {
      await pane.stop();
      fake.stop();
      removeSandbox(s);
    };
    // Generous: 2.1.88 starts as a node process, slow on a loaded two-core machine.
    const deadline = Date.now() + 120_000;
    await pane.waitFor((x) => TUI_READY.test(x), deadline);
    await pane.type("build it");
    let row: Row | undefined;
    await pane.waitFor(() => {
      const all: Row[] = JSON.parse(vigilAt(s, tmuxTmp, null, "status", "--json").stdout || "[]");
      row = all.find((r) => r.asleep_until !== null);
      return row !== undefined;
    }, deadline);
    if (row === undefined) throw new Error("unreachable");
    const id = row.session_id;
    // The sleep came from Claude Code's StopFailure, through vigil's installed hook.
    const failure = vigilEvents(s.vigilHome).find((e) => e.kind === "hook" && e.detail.event === "StopFailure");
    expect(failure?.session_id).toBe(id);
    expect(row.asleep_cause).toBe("rate_limit");
    expect(Date.parse(row.asleep_until ?? "")).toBe((failure?.at ?? 0) + WINDOW);
    // The process is alive and registered: the watch sees a quiet session, not a dead one.
    expect(JSON.parse(readFileSync(join(s.home, ".claude", "sessions", `${pane.pid}.json`), "utf8")).sessionId)
      .toBe(id);

    const of = (kind: string) => vigilEvents(s.vigilHome).filter((e) => e.kind === kind && e.session_id === id);
    const before = vigilAt(s, tmuxTmp, Date.now() + 2 * HOUR, "watch", "--once");
    expect({ code: before.code, stderr: before.stderr }).toEqual({ code: 0, stderr: "" });
    expect([of("stalled"), of("nudge"), of("died")]).toEqual([[], [], []]);

    const after = vigilAt(s, tmuxTmp, Date.parse(row.asleep_until ?? "") + 10 * 60_000, "watch", "--once");
    expect({ code: after.code, stderr: after.stderr }).toEqual({ code: 0, stderr: "" });
    expect(of("stalled")).toHaveLength(1);
  },
  E2E_TIMEOUT_MS * 2,
);
