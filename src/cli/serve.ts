/** `vigil serve`: wiring only. Hono and the dashboard load here, never on the hook path. */
import { hookDeps } from "../app/deps.ts";
import { runHook } from "../app/run-hook.ts";
import { createApp } from "../edge/http/app.ts";
import { LOOPBACK_HOSTS } from "../edge/http/auth.ts";
import {
  DEFAULT_LISTEN,
  isLoopback,
  listen,
  type ListenTarget,
  parseListen,
  untilSignal,
} from "../edge/http/listen.ts";
import { parse } from "./args.ts";
import { type Ctx, UsageError } from "./context.ts";
import { HELP, VERSION } from "./help.ts";

/** Run `vigil serve [--listen HOST:PORT | --socket PATH] [--token T]` until SIGINT/SIGTERM. */
export async function serveCommand(args: string[], ctx: Ctx): Promise<number> {
  const { values } = parse(args, {
    listen: { type: "string" },
    socket: { type: "string" },
    token: { type: "string" },
  });
  if (values.help) return (ctx.out(HELP.serve + "\n"), 0);
  if (values.listen !== undefined && values.socket !== undefined) {
    throw new UsageError("choose one of --listen and --socket");
  }
  const token = values.token ?? ctx.env.VIGIL_SERVE_TOKEN ?? undefined;
  if (token !== undefined && token.length < 16) throw new UsageError("the token must be at least 16 characters");
  const target = targetOf(values.listen, values.socket);
  if (target.kind === "tcp" && !isLoopback(target.hostname) && !token) {
    throw new UsageError(`refusing to listen on non-loopback "${target.hostname}" without --token`);
  }
  const deps = hookDeps(ctx.env, ctx.now);
  const app = createApp({
    store: deps.store(),
    runHook: (input) => runHook(input, deps),
    clock: ctx.now,
    token,
    // Without a token only loopback names are served (DNS rebinding); a socket has no Host to trust.
    allowedHosts: token || target.kind === "unix" ? undefined : [...LOOPBACK_HOSTS, target.hostname],
    version: VERSION,
    // One machine's name on every series; tests and containers name their "machine" here.
    host: ctx.env.VIGIL_HOST || undefined,
  });
  const server = listen(target, app.fetch);
  ctx.out(`vigil serve: listening on ${server.url} (POST /hook, dashboard /, /metrics)\n`);
  const signal = await untilSignal();
  ctx.out(`vigil serve: ${signal}, stopping\n`);
  await server.stop();
  deps.close();
  return 0;
}

function targetOf(listenText: string | undefined, socket: string | undefined): ListenTarget {
  if (socket !== undefined) return { kind: "unix", path: socket };
  const r = parseListen(listenText ?? DEFAULT_LISTEN);
  if (!r.ok) throw new UsageError(r.error);
  return r.value;
}
