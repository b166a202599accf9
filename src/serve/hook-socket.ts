/**
 * The hook socket's server side: `vigil serve` listens on `<state>/hook.sock` for the calls
 * `vigil hook` forwards (src/edge/hook-socket.ts, src/core/forward.ts). Only this user can
 * connect: the socket is 0600 in vigil's 0700 state folder, so it needs no token. A socket
 * another live server holds is left to it; one a killed server left behind is replaced.
 */
import { chmodSync, existsSync, mkdirSync, unlinkSync } from "node:fs";
import { dirname } from "node:path";
import { forward } from "../edge/hook-socket.ts";

/**
 * One forwarded call's answer: 200 with what `vigil hook` would print, or 409 when it was not
 * run here (another build or store, an unknown route, a malformed request).
 */
export interface SocketAnswer {
  status: 200 | 409;
  body: string;
}

export interface HookSocket {
  path: string;
  stop(): void;
}

/** Listen on `path` for `POST /hook`; null with the reason when another server holds it. */
export async function listenHookSocket(
  path: string,
  handle: (route: string, body: string) => SocketAnswer,
): Promise<{ ok: true; socket: HookSocket } | { ok: false; error: string }> {
  if (existsSync(path)) {
    // Any answer proves a live server (of any build); only a failed connect proves a stale file.
    const probe = await forward(path, "/", "", 1000);
    if (probe.kind !== "refused" || !probe.why.startsWith("cannot connect")) {
      return { ok: false, error: `another vigil serve answers on ${path}` };
    }
    unlinkSync(path);
  }
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const server = Bun.serve({
    unix: path,
    async fetch(req) {
      const route = new URL(req.url).pathname;
      if (req.method !== "POST") return new Response("POST only", { status: 409 });
      const r = handle(route, await req.text());
      return new Response(r.body, { status: r.status });
    },
  });
  chmodSync(path, 0o600);
  return {
    ok: true,
    socket: {
      path,
      stop: () => {
        server.stop(true);
        try {
          unlinkSync(path);
        } catch {
          // already gone
        }
      },
    },
  };
}
