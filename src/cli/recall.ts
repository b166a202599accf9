/** `vigil recall QUERY`: wiring only (`src/app/recall.ts` indexes, searches and prints). */
import { recall } from "../app/recall.ts";
import { parseQuery } from "../core/recall/query.ts";
import { parse } from "./args.ts";
import { type Ctx, UsageError } from "./context.ts";
import { HELP } from "./help.ts";

/** Search a session's transcript; exit 0 with hits, 1 with none. */
export function recallCommand(args: string[], ctx: Ctx): number {
  const { values, positionals } = parse(args, {
    session: { type: "string" },
    transcript: { type: "string" },
    limit: { type: "string" },
    json: { type: "boolean" },
    reindex: { type: "boolean" },
  }, true);
  if (values.help) return (ctx.out(HELP.recall + "\n"), 0);
  const query = positionals.join(" ");
  const terms = parseQuery(query);
  if (terms.length === 0) throw new UsageError("missing query (see vigil recall --help)");
  const limit = values.limit === undefined ? 10 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError(`invalid --limit "${values.limit}"`);
  if (values.session !== undefined && values.transcript !== undefined) {
    throw new UsageError("give --session or --transcript, not both");
  }
  return recall({
    query,
    terms,
    limit,
    session: values.session,
    transcript: values.transcript,
    json: values.json === true,
    reindex: values.reindex === true,
    tty: ctx.isTTY,
    cwd: process.cwd(),
  }, ctx);
}
