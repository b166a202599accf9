/**
 * When a session at its usage limit wakes (issue 30 item 4): a worker at its limit can only
 * fail again until the window resets, so it is asleep until then, not stalled, and never
 * nudged. Two sources: the statusLine's `rate_limits` (2.1.332: per meter, `five_hour`,
 * `seven_day`, `spend_limit`, each `{used_percentage, resets_at}` in epoch seconds), and
 * StopFailure's `error: "rate_limit"`, whose text says when it resets ("… It resets 3pm
 * (Europe/Paris)", or an older "…|<epoch seconds>"). Pure.
 */
import { isObject, type JsonObject } from "./payload.ts";

/** One usage meter from the statusLine. */
export interface UsageMeter {
  name: string;
  /** Share of the window used, 0–100. */
  percent: number;
  /** When the window resets (ms), when known. */
  resetsAt: number | null;
}

const numberOf = (o: JsonObject, ...keys: string[]): number | null => {
  for (const k of keys) if (typeof o[k] === "number" && Number.isFinite(o[k])) return o[k];
  return null;
};

/** A reset time as Claude Code writes it: epoch seconds (statusLine), epoch ms, or ISO 8601. */
function resetTime(v: unknown): number | null {
  if (typeof v === "number" && Number.isFinite(v)) return v < 1e12 ? v * 1000 : v;
  if (typeof v === "string") {
    const t = Date.parse(v);
    return Number.isFinite(t) ? t : null;
  }
  return null;
}

/** The meters of a statusLine payload's `rate_limits` (absent for API-key sessions: none). */
export function usageMeters(rateLimits: unknown): UsageMeter[] {
  if (!isObject(rateLimits)) return [];
  const out: UsageMeter[] = [];
  for (const [name, m] of Object.entries(rateLimits)) {
    if (!isObject(m)) continue;
    const percent = numberOf(m, "used_percentage", "percent", "utilization");
    if (percent !== null) out.push({ name, percent, resetsAt: resetTime(m.resets_at) });
  }
  return out;
}

/**
 * Until when the meters keep the session from working: the latest reset among the meters that
 * are used up (a session at two limits waits for both), or null when none is, or none says when.
 */
export function limitedUntil(meters: readonly UsageMeter[], now: number): number | null {
  let until: number | null = null;
  for (const m of meters) {
    if (m.percent < 100 || m.resetsAt === null || m.resetsAt <= now) continue;
    until = Math.max(until ?? 0, m.resetsAt);
  }
  return until;
}

/** The wall-clock offset (ms) of `zone` at `at`, or null for a zone Intl does not know. */
function zoneOffset(zone: string, at: number): number | null {
  try {
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    }).formatToParts(new Date(at));
    const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
    const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
    return wall - Math.floor(at / 1000) * 1000;
  } catch {
    return null;
  }
}

/**
 * The reset a usage-limit error's text names, after `at`: an epoch after a `|` (older
 * versions), or "resets 3pm", "resets 3:30 pm (Europe/Paris)" — the next such wall-clock time
 * in that zone (else `localZone`). Null when the text names none.
 */
export function resetFromText(text: string | null, at: number, localZone: string): number | null {
  if (!text) return null;
  const epoch = /\|(\d{10,13})\s*$/.exec(text.trim());
  if (epoch) return resetTime(Number(epoch[1]));
  const m = /\bresets?\s+(?:at\s+)?(\d{1,2})(?::(\d{2}))?\s*(am|pm)?(?:\s*\(([^)]+)\))?/i.exec(text);
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = m[2] ? Number(m[2]) : 0, half = m[3]?.toLowerCase();
  if (half === undefined && m[2] === undefined) return null;
  if (hour > 23 || minute > 59 || (half !== undefined && (hour < 1 || hour > 12))) return null;
  if (half === "pm" && hour < 12) hour += 12;
  if (half === "am" && hour === 12) hour = 0;
  const zone = m[4] ?? localZone;
  const offset = zoneOffset(zone, at) ?? zoneOffset(localZone, at) ?? 0;
  const wallNow = at + offset;
  const day = Math.floor(wallNow / 86_400_000) * 86_400_000;
  let wall = day + hour * 3_600_000 + minute * 60_000;
  if (wall <= wallNow) wall += 86_400_000;
  return wall - offset;
}

/**
 * Whether a StopFailure is a usage or rate limit: `error: "rate_limit"` (2.1.336), or an API
 * error body of type `rate_limit_error` in the text, which is all 2.1.88 gives (it reports a 429
 * as `error: "unknown"` with the API's JSON body after "API Error: 429"). The body must parse:
 * words that only mention a rate limit are not one.
 */
export function isRateLimitFailure(error: unknown, text: string | null): boolean {
  if (error === "rate_limit") return true;
  if (text === null) return false;
  for (let i = text.indexOf("{"); i !== -1; i = text.indexOf("{", i + 1)) {
    const end = text.lastIndexOf("}");
    if (end < i) return false;
    let body: unknown;
    try {
      body = JSON.parse(text.slice(i, end + 1));
    } catch {
      continue;
    }
    return isObject(body) && body.type === "error" && isObject(body.error) && body.error.type === "rate_limit_error";
  }
  return false;
}
