/**
 * Where `vigil serve` listens, and the listener itself (`Bun.serve`): a TCP address or a
 * Unix socket. Loopback is the default; anything else is the caller's decision (serve
 * refuses it without a token).
 */
import { chmodSync, existsSync, unlinkSync } from "node:fs";
import type { Result } from "../core/payload.ts";

export const DEFAULT_LISTEN = "127.0.0.1:8787";

export type ListenTarget = { kind: "tcp"; hostname: string; port: number } | { kind: "unix"; path: string };

/** "127.0.0.1:8787", "[::1]:8787", "localhost:0" → host and port. */
export function parseListen(text: string): Result<ListenTarget> {
  const m = /^(?:\[([0-9a-fA-F:.]+)\]|([^:\s[\]]+)):(\d{1,5})$/.exec(text.trim());
  const port = m ? Number(m[3]) : NaN;
  if (!m || port > 65535) {
    return { ok: false, error: `cannot read listen address "${text}": expected HOST:PORT, e.g. "${DEFAULT_LISTEN}"` };
  }
  return { ok: true, value: { kind: "tcp", hostname: m[1] ?? m[2], port } };
}

/** Whether a bind address only accepts connections from this machine. */
export function isLoopback(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return h === "localhost" || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h);
}

export interface Listening {
  /** What to print: `http://127.0.0.1:8787` or `unix:/path`. */
  url: string;
  stop(): Promise<void>;
}

/** Start serving `fetch` on the target. */
export function listen(target: ListenTarget, fetch: (req: Request) => Response | Promise<Response>): Listening {
  if (target.kind === "unix") {
    if (existsSync(target.path)) unlinkSync(target.path); // a stale socket from a killed server
    const server = Bun.serve({ unix: target.path, fetch });
    chmodSync(target.path, 0o600);
    return { url: `unix:${target.path}`, stop: () => server.stop(true) };
  }
  const server = Bun.serve({ hostname: target.hostname, port: target.port, fetch });
  const host = target.hostname.includes(":") ? `[${target.hostname}]` : target.hostname;
  return { url: `http://${host}:${server.port}`, stop: () => server.stop(true) };
}

/** Resolves on the first SIGINT or SIGTERM. */
export function untilSignal(): Promise<string> {
  return new Promise((resolve) => {
    const on = (sig: string) => () => resolve(sig);
    process.once("SIGINT", on("SIGINT"));
    process.once("SIGTERM", on("SIGTERM"));
  });
}
