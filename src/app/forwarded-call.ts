/**
 * The calls `vigil hook` and `vigil statusline` forward over the hook socket
 * (src/serve/hook-socket.ts): the same pipelines, run with the caller's environment and
 * config.toml as it is now, with every part of the hook pipeline loaded. Answers 409 for what
 * this server must not run (another build, another store, an unknown route), and the caller
 * then runs the call itself.
 */
import { type ClosableDeps, forwardedDeps } from "./deps.ts";
import { runHook } from "./run-hook.ts";
import { type LineCache, runStatusline } from "./run-statusline.ts";
import { anotherBuild, forwardDecoder, REFUSED_STATUS } from "../core/forward.ts";
import { type ConfigFile, configResolver } from "../edge/config-file.ts";
import type { SocketAnswer } from "../serve/hook-socket.ts";

export interface ForwardedOpts {
  deps: ClosableDeps;
  /** config.toml as it is at this call (`liveConfigFile`). */
  configFile: () => ConfigFile;
  /** The server's build and store: a call from any other is refused. */
  build: string;
  dbFile: string;
  lines: LineCache;
}

/** The socket's handler: route and body in, the answer out. Never throws for a bad request. */
export function forwardedHandler(o: ForwardedOpts): (route: string, body: string) => SocketAnswer {
  const resolve = configResolver();
  const decode = forwardDecoder();
  return (route, body) => {
    if (route !== "/hook" && route !== "/statusline") return { status: REFUSED_STATUS, body: `unknown route ${route}` };
    const d = decode(body);
    if (!d.ok) return { status: REFUSED_STATUS, body: d.error };
    if (d.meta.build !== o.build) return { status: REFUSED_STATUS, body: anotherBuild(o.build) };
    if (d.meta.db !== o.dbFile) return { status: REFUSED_STATUS, body: "another store" };
    const config = resolve(o.configFile(), d.meta.env);
    if (route === "/statusline") {
      return { status: 200, body: statuslineOutput(o.deps, d.meta.env, config, o.lines, d.payload) };
    }
    return { status: 200, body: runHook(d.payload, forwardedDeps(o.deps, d.meta.env, config)).stdout };
  };
}

/**
 * What `vigil statusline` prints for `payload` (the line and a newline: statusline.ts), run
 * with `env` and the configuration it resolves to: for the hook socket (the caller's
 * environment) and serve's `POST /statusline` (serve's own). Never throws: a failed render
 * prints the last good line.
 */
export function statuslineOutput(
  deps: ClosableDeps,
  env: Record<string, string>,
  config: ReturnType<ReturnType<typeof configResolver>>,
  lines: LineCache,
  payload: string,
): string {
  const call = forwardedDeps(deps, env, config);
  return runStatusline(payload, { ...call, reader: () => call.store() }, lines, { color: !env.NO_COLOR }).line + "\n";
}
