/**
 * One real Claude Code TUI with vigil installed as a user installs it (`vigil install --user`
 * into the sandbox's HOME), on the default tmux server of the sandbox's TMUX_TMPDIR (where vigil
 * looks for panes), against the fake API; and vigil's own commands at a pinned clock. For the
 * end-to-end tests of what the watch makes of a live session (a sleep, a stall).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type FakeApi, startFakeApi } from "../../src/prove/fake-api/server.ts";
import type { Scenario } from "../../src/prove/fake-api/scenario.ts";
import { type Pane, seedClaudeJson, startPane, TUI_READY } from "../../src/prove/tmux-pane.ts";
import { claudeCommand, type ClaudeVersion } from "./cli.ts";
import { createSandbox, offlineEnv, removeSandbox, type Sandbox, vigilBin, writeSettings } from "./sandbox.ts";
import { installVigil } from "./vigil-install.ts";
import { collect } from "../support/collect.ts";

/** A session row of `vigil status --json`, the fields these tests read. */
export interface StatusRow {
  session_id: string;
  asleep_until: string | null;
  asleep_cause: string | null;
}

export interface InstalledTui {
  s: Sandbox;
  pane: Pane;
  fake: FakeApi;
  /**
   * `vigil <args>` at vigil's clock `at` (VIGIL_NOW; null: the real clock), spawned without
   * blocking this process: the fake API lives here and must answer the CLI meanwhile.
   */
  vigil(at: number | null, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  /** Poll `vigil status --json` until a row satisfies `want`; throws with the screen at `deadline`. */
  row(want: (r: StatusRow) => boolean, deadline: number): Promise<StatusRow>;
  stop(): Promise<void>;
}

/**
 * Install vigil, write its config (`toml`), start the TUI with `env` added to the offline
 * environment, and wait for its input box (bounded by `deadline`).
 */
export async function installedTui(o: {
  version: ClaudeVersion;
  scenario: Scenario;
  env?: Record<string, string>;
  toml?: string;
  deadline: number;
}): Promise<InstalledTui> {
  const s = createSandbox();
  const fake = startFakeApi(o.scenario);
  const tmuxTmp = join(s.root, "tmuxtmp");
  const sockDir = join(tmuxTmp, `tmux-${process.getuid?.() ?? 0}`);
  let pane: Pane | null = null;
  const stop = async () => {
    await pane?.stop();
    fake.stop();
    removeSandbox(s);
  };
  try {
    mkdirSync(sockDir, { recursive: true, mode: 0o700 });
    installVigil(s, o.version, ["--claude-version", o.version, "--no-serve"]);
    writeSettings(s, o.version, "installed", { skipDangerousModePermissionPrompt: true });
    writeFileSync(join(s.vigilHome, "config.toml"), o.toml ?? "");
    seedClaudeJson(s.home, s.cwd);
    pane = startPane({
      socket: join(sockDir, "default"),
      cwd: s.cwd,
      env: offlineEnv(s, fake.url, { TERM: "xterm-256color", ...o.env }),
      argv: [...claudeCommand(o.version), "--dangerously-skip-permissions"],
    });
    await pane.waitFor((x) => TUI_READY.test(x), o.deadline);
  } catch (e) {
    await stop();
    throw e;
  }
  const live = pane;
  const vigil = async (at: number | null, ...args: string[]) => {
    const p = Bun.spawn([vigilBin(), ...args], {
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
    return await collect(p);
  };
  return {
    s,
    pane: live,
    fake,
    vigil,
    async row(want, deadline) {
      let last = "";
      while (Date.now() < deadline) {
        const r = await vigil(null, "status", "--json");
        last = r.stdout + r.stderr;
        const rows: StatusRow[] = r.code === 0 && r.stdout.trim().startsWith("[") ? JSON.parse(r.stdout) : [];
        const hit = rows.find(want);
        if (hit) return hit;
        await Bun.sleep(300);
      }
      throw new Error(`no status row as wanted; status: ${last}\nscreen:\n${live.capture()}`);
    },
    stop,
  };
}
