/** `vigil status [--json] [--all]`: wiring only (`src/app/status-now.ts`). */
import { statusNow } from "../app/status-now.ts";
import { parse } from "./args.ts";
import { type Ctx } from "./context.ts";
import { HELP } from "./help.ts";

/** Print the sessions and their states now. */
export function statusCommand(args: string[], ctx: Ctx): number {
  const { values } = parse(args, { json: { type: "boolean" }, all: { type: "boolean" } });
  if (values.help) return (ctx.out(HELP.status + "\n"), 0);
  ctx.out(statusNow({ all: values.all === true, json: values.json === true, cwd: process.cwd() }, ctx));
  return 0;
}
