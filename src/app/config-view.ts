/** `vigil config`: the effective configuration, where each value came from, and its warnings. */
import type { Config } from "../core/config.ts";
import type { CommandIo } from "../core/command-io.ts";
import { loadConfig } from "../edge/config-file.ts";
import { resolvePaths } from "../edge/paths.ts";

/** The configuration as printed: one line per key with its source, or one JSON document. */
export function configView(o: { json: boolean }, io: Pick<CommandIo, "env">): string {
  const paths = resolvePaths(io.env);
  const r = loadConfig(paths.configFile, io.env);
  if (o.json) {
    return JSON.stringify(
      { file: paths.configFile, config: r.config, sources: r.sources, warnings: r.warnings },
      null,
      2,
    ) +
      "\n";
  }
  const lines = [`config file: ${paths.configFile}${r.file ? "" : " (absent)"}`, `state dir:   ${paths.stateDir}`, ""];
  const keys = Object.keys(r.config) as (keyof Config)[];
  const width = Math.max(18, ...keys.map((k) => k.length));
  for (const key of keys) {
    const shown = key === "notifiers" ? r.config.notifiers.map((n) => n.kind) : r.config[key];
    lines.push(`${key.padEnd(width)} ${JSON.stringify(shown).padEnd(40)} ${r.sources[key]}`);
  }
  for (const w of r.warnings) lines.push(`warning: ${w}`);
  return lines.join("\n") + "\n";
}
