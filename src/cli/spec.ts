/**
 * `vigil spec init|show|check`: the external task spec, `.vigil/spec.md` in the project
 * (`--dir`, else `CLAUDE_PROJECT_DIR`, else the current directory). `init` never
 * overwrites; `check` exits 1 with one line per problem. Wiring only.
 */
import { join } from "node:path";
import { checkSpec, SPEC_RELATIVE_PATH, specTemplate, specText } from "../core/continuity/spec.ts";
import { createFile, readCapped, SPEC_CAP } from "../edge/state-files.ts";
import { parse } from "./args.ts";
import { type Ctx, Refusal, UsageError } from "./context.ts";
import { HELP } from "./help.ts";

function read(path: string): string {
  const text = readCapped(path, SPEC_CAP);
  if (text === null) throw new Refusal(`no spec at "${path}" (vigil spec init writes one)`);
  return text;
}

export function specCommand(args: string[], ctx: Ctx): number {
  const { values, positionals } = parse(args, { dir: { type: "string" }, raw: { type: "boolean" } }, true);
  if (values.help) return (ctx.out(HELP.spec + "\n"), 0);
  const [sub, ...extra] = positionals;
  if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`);
  const path = join(values.dir ?? (ctx.env.CLAUDE_PROJECT_DIR || "."), SPEC_RELATIVE_PATH);
  switch (sub) {
    case "init":
      if (!createFile(path, specTemplate())) throw new Refusal(`"${path}" already exists; not overwriting it`);
      ctx.out(`spec template written: ${path}\nfill in its fields, then run: vigil spec check\n`);
      return 0;
    case "show": {
      const text = read(path);
      ctx.out(values.raw ? text : specText(text) + "\n");
      return 0;
    }
    case "check": {
      const problems = checkSpec(read(path));
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
