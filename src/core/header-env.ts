/**
 * The environment of a hook call that arrives over HTTP (Claude Code's `type: "http"` hooks,
 * the bash statusLine client): such a client cannot send the whole of it, as the hook socket's
 * clients do (forward.ts), so it sends a fixed few variables as headers, and the server reads
 * them over its own environment. Pure. Not on the command-hook path (config.ts is not small).
 */
import { ENV_KEYS } from "./config.ts";

/**
 * What of the hook process's environment an HTTP call carries: the configuration overrides
 * whose values are numbers, flags or fixed words, the locale the language follows, and what
 * the pipeline reads of Claude Code's own (the session's pid, for liveness and the window; the
 * compaction window). Each travels as header `x-vigil-env-<name>` (ENV_HEADER); an empty value
 * is taken for unset, since Claude Code interpolates an unset variable as "".
 *
 * Only variables whose values are ASCII by nature: a header value past U+00FF makes the
 * client refuse the whole request (Node's fetch and Bun's alike), and the hook then guards
 * nothing. So VIGIL_WORKER_TYPES (agent names) and CLAUDE_PROJECT_DIR (a path) stay behind:
 * an HTTP call judges worker types by serve's configuration and takes the project from the
 * payload's `cwd`.
 */
export const HTTP_ENV: readonly string[] = [
  ...Object.keys(ENV_KEYS).filter((k) => k !== "VIGIL_WORKER_TYPES"),
  "LANG",
  "LC_ALL",
  "CLAUDE_PID",
  "CLAUDE_CODE_AUTO_COMPACT_WINDOW",
];

/** The header prefix of HTTP_ENV (header names are case-insensitive; variable names keep theirs). */
export const ENV_HEADER = "x-vigil-env-";

/**
 * `base` (a server's own environment) with the HTTP_ENV variables a request's headers carry,
 * where they are not empty; `header` reads one header by its lower-case name.
 */
export function envFromHeaders(
  base: Record<string, string>,
  header: (name: string) => string | undefined,
): Record<string, string> {
  let out: Record<string, string> | null = null;
  for (const name of HTTP_ENV) {
    const v = header(ENV_HEADER + name.toLowerCase());
    if (v === undefined || v === "") continue;
    out ??= { ...base };
    out[name] = v;
  }
  return out ?? base;
}
