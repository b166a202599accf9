/**
 * The first half of `vigil hook` and `vigil statusline`: with a `vigil serve` listening on the
 * hook socket (src/serve/hook-socket.ts) the call is forwarded to it, the same pipeline in a
 * process that holds the store open and every part loaded, so this process loads neither
 * SQLite, node:fs nor the pipeline's code (bench/RESULTS.md, issue 18, fourth round). main.ts
 * imports this statically: a dynamic import of the command's chunk cost a forwarded call
 * about 0.9 ms. A server of another build or store refuses, and the call runs here (hook.ts,
 * statusline.ts), as it does with no server.
 */
import { encodeForward, forwardedEnv } from "../core/forward.ts";
import { forward, hookSocketPath, socketPresent } from "../edge/hook-socket.ts";
import { resolvePaths } from "../edge/paths.ts";
import { readStdin, STDIN_CAP, type StdinResult } from "../edge/stdin.ts";
import type { Ctx } from "./context.ts";
import { BUILD } from "./version.ts";

/**
 * How long a forwarded call may take before the caller gives up on it and fails open: twice
 * the store's busy timeout, well inside the 10 s install gives every hook.
 */
export const FORWARD_TIMEOUT_MS = 4_000;

/** The routes the hook socket serves, with the stdin cap of the command each stands for. */
const CAPS = { "/hook": STDIN_CAP, "/statusline": 1024 * 1024 } as const;
export type ForwardRoute = keyof typeof CAPS;

/**
 * What became of a forward: answered (`body`, to print), lost (the request went out and no
 * answer came: fail open), or the input to run here; `input` is null when stdin was not read
 * (no server listens, or forwarding is off).
 */
export type ForwardOutcome =
  | { kind: "answer"; body: string }
  | { kind: "lost"; why: string }
  | { kind: "local"; input: StdinResult | null };

export async function forwardCall(ctx: Ctx, route: ForwardRoute): Promise<ForwardOutcome> {
  // A pinned clock (VIGIL_NOW) is this process's own, and VIGIL_FORWARD=0 opts out.
  if (ctx.env.VIGIL_NOW !== undefined || ctx.env.VIGIL_FORWARD === "0") return { kind: "local", input: null };
  const paths = resolvePaths(ctx.env);
  const socket = hookSocketPath(paths.stateDir);
  if (!socketPresent(socket)) return { kind: "local", input: null };
  // The connection opens while stdin is read: the two overlap (bench/RESULTS.md, issue 18, fifth round).
  const input = readStdin(CAPS[route]);
  const meta = { build: BUILD, db: paths.dbFile, env: forwardedEnv(ctx.env) };
  const r = await forward(
    socket,
    route,
    input.then((i) => i.ok ? encodeForward(meta, i.text) : null),
    FORWARD_TIMEOUT_MS,
  );
  const read = await input;
  if (!read.ok) return { kind: "local", input: read };
  return r.kind === "refused" ? { kind: "local", input: read } : r;
}
