/**
 * Times for `vigil report` and the events API: reading `--since 12h` / ISO 8601 / epoch ms,
 * and writing times and durations the same way everywhere (UTC: the core has no timezone).
 */
import type { Result } from "../payload.ts";

const UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
const DURATION = /^(\d+(?:\.\d+)?)\s*([smhdw])$/;
const EPOCH_MS = /^\d{12,}$/;

/** A time as the user wrote it: "12h" (that long before `now`), an ISO 8601 time, or epoch ms. */
export function parseWhen(text: string, now: number): Result<number> {
  const t = text.trim();
  const d = DURATION.exec(t);
  if (d) return { ok: true, value: now - Math.round(Number(d[1]) * UNIT_MS[d[2]]) };
  if (EPOCH_MS.test(t)) return { ok: true, value: Number(t) };
  // Date-only and zone-less times are read as UTC, like every time vigil prints.
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(t) ? t + "T00:00:00Z" : /T[\d:.]+$/.test(t) ? t + "Z" : t;
  const ms = /^\d{4}-\d{2}-\d{2}/.test(iso) ? Date.parse(iso) : NaN;
  if (Number.isFinite(ms)) return { ok: true, value: ms };
  return { ok: false, error: `cannot read time "${text}": expected a duration like "12h" or an ISO 8601 time` };
}

/** 1_700_000_000_000 → "2023-11-14T22:13:20Z" (seconds, UTC). */
export function isoSeconds(ms: number): string {
  // Four-digit years only: the text up to the minute is kept from the last call (a report's
  // marks come in time order: a month's 65,748 marks cost a `Date` each otherwise).
  if (!Number.isSafeInteger(ms) || ms < 0 || ms >= MAX_4_DIGIT_YEAR) {
    return new Date(ms).toISOString().slice(0, 19) + "Z";
  }
  const m = Math.floor(ms / 60_000);
  if (m !== minute.at) (minute.at = m, minute.text = new Date(m * 60_000).toISOString().slice(0, 17));
  const s = Math.floor((ms - m * 60_000) / 1000);
  return `${minute.text}${s < 10 ? "0" : ""}${s}Z`;
}

const MAX_4_DIGIT_YEAR = Date.UTC(10000, 0, 1);
const minute = { at: NaN, text: "" };

/** 1_700_000_000_000 → "22:13" (the clock time for axis ticks and spans). */
export function clock(ms: number): string {
  return new Date(ms).toISOString().slice(11, 16);
}

/** 190_000 → "3m 10s"; two units at most, so long gaps stay readable. */
export function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const parts: [number, string][] = [
    [Math.floor(s / 86400), "d"],
    [Math.floor((s % 86400) / 3600), "h"],
    [Math.floor((s % 3600) / 60), "m"],
    [s % 60, "s"],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  if (first < 0) return "0s";
  return parts.slice(first, first + 2).filter(([n]) => n > 0).map(([n, u]) => `${n}${u}`).join(" ");
}

/**
 * 251000 → "251,000"; null → "-". Integers are grouped by hand: `toLocaleString` costs
 * microseconds a call, and a year's report labels hundreds of thousands of marks.
 */
export function count(n: number | null): string {
  if (n === null) return "-";
  if (!Number.isSafeInteger(n)) return n.toLocaleString("en-US");
  const digits = String(Math.abs(n));
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += "," + digits.slice(i, i + 3);
  return n < 0 ? "-" + out : out;
}

/**
 * A formatter of epoch ms as `toISOString` writes them, for times read in order: the text up
 * to the minute is made once a minute, so a month of events (821,842 on the year bench)
 * costs a `Date` per minute, not per event.
 */
export function isoMillisWriter(): (ms: number) => string {
  let minute = NaN;
  let prefix = "";
  return (ms) => {
    if (!Number.isSafeInteger(ms)) return new Date(ms).toISOString();
    const m = Math.floor(ms / 60_000);
    if (m !== minute) (minute = m, prefix = new Date(m * 60_000).toISOString().slice(0, -7));
    const rest = ms - m * 60_000;
    const s = Math.floor(rest / 1000), f = rest % 1000;
    return `${prefix}${s < 10 ? "0" : ""}${s}.${f < 10 ? "00" : f < 100 ? "0" : ""}${f}Z`;
  };
}
