/**
 * Real dependencies for the hook pipeline, built from an environment: the shared ones
 * (base-deps.ts) and what only hooks use (policies, tail facts, process tree, window facts).
 */
import { resolvePaths } from "../edge/paths.ts";
import { descendantsOf } from "../edge/process-tree.ts";
import { processArgv, settingsWindows } from "../edge/window-facts.ts";
import { resolveWindow } from "../core/meter/window.ts";
import { baseDeps } from "./base-deps.ts";
import { continuityAdapter } from "./continuity-adapter.ts";
import type { HookDeps } from "./run-hook.ts";
import { factsAdapter } from "./meter-adapter.ts";
import { POLICIES } from "./policies.ts";
import { stopFactsFor } from "./stop-facts.ts";

/** Build the hook pipeline's dependencies for this process. */
export function hookDeps(env: Record<string, string | undefined>, now: () => number = Date.now): HookDeps & {
  close: () => void;
} {
  const base = baseDeps(env, now);
  const paths = resolvePaths(env);
  return {
    ...base,
    facts: factsAdapter,
    continuity: continuityAdapter(env, paths.stateDir),
    stop: stopFactsFor,
    descendants: (root) => descendantsOf(root),
    window: (p, model) => {
      const pid = Number(env.CLAUDE_PID);
      return resolveWindow({
        envWindow: env.CLAUDE_CODE_AUTO_COMPACT_WINDOW,
        argv: processArgv(Number.isSafeInteger(pid) && pid > 0 ? pid : null),
        settingsWindows: settingsWindows(env.HOME, p.cwd),
        model,
      }, base.config.config.defaultWindow);
    },
    policies: POLICIES,
  };
}
