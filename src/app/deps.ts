/**
 * Real dependencies for the hook pipeline, built from an environment. The store is opened
 * once, lazily, so a payload that fails validation never touches the disk twice.
 */
import { loadConfig } from "../edge/config-file.ts";
import { appendLog } from "../edge/log.ts";
import { resolvePaths } from "../edge/paths.ts";
import { descendantsOf } from "../edge/process-tree.ts";
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
  return {
    store: () => {
      store ??= openStore(paths.dbFile, {
        onRecovered: (to, why) => log(`${new Date().toISOString()} store_recovered moved to ${to}: ${why}`),
      });
      return store;
    },
    config: loadConfig(paths.configFile, env),
    env,
    now,
    measure: measureAdapter,
    facts: factsAdapter,
    continuity: continuityAdapter(env, paths.stateDir),
    stop: stopFactsFor,
    descendants: (root) => descendantsOf(root),
    policies: POLICIES,
    logError: log,
    close: () => store?.close(),
  };
}
