/**
 * `vigil hook`: wiring only. Exits 0; errors are recorded by the pipeline. main.ts first
 * offers the call to a running `vigil serve` (`forwardCall`); this runs it here.
 *
 * `--fail-closed[=SECONDS]` is how `vigil install --fail-closed` registers PreToolUse and
 * PreSkillShellCommand (SECONDS: the registration's timeout): then an internal failure exits 2
 * with the reason on stderr, which Claude Code reads as "block", and the store is waited for as
 * long as that timeout allows instead of the usual BUSY_TIMEOUT_MS.
 */
import { hookDeps } from "../app/deps.ts";
import { runHookLoading } from "../app/run-hook.ts";
import { closedReason, closedWaitMs } from "../core/fail-closed.ts";
import { appendLog } from "../edge/log.ts";
import { resolvePaths } from "../edge/paths.ts";
import { readStdinBlocking, type StdinResult } from "../edge/stdin.ts";
import type { Ctx } from "./context.ts";

/** Run the call in this process; `read` is stdin when main.ts already read it to forward it. */
export async function hookCommand(args: string[], ctx: Ctx, read: StdinResult | null = null): Promise<number> {
  // No option parser here: node:util is costly to load, and a hook must not fail on an
  // unexpected argument anyway (Claude Code would read exit 2 as "block").
  if (args.includes("--help") || args.includes("-h")) return (ctx.out((await import("./help.ts")).HELP.hook + "\n"), 0);
  // Blocking reads when nothing was read yet: the call loads node:fs anyway (bench/RESULTS.md).
  const input = read ?? readStdinBlocking();
  const closed = failClosedOf(args);
  const deps = hookDeps(ctx.env, ctx.now, closed ? { busyTimeoutMs: closed.waitMs } : {});
  try {
    if (!input.ok) {
      try {
        deps.store().appendEvent(ctx.now(), null, "hook_error", { error: input.error, bytes: input.bytes });
      } catch {
        appendLog(resolvePaths(ctx.env).logFile, `hook_error ${input.error}`);
      }
      return closed ? blocked(ctx, input.error) : 0;
    }
    const { stdout, error } = await runHookLoading(input.text, deps);
    if (error !== null && closed) return blocked(ctx, error);
    if (stdout) await ctx.print(stdout);
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
function blocked(ctx: Ctx, why: string): number {
  ctx.err(`${closedReason(why)}\n`);
  return 2;
}
