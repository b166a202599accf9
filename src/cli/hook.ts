/**
 * `vigil hook`: wiring only. Always exits 0; errors are recorded by the pipeline. main.ts
 * first offers the call to a running `vigil serve` (hook-forward.ts); this runs it here.
 */
import { hookDeps } from "../app/deps.ts";
import { runHookLoading } from "../app/run-hook.ts";
import { appendLog } from "../edge/log.ts";
import { resolvePaths } from "../edge/paths.ts";
import { readStdinBlocking, type StdinResult } from "../edge/stdin.ts";
import type { Ctx } from "./context.ts";

/** Run the call in this process; `read` is stdin when hook-forward.ts already read it. */
export async function hookCommand(args: string[], ctx: Ctx, read: StdinResult | null = null): Promise<number> {
  // No option parser here: node:util is costly to load, and a hook must not fail on an
  // unexpected argument anyway (Claude Code would read exit 2 as "block").
  if (args.includes("--help") || args.includes("-h")) return (ctx.out((await import("./help.ts")).HELP.hook + "\n"), 0);
  // Blocking reads when nothing was read yet: the call loads node:fs anyway (bench/RESULTS.md).
  const input = read ?? readStdinBlocking();
  const deps = hookDeps(ctx.env, ctx.now);
  try {
    if (!input.ok) {
      try {
        deps.store().appendEvent(ctx.now(), null, "hook_error", { error: input.error, bytes: input.bytes });
      } catch {
        appendLog(resolvePaths(ctx.env).logFile, `hook_error ${input.error}`);
      }
      return 0;
    }
    const { stdout } = await runHookLoading(input.text, deps);
    if (stdout) await ctx.print(stdout);
    return 0;
  } finally {
    deps.close();
  }
}
