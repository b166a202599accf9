/**
 * `vigil hook` run in this process: main.ts runs it when no `vigil serve` took the call (and
 * always for a fail-closed registration). Reads stdin, opens the store (waited for as long as a
 * fail-closed registration's timeout allows), runs the pipeline (`run-hook.ts`) and prints its
 * one output. Exits 0; errors are recorded by the pipeline, an unreadable stdin here.
 *
 * `--fail-closed[=SECONDS]` is how `vigil install --fail-closed` registers PreToolUse and
 * PreSkillShellCommand (SECONDS: the registration's timeout): then an internal failure exits 2
 * with the reason on stderr, which Claude Code reads as "block", and the store is waited for as
 * long as that timeout allows instead of the usual BUSY_TIMEOUT_MS.
 */
import type { CommandIo } from "../core/command-io.ts";
import type { Language } from "../core/config.ts";
import { closedReason, closedWaitMs } from "../core/fail-closed.ts";
import { appendLog } from "../edge/log.ts";
import { resolvePaths } from "../edge/paths.ts";
import { readStdinBlocking, type StdinResult } from "../edge/stdin.ts";
import { hookDeps } from "./deps.ts";
import { runHookLoading } from "./run-hook.ts";

export type { StdinResult };

/** The command's I/O, and its printer of all output at once (no node:fs: the hot path). */
export type HookIo = CommandIo & { print: (text: string) => Promise<void> };

/**
 * Run the call in this process; `read` is stdin when main.ts already read it to forward it.
 * `args` are the hook's own (`--fail-closed[=SECONDS]`), read without an option parser:
 * node:util is costly to load, and a hook must not fail on an unexpected argument anyway
 * (Claude Code would read exit 2 as "block").
 */
export async function runHookHere(args: string[], io: HookIo, read: StdinResult | null = null): Promise<number> {
  // Blocking reads when nothing was read yet: the call loads node:fs anyway (bench/RESULTS.md).
  const input = read ?? readStdinBlocking();
  const closed = failClosedOf(args);
  const deps = hookDeps(io.env, io.now, closed ? { busyTimeoutMs: closed.waitMs } : {});
  try {
    if (!input.ok) {
      try {
        deps.store().appendEvent(io.now(), null, "hook_error", { error: input.error, bytes: input.bytes });
      } catch {
        appendLog(resolvePaths(io.env).logFile, `hook_error ${input.error}`);
      }
      return closed ? blocked(io, input.error, deps.config.config.language) : 0;
    }
    const { stdout, error } = await runHookLoading(input.text, deps);
    if (error !== null && closed) return blocked(io, error, deps.config.config.language);
    if (stdout) await io.print(stdout);
    return 0;
  } finally {
    deps.close();
  }
}

/**
 * The fail-closed registration's argument, if any: how long the store may be waited for. A
 * malformed value still closes (the registration said so), with the default 10 s timeout.
 */
export function failClosedOf(args: readonly string[]): { waitMs: number } | null {
  const arg = args.find((a) => a === "--fail-closed" || a.startsWith("--fail-closed="));
  if (arg === undefined) return null;
  return { waitMs: closedWaitMs(arg.slice("--fail-closed=".length)) };
}

/** Exit 2 with the reason: Claude Code blocks the tool call and shows why. */
function blocked(io: HookIo, why: string, lang: Language): number {
  io.err(`${closedReason(lang, why)}\n`);
  return 2;
}
