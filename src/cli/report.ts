/** `vigil report`: wiring only (`src/app/report.ts`). Text by default, `--json` (product.md 9a), `--html FILE`. */
import { writeReport } from "../app/report.ts";
import { parseWhen } from "../core/report/time.ts";
import { parse } from "./args.ts";
import { type Ctx, UsageError } from "./context.ts";
import { HELP } from "./help.ts";

/** Run `vigil report [--since 12h] [--until T] [--session ID] [--json | --html FILE]`. */
export function reportCommand(args: string[], ctx: Ctx): number {
  const { values } = parse(args, {
    since: { type: "string" },
    until: { type: "string" },
    session: { type: "string" },
    json: { type: "boolean" },
    html: { type: "string" },
  });
  if (values.help) return (ctx.out(HELP.report + "\n"), 0);
  if (values.json && values.html !== undefined) throw new UsageError("choose one of --json and --html");
  const now = ctx.now();
  const since = when(values.since ?? "12h", now);
  const until = values.until === undefined ? now : when(values.until, now);
  if (until < since) throw new UsageError(`"--until" is before "--since"`);
  const { session, html } = values;
  writeReport({ since, until, session, json: values.json === true, html, cwd: process.cwd() }, ctx);
  return 0;
}

function when(text: string, now: number): number {
  const r = parseWhen(text, now);
  if (!r.ok) throw new UsageError(r.error);
  return r.value;
}
