/**
 * The product's interrupted headless session (src/prove/interrupt-session.ts) in an e2e
 * sandbox, with the e2e hook modes, and what it left: the stream, the hook calls, the transcript.
 */
import { claudeCommand, type ClaudeVersion } from "./cli.ts";
import { runInterrupted as runProduct } from "../../src/prove/interrupt-session.ts";
import type { HookRecord } from "./recorder-rules.ts";
import {
  createSandbox,
  findTranscript,
  type HookMode,
  parseJsonl,
  readHookRecords,
  type Sandbox,
  writeSettings,
} from "./sandbox.ts";

export { slowAnswer } from "../../src/prove/interrupt-session.ts";

export interface InterruptRun {
  sandbox: Sandbox;
  sessionId: string;
  exitCode: number;
  stream: Record<string, unknown>[];
  hookRecords: HookRecord[];
  transcript: Record<string, unknown>[];
}

/** Run the session, interrupt it once its answer streams, and wait for the CLI to exit. */
export async function runInterrupted(o: {
  version: ClaudeVersion;
  hooks: HookMode;
  interruptedBy?: "session" | "system";
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<InterruptRun> {
  const sandbox = createSandbox();
  writeSettings(sandbox, o.version, o.hooks);
  const r = await runProduct({
    claude: claudeCommand(o.version),
    dirs: sandbox,
    path: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin",
    env: o.env,
    interruptedBy: o.interruptedBy,
    timeoutMs: o.timeoutMs,
  });
  if (r.timedOut) throw new Error(`claude timed out; stderr "${r.stderr.slice(-2000)}"`);
  const path = r.sessionId === "" ? null : findTranscript(sandbox, r.sessionId);
  return {
    sandbox,
    sessionId: r.sessionId,
    exitCode: r.exitCode,
    stream: parseJsonl(r.stdout),
    hookRecords: readHookRecords(sandbox),
    transcript: path === null ? [] : parseJsonl(await Bun.file(path).text()),
  };
}
