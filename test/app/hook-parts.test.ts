/**
 * The hook pipeline's on-demand parts (src/app/hook-parts.ts). A call that does not load a
 * part must answer exactly as if it had: over every event Claude Code sends and every machine
 * state, where `missingPart` says no part is needed, the always-loaded early warning answers
 * as the whole continuity policy, the continuity reader reads nothing and the Stop gate says
 * nothing. Then through the real store: `runHookLoading` loads what the event and the read ask
 * for, before anything is decided, and answers as a caller holding every part, each call
 * metering its transcript once (no call runs twice); a part nothing foresaw fails the call.
 */
import { classifyPrompt } from "../../src/core/classify.ts";
import { classifyNamingNothing } from "../../src/core/classify-core.ts";
import { classifyCall } from "../../src/core/hook-events.ts";
import { afterAll, describe, expect, test } from "bun:test";
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { initialContext, type SessionContext, STATES } from "../../machines/session-model.ts";
import { allHookDeps, hookDeps } from "../../src/app/deps.ts";
import { eventParts, loadPart, missingPart, readParts } from "../../src/app/hook-parts.ts";
import { continuityPart } from "../../src/app/parts/continuity.ts";
import { STOP_PART } from "../../src/app/parts/stop.ts";
import { runHook, runHookLoading } from "../../src/app/run-hook.ts";
import { DEFAULT_CONFIG } from "../../src/core/config.ts";
import { ALL_EVENTS } from "../../src/core/install/events.ts";
import { parseHookPayload } from "../../src/core/payload.ts";
import { warnPolicy } from "../../src/core/policies/continuity-warn.ts";
import { NOTHING, type PolicyInput } from "../../src/core/policy.ts";
import { assistant, boundary, jsonl, prompt, summary } from "../fixtures/transcripts/records.ts";

const root = mkdtempSync(join(tmpdir(), "vigil-parts-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const NOW = Date.parse("2026-12-02T05:00:00Z");
const SESSION = "0b6c8f4e-1d2a-4c3b-9e8f-7a6b5c4d3e2f";

/** A project with a spec and a saved state, so the continuity reader has something to read. */
function project(): { env: Record<string, string>; cwd: string; transcript: string } {
  const dir = mkdtempSync(join(root, "p-"));
  const cwd = join(dir, "project");
  mkdirSync(join(cwd, ".vigil"), { recursive: true });
  writeFileSync(join(cwd, ".vigil", "spec.md"), "# Spec\nShip the parser.\n");
  const home = join(dir, "vigil");
  mkdirSync(join(home, "states", SESSION), { recursive: true });
  writeFileSync(join(home, "states", SESSION, "current.md"), "# State\nParser half done.\n");
  const transcript = join(dir, "t.jsonl");
  writeFileSync(transcript, jsonl([prompt("Fix the parser"), assistant("Working on it.", { input: 150_000 })]));
  return { env: { HOME: dir, VIGIL_HOME: home, CLAUDE_PROJECT_DIR: cwd, LANG: "C" }, cwd, transcript };
}

function payloadFor(event: string, p: { cwd: string; transcript: string }) {
  const raw = {
    session_id: SESSION,
    transcript_path: p.transcript,
    cwd: p.cwd,
    hook_event_name: event,
    prompt: "Please also update the changelog",
    tool_name: "Bash",
    tool_input: { command: "ls" },
    source: "startup",
    trigger: "auto",
    stop_hook_active: false,
    last_assistant_message: "I'll continue with the parser next.",
  };
  const parsed = parseHookPayload(JSON.stringify(raw));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

/** Contexts that reach each branch of the early warning and the restore check. */
const CONTEXTS: Partial<SessionContext>[] = [
  {},
  { tokens: 170_000, window: 200_000 },
  { tokens: 170_000, window: 200_000, warnSent: true },
  { tokens: 170_000, window: 200_000, restoreDelivered: true, role: "worker" },
];

describe("a part left unloaded changes no answer", () => {
  const p = project();
  const read = continuityPart(p.env, () => classifyPrompt).read;
  const night = { on: true, scope: [], until: null };
  let checked = 0;
  for (const event of ALL_EVENTS) {
    test(`${event}: over every state, what is not loaded answers nothing a loaded part would`, () => {
      const payload = payloadFor(event, p);
      for (const state of STATES) {
        for (const extra of CONTEXTS) {
          if (missingPart(event, [state], { env: p.env }) !== undefined) continue;
          const input: PolicyInput = {
            payload,
            state,
            context: { ...initialContext({ at: NOW }), ...extra },
            config: DEFAULT_CONFIG,
            role: "worker",
            limited: true,
            measurement: { tokens: 170_000, estimate: 170_000, window: 200_000, source: "transcript" },
            night,
            facts: { restoreLanded: true, compactVersion: "2.1.332" },
            prompt: classifyCall(payload, {
              config: DEFAULT_CONFIG,
              hint: null,
              ownCrons: [],
              classify: classifyPrompt,
            }),
            env: p.env,
            now: NOW,
          };
          expect({ event, state, extra, answer: warnPolicy(input) }).toEqual({
            event,
            state,
            extra,
            answer: continuityPart(p.env, () => classifyPrompt).policy(input),
          });
          expect({ event, state, read: read(payload, state, NOW) }).toEqual({ event, state, read: undefined });
          if (event !== "Stop") {
            expect({ event, state, gate: STOP_PART.policy(input) }).toEqual({ event, state, gate: NOTHING });
          }
          checked++;
        }
      }
    });
  }
  test("the comparison ran on most of the grid, and some calls do need continuity", () => {
    expect(checked).toBeGreaterThan(ALL_EVENTS.length * STATES.length * CONTEXTS.length * 0.5);
    expect(missingPart("PreToolUse", ["restoring"], { env: {} })).toBe("continuity");
    expect(missingPart("PreToolUse", ["normal", "restoring"], { env: {} })).toBe("continuity");
    expect(missingPart("Stop", ["normal"], { env: {} })).toBe("stop");
    expect(missingPart("PreToolUse", [], { env: {} })).toBeUndefined();
    expect(missingPart("SessionStart", [], { env: {} })).toBe("continuity");
  });
  // Where the comparison above is sure to see a difference: the grid is not vacuous.
  test("control: in a restoring session the whole policy answers where the warning does not", () => {
    const payload = payloadFor("PostToolUse", p);
    const input: PolicyInput = {
      payload,
      state: "restoring",
      context: initialContext({ at: NOW }),
      config: DEFAULT_CONFIG,
      role: "worker",
      limited: true,
      measurement: { tokens: 1000, estimate: 1000, window: 200_000, source: "transcript" },
      night: null,
      facts: { restoreLanded: true },
      prompt: null,
      env: p.env,
      now: NOW,
    };
    expect(warnPolicy(input)).toEqual(NOTHING);
    expect(continuityPart(p.env, () => classifyPrompt).policy(input).events).toEqual([{
      type: "restored",
      at: NOW,
      via: "transcript",
    }]);
  });
});

describe("through the real store", () => {
  const call = (event: string, p: { cwd: string; transcript: string }) =>
    JSON.stringify({
      session_id: SESSION,
      transcript_path: p.transcript,
      cwd: p.cwd,
      hook_event_name: event,
      tool_name: "Bash",
      tool_input: { command: "ls" },
      ...(event === "Stop" ? { stop_hook_active: false, last_assistant_message: "Done: the parser is fixed." } : {}),
      ...(event === "SessionStart" ? { source: "startup" } : {}),
    });

  test("a part the call was not given fails it, recorded, and writes no row (it is never run again)", () => {
    const p = project();
    const deps = hookDeps(p.env, () => NOW);
    try {
      expect(runHook(call("Stop", p), deps).error).toContain('part "stop" was not loaded');
      expect(runHook(call("SessionStart", p), deps).error).toContain('part "continuity" was not loaded');
      expect(deps.store().loadSession(SESSION)).toBeNull();
      expect(deps.store().events({ sessionId: SESSION }).map((e) => e.kind)).toEqual(["hook_error", "hook_error"]);
    } finally {
      deps.close();
    }
  });

  test("the parts a call loads are named by its event, then by its read: never after the decision", () => {
    const sight = { tool: "Bash", state: "normal", newBoundaries: 0, overHard: () => false };
    expect(eventParts("Stop")).toEqual(["stop"]);
    expect(eventParts("SessionStart")).toEqual(["continuity"]);
    expect(eventParts("PreToolUse")).toEqual([]);
    expect(eventParts("UserPromptSubmit")).toEqual(["prompt"]);
    expect(eventParts("PostCompact")).toEqual(["continuity"]);
    expect(eventParts("SessionEnd")).toEqual(["continuity"]);
    // PreCompact's draft names the last instruction with the prompt classifier, which the
    // continuity part does not load itself (hot-path.test.ts).
    expect(eventParts("PreCompact")).toEqual(["continuity", "prompt"]);
    expect(readParts({ ...sight, event: "PreToolUse" })).toEqual([]);
    expect(readParts({ ...sight, event: "PreToolUse", state: "restoring" })).toEqual(["continuity"]);
    expect(readParts({ ...sight, event: "PostToolUse", state: "dead" })).toEqual(["continuity"]);
    expect(readParts({ ...sight, event: "PostToolUse", tool: "Read", state: "stalled" })).toEqual(["continuity"]);
    expect(readParts({ ...sight, event: "UserPromptSubmit", newBoundaries: 1 })).toEqual(["continuity"]);
    expect(readParts({ ...sight, event: "PreToolUse", state: "hard" })).toEqual(["shell"]);
    expect(readParts({ ...sight, event: "PreToolUse", overHard: () => true })).toEqual(["shell"]);
    expect(readParts({ ...sight, event: "PreSkillShellCommand", overHard: () => true })).toEqual(["shell"]);
    expect(readParts({ ...sight, event: "PostToolUse", state: "hard" })).toEqual(["shell"]);
    expect(readParts({ ...sight, event: "PreToolUse", tool: "Read", state: "hard" })).toEqual([]);
    expect(readParts({ ...sight, event: "Stop", state: "hard" })).toEqual([]);
  });

  test("runHookLoading answers and stores as a caller holding every part, event by event", async () => {
    const lean = project();
    const full = project();
    const leanDeps = hookDeps(lean.env, () => NOW);
    const fullDeps = await allHookDeps(full.env, () => NOW);
    const loads: string[] = [];
    try {
      for (const event of ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop", "PreCompact"]) {
        const before = { stop: leanDeps.stop, continuity: leanDeps.continuity };
        const a = await runHookLoading(call(event, lean), leanDeps);
        if (before.stop !== leanDeps.stop) loads.push(`stop@${event}`);
        if (before.continuity !== leanDeps.continuity) loads.push(`continuity@${event}`);
        const b = runHook(call(event, full), fullDeps);
        // Paths differ between the two projects; nothing else may.
        expect({ event, ...a, stdout: a.stdout.replaceAll(lean.cwd, "P") }).toEqual({
          event,
          ...b,
          stdout: b.stdout.replaceAll(full.cwd, "P"),
        });
        expect(leanDeps.store().loadSession(SESSION)?.state).toBe(fullDeps.store().loadSession(SESSION)?.state);
      }
      expect(loads).toEqual(["continuity@SessionStart", "stop@Stop"]);
      const kinds = (d: typeof leanDeps) => d.store().events({ sessionId: SESSION }).map((e) => e.kind);
      expect(kinds(leanDeps)).toEqual(kinds(fullDeps));
    } finally {
      leanDeps.close();
      fullDeps.close();
    }
  });

  test("an automatic PreCompact drafts the state as a caller holding every part, last instruction included", async () => {
    const [lean, full] = [project(), project()];
    // No state saved this epoch: the draft is made.
    for (const p of [lean, full]) rmSync(join(p.env.VIGIL_HOME, "states", SESSION), { recursive: true, force: true });
    const leanDeps = hookDeps(lean.env, () => NOW);
    const fullDeps = await allHookDeps(full.env, () => NOW);
    const draftOf = async (p: typeof lean, run: (input: string) => Promise<unknown>) => {
      await run(JSON.stringify({ ...JSON.parse(call("PreCompact", p)), trigger: "auto" }));
      const dir = join(p.env.VIGIL_HOME, "states", SESSION);
      return readdirSync(dir).filter((f) => f !== "current.md").map((f) => readFileSync(join(dir, f), "utf8"));
    };
    try {
      const a = await draftOf(lean, (input) => runHookLoading(input, leanDeps));
      const b = await draftOf(full, async (input) => runHook(input, fullDeps));
      expect(a).toEqual(b);
      expect(a.join("")).toContain("Fix the parser");
      expect(typeof leanDeps.classify).toBe("function");
      const errors = (d: typeof leanDeps) => d.store().events({ kinds: ["hook_error"] }).length;
      expect(errors(leanDeps)).toBe(0);
    } finally {
      leanDeps.close();
      fullDeps.close();
    }
  });

  test("a session stored as restoring loads continuity on a tool call, metered once, and the restore is delivered", async () => {
    const p = project();
    const deps = hookDeps(p.env, () => NOW);
    const meter = deps.measure;
    let meterings = 0;
    deps.measure = (path, prev) => (meterings++, meter(path, prev));
    try {
      const full = await allHookDeps(p.env, () => NOW);
      // Put the session in `restoring` through the full pipeline: a compaction's SessionStart.
      runHook(JSON.stringify({ ...JSON.parse(call("SessionStart", p)), source: "compact" }), full);
      full.close();
      expect(deps.store().loadSession(SESSION)?.state).toBe("restoring");
      expect(deps.continuity).toBeUndefined();
      // The compaction's records land, without the restore's attachment.
      appendFileSync(p.transcript, jsonl([boundary(30_000), summary("The parser fix is half done.")]));
      // The event alone asks for nothing: the stored state asks for continuity.
      expect(missingPart("PostToolUse", [], deps)).toBeUndefined();
      const out = await runHookLoading(call("PostToolUse", p), deps);
      expect(out.error).toBeNull();
      expect(deps.continuity).toBeDefined();
      // The part was loaded between the read and the decision: the call did not run again.
      expect(meterings).toBe(1);
      // The transcript shows no restore: the fallback carries it on this call.
      expect(out.stdout).toContain("additionalContext");
      const details = deps.store().events({ sessionId: SESSION, kinds: ["continuity"] }).map((e) =>
        JSON.parse(e.detail)
      );
      expect(details.at(-1)).toMatchObject({ action: "restored", via: "fallback", event: "PostToolUse" });
    } finally {
      deps.close();
    }
  });

  test("a compaction read only in the transcript loads continuity on that call, metered once, which restores", async () => {
    const p = project();
    const deps = hookDeps(p.env, () => NOW);
    const meter = deps.measure;
    let meterings = 0;
    deps.measure = (path, prev) => (meterings++, meter(path, prev));
    try {
      expect((await runHookLoading(call("PostToolUse", p), deps)).error).toBeNull();
      expect(deps.store().loadSession(SESSION)?.state).toBe("normal");
      expect(deps.continuity).toBeUndefined();
      // No hook reports this compaction: only its boundary in the transcript does.
      appendFileSync(p.transcript, jsonl([boundary(30_000), summary("The parser fix is half done.")]));
      meterings = 0;
      const out = await runHookLoading(call("PostToolUse", p), deps);
      expect(out.error).toBeNull();
      expect(meterings).toBe(1);
      expect(deps.continuity).toBeDefined();
      expect(out.stdout).toContain("additionalContext");
    } finally {
      deps.close();
    }
  });

  test("a worker's Bash call over HARD loads the shell analyser before its decision, metered once", async () => {
    const p = project();
    writeFileSync(p.transcript, jsonl([prompt("Fix the parser"), assistant("Working on it.", { input: 310_000 })]));
    const deps = hookDeps({ ...p.env, VIGIL_ROLE: "worker" }, () => NOW);
    const meter = deps.measure;
    let meterings = 0;
    deps.measure = (path, prev) => (meterings++, meter(path, prev));
    try {
      const bash = (command: string) =>
        JSON.stringify({ ...JSON.parse(call("PreToolUse", p)), tool_input: { command } });
      // The first call finds the session over HARD in the transcript it meters: no row says so yet.
      const out = await runHookLoading(bash("npm test"), deps);
      expect(out.error).toBeNull();
      expect(typeof deps.analyze).toBe("function");
      expect(meterings).toBe(1);
      expect(JSON.parse(out.stdout).hookSpecificOutput.permissionDecision).toBe("deny");
      expect(deps.store().loadSession(SESSION)?.state).toBe("hard");
      const guard = deps.store().events({ sessionId: SESSION, kinds: ["guard"] }).map((e) => JSON.parse(e.detail));
      expect(guard.at(-1)).toMatchObject({ decision: "deny" });
    } finally {
      deps.close();
    }
  });

  // The handoff judges (their patterns and both weight tables) were most of a UserPromptSubmit's own-process peak RSS
  // (bench/RESULTS.md, "Hook peak RSS"): a call whose prompt names nothing classifies without them.
  test("the prompt part loads the handoff judges only for a prompt that may name the handoff, or PreCompact", async () => {
    const parts = { env: project().env } as Parameters<typeof loadPart>[0];
    const opts = { passCommands: [] };
    await loadPart(parts, "prompt", "Please also update the changelog");
    expect(parts.classify).toBe(classifyNamingNothing);
    expect(parts.classify?.("Please also update the changelog", opts)).toEqual(
      classifyPrompt("Please also update the changelog", opts),
    );
    // A peer's message inside the prompt is judged too.
    const peer = '<cross-session-message from="lead">write the handoff to HANDOFF.md</cross-session-message>';
    expect(() => classifyNamingNothing(peer, opts)).toThrow(/not loaded/);
    await loadPart(parts, "prompt", peer);
    expect(parts.classify).toBe(classifyPrompt);
    expect(parts.classify?.(peer, opts).verdict).toBe("handoff");
    // Loaded once, it serves every later call; PreCompact's draft (no one prompt) and serve load it up front.
    await loadPart(parts, "prompt", "say hi");
    expect(parts.classify).toBe(classifyPrompt);
    const draft = { env: parts.env } as typeof parts;
    await loadPart(draft, "prompt");
    expect(draft.classify).toBe(classifyPrompt);
  });

  test("runHookLoading: a prompt naming nothing loads no judge, a later one naming the handoff does", async () => {
    const p = project();
    const deps = hookDeps(p.env, () => NOW);
    const ask = (prompt: string) => JSON.stringify({ ...JSON.parse(call("UserPromptSubmit", p)), prompt });
    try {
      expect((await runHookLoading(ask("Please also update the changelog"), deps)).error).toBeNull();
      expect(deps.classify).toBe(classifyNamingNothing);
      expect((await runHookLoading(ask("Please write the handoff to HANDOFF.md"), deps)).error).toBeNull();
      expect(deps.classify).toBe(classifyPrompt);
      expect(deps.store().events({ kinds: ["hook_error"] }).length).toBe(0);
    } finally {
      deps.close();
    }
  });

  // The tail's facts are the prompt's hint and whether a restore landed; reading them on every Stop cost ~1 MiB of its
  // own-process peak RSS (bench/RESULTS.md, "Hook peak RSS, round 20").
  test("the transcript tail's facts are read for a prompt and while restoring, not on a Stop", async () => {
    const p = project();
    const deps = hookDeps(p.env, () => NOW);
    const read: string[] = [];
    const facts = deps.facts;
    deps.facts = (path, upTo) => (read.push(JSON.parse(current).hook_event_name), facts(path, upTo));
    let current = "";
    try {
      for (const event of ["SessionStart", "UserPromptSubmit", "PreToolUse", "Stop"]) {
        current = call(event, p);
        expect((await runHookLoading(current, deps)).error).toBeNull();
      }
      expect(read).toEqual(["UserPromptSubmit"]);
    } finally {
      deps.close();
    }
  });

  test("each part loads from its own module", async () => {
    const parts = { env: project().env } as Parameters<typeof loadPart>[0];
    await loadPart(parts, "shell");
    await loadPart(parts, "stop");
    await loadPart(parts, "continuity");
    await loadPart(parts, "prompt");
    expect(typeof parts.classify).toBe("function");
    expect(typeof parts.analyze).toBe("function");
    expect(parts.stop).toBe(STOP_PART);
    expect(typeof parts.continuity?.read).toBe("function");
  });
});
