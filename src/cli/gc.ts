/** `vigil gc`: wiring only (`src/app/gc-now.ts` runs retention; this prints its summary). */
import type { GcSummary } from "../app/gc.ts";
import { gcNow } from "../app/gc-now.ts";
import { parse } from "./args.ts";
import type { Ctx } from "./context.ts";
import { HELP } from "./help.ts";

/** Run `vigil gc [--dry-run] [--json]`. */
export function gcCommand(args: string[], ctx: Ctx): number {
  const { values } = parse(args, { "dry-run": { type: "boolean" }, json: { type: "boolean" } });
  if (values.help) return (ctx.out(HELP.gc + "\n"), 0);
  const summary = gcNow({ dryRun: values["dry-run"] === true }, ctx);
  ctx.out(values.json ? JSON.stringify(summary) + "\n" : render(summary));
  return 0;
}

const mb = (n: number) => `${(n / 1_048_576).toFixed(1)} MB`;

function render(s: GcSummary): string {
  const verb = s.dryRun ? "would drop" : "dropped";
  const lines = [
    `${s.dryRun ? "would summarise" : "summarised"} ${s.days} day(s) into daily rows`,
    `${verb} ${s.events} event(s), ${s.sessions} dead session(s), ${s.samples} sample(s), ` +
    `${s.recallFiles} recall index(es) (${mb(s.recallBytes)})`,
    s.dryRun
      ? `database ${mb(s.bytesBefore)}`
      : `database ${mb(s.bytesBefore)} -> ${mb(s.bytesAfter)}${s.vacuumed ? " (converted to incremental vacuum)" : ""}`,
  ];
  return lines.join("\n") + "\n";
}
