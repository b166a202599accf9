/** `vigil night on | off | status`: wiring only (`src/night/run.ts` does it, `render.ts` says it). */
import { nightJson, nightText } from "../night/render.ts";
import { runNight } from "../night/run.ts";
import { parse } from "./args.ts";
import { type Ctx, UsageError } from "./context.ts";
import { HELP } from "./help.ts";

/** Run `vigil night on [--scope PATH…] [--until TIME] [--force] | off | status [--json]`. */
export async function nightCommand(args: string[], ctx: Ctx): Promise<number> {
  const { values, positionals } = parse(args, {
    scope: { type: "string", multiple: true },
    until: { type: "string" },
    json: { type: "boolean" },
    force: { type: "boolean" },
  }, true);
  if (values.help) return (ctx.out(HELP.night + "\n"), 0);
  const [action, ...rest] = positionals;
  if (action !== "on" && action !== "off" && action !== "status") {
    throw new UsageError(action === undefined ? `missing "on", "off" or "status"` : `unknown action "${action}"`);
  }
  if (action !== "on" && (values.scope || values.until || values.force || rest.length > 0)) {
    throw new UsageError(`"--scope", "--until" and "--force" go with "night on"`);
  }
  // `--scope A B` : paths after the first --scope value are more scope paths.
  if (rest.length > 0 && !values.scope) throw new UsageError(`unexpected argument "${rest[0]}"`);
  const outcome = await runNight(
    action === "on"
      ? {
        action,
        scope: [...(values.scope ?? []), ...rest],
        until: values.until,
        force: values.force === true,
        cwd: process.cwd(),
        bin: process.execPath,
      }
      : { action },
    ctx,
  );
  ctx.out(values.json ? nightJson(outcome) : nightText(outcome, ctx.now()));
  return outcome.action === "status" && !outcome.active ? 1 : 0;
}
