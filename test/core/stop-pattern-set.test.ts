/**
 * The Stop gate's pattern set as the hook uses it: the configured extras' errors are known
 * without compiling the built-in tables (a Stop outside unattended mode records them and never
 * classifies), and once read the set is the built-ins then the extras, in config order.
 */
import { describe, expect, test } from "bun:test";
import { initialTransition } from "xstate";
import { sessionMachine } from "../../machines/session.ts";
import { DEFAULT_CONFIG } from "../../src/core/config.ts";
import { parseHookPayload } from "../../src/core/payload.ts";
import { unattendedPolicy } from "../../src/core/policies/unattended.ts";
import type { PolicyInput } from "../../src/core/policy.ts";
import { classifyMessage } from "../../src/core/stop/classify.ts";
import { builtinPatterns, patternSet } from "../../src/core/stop/patterns.ts";

const NOW = 1_800_000_000_000;
const EXTRA = { continuation: ["\\bzqx resumes\\b", "(unclosed"], approval: ["\\bzqx awaits\\b"] };

describe("patternSet", () => {
  test("a source that does not compile is an error and is skipped; the rest follow the built-ins in order", () => {
    const set = patternSet(EXTRA);
    expect(set.errors).toHaveLength(1);
    expect(set.errors[0]).toStartWith('ignoring stop pattern "(unclosed"');
    const n = builtinPatterns().length;
    expect(set.patterns.slice(0, n)).toEqual([...builtinPatterns()]);
    expect(set.patterns.slice(n).map((p) => [p.id, p.kind])).toEqual([
      ["config.continuation.0", "announce"],
      ["config.approval.0", "approval"],
    ]);
  });

  test("the same config gives the same set, and the same patterns each time it is read", () => {
    const set = patternSet(EXTRA);
    expect(patternSet({ ...EXTRA })).toBe(set);
    expect(set.patterns).toBe(set.patterns);
  });

  test("a configured extra decides like a built-in", () => {
    const set = patternSet(EXTRA);
    expect(classifyMessage("The docs are done. zqx resumes the parser.", set).announcement?.id)
      .toBe("config.continuation.0");
    expect(classifyMessage("The build is green. zqx awaits your word.", set).waiting?.id).toBe("config.approval.0");
  });
});

describe("a Stop outside unattended mode", () => {
  test("still records the configured patterns that did not compile", () => {
    const parsed = parseHookPayload(JSON.stringify({
      session_id: "s1",
      transcript_path: "/tmp/none.jsonl",
      cwd: "/work/proj",
      hook_event_name: "Stop",
      stop_hook_active: false,
      last_assistant_message: "I'll continue with the parser fix next.",
    }));
    if (!parsed.ok) throw new Error(parsed.error);
    const [snap] = initialTransition(sessionMachine, { at: NOW });
    const input: PolicyInput = {
      payload: parsed.value,
      state: "normal",
      context: snap.context,
      config: { ...DEFAULT_CONFIG, stopPatterns: EXTRA },
      role: "worker",
      limited: true,
      measurement: { tokens: null, estimate: null, window: null, source: "none" },
      night: null,
      facts: {},
      prompt: null,
      env: {},
      now: NOW,
    };
    const out = unattendedPolicy(input);
    expect(out.records[0].detail).toMatchObject({
      decision: "pass",
      gate: "mode",
      patternErrors: [expect.stringContaining("(unclosed")],
    });
  });
});
