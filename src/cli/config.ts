/** `vigil config [--json]`: wiring only (`src/app/config-view.ts`). */
import { configView } from "../app/config-view.ts";
import { parse } from "./args.ts";
import { type Ctx } from "./context.ts";
import { HELP } from "./help.ts";

/** Print the effective configuration with the source of every value. */
export function configCommand(args: string[], ctx: Ctx): number {
  const { values } = parse(args, { json: { type: "boolean" } });
  if (values.help) return (ctx.out(HELP.config + "\n"), 0);
  ctx.out(configView({ json: values.json === true }, ctx));
  return 0;
}
