/** `vigil serve`: wiring only. Hono and the dashboard load here, never on the hook path. */
import { readFileSync } from "node:fs";
import { allHookDeps, forwardedDeps } from "../app/deps.ts";
import { forwardedEnv } from "../core/forward.ts";
import { envFromHeaders } from "../core/header-env.ts";
import { configResolver, liveConfigFile } from "../edge/config-file.ts";
import { hookSocketPath } from "../edge/hook-socket.ts";
import { listenHookSocket } from "../serve/hook-socket.ts";
import { forwardedHandler, statuslineOutput } from "../app/forwarded-call.ts";
import { runHook } from "../app/run-hook.ts";
import { fileLineCache } from "../edge/line-cache.ts";
import { createApp } from "../serve/app.ts";
import { appendLog, logFailureTally } from "../edge/log.ts";
import { liveStore } from "../edge/store.ts";
import { LOOPBACK_HOSTS } from "../serve/auth.ts";
import { DEFAULT_LISTEN, isLoopback, listen, type ListenTarget, parseListen, untilSignal } from "../serve/listen.ts";
import { resolvePaths } from "../edge/paths.ts";
import { readLastProof } from "../prove/proof-file.ts";
import { parse } from "./args.ts";
import { type Ctx, UsageError } from "./context.ts";
import { HELP, VERSION } from "./help.ts";
import { BUILD } from "./version.ts";

/**
 * Run `vigil serve [--listen HOST:PORT | --socket PATH] [--token T | --token-file P]` until
 * SIGINT/SIGTERM, or install/uninstall the service that runs it (src/serve/service.ts).
 */
export async function serveCommand(args: string[], ctx: Ctx): Promise<number> {
  const { values } = parse(args, {
    listen: { type: "string" },
    socket: { type: "string" },
    token: { type: "string" },
    "token-file": { type: "string" },
    install: { type: "boolean" },
    uninstall: { type: "boolean" },
    "dry-run": { type: "boolean" },
    bin: { type: "string" },
  });
  if (values.help) return (ctx.out(HELP.serve + "\n"), 0);
  if (values.listen !== undefined && values.socket !== undefined) {
    throw new UsageError("choose one of --listen and --socket");
  }
  if (values.token !== undefined && values["token-file"] !== undefined) {
    throw new UsageError("choose one of --token and --token-file");
  }
  if (values.install || values.uninstall) {
    if (values.install && values.uninstall) throw new UsageError(`choose one of "--install" and "--uninstall"`);
    const target = targetOf(values.listen, values.socket);
    return (await import("../serve/service.ts")).serveService(values.install === true, { ...values, target }, ctx);
  }
  const token = values.token ?? readTokenFile(values["token-file"]) ?? ctx.env.VIGIL_SERVE_TOKEN ?? undefined;
  if (token !== undefined && token.length < 16) throw new UsageError("the token must be at least 16 characters");
  const target = targetOf(values.listen, values.socket);
  if (target.kind === "tcp" && !isLoopback(target.hostname) && !token) {
    throw new UsageError(`refusing to listen on non-loopback "${target.hostname}" without --token`);
  }
  const paths = resolvePaths(ctx.env);
  // A long-lived server loads every part of the pipeline once, up front, and holds the store
  // as it is now: reopened when another process recovered the file (liveStore).
  const store = liveStore(paths.dbFile, {
    onRecovered: (to, why) =>
      appendLog(paths.logFile, `${new Date().toISOString()} store_recovered moved to ${to}: ${why}`),
  });
  store.get(); // opened (created, migrated) before the first request, as a hook process would
  const loaded = await allHookDeps(ctx.env, ctx.now);
  const deps = { ...loaded, store: store.get, close: () => (loaded.close(), store.close()) };
  // config.toml as it is at each call, as a hook process would read it.
  const configFile = liveConfigFile(paths.configFile);
  const resolve = configResolver();
  // One cache of last good lines for both ways a statusLine reaches this server.
  const lines = fileLineCache(paths.stateDir);
  const ownEnv = forwardedEnv(ctx.env);
  const app = createApp({
    store: deps.store,
    // An HTTP client's environment: serve's own, with what its headers carry (header-env.ts).
    runHook: (input, header) => {
      const env = header ? envFromHeaders(ownEnv, header) : ownEnv;
      return runHook(input, forwardedDeps(deps, env, resolve(configFile(), env)));
    },
    renderStatusline: (input, header) => {
      const env = header ? envFromHeaders(ownEnv, header) : ownEnv;
      return statuslineOutput(deps, env, resolve(configFile(), env), lines, input);
    },
    clock: ctx.now,
    token,
    // Without a token only loopback names are served (DNS rebinding); a socket has no Host to trust.
    allowedHosts: token || target.kind === "unix" ? undefined : [...LOOPBACK_HOSTS, target.hostname],
    version: VERSION,
    // One machine's name on every series; tests and containers name their "machine" here.
    host: ctx.env.VIGIL_HOST || undefined,
    // The proof a Claude Code update is checked against (docs/metrics.md: vigil_proof_ok).
    proof: () => readLastProof(paths.stateDir),
    // Failures the database could not take are counted from vigil.log.
    loggedFailures: logFailureTally(paths.logFile),
  });
  const server = listen(target, app.fetch);
  // The socket `vigil hook` forwards to (src/cli/hook.ts): the pipeline with the caller's environment.
  const forwarded = forwardedHandler({
    deps,
    configFile,
    build: BUILD,
    dbFile: paths.dbFile,
    lines,
  });
  const hookSocket = await listenHookSocket(hookSocketPath(paths.stateDir), forwarded);
  const socketNote = hookSocket.ok ? `, hooks forward to ${hookSocket.socket.path}` : ` (${hookSocket.error})`;
  ctx.out(
    `vigil serve: listening on ${server.url} (POST /hook, POST /statusline, dashboard /, /metrics)${socketNote}\n`,
  );
  const signal = await untilSignal();
  ctx.out(`vigil serve: ${signal}, stopping\n`);
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
function targetOf(listenText: string | undefined, socket: string | undefined): ListenTarget {
  if (socket !== undefined) return { kind: "unix", path: socket };
  const r = parseListen(listenText ?? DEFAULT_LISTEN);
  if (!r.ok) throw new UsageError(r.error);
  return r.value;
}
