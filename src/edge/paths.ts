/**
 * Where vigil keeps its state and config (product.md section 9): `VIGIL_HOME` puts both under
 * one directory; otherwise XDG state and config homes.
 */
import { join } from "node:path";

export interface Paths {
  stateDir: string;
  configFile: string;
  dbFile: string;
  logFile: string;
}

/** Resolve vigil's directories from an environment (never the process's own, so tests can pass one). */
export function resolvePaths(env: Record<string, string | undefined>): Paths {
  const home = env.HOME ?? "/tmp";
  if (env.VIGIL_HOME) {
    const d = env.VIGIL_HOME;
    return {
      stateDir: d,
      configFile: join(d, "config.toml"),
      dbFile: join(d, "vigil.db"),
      logFile: join(d, "vigil.log"),
    };
  }
  const state = join(env.XDG_STATE_HOME || join(home, ".local", "state"), "vigil");
  const config = join(env.XDG_CONFIG_HOME || join(home, ".config"), "vigil");
  return {
    stateDir: state,
    configFile: join(config, "config.toml"),
    dbFile: join(state, "vigil.db"),
    logFile: join(state, "vigil.log"),
  };
}
