/**
 * Time arguments of `vigil watch --every` and `vigil night on --until`: durations (`30s`,
 * `5m`, `8h`, `1h30m`), a local clock time (`07:00`, its next occurrence) and ISO 8601
 * instants. Errors are values in vigil's message style.
 */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

const UNIT: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** A duration such as `30s`, `5m`, `8h`, `1h30m` or `2d`, in ms. */
export function parseDuration(text: string): Parsed<number> {
  const t = text.trim();
  const parts = [...t.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join("") !== t) {
    return { ok: false, error: `invalid duration "${text}" (use e.g. "30s", "5m", "8h", "1h30m")` };
  }
  const ms = parts.reduce((sum, p) => sum + Number(p[1]) * UNIT[p[2]], 0);
  return ms > 0 ? { ok: true, value: Math.round(ms) } : { ok: false, error: `duration "${text}" must be positive` };
}

/**
 * When unattended mode ends: `HH:MM` (local time, the next time the clock shows it), an ISO
 * 8601 instant in the future, or a duration from now.
 */
export function parseUntil(text: string, now: number): Parsed<number> {
  const t = text.trim();
  const clock = /^(\d{1,2}):(\d{2})$/.exec(t);
  if (clock) {
    const h = Number(clock[1]), m = Number(clock[2]);
    if (h > 23 || m > 59) return { ok: false, error: `invalid time "${text}"` };
    const d = new Date(now);
    d.setHours(h, m, 0, 0);
    // setDate rather than adding 24 h, so a DST change in between still lands on HH:MM.
    if (d.getTime() <= now) d.setDate(d.getDate() + 1), d.setHours(h, m, 0, 0);
    return { ok: true, value: d.getTime() };
  }
  if (/^\d{4}-\d{2}-\d{2}/.test(t)) {
    const at = Date.parse(t);
    if (!Number.isFinite(at)) return { ok: false, error: `invalid time "${text}"` };
    if (at <= now) return { ok: false, error: `time "${text}" is in the past` };
    return { ok: true, value: at };
  }
  const d = parseDuration(t);
  if (d.ok) return { ok: true, value: now + d.value };
  return { ok: false, error: `invalid time "${text}" (use "07:00", an ISO 8601 time, or a duration like "8h")` };
}
