/**
 * Real dependencies for the hook pipeline, built from an environment: the shared ones
 * (base-deps.ts) and what only hooks use (the transcript meter, tail facts, process tree, window
 * facts). The parts only some calls need (the Stop gate, continuity, the shell analyser:
 * hook-parts.ts) are not loaded here: the hook process loads them per call (`runHookLoading`),
 * a long-lived caller all at once (`allHookDeps`).
 */
import { resolveWindow } from "../core/meter/window.ts";
import type { ResolvedConfig } from "../core/config.ts";
import { descendantsOf } from "../edge/process-tree.ts";
import { readTranscriptFacts, transcriptFactsReader } from "../edge/transcript.ts";
import type { TranscriptFacts } from "../core/policy.ts";
import { processArgv, settingsWindows } from "../edge/window-facts.ts";
import { baseDeps } from "./base-deps.ts";
import { allParts } from "./hook-parts.ts";
import { measureAdapter } from "./meter-adapter.ts";
import type { HookDeps } from "./run-hook.ts";

export type ClosableDeps = HookDeps & { close: () => void };

/** Build the hook pipeline's dependencies for this process, without the on-demand parts. */
export function hookDeps(
  env: Record<string, string | undefined>,
  now: () => number = Date.now,
  opts: { busyTimeoutMs?: number } = {},
): ClosableDeps {
  const base = baseDeps(env, now, opts);
  return {
    ...base,
    measure: measureAdapter,
    facts: factsAdapter,
    descendants: (root) => descendantsOf(root),
    window: windowOf(env, base.config.config.defaultWindow),
  };
}

/** A headless session's window, from the hook process's environment and files. */
function windowOf(env: Record<string, string | undefined>, defaultWindow: number): NonNullable<HookDeps["window"]> {
  return (p, model) => {
    const pid = Number(env.CLAUDE_PID);
    return resolveWindow({
      envWindow: env.CLAUDE_CODE_AUTO_COMPACT_WINDOW,
      argv: processArgv(Number.isSafeInteger(pid) && pid > 0 ? pid : null),
      settingsWindows: () => settingsWindows(env, p.cwd),
      model,
    }, defaultWindow);
  };
}

/**
 * `deps` for a call forwarded from another process (`vigil serve`'s hook socket): that
 * process's environment, and the configuration it would have read (the file as it is now,
 * merged with its VIGIL_* overrides: `configResolver`). The store, clock and parts stay the server's.
 */
export function forwardedDeps<D extends HookDeps>(
  deps: D,
  env: Record<string, string>,
  config: ResolvedConfig & { file: string | null },
): D {
  return { ...deps, env, config, window: windowOf(env, config.config.defaultWindow) };
}

/**
 * `hookDeps` with every part loaded, and tail facts that remember each transcript's last read:
 * for `vigil serve` and callers that run `runHook` in-process.
 */
export function allHookDeps(
  env: Record<string, string | undefined>,
  now: () => number = Date.now,
): Promise<ClosableDeps> {
  return allParts({ ...hookDeps(env, now), facts: transcriptFactsReader() });
}

/** The tail facts policies may ask for (newest user record, whether a restore landed); `promptOnly`: the record only. */
export function factsAdapter(path: string, upTo?: number, promptOnly = false): TranscriptFacts {
  return readTranscriptFacts(path, promptOnly ? { promptOnly } : {}, upTo);
}
