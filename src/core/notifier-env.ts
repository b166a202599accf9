/**
 * The variables a configuration names, and whether an environment holds them (issue 30 item
 * 3): a notifier's `url = "env:VIGIL_NTFY_URL"` works in the user's shell and nowhere else
 * unless the watch's schedule carries it, so the 3 a.m. DOWN was recorded as "skipped: no URL
 * configured" while `night on` said alerts go to ntfy. Pure.
 */
import { type Config, ENV_KEYS, type Notifier } from "./config.ts";

/** Variables read when a notifier names no URL or token of its own. */
export const DEFAULT_ENV: Record<Notifier["kind"], { url?: string; token?: string }> = {
  discord: { url: "VIGIL_DISCORD_URL" },
  slack: { url: "VIGIL_SLACK_URL" },
  webhook: { url: "VIGIL_WEBHOOK_URL", token: "VIGIL_WEBHOOK_TOKEN" },
  ntfy: { url: "VIGIL_NTFY_URL", token: "VIGIL_NTFY_TOKEN" },
  desktop: {},
};

/** A notifier value (`env:NAME`, a literal, or absent) with its fallback variable, resolved in `env`. */
export function resolveValue(
  value: string | undefined,
  fallbackVar: string | undefined,
  env: Record<string, string | undefined> | undefined,
): string | null {
  if (value?.startsWith("env:")) return env?.[value.slice(4)] || null;
  if (value) return value;
  return fallbackVar ? env?.[fallbackVar] || null : null;
}

/** The variable a notifier value reads, if any. */
function variableOf(value: string | undefined, fallbackVar: string | undefined): string | null {
  if (value?.startsWith("env:")) return value.slice(4);
  return value ? null : fallbackVar ?? null;
}

/**
 * Every variable the configuration reads from the environment: each notifier's URL and token
 * (`env:NAME`, or the default variable when it names none) and the `VIGIL_*` overrides.
 */
export function configVariables(notifiers: readonly Notifier[]): string[] {
  const names = new Set<string>(Object.keys(ENV_KEYS));
  for (const n of notifiers) {
    const d = DEFAULT_ENV[n.kind];
    for (const v of [variableOf(n.url, d.url), variableOf(n.token, d.token)]) if (v !== null) names.add(v);
  }
  return [...names].sort();
}

/** A notifier an alert could not reach from `env`: the variable its URL needs is not set there. */
export interface Unreachable {
  kind: Notifier["kind"];
  /** The variable that is missing (null: the URL is neither given nor named). */
  variable: string | null;
}

/** The notifiers whose URL does not resolve in `env` (the desktop notifier needs none). */
export function unreachableNotifiers(
  notifiers: Config["notifiers"],
  env: Record<string, string | undefined>,
): Unreachable[] {
  const out: Unreachable[] = [];
  for (const n of notifiers) {
    if (n.kind === "desktop") continue;
    const d = DEFAULT_ENV[n.kind];
    if (resolveValue(n.url, d.url, env) === null) out.push({ kind: n.kind, variable: variableOf(n.url, d.url) });
  }
  return out;
}
