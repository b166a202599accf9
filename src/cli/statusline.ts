/**
 * `vigil statusline [--wrap CMD]`: wiring only. Never fails; always exits 0. `--wrap` (written
 * by `vigil install` when the user already has a statusLine; `--then` is how an earlier vigil
 * spelled it) names the user's own command, which `src/app/statusline-call.ts` runs alongside
 * vigil's render; `--refresh-wrap PAYLOAD` is the detached refresh of a late one.
 */
import { refreshWrapped, renderHere, type StdinResult } from "../app/statusline-call.ts";
import type { Ctx } from "./context.ts";

function wrappedCommand(args: string[]): string | null {
  for (const flag of ["--wrap", "--then"]) {
    const at = args.indexOf(flag);
    if (at >= 0 && args[at + 1] !== undefined) return args[at + 1];
  }
  return null;
}

/**
 * Run the render here (`src/app/statusline-call.ts`); `read` is stdin when main.ts already
 * read it to forward the render.
 */
export async function statuslineCommand(args: string[], ctx: Ctx, read: StdinResult | null = null): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    return (ctx.out((await import("./help.ts")).HELP.statusline + "\n"), 0);
  }
  const wrap = wrappedCommand(args);
  const refresh = args.indexOf("--refresh-wrap");
  if (refresh >= 0 && wrap !== null && args[refresh + 1] !== undefined) {
    return await refreshWrapped(wrap, args[refresh + 1], ctx);
  }
  return await renderHere(wrap, read, ctx);
}
