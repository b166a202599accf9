/** Loads config.toml (Bun's TOML parser) and merges it with the environment. */
import { configEnvKey, resolveConfig, type ResolvedConfig } from "../core/config.ts";
import { isObject, type JsonObject } from "../core/payload.ts";
import { statStamp } from "./file-read.ts";
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
  return resolveFileConfig(readConfigFile(file), env);
}

/** What config.toml holds, read once: a long-lived process resolves it per caller's environment. */
export interface ConfigFile {
  path: string;
  parsed: JsonObject | null;
  problems: string[];
  /** Whether a non-empty file was there. */
  present: boolean;
}

/** Read and parse config.toml (see `loadConfig`). */
export function readConfigFile(file: string): ConfigFile {
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
  return { path: file, parsed: isObject(parsed) ? parsed : null, problems, present: size > 0 };
}

/** The configuration a file and an environment give. */
export function resolveFileConfig(
  f: ConfigFile,
  env: Record<string, string | undefined>,
): ResolvedConfig & { file: string | null } {
  const r = resolveConfig(f.parsed, env);
  return { ...r, warnings: [...f.problems, ...r.warnings], file: f.present ? f.path : null };
}

/**
 * config.toml as it is now, for a long-lived process: read again whenever its size, mtime or
 * inode changed since the last call (one stat per call), so an edit reaches the next hook as it
 * would a new process.
 */
export function liveConfigFile(file: string): () => ConfigFile {
  let seen = "";
  let current: ConfigFile | null = null;
  return () => {
    const stamp = statStamp(file) ?? "none";
    if (current === null || stamp !== seen) (current = readConfigFile(file), seen = stamp);
    return current;
  };
}

type Resolved = ReturnType<typeof resolveFileConfig>;

/**
 * `resolveFileConfig` for a long-lived process that resolves one file for many callers' environments:
 * the same file (the same `ConfigFile` object) and the same variables the resolution reads give
 * the same, frozen, configuration; a new file or new variables resolve again. Frozen, so a caller
 * that changed the shared answer would throw instead of changing the next caller's.
 */
export function configResolver(max = 64): (f: ConfigFile, env: Record<string, string | undefined>) => Resolved {
  let file: ConfigFile | null = null;
  const byEnv = new Map<string, Resolved>();
  return (f, env) => {
    if (f !== file) (file = f, byEnv.clear());
    const key = configEnvKey(env);
    let r = byEnv.get(key);
    if (r === undefined) {
      if (byEnv.size >= max) byEnv.clear();
      r = deepFreeze(resolveFileConfig(f, env));
      byEnv.set(key, r);
    }
    return r;
  };
}

function deepFreeze<T>(v: T): T {
  if (typeof v === "object" && v !== null && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
  }
  return v;
}
