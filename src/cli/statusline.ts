/**
 * `vigil statusline [--then CMD]`: wiring only. Never fails; always exits 0. With `--then`
 * (written by `vigil install --wrap-statusline`), the user's own statusLine command runs after
 * vigil's line, with the same stdin, and its output follows vigil's.
 */
import { hookDeps } from "../app/deps.ts";
import { runStatusline } from "../app/run-statusline.ts";
import { fileLineCache } from "../edge/line-cache.ts";
import { resolvePaths } from "../edge/paths.ts";
import { readStdin } from "../edge/stdin.ts";
import type { Ctx } from "./context.ts";
import { HELP } from "./help.ts";

/** Claude Code cancels a statusLine that runs past its next refresh; don't outlive that by much. */
const THEN_TIMEOUT_MS = 10_000;

/** Run the user's statusLine command (through sh, as Claude Code would) with the same stdin. */
async function runThen(command: string, stdin: string, ctx: Ctx): Promise<void> {
  try {
    const p = Bun.spawn(["/bin/sh", "-c", command], {
      env: ctx.env,
      stdin: new TextEncoder().encode(stdin),
      stdout: "pipe",
      stderr: "ignore",
      timeout: THEN_TIMEOUT_MS,
    });
    const out = await new Response(p.stdout).text();
    await p.exited;
    if (out) ctx.out(out.endsWith("\n") ? out : out + "\n");
  } catch {
    // The user's command failing must not blank vigil's line.
  }
}

export async function statuslineCommand(args: string[], ctx: Ctx): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) return (ctx.out(HELP.statusline + "\n"), 0);
  const at = args.indexOf("--then");
  const then = at >= 0 ? args[at + 1] ?? null : null;
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
  if (then) await runThen(then, input.text, ctx);
  return 0;
}
