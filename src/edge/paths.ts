/**
 * Where vigil keeps its state and config (product.md section 9): `VIGIL_HOME` puts both under
 * one directory; otherwise XDG state and config homes.
 */
import { joinPath } from "../core/posix-path.ts";

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
      configFile: joinPath(d, "config.toml"),
      dbFile: joinPath(d, "vigil.db"),
      logFile: joinPath(d, "vigil.log"),
    };
  }
  const state = joinPath(env.XDG_STATE_HOME || joinPath(home, ".local", "state"), "vigil");
  const config = joinPath(env.XDG_CONFIG_HOME || joinPath(home, ".config"), "vigil");
  return {
    stateDir: state,
    configFile: joinPath(config, "config.toml"),
    dbFile: joinPath(state, "vigil.db"),
    logFile: joinPath(state, "vigil.log"),
  };
}
