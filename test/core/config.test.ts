import { describe, expect, test } from "bun:test";
import { DEFAULT_CONFIG, languageFromLocale, resolveConfig, type Source } from "../../src/core/config.ts";
import type { JsonObject } from "../../src/core/payload.ts";

describe("resolveConfig", () => {
  test("defaults with sources", () => {
    const r = resolveConfig(null, {});
    expect(r.config).toEqual(DEFAULT_CONFIG);
    expect(r.sources.softTokens).toBe("default");
    expect(r.warnings).toEqual([]);
  });

  // The copy is written out field by field (no structuredClone: bench/RESULTS.md, "Hook peak
  // RSS"): a field of a new kind must be copied too, or one caller's change would be the next's.
  test("the defaults it starts from are a copy that shares no array or object with DEFAULT_CONFIG", () => {
    const notifier = { kind: "ntfy" as const, url: "https://ntfy.example/x" };
    const saved = DEFAULT_CONFIG.notifiers;
    DEFAULT_CONFIG.notifiers = [notifier];
    try {
      const shared: string[] = [];
      const walk = (a: unknown, b: unknown, at: string) => {
        if (typeof a !== "object" || a === null) return;
        if (a === b) shared.push(at);
        for (const [k, v] of Object.entries(a)) {
          walk(v, typeof b === "object" && b !== null ? Reflect.get(b, k) : null, `${at}.${k}`);
        }
      };
      const config = resolveConfig(null, {}).config;
      walk(DEFAULT_CONFIG, config, "config");
      expect(shared).toEqual([]);
      expect(config).toEqual(DEFAULT_CONFIG);
    } finally {
      DEFAULT_CONFIG.notifiers = saved;
    }
  });

  test.each<[string, JsonObject | null, Record<string, string>, Partial<typeof DEFAULT_CONFIG>, Source]>([
    ["file snake_case", { soft_tokens: 100_000, hard_tokens: 150_000 }, {}, {
      softTokens: 100_000,
      hardTokens: 150_000,
    }, "file"],
    ["env overrides file", { soft_tokens: 100_000 }, { VIGIL_SOFT_TOKENS: "120000" }, { softTokens: 120_000 }, "env"],
    ["env underscores in numbers", null, { VIGIL_SOFT_TOKENS: "120_000" }, { softTokens: 120_000 }, "env"],
    [
      "worker types from env list",
      null,
      { VIGIL_WORKER_TYPES: "worker, coder" },
      { workerTypes: ["worker", "coder"] },
      "env",
    ],
    ["role from env", null, { VIGIL_ROLE: "worker" }, { role: "worker" }, "env"],
    ["disable from env", null, { VIGIL_DISABLE: "1" }, { disable: true }, "env"],
    ["language from LANG says LANG is its source", null, { LANG: "ko_KR.UTF-8" }, { language: "ko" }, "LANG"],
    [
      "language from LC_ALL says LC_ALL",
      null,
      { LANG: "en_US.UTF-8", LC_ALL: "ja_JP.UTF-8" },
      { language: "ja" },
      "LC_ALL",
    ],
    ["language in file beats LANG", { language: "ja" }, { LANG: "ko_KR.UTF-8" }, { language: "ja" }, "file"],
  ])("%s", (_name, file, env, expected, source) => {
    const r = resolveConfig(file, env);
    expect(r.config).toMatchObject(expected);
    expect(r.sources[Object.keys(expected)[0] as keyof typeof DEFAULT_CONFIG]).toBe(source);
    expect(r.warnings).toEqual([]);
  });

  test.each<[string, JsonObject | null, Record<string, string>, string]>([
    ["negative number", { soft_tokens: -5 }, {}, "soft_tokens"],
    ["string for a number", { soft_tokens: "lots" }, {}, "soft_tokens"],
    ["unknown key", { sfot_tokens: 1 }, {}, "unknown config key"],
    ["bad role env", null, { VIGIL_ROLE: "boss" }, "VIGIL_ROLE"],
    ["bad notifier", { notifiers: [{ kind: "pager" }] }, {}, "notifiers"],
  ])("a bad value is a warning and keeps the default: %s", (_name, file, env, mention) => {
    const r = resolveConfig(file, env);
    expect(r.warnings.join("\n")).toContain(mention);
    expect(r.config.softTokens).toBe(DEFAULT_CONFIG.softTokens);
    expect(r.config.role).toBeNull();
  });

  test("a hard limit below the soft limit is lifted to it", () => {
    const r = resolveConfig({ soft_tokens: 200_000, hard_tokens: 100_000 }, {});
    expect(r.config.hardTokens).toBe(200_000);
    expect(r.warnings[0]).toContain("below soft limit");
  });

  test.each([["ko_KR.UTF-8", "ko"], ["ja_JP", "ja"], ["en_US.UTF-8", "en"], ["C", "en"], [undefined, "en"]] as const)(
    "languageFromLocale(%p) = %p",
    (locale, lang) => expect(languageFromLocale(locale)).toBe(lang),
  );
});
