/** Loads config.toml (Bun's TOML parser) and merges it with the environment. */
import { existsSync, readFileSync, statSync } from "node:fs";
import { resolveConfig, type ResolvedConfig } from "../core/config.ts";
import { isObject } from "../core/payload.ts";

const MAX_CONFIG_BYTES = 1024 * 1024;

/** The effective configuration; a missing file is no error, a broken one is a warning. */
export function loadConfig(
  file: string,
  env: Record<string, string | undefined>,
): ResolvedConfig & { file: string | null } {
  let parsed: unknown = null;
  const problems: string[] = [];
  if (existsSync(file)) {
    try {
      if (statSync(file).size > MAX_CONFIG_BYTES) throw new Error("file is larger than 1 MiB");
      parsed = Bun.TOML.parse(readFileSync(file, "utf8"));
    } catch (e) {
      problems.push(`cannot read config "${file}": ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const r = resolveConfig(isObject(parsed) ? parsed : null, env);
  return { ...r, warnings: [...problems, ...r.warnings], file: existsSync(file) ? file : null };
}
