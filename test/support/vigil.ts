/** Running the compiled binary the way Claude Code does: a fresh process per call. */
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const BIN = process.env.VIGIL_BIN ?? join(import.meta.dir, "..", "..", "dist", "vigil");

if (!existsSync(BIN)) throw new Error(`no vigil binary at "${BIN}": run "bun run compile.ts --single" first`);

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** A scrubbed environment with its own VIGIL_HOME. */
export function testEnv(extra: Record<string, string> = {}): Record<string, string> {
  const home = mkdtempSync(join(tmpdir(), "vigil-test-"));
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    VIGIL_HOME: join(home, "vigil"),
    TZ: "UTC",
    NO_COLOR: "1",
    LANG: "C",
    ...extra,
  };
}

/** Run `vigil <args>` with stdin. */
export function vigil(args: string[], stdin: string | Uint8Array, env: Record<string, string>): Run {
  const p = Bun.spawnSync([BIN, ...args], { stdin: typeof stdin === "string" ? Buffer.from(stdin) : stdin, env });
  return { code: p.exitCode ?? -1, stdout: p.stdout.toString(), stderr: p.stderr.toString() };
}

/** A real `vigil serve` on a free loopback port: its URL once it says it listens, and the process. */
export async function startServe(
  env: Record<string, string>,
): Promise<{ url: string; proc: ReturnType<typeof Bun.spawn> }> {
  const proc = Bun.spawn([BIN, "serve", "--listen", "127.0.0.1:0"], { env, stdout: "pipe", stderr: "inherit" });
  const reader = proc.stdout.getReader();
  let line = "";
  while (!line.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error("vigil serve exited before listening");
    line += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  return { url: /listening on (http:\/\/[\d.]+:\d+)/.exec(line)?.[1] ?? "", proc };
}

/** The Stop payload Claude Code sends for a session that ended its turn on `message`. */
export function stopPayload(s: { id: string; transcript: string; cwd: string }, message: string): string {
  return JSON.stringify({
    hook_event_name: "Stop",
    session_id: s.id,
    transcript_path: s.transcript,
    cwd: s.cwd,
    stop_hook_active: false,
    last_assistant_message: message,
  });
}
