import { describe, expect, test } from "bun:test";
import {
  modelWindow,
  payloadModel,
  payloadTokens,
  resolveWindow,
  type WindowFacts,
  type WindowSource,
} from "../../src/core/meter/window.ts";

describe("the window of a session, and where it came from", () => {
  const argv = (...a: string[]) => ["/usr/bin/claude", "-p", "go", ...a];
  test.each<[string, WindowFacts, number, WindowSource]>([
    [
      "the statusLine's number wins",
      { statusWindow: 400_000, envWindow: "170000", model: "claude-opus-5-5" },
      400_000,
      "statusline",
    ],
    ["--autocompact <n>", { argv: argv("--autocompact", "150000"), envWindow: "170000" }, 150_000, "flag"],
    ["--autocompact=<n>", { argv: argv("--autocompact=150000") }, 150_000, "flag"],
    ["CLAUDE_CODE_AUTO_COMPACT_WINDOW", { envWindow: "170000", settingsWindows: [160_000] }, 170_000, "env"],
    ["autoCompactWindow, most specific file first", { settingsWindows: [160_000, 180_000] }, 160_000, "settings"],
    ["a broken setting is skipped", { settingsWindows: ["lots", 180_000] }, 180_000, "settings"],
    [
      "below Claude Code's 100k floor is not a window",
      { envWindow: "5000", model: "claude-sonnet-4-5" },
      200_000,
      "model",
    ],
    [
      "a non-number flag is not a window",
      { argv: argv("--autocompact", "auto"), model: "claude-opus-5-5" },
      1_000_000,
      "model",
    ],
    ["the default model of 2.1.332", { model: "claude-opus-5-5" }, 1_000_000, "model"],
    ["a [1m] model", { model: "claude-sonnet-4-5[1m]" }, 1_000_000, "model"],
    ["an unknown model: the configured default, named as such", { model: "some-new-model" }, 200_000, "default"],
    ["nothing known", {}, 200_000, "default"],
  ])("%s", (_name, facts, window, source) => {
    expect(resolveWindow(facts, 200_000)).toEqual({ window, source });
  });

  test("the settings files are read only when flag and variable leave the window open", () => {
    let reads = 0;
    const settingsWindows = () => (reads++, [160_000]);
    expect(resolveWindow({ argv: argv("--autocompact", "150000"), settingsWindows }, 200_000).source).toBe("flag");
    expect(resolveWindow({ envWindow: "170000", settingsWindows }, 200_000).source).toBe("env");
    expect(reads).toBe(0);
    expect(resolveWindow({ envWindow: "5000", settingsWindows }, 200_000)).toEqual({
      window: 160_000,
      source: "settings",
    });
    expect(reads).toBe(1);
  });

  test.each<[string | null, number | null]>([
    ["claude-opus-5-5", 1_000_000],
    ["claude-sonnet-4-5", 200_000],
    ["claude-3-5-haiku-20241022", 200_000],
    ["<synthetic>", null],
    [null, null],
  ])("modelWindow(%p) = %p", (model, want) => {
    expect(modelWindow(model)).toBe(want);
  });
});

describe("payload measurements (2.1.332 shapes, observed)", () => {
  test.each<[string, Record<string, unknown>, number | null, string | null]>([
    ["SessionStart", { source: "resume", context_tokens: 121_010, seconds_since_last_response: 3 }, 121_010, null],
    ["SessionStart", { source: "fork", context_tokens: 90_000 }, 90_000, null],
    ["SessionStart", { source: "startup", model: "claude-opus-5-5" }, null, "claude-opus-5-5"],
    ["SessionStart", { source: "compact", context_tokens: 5 }, null, null],
    [
      "PreModelSwitch",
      { from_model: "claude-opus-5-5", to_model: "claude-sonnet-4-5", context_tokens: 121_010 },
      121_010,
      "claude-sonnet-4-5",
    ],
    ["PostModelSwitch", { to_model: "claude-sonnet-4-5", context_tokens: 121_010 }, 121_010, "claude-sonnet-4-5"],
    ["PreToolUse", { context_tokens: 1 }, null, null],
    ["SessionStart", { source: "resume", context_tokens: "121010" }, null, null],
  ])("%s %j", (event, raw, tokens, model) => {
    expect([payloadTokens(event, raw), payloadModel(event, raw)]).toEqual([tokens, model]);
  });
});
