/**
 * `vigil hook`: wiring only. main.ts offers the call to a running `vigil serve` first and
 * otherwise runs it with `src/app/hook-call.ts` directly; this is `vigil hook --help`, and the
 * same call for any other way in.
 */
import { runHookHere, type StdinResult } from "../app/hook-call.ts";
import type { Ctx } from "./context.ts";

/** Print the help, or run the call in this process (`read`: stdin main.ts already read). */
export async function hookCommand(args: string[], ctx: Ctx, read: StdinResult | null = null): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) return (ctx.out((await import("./help.ts")).HELP.hook + "\n"), 0);
  return await runHookHere(args, ctx, read);
}
