import { expect, test } from "bun:test";
import { parseDuration, parseUntil } from "../../src/app/time-args.ts";

test.each([
  ["30s", 30_000],
  ["5m", 300_000],
  ["8h", 28_800_000],
  ["1h30m", 5_400_000],
  ["2d", 172_800_000],
  ["250ms", 250],
])("duration %s", (text, ms) => {
  expect(parseDuration(text)).toEqual({ ok: true, value: ms });
});

test.each([["5"], ["5x"], ["m5"], ["0s"], [""], ["5m junk"]])("not a duration: %p", (text) => {
  expect(parseDuration(text).ok).toBe(false);
});

// Clock times are local: pin the zone (Bun applies a TZ change at once).
process.env.TZ = "UTC";
const at = (iso: string) => Date.parse(iso);
test.each([
  ["a clock time later today", "2026-11-30T05:00:00Z", "07:00", "2026-11-30T07:00:00.000Z"],
  ["a clock time already past: tomorrow", "2026-11-30T07:00:00Z", "07:00", "2026-12-01T07:00:00.000Z"],
  ["a duration", "2026-11-30T05:00:00Z", "8h", "2026-11-30T13:00:00.000Z"],
  ["an ISO time", "2026-11-30T05:00:00Z", "2026-11-30T06:15:00+00:00", "2026-11-30T06:15:00.000Z"],
])("until: %s", (_name, now, text, want) => {
  const r = parseUntil(text, at(now));
  expect(r.ok && new Date(r.value).toISOString()).toBe(want);
});

test.each([
  ["24:00", "invalid time"],
  ["2001-01-01T00:00:00Z", "is in the past"],
  ["tomorrow", "invalid time"],
])("until %p is refused", (text, message) => {
  const r = parseUntil(text, at("2026-11-30T05:00:00Z"));
  expect(r.ok === false && r.error.includes(message)).toBe(true);
});
