/**
 * What every hot-path command needs from its environment: the store (opened once, lazily, so
 * a payload that fails validation never touches the disk), the config, the clock, the meter
 * and the error log. The statusline uses only this; `hookDeps` (deps.ts) adds the rest, so a
 * statusline process does not load the policies.
 */
import { loadConfig } from "../edge/config-file.ts";
import { appendLog } from "../edge/log.ts";
import { resolvePaths } from "../edge/paths.ts";
import { openStore, type Store } from "../edge/store.ts";
import type { HookDeps } from "./run-hook.ts";

/** The part of the hook's dependencies the statusline uses. */
export type BaseDeps = Pick<HookDeps, "store" | "config" | "env" | "now" | "logError"> & {
  /** The transcript meter: hooks always have it (deps.ts); the statusline loads it when a render needs it. */
  measure?: HookDeps["measure"];
  /**
   * A read-only handle on the same store, for the statusline (null when there is none yet, or
   * its schema needs a migration): a render that records nothing (most of them) never opens
   * the store for writing. Hooks do not use it: most hook calls write, and would open twice.
   */
  reader: () => Store | null;
  close: () => void;
};

/** Build the shared dependencies for this process. */
export function baseDeps(
  env: Record<string, string | undefined>,
  now: () => number = Date.now,
  opts: { busyTimeoutMs?: number } = {},
): BaseDeps {
  const paths = resolvePaths(env);
  let store: Store | null = null;
  let reader: Store | null | undefined;
  const log = (line: string) => appendLog(paths.logFile, line);
  return {
    store: () => {
      store ??= openStore(paths.dbFile, {
        ...(opts.busyTimeoutMs !== undefined ? { busyTimeoutMs: opts.busyTimeoutMs } : {}),
        onRecovered: (to, why) => log(`${new Date().toISOString()} store_recovered moved to ${to}: ${why}`),
      });
      return store;
    },
    reader: () => {
      if (reader !== undefined) return reader;
      try {
        reader = openStore(paths.dbFile, { readonly: true, current: true });
      } catch {
        // No store yet, or one to migrate: the call reads through the writing handle.
        reader = null;
      }
      return reader;
    },
    config: loadConfig(paths.configFile, env),
    env,
    now,
    logError: log,
    // The read-only handle first: the writing one's close is then the last, which checkpoints
    // the WAL into the database file as every vigil process has always left it. (Closed the
    // other way round, SQLite skips that checkpoint: measured 0.98×, within noise, on a call
    // that writes, and the WAL would then outlive every hook.)
    close: () => {
      reader?.close();
      store?.close();
    },
  };
}
