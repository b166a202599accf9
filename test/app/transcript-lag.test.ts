/**
 * Claude Code writes the transcript asynchronously (claude-code-contract.md, "transcript_path
 * is written asynchronously and can lag"): the compaction's records can land between the
 * meter's read and the tail facts' read of the same hook call. Both must judge the same bytes,
 * or the restore is confirmed from records the meter has not counted, and the next call counts
 * that boundary as a second compaction: the session goes back to restoring and is restored twice.
 * Seen on the real CLI (2.1.332, test/e2e/vigil-continuity-auto.e2e.test.ts, about 1 run in 10).
 * The records can also land a whole tool call after SessionStart(compact) (both 2.1.88 and
 * 2.1.332, most runs on a 2-core machine): until the boundary is read the restore waits, and
 * that boundary is no second compaction.
 */
import { afterAll, expect, test } from "bun:test";
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { allHookDeps } from "../../src/app/deps.ts";
import { runHook } from "../../src/app/run-hook.ts";
import { runStatusline } from "../../src/app/run-statusline.ts";
import { assistant, attachment, boundary, jsonl, prompt, summary } from "../fixtures/transcripts/records.ts";

const root = mkdtempSync(join(tmpdir(), "vigil-lag-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const SESSION = "5d1c7a2e-3b4f-4e6a-8c9d-0e1f2a3b4c5d";

/** A session on its own transcript and store, driven by hook calls a second apart. */
async function lagSession(name: string) {
  const dir = mkdtempSync(join(root, `${name}-`));
  const cwd = join(dir, "project");
  mkdirSync(cwd, { recursive: true });
  const transcript = join(dir, "t.jsonl");
  writeFileSync(transcript, jsonl([prompt("Fix the parser"), assistant("Working on it.", { input: 130_000 })]));
  let now = Date.parse("2026-12-03T05:00:00Z");
  const env = { HOME: dir, VIGIL_HOME: join(dir, "vigil"), CLAUDE_PROJECT_DIR: cwd, LANG: "C" };
  const deps = await allHookDeps(env, () => now);
  const call = (event: string, extra: Record<string, unknown> = {}) => {
    now += 1000;
    const payload = {
      session_id: SESSION,
      transcript_path: transcript,
      cwd,
      hook_event_name: event,
      tool_name: "Bash",
      tool_input: { command: "ls" },
      ...extra,
    };
    const r = runHook(JSON.stringify(payload), deps);
    expect(r.error).toBeNull();
    return r;
  };
  const details = (kind: string) =>
    deps.store().events({ sessionId: SESSION, kinds: [kind] }).map((e) =>
      JSON.parse(e.detail) as Record<string, string>
    );
  return {
    cwd,
    transcript,
    deps,
    call,
    tick: (ms: number) => (now += ms),
    /** Start, then a compaction its hooks report before the transcript shows it; SessionStart(compact)'s outcome. */
    compactedByHook: () => {
      call("SessionStart", { source: "startup" });
      call("PreCompact", { trigger: "auto" });
      return call("SessionStart", { source: "compact" });
    },
    /** The compaction's records as Claude Code writes them, the restore's attachment if it landed. */
    land: (version: string, attached: boolean) =>
      appendFileSync(
        transcript,
        jsonl([
          { ...boundary(30_000), version },
          summary("The parser fix is half done."),
          ...(attached ? [attachment("hook_additional_context", "vigil: restored", "SessionStart")] : []),
          assistant("Continuing.", { input: 30_000 }),
        ]),
      ),
    path: () => details("state").map((d) => `${d.from}>${d.to}@${d.event}`),
    restores: () => details("continuity").filter((d) => d.action === "restored").map((d) => d.via),
    context: () => JSON.parse(deps.store().loadSession(SESSION)?.snapshot ?? "{}").context,
    state: () => deps.store().loadSession(SESSION)?.state,
  };
}

test("compaction records landing between the meter's read and the facts' read: one compaction, one restore", async () => {
  const s = await lagSession("between");
  const measure = s.deps.measure;
  try {
    s.call("SessionStart", { source: "startup" });
    s.call("PreToolUse");
    s.call("PreCompact", { trigger: "auto" });
    // The compaction is reported before its records are in the file (the write lags).
    expect(s.call("SessionStart", { source: "compact" }).stdout).toContain("vigil");
    // They land while the next call runs: after its meter read, before its facts read.
    s.deps.measure = (path, prev) => {
      const r = measure(path, prev);
      s.land("2.1.332", true);
      s.deps.measure = measure;
      return r;
    };
    s.call("PreToolUse");
    s.call("PostToolUse");
    s.call("PreToolUse");
    expect(s.path()).toEqual([
      "normal>compacting@PreCompact",
      "compacting>restoring@SessionStart",
      // not at the PreToolUse whose meter had not read the boundary yet
      "restoring>normal@PostToolUse",
    ]);
    expect(s.state()).toBe("normal");
  } finally {
    s.deps.close();
  }
});

test.each(
  [
    ["2.1.88", false, "hook", []],
    ["2.1.332", true, "transcript", []],
    ["2.1.332", false, "fallback", ["continuity.restore.fallback"]],
  ] as const,
)(
  "compaction records landing a tool call after SessionStart(compact) (%s, attachment %p): one restore, via %s",
  async (version, attached, via, rules) => {
    const s = await lagSession("late");
    const rulesOf = (stdout: string) =>
      stdout.includes("compacted and the restore did not reach you") ? ["continuity.restore.fallback"] : [];
    try {
      expect(s.compactedByHook().stdout).toContain("vigil: this session was just compacted.");
      s.call("PostCompact", { trigger: "auto" });
      // A whole tool call before the file shows the compaction: nothing is injected meanwhile.
      expect(s.call("PreToolUse").stdout).toBe("");
      expect(rulesOf(s.call("PostToolUse").stdout)).toEqual([]);
      s.land(version, attached);
      s.call("PreToolUse");
      expect(rulesOf(s.call("PostToolUse").stdout)).toEqual([...rules]);
      s.call("PreToolUse");
      expect(rulesOf(s.call("PostToolUse").stdout)).toEqual([]);
      const path = s.path();
      expect(path.slice(0, 2)).toEqual(["normal>compacting@PreCompact", "compacting>restoring@SessionStart"]);
      expect(path.slice(2)).toEqual([expect.stringMatching(/^restoring>normal@(PreToolUse|PostToolUse)$/)]);
      expect(s.restores()).toEqual([via]);
      expect(s.context()).toMatchObject({ compactions: 1, boundaryOwed: false });
    } finally {
      s.deps.close();
    }
  },
);

test("a statusLine render whose meter reads the reported compaction's boundary settles it for the hooks", async () => {
  const s = await lagSession("render");
  try {
    s.compactedByHook();
    expect(s.context().boundaryOwed).toBe(true);
    s.land("2.1.332", true);
    // Right after a compaction the statusLine has no usage yet: it measures the transcript.
    s.tick(500);
    const status = {
      session_id: SESSION,
      transcript_path: s.transcript,
      cwd: s.cwd,
      model: { id: "claude-opus-5-5", display_name: "Opus" },
      context_window: { context_window_size: 1_000_000, current_usage: null, used_percentage: null },
    };
    const cache = { read: () => null, write: () => {} };
    expect(runStatusline(JSON.stringify(status), s.deps, cache, { color: false }).error).toBeNull();
    expect(s.context()).toMatchObject({ boundaryOwed: false, compactions: 1 });
    expect(s.state()).toBe("restoring");
    // The next tool event judges the transcript at once (no wait): the restore landed.
    s.call("PreToolUse");
    expect(s.state()).toBe("normal");
    expect(s.restores()).toEqual(["transcript"]);
  } finally {
    s.deps.close();
  }
});

test("two calls that read the same boundary (parallel tool calls): counted once", async () => {
  const s = await lagSession("parallel");
  try {
    s.compactedByHook();
    s.land("2.1.332", true);
    // One call reads the boundary; before it commits, a parallel tool's call reads it too and commits first.
    const measure = s.deps.measure;
    let nested = false;
    s.deps.measure = (path, prev) => {
      const r = measure(path, prev);
      if (!nested) (nested = true, s.call("PreToolUse", { tool_use_id: "toolu_2" }));
      return r;
    };
    s.call("PreToolUse", { tool_use_id: "toolu_1" });
    s.deps.measure = measure;
    expect(s.context()).toMatchObject({ compactions: 1, boundaryOwed: false });
    expect(s.state()).toBe("normal");
    expect(s.path()).toEqual([
      "normal>compacting@PreCompact",
      "compacting>restoring@SessionStart",
      "restoring>normal@PreToolUse",
    ]);
  } finally {
    s.deps.close();
  }
});
