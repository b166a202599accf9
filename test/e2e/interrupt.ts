/**
 * One headless session interrupted mid-answer, as an SDK program interrupts one: Claude Code in
 * `-p --input-format stream-json` mode gets a user message on stdin, and once the (slowly
 * streamed) answer has begun, a `control_request` with `subtype: "interrupt"`, optionally
 * marked `interrupted_by` ("session": another session's Claude; "system": a service by itself).
 * 2.1.336 then sends the Interrupt hook event (source "user" unmarked).
 */
import { claudeCommand, type ClaudeVersion } from "./cli.ts";
import { startFakeApi } from "../../src/prove/fake-api/server.ts";
import type { HookRecord } from "./recorder-rules.ts";
import {
  createSandbox,
  findTranscript,
  type HookMode,
  offlineEnv,
  parseJsonl,
  readHookRecords,
  type Sandbox,
  writeSettings,
} from "./sandbox.ts";
import { contextOf, type Reply } from "./scenario.ts";

export interface InterruptRun {
  sandbox: Sandbox;
  sessionId: string;
  exitCode: number;
  stream: Record<string, unknown>[];
  hookRecords: HookRecord[];
  transcript: Record<string, unknown>[];
}

/** An answer that takes about `seconds` to stream, so the interrupt lands while it does. */
export function slowAnswer(seconds: number): Reply {
  const pieces = Math.max(2, seconds * 4);
  const words = Array.from({ length: pieces }, (_, i) => `part${i}`).join(" ");
  return { content: [{ type: "text", text: words }], usage: contextOf(30_000), pieces, pauseMs: 250 };
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
  const fake = startFakeApi({ turns: [slowAnswer(20)] });
  try {
    writeSettings(sandbox, o.version, o.hooks);
    const args = ["-p", "--input-format", "stream-json", "--output-format", "stream-json", "--verbose"];
    const proc = Bun.spawn([...claudeCommand(o.version), ...args, "--dangerously-skip-permissions"], {
      cwd: sandbox.cwd,
      env: offlineEnv(sandbox, fake.url, o.env),
      stdin: "pipe",
      stdout: "pipe",
      stderr: "pipe",
    });
    const timer = setTimeout(() => proc.kill("SIGKILL"), o.timeoutMs ?? 60_000);
    const send = (v: unknown) => {
      proc.stdin.write(`${JSON.stringify(v)}\n`);
      proc.stdin.flush();
    };
    send({ type: "user", message: { role: "user", content: "tell me a long story" } });
    const lines: string[] = [];
    // The answer streams from the fake's first main request on: interrupt it a moment later.
    const interrupter = (async () => {
      while (!fake.requests.some((r) => r.kind === "main")) await Bun.sleep(100);
      await Bun.sleep(1500);
      const marked = o.interruptedBy === undefined ? {} : { interrupted_by: o.interruptedBy };
      send({ type: "control_request", request_id: "e2e-interrupt-1", request: { subtype: "interrupt" }, ...marked });
    })();
    let buffered = "";
    for await (const chunk of proc.stdout) {
      buffered += new TextDecoder().decode(chunk);
      const parts = buffered.split("\n");
      buffered = parts.pop() ?? "";
      lines.push(...parts.filter((l) => l.trim() !== ""));
      if (lines.some((l) => l.includes('"type":"result"'))) break;
    }
    await interrupter;
    // Give the Interrupt hook its moment, then end the input so the CLI exits.
    await Bun.sleep(1500);
    proc.stdin.end();
    const exitCode = await proc.exited;
    clearTimeout(timer);
    const stream = parseJsonl(lines.join("\n"));
    const hookRecords = readHookRecords(sandbox);
    const sessionId = stream.map((l) => l.session_id).find((v) => typeof v === "string") ?? "";
    const path = typeof sessionId === "string" ? findTranscript(sandbox, sessionId) : null;
    const transcript = path === null ? [] : parseJsonl(await Bun.file(path).text());
    return { sandbox, sessionId: String(sessionId), exitCode, stream, hookRecords, transcript };
  } finally {
    fake.stop();
  }
}
