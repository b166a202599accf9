/**
 * A hook call decides once, under the write lock, on the row as it stands then: another
 * process that writes the session between the call's read and its lock (here a PreCompact run
 * on its own connection while the call reads its transcript tail) is seen by that one
 * decision, and the call does not decide again. Real store, real transcript, real parts.
 */
import { expect, test } from "bun:test";
import { join } from "node:path";
import { allHookDeps } from "../../src/app/deps.ts";
import { runHook } from "../../src/app/run-hook.ts";
import type { Policy } from "../../src/core/policy.ts";
import { transcriptAt } from "../support/usage-transcript.ts";
import { testEnv } from "../support/vigil.ts";

const T0 = Date.UTC(2026, 11, 2, 2, 0, 0);

test("one decision per call, on the row another process changed after the read", async () => {
  const env = testEnv();
  const transcript = transcriptAt(join(env.HOME, "t.jsonl"), 20_000);
  const payload = (event: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ session_id: "d", transcript_path: transcript, cwd: "/tmp", hook_event_name: event, ...extra });
  const other = await allHookDeps(env, () => T0 + 500);
  const deps = await allHookDeps(env, () => T0 + 1_000);
  try {
    expect(runHook(payload("PostToolUse", { tool_name: "Read", tool_input: { file_path: "/x" } }), other).error)
      .toBeNull();
    // Every decision runs the continuity policy once: counting it counts decisions.
    const part = deps.continuity;
    if (!part) throw new Error("continuity not loaded");
    let decisions = 0;
    const policy: Policy = (input) => (decisions++, part.policy(input));
    deps.continuity = { ...part, policy };
    // The tail is read after the row, before the lock: the other process compacts meanwhile.
    const facts = deps.facts;
    deps.facts = (path, upTo) => {
      expect(runHook(payload("PreCompact", { trigger: "auto" }), other).error).toBeNull();
      return facts(path, upTo);
    };
    const out = runHook(payload("UserPromptSubmit", { prompt: "carry on" }), deps);
    expect(out.error).toBeNull();
    expect(decisions).toBe(1);
    // The call's one decision met the compaction: a prompt during it abandons it.
    const records = deps.store().events({ sessionId: "d" }).map((e) => [e.kind, JSON.parse(e.detail)]);
    expect(records.filter(([k]) => k === "state").map(([, d]) => [d.from, d.to, d.event])).toEqual([
      ["normal", "compacting", "PreCompact"],
      ["compacting", "normal", "UserPromptSubmit"],
    ]);
    expect(records.filter(([k]) => k === "compaction_abandoned")).toHaveLength(1);
  } finally {
    other.close();
    deps.close();
  }
});
