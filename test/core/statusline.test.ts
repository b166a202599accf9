import { describe, expect, test } from "bun:test";
import { type LineInput, parseStatusPayload, renderLine, short } from "../../src/core/statusline.ts";
import { allPayloads } from "../support/fixtures.ts";

const base: LineInput = {
  state: "normal",
  tokens: 262_114,
  estimate: 262_114,
  window: 1_000_000,
  worker: true,
  soft: 250_000,
  hard: 300_000,
  warnPercent: 60,
  color: false,
};

describe("statusLine", () => {
  test("parses every recorded statusLine payload", () => {
    const lines = allPayloads().filter((p) => p.event === "StatusLine");
    expect(lines.length).toBeGreaterThan(0);
    for (const p of lines) {
      const r = parseStatusPayload(JSON.stringify(p.stdin));
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.value.window).toBe(1_000_000);
    }
  });

  test("null current_usage (before the first reply) gives null tokens, not 0", () => {
    const r = parseStatusPayload(
      JSON.stringify({ session_id: "s", context_window: { context_window_size: 200000, current_usage: null } }),
    );
    expect(r.ok && r.value.tokens).toBeNull();
  });

  test("tokens exclude output", () => {
    const usage = {
      input_tokens: 10,
      output_tokens: 999,
      cache_creation_input_tokens: 20,
      cache_read_input_tokens: 30,
    };
    const r = parseStatusPayload(
      JSON.stringify({ session_id: "s", context_window: { context_window_size: 200000, current_usage: usage } }),
    );
    expect(r.ok && r.value.tokens).toBe(60);
  });

  test.each<[string, Partial<LineInput>, string]>([
    ["percent of the payload window", {}, "vigil normal │ 262k/1.0M ███░░░░░░░ 26% │ HARD in 38k"],
    ["estimate shown when it adds a thousand or more", { estimate: 270_000 }, "262k (~270k)/1.0M"],
    ["SOFT distance under SOFT", { tokens: 100_000, estimate: 100_000 }, "SOFT in 150k"],
    ["at HARD", { state: "hard", tokens: 310_000, estimate: 310_000 }, "HARD: hand over"],
    ["no limits for non-workers", { worker: false }, "26%"],
    ["warn marker at warnPercent", { tokens: 130_000, estimate: 130_000, window: 200_000 }, "⚠ save state"],
    ["unknown tokens", { tokens: null, estimate: null }, "vigil normal │ –/1.0M"],
  ])("%s", (_name, over, want) => {
    expect(renderLine({ ...base, ...over })).toContain(want);
  });

  // known gap 'messages in ko/ja': the line's words were English in every language
  test.each<[string, Partial<LineInput>, string]>([
    ["ko", { tokens: 100_000, estimate: 100_000 }, "SOFT까지 150k"],
    ["ko", { tokens: 270_000, estimate: 270_000, window: 400_000 }, "HARD까지 30k │ ⚠ 상태 저장"],
    ["ko", { state: "hard", tokens: 310_000, estimate: 310_000 }, "HARD: 넘기기"],
    ["ja", { tokens: 100_000, estimate: 100_000 }, "SOFTまで 150k"],
    ["ja", { tokens: 270_000, estimate: 270_000, window: 400_000 }, "HARDまで 30k │ ⚠ 状態を保存"],
    ["ja", { state: "hard", tokens: 310_000, estimate: 310_000 }, "HARD: 引き継ぎ"],
  ])("%s: %p shows %p", (language, over, want) => {
    const line = renderLine({ ...base, ...over, language: language as LineInput["language"] });
    expect(line).toContain(want);
    expect(line).not.toMatch(/ in \d|hand over|save state/);
  });

  test("no limit text for non-workers", () => {
    expect(renderLine({ ...base, worker: false })).not.toContain("HARD");
  });

  test("colour only when asked", () => {
    expect(renderLine(base)).not.toContain("\x1b[");
    expect(renderLine({ ...base, color: true })).toContain("\x1b[32mvigil normal");
  });

  test.each([[999, "999"], [1_000, "1k"], [262_114, "262k"], [1_000_000, "1.0M"]] as const)("short(%p)", (n, s) => {
    expect(short(n)).toBe(s);
  });
});
