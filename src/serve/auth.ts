/**
 * Who may talk to `vigil serve`. With a token: every request carries `Authorization: Bearer
 * <token>` (compared in constant time), or the cookie a browser gets by opening the dashboard
 * once as `/?token=…` (a browser cannot add headers to page loads or EventSource). Without a
 * token the server is loopback-only, and the Host must be a loopback name so a page in the
 * browser cannot reach it through DNS rebinding.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";

export const TOKEN_COOKIE = "vigil_token";
export const LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "::1", "[::1]"];

/** Equal strings, in time that does not depend on where they differ (or on their lengths). */
export function sameSecret(a: string, b: string): boolean {
  const h = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(h(a), h(b));
}

function bearer(c: Context): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "");
  return m ? m[1] : null;
}

/** Require the token on every request. */
export function tokenAuth(token: string): MiddlewareHandler {
  return async (c, next) => {
    const given = bearer(c) ?? getCookie(c, TOKEN_COOKIE) ?? null;
    if (given !== null && sameSecret(given, token)) return next();
    const query = c.req.method === "GET" ? c.req.query("token") : undefined;
    if (query !== undefined && sameSecret(query, token)) {
      setCookie(c, TOKEN_COOKIE, token, { httpOnly: true, sameSite: "Strict", path: "/" });
      const url = new URL(c.req.url);
      url.searchParams.delete("token");
      return c.redirect(url.pathname + url.search, 303);
    }
    c.header("WWW-Authenticate", 'Bearer realm="vigil"');
    return c.text("vigil: missing or wrong token", 401);
  };
}

/** Refuse requests whose Host is not one of `hosts` (port ignored). */
export function hostGuard(hosts: string[]): MiddlewareHandler {
  const allowed = new Set(hosts.map((h) => h.toLowerCase()));
  return async (c, next) => {
    const host = new URL(c.req.url).hostname.toLowerCase();
    if (allowed.has(host)) return next();
    return c.text(`vigil: host "${host}" is not served here`, 403);
  };
}
