/**
 * Runs the real Claude Code TUI in a detached tmux session (for what only the TUI does, such as
 * the statusLine): pre-seeds `~/.claude.json` past onboarding, key approval and the trust
 * dialog, types a prompt with send-keys and polls capture-pane until a condition holds. Each
 * run gets its own tmux server (`-S` in the sandbox), so cleanup never touches anyone else's.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ApiRequest } from "./api-request.ts";
import { claudeCommand, type ClaudeVersion, NEWEST } from "./cli.ts";
import { startFakeApi } from "../../src/prove/fake-api/server.ts";
import type { HookRecord } from "./recorder-rules.ts";
import {
  createSandbox,
  findTranscript,
  type HookMode,
  offlineEnv,
  parseJsonl,
  readHookRecords,
  removeSandbox,
  type Sandbox,
  writeSettings,
} from "./sandbox.ts";
import type { Scenario } from "../../src/prove/fake-api/scenario.ts";

export interface TuiOptions {
  version?: ClaudeVersion;
  scenario: Scenario;
  /** Typed once the input box is up, then Enter. Omit to only start the TUI. */
  prompt?: string;
  /**
   * Polled after the prompt was sent, with the screen text and the recorder's calls so far;
   * the run ends when it holds.
   */
  until: (screen: string, hooks: HookRecord[]) => boolean;
  args?: string[];
  env?: Record<string, string>;
  settings?: Record<string, unknown>;
  /** Default "vigil". */
  hooks?: HookMode;
  sandbox?: Sandbox;
  width?: number;
  height?: number;
  /** Throw (with the last screen) when `until` has not held by then (default 45 s). */
  timeoutMs?: number;
}

export interface TuiResult {
  /** The pane's text when `until` held. */
  screen: string;
  requests: ApiRequest[];
  /** Recorder calls until the CLI was ended (SIGHUP): may include SessionEnd. */
  hookRecords: HookRecord[];
  /** From the first hook payload that names it ("" without hooks). */
  sessionId: string;
  transcript: Record<string, unknown>[];
  transcriptPath: string | null;
  sandbox: Sandbox;
  home: string;
  cwd: string;
  vigilHome: string;
  cleanup(): void;
}

/** The TUI shows its input box once this footer hint is drawn. */
const READY = /\? for shortcuts|bypass permissions/i;
const API_KEY = "test";

function tmux(socket: string, ...args: string[]): string {
  const p = Bun.spawnSync(["tmux", "-S", socket, "-f", "/dev/null", ...args], { stdout: "pipe", stderr: "pipe" });
  if (p.exitCode !== 0) throw new Error(`tmux ${args[0]} failed: "${p.stderr.toString().trim()}"`);
  return p.stdout.toString();
}

/** What the first-run dialogs would otherwise ask: onboarding, the API key, trusting the cwd. */
function seedClaudeJson(s: Sandbox): void {
  const seed = {
    hasCompletedOnboarding: true,
    // the CLI matches approved keys by their last 20 characters
    customApiKeyResponses: { approved: [API_KEY.slice(-20)], rejected: [] },
    projects: { [s.cwd]: { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true } },
  };
  writeFileSync(join(s.home, ".claude.json"), JSON.stringify(seed, null, 2));
}

async function waitFor(socket: string, cond: (screen: string) => boolean, deadline: number): Promise<string> {
  let screen = "";
  while (Date.now() < deadline) {
    screen = tmux(socket, "capture-pane", "-p", "-t", "e2e");
    if (cond(screen)) return screen;
    await Bun.sleep(150);
  }
  throw new Error(`TUI condition not met before timeout; screen:\n${screen}`);
}

/** After SIGHUP the CLI still writes its transcript and backups: wait, so cleanup removes all. */
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

/** Start the TUI, send the prompt, wait for `until`, then end the CLI and collect what it left. */
export async function runTui(o: TuiOptions): Promise<TuiResult> {
  const version = o.version ?? NEWEST;
  if (Bun.which("tmux") === null) throw new Error("tmux not found (apt-get install -y tmux)");
  const sandbox = o.sandbox ?? createSandbox();
  const fake = startFakeApi(o.scenario);
  // a private server whose socket lives (and is removed) with the sandbox
  const socket = join(sandbox.root, "tmux.sock");
  const hooksBefore = readHookRecords(sandbox).length;
  const hooksNow = () => readHookRecords(sandbox).slice(hooksBefore);
  let pid = 0;
  const stop = async () => {
    Bun.spawnSync(["tmux", "-S", socket, "kill-server"], { stdout: "ignore", stderr: "ignore" });
    if (pid > 0) await waitGone(pid);
    pid = 0;
    fake.stop();
  };
  try {
    seedClaudeJson(sandbox);
    writeSettings(sandbox, version, o.hooks ?? "vigil", { skipDangerousModePermissionPrompt: true, ...o.settings });
    const env = offlineEnv(sandbox, fake.url, { TERM: "xterm-256color", ...o.env });
    const argv = [...claudeCommand(version), "--dangerously-skip-permissions", ...(o.args ?? [])];
    const envArgs = Object.entries(env).map(([k, v]) => `${k}=${v}`);
    const size = ["-x", String(o.width ?? 120), "-y", String(o.height ?? 40)];
    // remain-on-exit keeps a crashed CLI's last screen readable
    tmux(
      socket,
      "new-session",
      "-d",
      "-s",
      "e2e",
      ...size,
      "-c",
      sandbox.cwd,
      "env",
      "-i",
      ...envArgs,
      ...argv,
      ";",
      "set-option",
      "-t",
      "e2e",
      "remain-on-exit",
      "on",
    );
    // `env` execs the CLI, so the pane's pid is Claude Code's
    pid = Number(tmux(socket, "display-message", "-p", "-t", "e2e", "#{pane_pid}").trim());
    const deadline = Date.now() + (o.timeoutMs ?? 45_000);
    await waitFor(socket, (s) => READY.test(s), deadline);
    if (o.prompt !== undefined) {
      tmux(socket, "send-keys", "-t", "e2e", "-l", o.prompt);
      await Bun.sleep(200);
      tmux(socket, "send-keys", "-t", "e2e", "Enter");
    }
    const screen = await waitFor(socket, (s) => o.until(s, hooksNow()), deadline);
    await stop();
    const hookRecords = hooksNow();
    const sessionId = hookRecords.map((h) => h.payload.session_id).find((v) => typeof v === "string") ?? "";
    const transcriptPath = findTranscript(sandbox, sessionId);
    const transcript = transcriptPath === null ? [] : parseJsonl(await Bun.file(transcriptPath).text());
    return {
      screen,
      requests: fake.requests,
      hookRecords,
      sessionId,
      transcript,
      transcriptPath,
      sandbox,
      home: sandbox.home,
      cwd: sandbox.cwd,
      vigilHome: sandbox.vigilHome,
      cleanup: () => removeSandbox(sandbox),
    };
  } catch (e) {
    await stop();
    if (o.sandbox === undefined) removeSandbox(sandbox);
    throw e;
  }
}
