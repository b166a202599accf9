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

test("compaction records landing between the meter's read and the facts' read: one compaction, one restore", async () => {
  const cwd = join(root, "project");
  const home = join(root, "vigil");
  mkdirSync(cwd, { recursive: true });
  const transcript = join(root, "t.jsonl");
  writeFileSync(transcript, jsonl([prompt("Fix the parser"), assistant("Working on it.", { input: 130_000 })]));
  let now = Date.parse("2026-12-02T05:00:00Z");
  const deps = await allHookDeps({ HOME: root, VIGIL_HOME: home, CLAUDE_PROJECT_DIR: cwd, LANG: "C" }, () => now);
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
  const measure = deps.measure;
  try {
    call("SessionStart", { source: "startup" });
    call("PreToolUse");
    call("PreCompact", { trigger: "auto" });
    // The compaction is reported before its records are in the file (the write lags).
    expect(call("SessionStart", { source: "compact" }).stdout).toContain("vigil");
    // They land while the next call runs: after its meter read, before its facts read.
    deps.measure = (path, prev) => {
      const r = measure(path, prev);
      appendFileSync(
        transcript,
        jsonl([
          boundary(30_000),
          summary("The parser fix is half done."),
          attachment("hook_additional_context", "vigil: restored", "SessionStart"),
          assistant("Continuing.", { input: 30_000 }),
        ]),
      );
      deps.measure = measure;
      return r;
    };
    call("PreToolUse");
    call("PostToolUse");
    call("PreToolUse");
    const path = deps.store().events({ sessionId: SESSION }).filter((e) => e.kind === "state")
      .map((e) => {
        const d = (typeof e.detail === "string" ? JSON.parse(e.detail) : e.detail) as Record<string, string>;
        return `${d.from}>${d.to}@${d.event}`;
      });
    expect(path).toEqual([
      "normal>compacting@PreCompact",
      "compacting>restoring@SessionStart",
      // not at the PreToolUse whose meter had not read the boundary yet
      "restoring>normal@PostToolUse",
    ]);
    expect(deps.store().loadSession(SESSION)?.state).toBe("normal");
  } finally {
    deps.close();
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
    const dir = mkdtempSync(join(root, "late-"));
    const cwd = join(dir, "project");
    mkdirSync(cwd, { recursive: true });
    const transcript = join(dir, "t.jsonl");
    writeFileSync(transcript, jsonl([prompt("Fix the parser"), assistant("Working on it.", { input: 130_000 })]));
    let now = Date.parse("2026-12-03T05:00:00Z");
    const deps = await allHookDeps(
      { HOME: dir, VIGIL_HOME: join(dir, "vigil"), CLAUDE_PROJECT_DIR: cwd, LANG: "C" },
      () => now,
    );
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
    const rulesOf = (stdout: string) =>
      stdout.includes("compacted and the restore did not reach you") ? ["continuity.restore.fallback"] : [];
    try {
      call("SessionStart", { source: "startup" });
      call("PreCompact", { trigger: "auto" });
      expect(call("SessionStart", { source: "compact" }).stdout).toContain("vigil: this session was just compacted.");
      call("PostCompact", { trigger: "auto" });
      // A whole tool call before the file shows the compaction: nothing is injected meanwhile.
      expect(call("PreToolUse").stdout).toBe("");
      expect(rulesOf(call("PostToolUse").stdout)).toEqual([]);
      const boundaryRecord = { ...boundary(30_000), version };
      appendFileSync(
        transcript,
        jsonl([
          boundaryRecord,
          summary("The parser fix is half done."),
          ...(attached ? [attachment("hook_additional_context", "vigil: restored", "SessionStart")] : []),
          assistant("Continuing.", { input: 30_000 }),
        ]),
      );
      call("PreToolUse");
      expect(rulesOf(call("PostToolUse").stdout)).toEqual([...rules]);
      call("PreToolUse");
      expect(rulesOf(call("PostToolUse").stdout)).toEqual([]);
      const events = deps.store().events({ sessionId: SESSION }).map((e) => ({
        kind: e.kind,
        d: (typeof e.detail === "string" ? JSON.parse(e.detail) : e.detail) as Record<string, string>,
      }));
      const path = events.filter((e) => e.kind === "state").map((e) => `${e.d.from}>${e.d.to}@${e.d.event}`);
      expect(path.slice(0, 2)).toEqual(["normal>compacting@PreCompact", "compacting>restoring@SessionStart"]);
      expect(path.slice(2)).toEqual([expect.stringMatching(/^restoring>normal@(PreToolUse|PostToolUse)$/)]);
      const restores = events.filter((e) => e.kind === "continuity" && e.d.action === "restored").map((e) => e.d.via);
      expect(restores).toEqual([via]);
      const row = deps.store().loadSession(SESSION);
      expect(JSON.parse(row?.snapshot ?? "{}").context).toMatchObject({ compactions: 1, boundaryOwed: false });
    } finally {
      deps.close();
    }
  },
);

test("a statusLine render whose meter reads the reported compaction's boundary settles it for the hooks", async () => {
  const dir = mkdtempSync(join(root, "render-"));
  const cwd = join(dir, "project");
  mkdirSync(cwd, { recursive: true });
  const transcript = join(dir, "t.jsonl");
  writeFileSync(transcript, jsonl([prompt("Fix the parser"), assistant("Working on it.", { input: 130_000 })]));
  let now = Date.parse("2026-12-03T06:00:00Z");
  const deps = await allHookDeps(
    { HOME: dir, VIGIL_HOME: join(dir, "vigil"), CLAUDE_PROJECT_DIR: cwd, LANG: "C" },
    () => now,
  );
  const call = (event: string, extra: Record<string, unknown> = {}) => {
    now += 1000;
    const payload = { session_id: SESSION, transcript_path: transcript, cwd, hook_event_name: event, ...extra };
    const r = runHook(JSON.stringify({ tool_name: "Bash", tool_input: { command: "ls" }, ...payload }), deps);
    expect(r.error).toBeNull();
    return r;
  };
  const context = () => JSON.parse(deps.store().loadSession(SESSION)?.snapshot ?? "{}").context;
  try {
    call("SessionStart", { source: "startup" });
    call("PreCompact", { trigger: "auto" });
    call("SessionStart", { source: "compact" });
    expect(context().boundaryOwed).toBe(true);
    appendFileSync(
      transcript,
      jsonl([
        { ...boundary(30_000), version: "2.1.332" },
        summary("The parser fix is half done."),
        attachment("hook_additional_context", "vigil: restored", "SessionStart"),
      ]),
    );
    // Right after a compaction the statusLine has no usage yet: it measures the transcript.
    now += 500;
    const status = {
      session_id: SESSION,
      transcript_path: transcript,
      cwd,
      model: { id: "claude-opus-5-5", display_name: "Opus" },
      context_window: { context_window_size: 1_000_000, current_usage: null, used_percentage: null },
    };
    const cache = { read: () => null, write: () => {} };
    expect(runStatusline(JSON.stringify(status), deps, cache, { color: false }).error).toBeNull();
    expect(context()).toMatchObject({ boundaryOwed: false, compactions: 1 });
    expect(deps.store().loadSession(SESSION)?.state).toBe("restoring");
    // The next tool event judges the transcript at once (no wait): the restore landed.
    call("PreToolUse");
    expect(deps.store().loadSession(SESSION)?.state).toBe("normal");
    const restores = deps.store().events({ sessionId: SESSION, kinds: ["continuity"] })
      .map((e) => JSON.parse(e.detail) as Record<string, string>).filter((d) => d.action === "restored");
    expect(restores.map((d) => d.via)).toEqual(["transcript"]);
  } finally {
    deps.close();
  }
});

test("two calls that read the same boundary (parallel tool calls): counted once", async () => {
  const dir = mkdtempSync(join(root, "parallel-"));
  const cwd = join(dir, "project");
  mkdirSync(cwd, { recursive: true });
  const transcript = join(dir, "t.jsonl");
  writeFileSync(transcript, jsonl([prompt("Fix the parser"), assistant("Working on it.", { input: 130_000 })]));
  let now = Date.parse("2026-12-03T07:00:00Z");
  const deps = await allHookDeps(
    { HOME: dir, VIGIL_HOME: join(dir, "vigil"), CLAUDE_PROJECT_DIR: cwd, LANG: "C" },
    () => now,
  );
  const body = (event: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      session_id: SESSION,
      transcript_path: transcript,
      cwd,
      hook_event_name: event,
      tool_name: "Bash",
      tool_input: { command: "ls" },
      ...extra,
    });
  const call = (event: string, extra: Record<string, unknown> = {}) => {
    now += 1000;
    const r = runHook(body(event, extra), deps);
    expect(r.error).toBeNull();
  };
  try {
    call("SessionStart", { source: "startup" });
    call("PreCompact", { trigger: "auto" });
    call("SessionStart", { source: "compact" });
    appendFileSync(
      transcript,
      jsonl([
        { ...boundary(30_000), version: "2.1.332" },
        summary("The parser fix is half done."),
        attachment("hook_additional_context", "vigil: restored", "SessionStart"),
        assistant("Two tools at once.", { input: 30_000 }),
      ]),
    );
    // One call reads the boundary; before it commits, a parallel tool's call reads it too and commits first.
    const measure = deps.measure;
    let nested = false;
    deps.measure = (path, prev) => {
      const r = measure(path, prev);
      if (!nested) {
        nested = true;
        call("PreToolUse", { tool_use_id: "toolu_2" });
      }
      return r;
    };
    call("PreToolUse", { tool_use_id: "toolu_1" });
    deps.measure = measure;
    const ctx = JSON.parse(deps.store().loadSession(SESSION)?.snapshot ?? "{}").context;
    expect(ctx).toMatchObject({ compactions: 1, boundaryOwed: false });
    expect(deps.store().loadSession(SESSION)?.state).toBe("normal");
    const path = deps.store().events({ sessionId: SESSION, kinds: ["state"] })
      .map((e) => JSON.parse(e.detail) as Record<string, string>).map((d) => `${d.from}>${d.to}@${d.event}`);
    expect(path).toEqual([
      "normal>compacting@PreCompact",
      "compacting>restoring@SessionStart",
      "restoring>normal@PreToolUse",
    ]);
  } finally {
    deps.close();
  }
});
