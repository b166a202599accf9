/**
 * One headless session interrupted mid-answer, as an SDK program interrupts one: Claude Code in
 * `-p --input-format stream-json` mode gets a user message on stdin and, once the (slowly
 * streamed) answer has begun, a `control_request` with `subtype: "interrupt"`, optionally marked
 * `interrupted_by` ("session": another session's Claude; "system": a service by itself).
 * 2.1.336 then sends Interrupt (source "user" when unmarked) and no Stop.
 */
import type { ApiRequest } from "./fake-api/api-request.ts";
import { contextOf, type Reply } from "./fake-api/scenario.ts";
import { startFakeApi } from "./fake-api/server.ts";
import { offlineEnv, type ProveDirs } from "./sandbox.ts";

export interface InterruptOptions {
  claude: string[];
  dirs: ProveDirs;
  path: string;
  cwd?: string;
  env?: Record<string, string>;
  interruptedBy?: "session" | "system";
  wrapper?: string[];
  timeoutMs?: number;
}

export interface InterruptResult {
  exitCode: number;
  timedOut: boolean;
  /** The stream-json lines the CLI printed. */
  stdout: string;
  stderr: string;
  requests: ApiRequest[];
  sessionId: string;
}

/** An answer that takes about `seconds` to stream, so the interrupt lands while it does. */
export function slowAnswer(seconds: number): Reply {
  const pieces = Math.max(2, seconds * 4);
  const words = Array.from({ length: pieces }, (_, i) => `part${i}`).join(" ");
  return { content: [{ type: "text", text: words }], usage: contextOf(30_000), pieces, pauseMs: 250 };
}

/** Run the session, interrupt it once its answer streams, end its input, wait for it to exit. */
export async function runInterrupted(o: InterruptOptions): Promise<InterruptResult> {
  const fake = startFakeApi({ turns: [slowAnswer(20)] });
  try {
    const args = ["-p", "--input-format", "stream-json", "--output-format", "stream-json", "--verbose"];
    const proc = Bun.spawn(
      [...(o.wrapper ?? []), ...o.claude, ...args, "--dangerously-skip-permissions"],
      {
        cwd: o.cwd ?? o.dirs.cwd,
        env: offlineEnv(o.dirs, fake.url, { path: o.path, extra: o.env }),
        stdin: "pipe",
        stdout: "pipe",
        stderr: "pipe",
      },
    );
    const timer = setTimeout(() => proc.kill("SIGKILL"), o.timeoutMs ?? 60_000);
    const send = (v: unknown) => {
      proc.stdin.write(`${JSON.stringify(v)}\n`);
      proc.stdin.flush();
    };
    send({ type: "user", message: { role: "user", content: "tell me a long story" } });
    let done = false;
    // The answer streams from the fake's first main request on: interrupt it a moment later.
    const interrupter = (async () => {
      while (!done && !fake.requests.some((r) => r.kind === "main")) await Bun.sleep(100);
      if (done) return;
      await Bun.sleep(1_500);
      const marked = o.interruptedBy === undefined ? {} : { interrupted_by: o.interruptedBy };
      send({ type: "control_request", request_id: "vigil-interrupt-1", request: { subtype: "interrupt" }, ...marked });
    })();
    let stdout = "";
    const decoder = new TextDecoder();
    for await (const chunk of proc.stdout) {
      stdout += decoder.decode(chunk, { stream: true });
      if (stdout.includes('"type":"result"')) break;
    }
    done = true;
    await interrupter;
    // Give the Interrupt hook its moment, then end the input so the CLI exits.
    await Bun.sleep(1_500);
    proc.stdin.end();
    const [stderr, exitCode] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
    clearTimeout(timer);
    return {
      exitCode,
      timedOut: proc.signalCode === "SIGKILL",
      stdout,
      stderr,
      requests: fake.requests,
      sessionId: /"session_id":"([^"]+)"/.exec(stdout)?.[1] ?? "",
    };
  } finally {
    fake.stop();
  }
}
