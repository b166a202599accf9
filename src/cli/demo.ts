/** `vigil demo [--json] [--keep]`: wiring only; the replay is `src/app/demo.ts`. */
import { demoJson, demoText, replayDemo } from "../app/demo.ts";
import { parse } from "./args.ts";
import { type Ctx } from "./context.ts";
import { HELP } from "./help.ts";

/** Replay the bundled worker session through `vigil hook` and print its timeline. */
export function demoCommand(args: string[], ctx: Ctx): number {
  const { values } = parse(args, { json: { type: "boolean" }, keep: { type: "boolean" } });
  if (values.help) return (ctx.out(HELP.demo + "\n"), 0);
  const run = replayDemo({ env: ctx.env, keep: values.keep === true });
  ctx.out(values.json ? demoJson(run) : demoText(run));
  return 0;
}
