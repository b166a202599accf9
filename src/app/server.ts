/**
 * `vigil serve`: the resident process. It composes the hook and statusline pipelines (this
 * folder) with the HTTP adapter (`src/serve/`, which never imports them) and the hook socket
 * `vigil hook` forwards to, and runs them until SIGINT/SIGTERM. Hono and the dashboard load
 * here, never on the hook path.
 */
import { readFileSync } from "node:fs";
import { type CommandIo, UsageError } from "../core/command-io.ts";
import { forwardedEnv } from "../core/forward.ts";
import { envFromHeaders } from "../core/header-env.ts";
import { configResolver, liveConfigFile } from "../edge/config-file.ts";
import { hookSocketPath } from "../edge/hook-socket.ts";
import { fileLineCache } from "../edge/line-cache.ts";
import { appendLog, logFailureTally } from "../edge/log.ts";
import { resolvePaths } from "../edge/paths.ts";
import { liveStore } from "../edge/store.ts";
import { readLastProof } from "../prove/proof-file.ts";
import { createApp } from "../serve/app.ts";
import { LOOPBACK_HOSTS } from "../serve/auth.ts";
import { listenHookSocket } from "../serve/hook-socket.ts";
import { DEFAULT_LISTEN, isLoopback, listen, type ListenTarget, parseListen, untilSignal } from "../serve/listen.ts";
import { allHookDeps, forwardedDeps } from "./deps.ts";
import { forwardedHandler, statuslineOutput } from "./forwarded-call.ts";
import { runHook } from "./run-hook.ts";

/** A server, as the command line asked for it: where (`--listen`/`--socket`), which token. */
export interface ServerRequest {
  listen: string | undefined;
  socket: string | undefined;
  token: string | undefined;
  tokenFile: string | undefined;
  /** This vigil's version (for /healthz and /metrics) and build (the hook socket's). */
  version: string;
  build: string;
}

/** Check the request, serve until a signal, stop; its two lines go to `io.out`. */
export async function runServer(o: ServerRequest, io: CommandIo): Promise<number> {
  const token = o.token ?? readTokenFile(o.tokenFile) ?? io.env.VIGIL_SERVE_TOKEN ?? undefined;
  if (token !== undefined && token.length < 16) throw new UsageError("the token must be at least 16 characters");
  const target = targetOf(o.listen, o.socket);
  if (target.kind === "tcp" && !isLoopback(target.hostname) && !token) {
    throw new UsageError(`refusing to listen on non-loopback "${target.hostname}" without --token`);
  }
  const paths = resolvePaths(io.env);
  // A long-lived server loads every part of the pipeline once, up front, and holds the store
  // as it is now: reopened when another process recovered the file (liveStore).
  const store = liveStore(paths.dbFile, {
    onRecovered: (to, why) =>
      appendLog(paths.logFile, `${new Date().toISOString()} store_recovered moved to ${to}: ${why}`),
  });
  store.get(); // opened (created, migrated) before the first request, as a hook process would
  const loaded = await allHookDeps(io.env, io.now);
  const deps = { ...loaded, store: store.get, close: () => (loaded.close(), store.close()) };
  // config.toml as it is at each call, as a hook process would read it.
  const configFile = liveConfigFile(paths.configFile);
  const resolve = configResolver();
  // One cache of last good lines for both ways a statusLine reaches this server.
  const lines = fileLineCache(paths.stateDir);
  const ownEnv = forwardedEnv(io.env);
  const app = createApp({
    store: deps.store,
    // An HTTP client's environment: serve's own, with what its headers carry (header-env.ts).
    runHook: (input, header) => {
      const env = header ? envFromHeaders(ownEnv, header) : ownEnv;
      return runHook(input, forwardedDeps(deps, env, resolve(configFile(), env)));
    },
    language: (header) => resolve(configFile(), envFromHeaders(ownEnv, header)).config.language,
    renderStatusline: (input, header) => {
      const env = header ? envFromHeaders(ownEnv, header) : ownEnv;
      return statuslineOutput(deps, env, resolve(configFile(), env), lines, input);
    },
    clock: io.now,
    token,
    // Without a token only loopback names are served (DNS rebinding); a socket has no Host to trust.
    allowedHosts: token || target.kind === "unix" ? undefined : [...LOOPBACK_HOSTS, target.hostname],
    version: o.version,
    // One machine's name on every series; tests and containers name their "machine" here.
    host: io.env.VIGIL_HOST || undefined,
    // The proof a Claude Code update is checked against (docs/metrics.md: vigil_proof_ok).
    proof: () => readLastProof(paths.stateDir),
    // Failures the database could not take are counted from vigil.log.
    loggedFailures: logFailureTally(paths.logFile),
  });
  const server = listen(target, app.fetch);
  // The socket `vigil hook` forwards to (`vigil hook`, main.ts): the pipeline with the caller's environment.
  const forwarded = forwardedHandler({
    deps,
    configFile,
    build: o.build,
    dbFile: paths.dbFile,
    lines,
  });
  const hookSocket = await listenHookSocket(hookSocketPath(paths.stateDir), forwarded);
  const socketNote = hookSocket.ok ? `, hooks forward to ${hookSocket.socket.path}` : ` (${hookSocket.error})`;
  io.out(
    `vigil serve: listening on ${server.url} (POST /hook, POST /statusline, dashboard /, /metrics)${socketNote}\n`,
  );
  const signal = await untilSignal();
  io.out(`vigil serve: ${signal}, stopping\n`);
  if (hookSocket.ok) hookSocket.socket.stop();
  await server.stop();
  deps.close();
  return 0;
}

/** The token kept in a file (first line, trimmed), or undefined without a file. */
function readTokenFile(path: string | undefined): string | undefined {
  if (path === undefined) return undefined;
  try {
    return readFileSync(path, "utf8").split("\n")[0].trim();
  } catch (e) {
    throw new UsageError(`cannot read the token file "${path}": ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** Where to listen, from --listen or --socket (the default address without either). */
export function targetOf(listenText: string | undefined, socket: string | undefined): ListenTarget {
  if (socket !== undefined) return { kind: "unix", path: socket };
  const r = parseListen(listenText ?? DEFAULT_LISTEN);
  if (!r.ok) throw new UsageError(r.error);
  return r.value;
}
