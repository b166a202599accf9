/** `vigil statusline`: wiring only. Never fails; always exits 0. */
import { hookDeps } from "../app/deps.ts";
import { runStatusline } from "../app/run-statusline.ts";
import { fileLineCache } from "../edge/line-cache.ts";
import { resolvePaths } from "../edge/paths.ts";
import { readStdin } from "../edge/stdin.ts";
import type { Ctx } from "./context.ts";
import { HELP } from "./help.ts";

export async function statuslineCommand(args: string[], ctx: Ctx): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) return (ctx.out(HELP.statusline + "\n"), 0);
  const cache = fileLineCache(resolvePaths(ctx.env).stateDir);
  const input = await readStdin(1024 * 1024);
  if (!input.ok) {
    ctx.out((cache.read(null) ?? "") + "\n");
    return 0;
  }
  const deps = hookDeps(ctx.env, ctx.now);
  try {
    const { line } = runStatusline(input.text, deps, cache, { color: !ctx.env.NO_COLOR });
    ctx.out(line + "\n");
  } finally {
    deps.close();
  }
  return 0;
}
