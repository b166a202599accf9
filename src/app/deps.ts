/**
 * Real dependencies for the hook pipeline, built from an environment. The store is opened
 * once, lazily, so a payload that fails validation never touches the disk twice.
 */
import { loadConfig } from "../edge/config-file.ts";
import { appendLog } from "../edge/log.ts";
import { resolvePaths } from "../edge/paths.ts";
import { descendantsOf } from "../edge/process-tree.ts";
import { processArgv, settingsWindows } from "../edge/window-facts.ts";
import { resolveWindow } from "../core/meter/window.ts";
import { openStore, type Store } from "../edge/store.ts";
import { continuityAdapter } from "./continuity-adapter.ts";
import type { HookDeps } from "./run-hook.ts";
import { factsAdapter, measureAdapter } from "./meter-adapter.ts";
import { POLICIES } from "./policies.ts";
import { stopFactsFor } from "./stop-facts.ts";

/** Build the hook pipeline's dependencies for this process. */
export function hookDeps(env: Record<string, string | undefined>, now: () => number = Date.now): HookDeps & {
  close: () => void;
} {
  const paths = resolvePaths(env);
  let store: Store | null = null;
  const log = (line: string) => appendLog(paths.logFile, line);
  const config = loadConfig(paths.configFile, env);
  return {
    store: () => {
      store ??= openStore(paths.dbFile, {
        onRecovered: (to, why) => log(`${new Date().toISOString()} store_recovered moved to ${to}: ${why}`),
      });
      return store;
    },
    config,
    env,
    now,
    measure: measureAdapter,
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
      }, config.config.defaultWindow);
    },
    policies: POLICIES,
    logError: log,
    close: () => store?.close(),
  };
}
