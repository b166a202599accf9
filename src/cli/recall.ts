/** `vigil recall`: wiring only (placeholder until the index lands). */
import { type Ctx, parse, UsageError } from "./context.ts";
import { HELP } from "./help.ts";

/** Search a session's transcript. */
export function recallCommand(args: string[], ctx: Ctx): number {
  const { values } = parse(args, {}, true);
  if (values.help) return (ctx.out(HELP.recall + "\n"), 0);
  throw new UsageError("recall is not available yet");
}
