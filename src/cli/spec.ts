/**
 * `vigil spec init|show|check`: the external task spec, `.vigil/spec.md` in the project
 * (`--dir`, else `CLAUDE_PROJECT_DIR`, else the current directory). `init` never
 * overwrites; `check` exits 1 with one line per problem. Wiring only (`src/app/spec-file.ts`).
 */
import { initSpec, showSpec, specPath, specProblems } from "../app/spec-file.ts";
import { parse } from "./args.ts";
import { type Ctx, UsageError } from "./context.ts";
import { HELP } from "./help.ts";

/** Run `vigil spec init|show|check [--dir D] [--raw]`. */
export function specCommand(args: string[], ctx: Ctx): number {
  const { values, positionals } = parse(args, { dir: { type: "string" }, raw: { type: "boolean" } }, true);
  if (values.help) return (ctx.out(HELP.spec + "\n"), 0);
  const [sub, ...extra] = positionals;
  if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`);
  const path = specPath(values.dir ?? (ctx.env.CLAUDE_PROJECT_DIR || "."));
  switch (sub) {
    case "init":
      initSpec(path);
      ctx.out(`spec template written: ${path}\nfill in its fields, then run: vigil spec check\n`);
      return 0;
    case "show":
      ctx.out(showSpec(path, values.raw === true));
      return 0;
    case "check": {
      const problems = specProblems(path);
      for (const p of problems) ctx.err(`vigil: spec "${path}": ${p}\n`);
      if (problems.length) return 1;
      ctx.out(`spec ok: ${path}\n`);
      return 0;
    }
    case undefined:
      throw new UsageError(`missing subcommand: init, show or check (see vigil spec --help)`);
    default:
      throw new UsageError(`unknown subcommand "${sub}": init, show or check (see vigil spec --help)`);
  }
}
