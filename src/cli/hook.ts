/** `vigil hook`: wiring only. Always exits 0; errors are recorded by the pipeline. */
import { hookDeps } from "../app/deps.ts";
import { runHookLoading } from "../app/run-hook.ts";
import { appendLog } from "../edge/log.ts";
import { resolvePaths } from "../edge/paths.ts";
import { readStdinBlocking } from "../edge/stdin.ts";
import type { Ctx } from "./context.ts";

export async function hookCommand(args: string[], ctx: Ctx): Promise<number> {
  // No option parser here: node:util is costly to load, and a hook must not fail on an
  // unexpected argument anyway (Claude Code would read exit 2 as "block").
  if (args.includes("--help") || args.includes("-h")) return (ctx.out((await import("./help.ts")).HELP.hook + "\n"), 0);
  const input = readStdinBlocking();
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
