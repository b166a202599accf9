/** Usage-limit resets (core/usage-limit.ts): from the statusLine's meters and from the error's words. */
import { describe, expect, test } from "bun:test";
import { limitedUntil, resetFromText, usageMeters } from "../../src/core/usage-limit.ts";

const AT = Date.UTC(2026, 11, 4, 10, 0);
const H = 3_600_000;

describe("resetFromText", () => {
  test.each([
    ["an hour on the clock in the named zone", "resets 3pm (Europe/Paris)", "UTC", AT + 4 * H],
    ["minutes and a space before pm", "It resets 3:30 pm (America/New_York)", "UTC", AT + 10.5 * H],
    ["no zone: the local one", "resets 11am", "Asia/Seoul", Date.UTC(2026, 11, 5, 2, 0)],
    ["a time already past today: tomorrow", "resets 9am (UTC)", "UTC", AT + 23 * H],
    ["24-hour clock", "resets at 14:15", "UTC", AT + 4.25 * H],
    ["an older epoch suffix (seconds)", "Claude AI usage limit reached|1796464800", "UTC", 1796464800_000],
    ["an unknown zone: the local one", "resets 3pm (Mars/Olympus)", "UTC", AT + 5 * H],
  ])("%s", (_, text, zone, want) => {
    expect(resetFromText(text, AT, zone)).toBe(want);
  });

  test.each([["no time"], ["resets soon"], ["resets 3"], ["resets 13pm"]])("%s: none", (text) => {
    expect(resetFromText(text, AT, "UTC")).toBeNull();
  });
});

describe("limitedUntil", () => {
  test("the latest reset of the used-up meters; meters below 100 % or already reset do not count", () => {
    const meters = usageMeters({
      five_hour: { used_percentage: 100, resets_at: (AT + 2 * H) / 1000 },
      seven_day: { used_percentage: 100, resets_at: (AT + 30 * H) / 1000 },
      spend_limit: { used_percentage: 80, resets_at: (AT + 50 * H) / 1000 },
      old: { used_percentage: 100, resets_at: (AT - H) / 1000 },
    });
    expect(limitedUntil(meters, AT)).toBe(AT + 30 * H);
    expect(limitedUntil(usageMeters({ five_hour: { used_percentage: 99.5, resets_at: AT / 1000 + 60 } }), AT))
      .toBeNull();
    expect(limitedUntil(usageMeters(null), AT)).toBeNull();
  });
});
