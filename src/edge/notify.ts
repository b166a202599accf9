/**
 * Notifiers: Discord, Slack, a generic JSON webhook, ntfy and the desktop, several at once.
 * Webhooks retry with exponential backoff on network errors, 5xx and 429 (honouring
 * Retry-After), never on other 4xx, with a timeout per request. Webhook URLs and tokens are
 * secrets: outcomes and errors only ever carry the redacted form (product.md section 8).
 */
import type { Notifier } from "../core/config.ts";
import { DEFAULT_ENV, resolveValue } from "../core/notifier-env.ts";
import { discordBody, type NotifyEvent, renderText, slackBody, webhookBody } from "../core/notify-format.ts";

export interface DeliveryOutcome {
  kind: Notifier["kind"];
  /** Where it went, redacted: `https://discord.com/api/webhooks/***`. */
  target: string;
  result: "sent" | "failed" | "skipped";
  attempts: number;
  status: number | null;
  error: string | null;
}

export interface NotifyOptions {
  /** For `env:NAME` values and the default variables (`VIGIL_DISCORD_URL`, …). */
  env?: Record<string, string | undefined>;
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  sleep?: (ms: number) => Promise<void>;
  /** Per request (default 10 s). */
  timeoutMs?: number;
  /** Tries per webhook (default 3: waits 0.5 s, then 1 s). */
  attempts?: number;
  baseDelayMs?: number;
  /** Longest Retry-After honoured, so one pass cannot hang (default 30 s). */
  maxRetryAfterMs?: number;
  platform?: string;
  /** Finds the desktop notifier's binary (default: `Bun.which` on `env.PATH`). */
  which?: (cmd: string) => string | null;
}

export { DEFAULT_ENV };

const PLAIN_SEGMENT = /^(api|webhooks?|services|hooks?|v\d+)$/i;

/** A URL safe to show: scheme and host, well-known path words, then `***` for the rest. */
export function redactUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return "***";
  }
  const kept: string[] = [];
  const segs = u.pathname.split("/").filter(Boolean);
  for (const s of segs) {
    if (!PLAIN_SEGMENT.test(s)) break;
    kept.push(s);
  }
  const rest = kept.length < segs.length || u.search !== "" ? "/***" : "";
  return `${u.protocol}//${u.host}${kept.map((s) => `/${s}`).join("")}${rest}`;
}

const resolve = resolveValue;

/** Replace every secret (and its URL path alone) in a message with its redacted form. */
function scrub(text: string, url: string, token: string | null): string {
  let out = text.replaceAll(url, redactUrl(url));
  try {
    const path = new URL(url).pathname + new URL(url).search;
    if (path.length > 1) out = out.replaceAll(path, "/***");
  } catch {
    // Not a URL: the whole-string replacement above is all there is.
  }
  return token ? out.replaceAll(token, "***") : out;
}

/** HTTP headers are Latin-1; ntfy reads RFC 2047 encoded words for anything else. */
function headerText(s: string): string {
  return /^[\x20-\x7e]*$/.test(s) ? s : `=?UTF-8?B?${Buffer.from(s, "utf8").toString("base64")}?=`;
}

function retryAfterMs(res: Response): number | null {
  const v = res.headers.get("retry-after");
  if (v === null) return null;
  if (/^\d+$/.test(v.trim())) return Number(v.trim()) * 1000;
  const at = Date.parse(v);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : null;
}

function request(n: Notifier, e: NotifyEvent, token: string | null): { headers: Record<string, string>; body: string } {
  const json = { "content-type": "application/json", "user-agent": "vigil" };
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (n.kind === "discord") return { headers: json, body: JSON.stringify(discordBody(e)) };
  if (n.kind === "slack") return { headers: json, body: JSON.stringify(slackBody(e)) };
  if (n.kind === "webhook") return { headers: { ...json, ...auth }, body: JSON.stringify(webhookBody(e)) };
  const t = renderText(e);
  return {
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "user-agent": "vigil",
      title: headerText(t.title),
      priority: String(t.priority),
      tags: t.tags.join(","),
      ...auth,
    },
    body: t.body,
  };
}

async function postWithRetry(n: Notifier, e: NotifyEvent, opts: NotifyOptions): Promise<DeliveryOutcome> {
  const names = DEFAULT_ENV[n.kind];
  const url = resolve(n.url, names.url, opts.env);
  const token = resolve(n.token, names.token, opts.env);
  if (url === null) {
    return { kind: n.kind, target: "", result: "skipped", attempts: 0, status: null, error: "no URL configured" };
  }
  const target = redactUrl(url);
  const doFetch = opts.fetch ?? ((u: string, i: RequestInit) => fetch(u, i));
  const sleep = opts.sleep ?? ((ms: number) => Bun.sleep(ms));
  const tries = Math.max(1, opts.attempts ?? 3);
  const { headers, body } = request(n, e, token);
  let status: number | null = null, error: string | null = null;
  for (let attempt = 1; attempt <= tries; attempt++) {
    let wait = (opts.baseDelayMs ?? 500) * 2 ** (attempt - 1);
    try {
      const res = await doFetch(url, {
        method: "POST",
        headers,
        body,
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
      status = res.status;
      await res.body?.cancel();
      if (res.ok) return { kind: n.kind, target, result: "sent", attempts: attempt, status, error: null };
      error = `HTTP ${res.status}`;
      if (res.status !== 429 && res.status < 500) {
        return { kind: n.kind, target, result: "failed", attempts: attempt, status, error };
      }
      const after = retryAfterMs(res);
      if (after !== null) wait = Math.min(after, opts.maxRetryAfterMs ?? 30_000);
    } catch (err) {
      status = null;
      error = scrub(err instanceof Error ? `${err.name}: ${err.message}` : String(err), url, token);
    }
    if (attempt < tries) await sleep(wait);
  }
  return { kind: n.kind, target, result: "failed", attempts: tries, status, error };
}

async function desktop(e: NotifyEvent, opts: NotifyOptions): Promise<DeliveryOutcome> {
  const platform = opts.platform ?? process.platform;
  const which = opts.which ?? ((c: string) => Bun.which(c, { PATH: opts.env?.PATH ?? "" }));
  const t = renderText(e);
  const bin = which(platform === "darwin" ? "osascript" : "notify-send");
  const out = (result: DeliveryOutcome["result"], error: string | null): DeliveryOutcome => ({
    kind: "desktop",
    target: bin ?? "",
    result,
    attempts: result === "skipped" ? 0 : 1,
    status: null,
    error,
  });
  if (bin === null) return out("skipped", `no ${platform === "darwin" ? "osascript" : "notify-send"} on PATH`);
  // Title and body travel as argv, never spliced into AppleScript source.
  const argv = platform === "darwin"
    ? [
      bin,
      "-e",
      "on run argv",
      "-e",
      "display notification (item 2 of argv) with title (item 1 of argv)",
      "-e",
      "end run",
      t.title,
      t.body,
    ]
    : [bin, "-a", "vigil", "-u", t.priority >= 4 ? "critical" : "normal", t.title, t.body];
  try {
    const p = Bun.spawn(argv, { stdin: "ignore", stdout: "ignore", stderr: "pipe", timeout: opts.timeoutMs ?? 10_000 });
    const [stderr, code] = await Promise.all([new Response(p.stderr).text(), p.exited]);
    return code === 0 ? out("sent", null) : out("failed", `exit ${code}${stderr.trim() ? `: ${stderr.trim()}` : ""}`);
  } catch (err) {
    return out("failed", err instanceof Error ? err.message : String(err));
  }
}

/** Send one event to every notifier at once; one outcome per notifier, in the given order. */
export function sendNotifications(
  event: NotifyEvent,
  notifiers: readonly Notifier[],
  opts: NotifyOptions = {},
): Promise<DeliveryOutcome[]> {
  return Promise.all(notifiers.map((n) => n.kind === "desktop" ? desktop(event, opts) : postWithRetry(n, event, opts)));
}
