/** `vigil gc`: wiring only (config → retention run → one summary). */
import { existsSync } from "node:fs";
import { type GcSummary, runGc } from "../app/gc.ts";
import { retentionPolicy } from "../core/retention.ts";
import { loadConfig } from "../edge/config-file.ts";
import { resolvePaths } from "../edge/paths.ts";
import { openStore } from "../edge/store.ts";
import { parse } from "./args.ts";
import { type Ctx, Refusal } from "./context.ts";
import { HELP } from "./help.ts";

/** Run `vigil gc [--dry-run] [--json]`. */
export function gcCommand(args: string[], ctx: Ctx): number {
  const { values } = parse(args, { "dry-run": { type: "boolean" }, json: { type: "boolean" } });
  if (values.help) return (ctx.out(HELP.gc + "\n"), 0);
  const paths = resolvePaths(ctx.env);
  if (!existsSync(paths.dbFile)) throw new Refusal(`no store at "${paths.dbFile}": nothing to collect`);
  const policy = retentionPolicy(loadConfig(paths.configFile, ctx.env).config);
  const store = openStore(paths.dbFile);
  try {
    const summary = runGc(store, policy, { now: ctx.now(), stateDir: paths.stateDir, dryRun: values["dry-run"] });
    ctx.out(values.json ? JSON.stringify(summary) + "\n" : render(summary));
    return 0;
  } finally {
    store.close();
  }
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
