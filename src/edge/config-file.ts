/** Loads config.toml (Bun's TOML parser) and merges it with the environment. */
import { resolveConfig, type ResolvedConfig } from "../core/config.ts";
import { isObject } from "../core/payload.ts";
import { nodeFs } from "./node-fs.ts";

const MAX_CONFIG_BYTES = 1024 * 1024;

/**
 * The effective configuration; a missing file is no error, a broken one is a warning. The
 * size comes first, through Bun (no node:fs): with no file, or an empty one (read as none),
 * nothing is read, and a FIFO or device (size Infinity) is refused before an open could block.
 */
export function loadConfig(
  file: string,
  env: Record<string, string | undefined>,
): ResolvedConfig & { file: string | null } {
  let parsed: unknown = null;
  const problems: string[] = [];
  const size = Bun.file(file).size;
  if (size > 0) {
    try {
      if (!Number.isFinite(size)) throw new Error("not a regular file");
      if (size > MAX_CONFIG_BYTES) throw new Error("file is larger than 1 MiB");
      parsed = Bun.TOML.parse(nodeFs().readFileSync(file, "utf8"));
    } catch (e) {
      problems.push(`cannot read config "${file}": ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const r = resolveConfig(isObject(parsed) ? parsed : null, env);
  return { ...r, warnings: [...problems, ...r.warnings], file: size > 0 ? file : null };
}
