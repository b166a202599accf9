/**
 * A hook call handed from `vigil hook` to a running `vigil serve` over its hook socket
 * (product.md section 10): the same pipeline, in a process that already holds the store open
 * and every part loaded. Pure: the framing of one request and which of the hook's environment
 * travels with it.
 *
 * The request body is one line of JSON (`ForwardMeta`), a newline, then the payload exactly as
 * Claude Code wrote it. The server runs the call only when `build` and `db` are its own: a
 * different build (an upgrade while serve ran) or another store answers "refused", and the
 * hook runs the call itself.
 */

export interface ForwardMeta {
  /** The build of the binary that forwards (`buildId`): the server answers only its own. */
  build: string;
  /** The store the hook would write: the server answers only for its own. */
  db: string;
  /** The hook process's environment (`forwardedEnv`). */
  env: Record<string, string>;
}

/**
 * The hook process's whole environment: the pipeline reads VIGIL_* (config, role), CLAUDE_*
 * (the session's pid, window, project dir), the locale, HOME and the XDG homes, and what its
 * effects start (a desktop notifier) inherits PATH and the display's variables. Sent whole, so
 * nothing the pipeline reads later can be left behind; the socket is this user's alone.
 */
export function forwardedEnv(env: Record<string, string | undefined>): Record<string, string> {
  // for-in, not Object.entries: this runs in every forwarding hook, where a builtin's first
  // call is a measured cost (src/core/posix-path.ts).
  const out: Record<string, string> = {};
  for (const k in env) {
    const v = env[k];
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/** The request body: the meta line, then the payload. */
export function encodeForward(meta: ForwardMeta, payload: string): string {
  return JSON.stringify(meta) + "\n" + payload;
}

type Decoded = { ok: true; meta: ForwardMeta; payload: string } | { ok: false; error: string };

function decodeMeta(line: string): ForwardMeta | string {
  let meta: unknown;
  try {
    meta = JSON.parse(line);
  } catch {
    return "the meta line is not JSON";
  }
  const m = meta as Partial<ForwardMeta> | null;
  if (
    !m || typeof m.build !== "string" || typeof m.db !== "string" || !m.env || typeof m.env !== "object" ||
    Object.values(m.env).some((v) => typeof v !== "string")
  ) return "the meta line lacks build, db or env";
  return m as ForwardMeta;
}

/**
 * The decoder of request bodies (the meta and payload of each, or why it is not one), for a
 * server: one session's hooks send the same meta line (the same environment) call after call,
 * so a line seen before gives the meta decoded then, frozen, and only the payload is new. At
 * most `max` lines are kept.
 */
export function forwardDecoder(max = 64): (body: string) => Decoded {
  const seen = new Map<string, ForwardMeta | string>();
  return (body) => {
    const nl = body.indexOf("\n");
    if (nl < 0) return { ok: false, error: "no meta line" };
    const line = body.slice(0, nl);
    let meta = seen.get(line);
    if (meta === undefined) {
      meta = decodeMeta(line);
      if (typeof meta !== "string") (Object.freeze(meta.env), Object.freeze(meta));
      if (seen.size >= max) seen.clear();
      seen.set(line, meta);
    }
    return typeof meta === "string" ? { ok: false, error: meta } : { ok: true, meta, payload: body.slice(nl + 1) };
  };
}

/**
 * The status a server answers with when it does not run the call (another build, another
 * store, a malformed request): the hook then runs it itself. Nothing was recorded.
 */
export const REFUSED_STATUS = 409;

/** Why a server refuses a call of another build: it names its own build. */
export function anotherBuild(own: string): string {
  return `another build (${own})`;
}

/** The build a refusal from `anotherBuild` names; null for any other answer. */
export function refusingBuild(text: string): string | null {
  return /^another build \((.*)\)$/.exec(text.trim())?.[1] ?? null;
}
