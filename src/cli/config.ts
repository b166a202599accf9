/** `vigil config`: the effective configuration with the source of every value. */
import type { Config } from "../core/config.ts";
import { loadConfig } from "../edge/config-file.ts";
import { resolvePaths } from "../edge/paths.ts";
import { parse } from "./args.ts";
import { type Ctx } from "./context.ts";
import { HELP } from "./help.ts";

export function configCommand(args: string[], ctx: Ctx): number {
  const { values } = parse(args, { json: { type: "boolean" } });
  if (values.help) return (ctx.out(HELP.config + "\n"), 0);
  const paths = resolvePaths(ctx.env);
  const r = loadConfig(paths.configFile, ctx.env);
  if (values.json) {
    ctx.out(
      JSON.stringify({ file: paths.configFile, config: r.config, sources: r.sources, warnings: r.warnings }, null, 2) +
        "\n",
    );
    return 0;
  }
  const lines = [`config file: ${paths.configFile}${r.file ? "" : " (absent)"}`, `state dir:   ${paths.stateDir}`, ""];
  const keys = Object.keys(r.config) as (keyof Config)[];
  const width = Math.max(18, ...keys.map((k) => k.length));
  for (const key of keys) {
    const shown = key === "notifiers" ? r.config.notifiers.map((n) => n.kind) : r.config[key];
    lines.push(`${key.padEnd(width)} ${JSON.stringify(shown).padEnd(40)} ${r.sources[key]}`);
  }
  for (const w of r.warnings) lines.push(`warning: ${w}`);
  ctx.out(lines.join("\n") + "\n");
  return 0;
}
