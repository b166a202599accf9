/**
 * One print-mode Claude Code session (`-p … --output-format stream-json`) in a proof's sandbox,
 * against a fresh fake Messages API on 127.0.0.1: what the model was shown (the requests) and
 * what the CLI printed.
 */
import { type Dirent, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ApiRequest } from "./fake-api/api-request.ts";
import type { Scenario } from "./fake-api/scenario.ts";
import { startFakeApi } from "./fake-api/server.ts";
import { offlineEnv, type ProveDirs } from "./sandbox.ts";

export interface PrintOptions {
  /** The argv prefix that starts Claude Code (`[bin]`). */
  claude: string[];
  dirs: ProveDirs;
  /** PATH for the CLI and its hooks. */
  path: string;
  prompt: string;
  scenario: Scenario;
  args?: string[];
  env?: Record<string, string>;
  /** Working directory (default: the sandbox's work dir). */
  cwd?: string;
  /** Put in front of the CLI's argv (strace in the tests). */
  wrapper?: string[];
  timeoutMs?: number;
}

export interface PrintResult {
  exitCode: number;
  /** True when the CLI was killed at the timeout. */
  timedOut: boolean;
  stdout: string;
  stderr: string;
  requests: ApiRequest[];
  apiUrl: string;
  /** Scenario turns that threw, or requests the fake could not answer. */
  apiErrors: string[];
  /** Scripted turns never asked for. */
  unusedTurns: number;
  /** The first `session_id` in the stream ("" when none). */
  sessionId: string;
}

function sessionIdOf(stdout: string): string {
  return /"session_id":"([^"]+)"/.exec(stdout)?.[1] ?? "";
}

/** Run one session to its end (or kill it at the timeout, default 60 s). */
export async function runPrint(o: PrintOptions): Promise<PrintResult> {
  const roots = [join(o.dirs.home, ".claude", "projects")];
  if (o.env?.CLAUDE_CONFIG_DIR) roots.push(join(o.env.CLAUDE_CONFIG_DIR, "projects"));
  const fake = startFakeApi(o.scenario, { settle: (id) => onDisk(roots, id) });
  try {
    const args = ["-p", o.prompt, "--output-format", "stream-json", "--verbose", "--dangerously-skip-permissions"];
    const proc = Bun.spawn([...(o.wrapper ?? []), ...o.claude, ...args, ...(o.args ?? [])], {
      cwd: o.cwd ?? o.dirs.cwd,
      env: offlineEnv(o.dirs, fake.url, { path: o.path, extra: o.env }),
      stdin: "ignore",
      stdout: "pipe",
      stderr: "pipe",
    });
    const timer = setTimeout(() => proc.kill("SIGKILL"), o.timeoutMs ?? 60_000);
    const [stdout, stderr, exitCode] = await Promise.all([
      new Response(proc.stdout).text(),
      new Response(proc.stderr).text(),
      proc.exited,
    ]);
    clearTimeout(timer);
    return {
      exitCode,
      timedOut: proc.signalCode === "SIGKILL",
      stdout,
      stderr,
      requests: fake.requests,
      apiUrl: fake.url,
      apiErrors: fake.errors,
      unusedTurns: fake.unusedTurns(),
      sessionId: sessionIdOf(stdout),
    };
  } finally {
    fake.stop();
  }
}

/** How long a main request waits for the reply before it to reach a transcript (a reply Claude Code never writes). */
const SETTLE_LIMIT_MS = 5_000;

/**
 * Resolves once a transcript under `roots` (any session's file, subagents' included) holds the reply `id`, or after
 * SETTLE_LIMIT_MS: what a real model's seconds of thinking give Claude Code's late transcript writes (fake-api/server.ts
 * `settle`).
 */
async function onDisk(roots: string[], id: string): Promise<void> {
  for (const end = Date.now() + SETTLE_LIMIT_MS; Date.now() < end; await Bun.sleep(20)) {
    if (roots.some((root) => jsonlFiles(root).some((f) => readText(f).includes(id)))) return;
  }
}

function jsonlFiles(dir: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) =>
    e.isDirectory() ? jsonlFiles(join(dir, e.name)) : e.name.endsWith(".jsonl") ? [join(dir, e.name)] : []
  );
}

function readText(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}
