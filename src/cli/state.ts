/**
 * `vigil state save|show|skill`: the pre-compaction state file (product.md section 5).
 * `save` refuses (exit 1) and writes nothing when the Markdown is incomplete or the session
 * id cannot be determined exactly; otherwise it writes a new version atomically and reads it
 * back. Wiring only: the work is `src/app/state-file.ts`.
 */
import { saveState, showState, writeStateSkill } from "../app/state-file.ts";
import { parse } from "./args.ts";
import { type Ctx, UsageError } from "./context.ts";
import { HELP } from "./help.ts";

/** Run `vigil state save|show|skill`. */
export async function stateCommand(args: string[], ctx: Ctx): Promise<number> {
  const { values, positionals } = parse(args, {
    session: { type: "string" },
    list: { type: "boolean" },
    dir: { type: "string" },
    bin: { type: "string" },
  }, true);
  if (values.help) return (ctx.out(HELP.state + "\n"), 0);
  const [sub, ...extra] = positionals;
  if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`);
  switch (sub) {
    case "save":
      if (values.session !== undefined) {
        throw new UsageError(`"state save" takes no --session: the session id comes from Claude Code`);
      }
      return await saveState(ctx);
    case "show":
      return showState(ctx, values.session, values.list === true);
    case "skill":
      return writeStateSkill(ctx, values.dir, values.bin);
    case undefined:
      throw new UsageError(`missing subcommand: save, show or skill (see vigil state --help)`);
    default:
      throw new UsageError(`unknown subcommand "${sub}": save, show or skill (see vigil state --help)`);
  }
}
