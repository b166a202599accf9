/**
 * Runs the real Claude Code CLI once in print mode (`-p … --output-format stream-json`) against
 * the fake Messages API, in a sandbox, and collects what the session produced: the stream, the
 * API requests, the transcript and the hook calls.
 */
import type { ApiRequest } from "./api-request.ts";
import { claudeCommand, type ClaudeVersion, NEWEST } from "./cli.ts";
import { runPrint } from "../../src/prove/print-session.ts";
import type { HookRecord } from "./recorder-rules.ts";
import {
  createSandbox,
  findTranscript,
  type HookMode,
  parseJsonl,
  readHookRecords,
  removeSandbox,
  type Sandbox,
  writeSettings,
} from "./sandbox.ts";
import type { Scenario } from "../../src/prove/fake-api/scenario.ts";

/** Per-test timeout for e2e tests: bun's default 5 s is shorter than a cold CLI start. */
export const E2E_TIMEOUT_MS = 90_000;

export interface RunOptions {
  /** Default: the newest release (`NEWEST`). */
  version?: ClaudeVersion;
  scenario: Scenario;
  prompt: string;
  /** Extra CLI arguments, appended last. */
  args?: string[];
  /** `--agent <name>`: the main session runs as this agent (payload `agent_type`). */
  agent?: string;
  /** `--agents <json>`: agent definitions, e.g. `{ worker: { description, prompt } }`. */
  agentsJson?: Record<string, unknown>;
  /** `--autocompact <tokens>` (2.1.328 only; minimum 100000). */
  autocompact?: number;
  /** `--resume <sessionId>` in that run's sandbox (pass the earlier RunResult). */
  resume?: { sandbox: Sandbox; sessionId: string };
  /** Reuse a sandbox without resuming (ignored with `resume`). */
  sandbox?: Sandbox;
  /** Added to (and overriding) the scrubbed offline environment. */
  env?: Record<string, string>;
  /** Extra keys for `~/.claude/settings.json` (win over the generated hooks/statusLine). */
  settings?: Record<string, unknown>;
  /** Default "vigil" (`$VIGIL_BIN` or dist/vigil). */
  hooks?: HookMode;
  /** Put in front of the CLI's argv, e.g. `["strace", "-f", "-o", file]`. */
  wrapper?: string[];
  /** Kill the CLI and throw after this long (default 60 s). */
  timeoutMs?: number;
}

export interface RunResult {
  exitCode: number;
  /** stdout parsed line by line (stream-json). */
  stream: Record<string, unknown>[];
  stderr: string;
  /** The fake API's base URL for this run (`http://127.0.0.1:<port>`). */
  apiUrl: string;
  /** Every request the fake API received in this run. */
  requests: ApiRequest[];
  /** Scenario turns that threw or requests the fake could not answer. */
  apiErrors: string[];
  unusedTurns: number;
  transcript: Record<string, unknown>[];
  transcriptPath: string | null;
  /** Recorder mode: the hook and statusLine calls of this run (empty in vigil mode). */
  hookRecords: HookRecord[];
  sessionId: string;
  home: string;
  cwd: string;
  vigilHome: string;
  sandbox: Sandbox;
  /** Remove the sandbox (once per sandbox, also for runs that reused it). */
  cleanup(): void;
}

/** What follows `-p <prompt> --output-format stream-json --verbose --dangerously-skip-permissions`. */
function cliArgs(o: RunOptions): string[] {
  const a: string[] = [];
  if (o.agent !== undefined) a.push("--agent", o.agent);
  if (o.agentsJson !== undefined) a.push("--agents", JSON.stringify(o.agentsJson));
  if (o.autocompact !== undefined) a.push("--autocompact", String(o.autocompact));
  if (o.resume !== undefined) a.push("--resume", o.resume.sessionId);
  return [...a, ...(o.args ?? [])];
}

function sessionIdOf(stream: Record<string, unknown>[], hooks: HookRecord[], fallback: string): string {
  for (const line of stream) if (typeof line.session_id === "string") return line.session_id;
  for (const h of hooks) if (typeof h.payload.session_id === "string") return h.payload.session_id;
  return fallback;
}

/** Run one print-mode session to its end. Throws when the CLI outlives `timeoutMs`. */
export async function runClaude(o: RunOptions): Promise<RunResult> {
  const version = o.version ?? NEWEST;
  if (o.autocompact !== undefined && version !== NEWEST) {
    throw new Error(
      `"--autocompact" needs Claude Code "${NEWEST}", not "${version}" (set CLAUDE_CODE_AUTO_COMPACT_WINDOW)`,
    );
  }
  const sandbox = o.resume?.sandbox ?? o.sandbox ?? createSandbox();
  const hooksBefore = readHookRecords(sandbox).length;
  try {
    writeSettings(sandbox, version, o.hooks ?? "vigil", o.settings);
    // the product's own session runner (`vigil doctor --prove` drives the CLI the same way)
    const run = await runPrint({
      claude: claudeCommand(version),
      dirs: sandbox,
      path: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin",
      prompt: o.prompt,
      scenario: o.scenario,
      args: cliArgs(o),
      env: o.env,
      wrapper: o.wrapper,
      timeoutMs: o.timeoutMs,
    });
    const { stdout, stderr, exitCode } = run;
    if (run.timedOut) {
      const seen = run.requests.map((r) => `${r.kind}:${r.turn}`).join(" ");
      throw new Error(`claude timed out; requests "${seen}"; stderr "${stderr.slice(-2000)}"`);
    }
    const stream = parseJsonl(stdout);
    const hookRecords = readHookRecords(sandbox).slice(hooksBefore);
    const sessionId = sessionIdOf(stream, hookRecords, o.resume?.sessionId ?? "");
    const transcriptPath = findTranscript(sandbox, sessionId);
    const transcript = transcriptPath === null ? [] : parseJsonl(await Bun.file(transcriptPath).text());
    return {
      exitCode,
      stream,
      stderr,
      apiUrl: run.apiUrl,
      requests: run.requests,
      apiErrors: run.apiErrors,
      unusedTurns: run.unusedTurns,
      transcript,
      transcriptPath,
      hookRecords,
      sessionId,
      home: sandbox.home,
      cwd: sandbox.cwd,
      vigilHome: sandbox.vigilHome,
      sandbox,
      cleanup: () => removeSandbox(sandbox),
    };
  } catch (e) {
    if (o.resume === undefined && o.sandbox === undefined) removeSandbox(sandbox);
    throw e;
  }
}
