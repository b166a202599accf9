/**
 * `POST /statusline`: the statusLine payload in, the line `vigil statusline` would print out,
 * rendered as an HTTP hook is judged: with serve's own environment and config, and what the
 * request's headers carry of the client's (src/core/header-env.ts). The client is the
 * statusLine command `vigil install --http` writes (src/core/install/statusline-client.ts), a
 * few lines of bash that start no Bun process; on any answer but 200 it runs
 * `vigil statusline` itself, so this route may refuse freely.
 */
import type { Handler } from "hono";

/** Claude Code's statusLine payloads are a few KiB; the command-line path caps them at 1 MiB too. */
export const MAX_STATUS_BYTES = 1024 * 1024;

export function statuslineRoute(
  render: (input: string, header: (name: string) => string | undefined) => string,
): Handler {
  return async (c) => {
    const origin = c.req.header("origin");
    // Claude Code's client sends no Origin; a page in a browser posting here does.
    if (origin && origin !== new URL(c.req.url).origin) return c.text("vigil: cross-origin statusline", 403);
    const body = await c.req.text();
    if (body.length > MAX_STATUS_BYTES) return c.text(`vigil: statusline input exceeds ${MAX_STATUS_BYTES} bytes`, 413);
    return c.body(render(body, (name) => c.req.header(name)), 200, { "Content-Type": "text/plain; charset=utf-8" });
  };
}
