/**
 * The real Claude Code TUI in a detached tmux pane (the statusLine only runs in the TUI):
 * `~/.claude.json` pre-seeded past onboarding, key approval and the trust dialog; the pane
 * polled with capture-pane. Each pane gets its own tmux server (`-S` socket in the caller's
 * sandbox), so stopping it never touches anyone else's tmux.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { echoCount } from "../edge/tmux.ts";

/** The TUI shows its input box once this footer hint is drawn. */
export const TUI_READY = /\? for shortcuts|bypass permissions/i;

/** The API key the offline environment passes (contract Part A: any value does). */
const API_KEY = "test";

export interface Pane {
  /** Claude Code's pid (`env` execs it, so it is the pane's). */
  pid: number;
  capture(): string;
  /**
   * Type `text` literally, then Enter once the CLI has drawn it; throws with the screen if it is not drawn by `deadline`
   * (epoch ms). Not `sendLine`'s fixed wait: a CLI still starting under load (2.1.88 on a loaded two-core machine)
   * took over 3 s to draw the text, and an Enter sent before it left the line sitting unsent in the input box.
   */
  type(text: string, deadline: number): Promise<void>;
  /** Press one key by its tmux name ("Escape", "C-c"). */
  key(name: string): void;
  /** Poll until `cond` holds on the screen; throws with the last screen at `deadline` (epoch ms). */
  waitFor(cond: (screen: string) => boolean, deadline: number): Promise<string>;
  /** Kill the tmux server and wait for the CLI to exit (it still writes its transcript). */
  stop(): Promise<void>;
}

function tmux(socket: string, ...args: string[]): string {
  const p = Bun.spawnSync(["tmux", "-S", socket, "-f", "/dev/null", ...args], { stdout: "pipe", stderr: "pipe" });
  if (p.exitCode !== 0) throw new Error(`tmux ${args[0]} failed: "${p.stderr.toString().trim()}"`);
  return p.stdout.toString();
}

/** Write `home/.claude.json` so the TUI asks nothing: onboarding done, the key approved, `cwd` trusted. */
export function seedClaudeJson(home: string, cwd: string): void {
  const seed = {
    hasCompletedOnboarding: true,
    // the CLI matches approved keys by their last 20 characters
    customApiKeyResponses: { approved: [API_KEY.slice(-20)], rejected: [] },
    projects: { [cwd]: { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true } },
  };
  writeFileSync(join(home, ".claude.json"), JSON.stringify(seed, null, 2));
}

async function waitGone(pid: number): Promise<void> {
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  for (let i = 0; i < 50 && alive(); i++) await Bun.sleep(100);
  if (alive()) process.kill(pid, "SIGKILL");
}

/** Start `argv` in a new pane of a private tmux server at `socket`, with exactly `env`. */
export function startPane(o: {
  socket: string;
  cwd: string;
  env: Record<string, string>;
  argv: string[];
  width?: number;
  height?: number;
}): Pane {
  const envArgs = Object.entries(o.env).map(([k, v]) => `${k}=${v}`);
  const size = ["-x", String(o.width ?? 120), "-y", String(o.height ?? 40)];
  // remain-on-exit keeps a crashed CLI's last screen readable
  tmux(
    o.socket,
    "new-session",
    "-d",
    "-s",
    "pane",
    ...size,
    "-c",
    o.cwd,
    "env",
    "-i",
    ...envArgs,
    ...o.argv,
    ";",
    "set-option",
    "-t",
    "pane",
    "remain-on-exit",
    "on",
  );
  let pid = Number(tmux(o.socket, "display-message", "-p", "-t", "pane", "#{pane_pid}").trim());
  const capture = () => tmux(o.socket, "capture-pane", "-p", "-t", "pane");
  return {
    pid,
    capture,
    async type(text, deadline) {
      const before = echoCount(capture(), text);
      tmux(o.socket, "send-keys", "-t", "pane", "-l", text);
      let screen = capture();
      while (echoCount(screen, text) <= before) {
        if (Date.now() >= deadline) throw new Error(`the typed text was never drawn; screen:\n${screen}`);
        await Bun.sleep(40);
        screen = capture();
      }
      tmux(o.socket, "send-keys", "-t", "pane", "Enter");
    },
    key(name) {
      tmux(o.socket, "send-keys", "-t", "pane", name);
    },
    async waitFor(cond, deadline) {
      let screen = "";
      while (Date.now() < deadline) {
        screen = capture();
        if (cond(screen)) return screen;
        await Bun.sleep(150);
      }
      throw new Error(`TUI condition not met before timeout; screen:\n${screen}`);
    },
    async stop() {
      Bun.spawnSync(["tmux", "-S", o.socket, "kill-server"], { stdout: "ignore", stderr: "ignore" });
      if (pid > 0) await waitGone(pid);
      pid = 0;
    },
  };
}
