/**
 * Runs the real Claude Code TUI in a detached tmux session (for what only the TUI does, such as
 * the statusLine), in the pane the product's `doctor --prove` uses (`src/prove/tmux-pane.ts`):
 * types a prompt and polls the screen until a condition holds.
 */
import { join } from "node:path";
import type { ApiRequest } from "./api-request.ts";
import { claudeCommand, type ClaudeVersion, NEWEST } from "./cli.ts";
import { startFakeApi } from "../../src/prove/fake-api/server.ts";
import { type Pane, seedClaudeJson, startPane, TUI_READY } from "../../src/prove/tmux-pane.ts";
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
  let pane: Pane | null = null;
  const stop = async () => {
    await pane?.stop();
    pane = null;
    fake.stop();
  };
  try {
    seedClaudeJson(sandbox.home, sandbox.cwd);
    writeSettings(sandbox, version, o.hooks ?? "vigil", { skipDangerousModePermissionPrompt: true, ...o.settings });
    const env = offlineEnv(sandbox, fake.url, { TERM: "xterm-256color", ...o.env });
    const argv = [...claudeCommand(version), "--dangerously-skip-permissions", ...(o.args ?? [])];
    pane = startPane({ socket, cwd: sandbox.cwd, env, argv, width: o.width, height: o.height });
    const deadline = Date.now() + (o.timeoutMs ?? 45_000);
    await pane.waitFor((s) => TUI_READY.test(s), deadline);
    if (o.prompt !== undefined) await pane.type(o.prompt, deadline);
    const screen = await pane.waitFor((s) => o.until(s, hooksNow()), deadline);
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
