/**
 * The Stop gate's facts through the real hook pipeline (`runHook` with the real store, config
 * file and transcript): what is read for which Stop, and the gate's decision on what was read.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { allHookDeps } from "../../src/app/deps.ts";
import { NIGHT_KEY } from "../../src/night/setting.ts";
import { runHook } from "../../src/app/run-hook.ts";
import { stopFactsFor, todoPushes } from "../../src/app/stop-facts.ts";
import { DEFAULT_CONFIG } from "../../src/core/config.ts";
import { parseHookPayload } from "../../src/core/payload.ts";
import type { StopFacts } from "../../src/core/stop/facts.ts";
import { openStore } from "../../src/edge/store.ts";
import { assistant, jsonl, prompt } from "../fixtures/transcripts/records.ts";
import { recorded } from "../support/recorded-turns.ts";

const root = mkdtempSync(join(tmpdir(), "vigil-stopfacts-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const NOW = Date.parse("2026-11-30T04:00:00Z");
let n = 0;

async function world(opts: { night?: { on: boolean; scope: string[] } | null; toml?: string } = {}) {
  const dir = join(root, `w${n++}`);
  const project = join(dir, "project");
  mkdirSync(project, { recursive: true });
  const home = join(dir, "vigil");
  mkdirSync(home);
  if (opts.toml) writeFileSync(join(home, "config.toml"), opts.toml);
  const transcript = join(dir, "t.jsonl");
  const deps = await allHookDeps({ HOME: dir, VIGIL_HOME: home, LANG: "C" }, () => NOW);
  const night = opts.night === undefined ? { on: true, scope: [], until: null } : opts.night;
  if (night) deps.store().setSetting(NIGHT_KEY, JSON.stringify(night));
  const stop = (extra: Record<string, unknown> = {}) =>
    runHook(
      JSON.stringify({
        session_id: "s1",
        transcript_path: transcript,
        cwd: project,
        hook_event_name: "Stop",
        stop_hook_active: false,
        ...extra,
      }),
      deps,
    );
  const gate = () =>
    deps.store().events({ kinds: ["stop_gate"] }).map((e) => JSON.parse(e.detail)).map((d) => [d.decision, d.gate]);
  return { project, transcript, deps, stop, gate };
}

const answer = (t: string) => jsonl([prompt("Fix the parser"), assistant("m1", { input: 100 }, { text: t })]);
const blocked = (stdout: string) => stdout !== "" && JSON.parse(stdout).decision === "block";

describe("Stop facts in the pipeline", () => {
  test("without last_assistant_message (before 2.1.47) the transcript's answer is judged", async () => {
    const w = await world();
    writeFileSync(w.transcript, answer("Tests written. I'll continue with the parser fix next."));
    expect(blocked(w.stop().stdout)).toBe(true);
    writeFileSync(w.transcript, answer("Shall I proceed with the migration? AWAITING APPROVAL: schema change"));
    expect(blocked(w.stop().stdout)).toBe(false);
    expect(w.gate()).toEqual([["block", "announcement"], ["pass", "approval"]]);
    const d = JSON.parse(w.deps.store().events({ kinds: ["stop_gate"] })[0].detail);
    expect(d.source).toBe("transcript");
    w.deps.close();
  });

  test.each<[string, Record<string, unknown>, { on: boolean; scope: string[] } | null, boolean]>([
    ["mode off", {}, null, false],
    ["mode stored but off", {}, { on: false, scope: [] }, false],
    ["cwd out of scope", {}, { on: true, scope: ["/elsewhere"] }, false],
    ["stop_hook_active", { stop_hook_active: true }, { on: true, scope: [] }, false],
    ["the payload's message wins over the transcript", { last_assistant_message: "All done." }, {
      on: true,
      scope: [],
    }, false],
    ["everything holds", {}, { on: true, scope: [] }, true],
  ])("%s", async (_name, extra, night, want) => {
    const w = await world({ night });
    writeFileSync(w.transcript, answer("I'll continue with the parser fix next."));
    expect(blocked(w.stop(extra).stdout)).toBe(want);
    w.deps.close();
  });

  test("todo continuation: TODO.md's open item is pushed once, and the push is counted from the audit log", async () => {
    const w = await world({ toml: "todo_continuation = true\n" });
    writeFileSync(join(w.project, "TODO.md"), "- [x] parse\n- [ ] quote CRLF fields\n");
    writeFileSync(w.transcript, answer("Parsing works."));
    const first = w.stop();
    expect(blocked(first.stdout)).toBe(true);
    expect(JSON.parse(first.stdout).reason).toContain("quote CRLF fields");
    // Same instant: "pushed moments ago" refuses the second push.
    expect(blocked(w.stop().stdout)).toBe(false);
    expect(w.gate()).toEqual([["block", "todo"], ["pass", "todo"]]);
    const pushes = todoPushes(w.deps.store(), "s1");
    expect(pushes.lastAt).toBe(NOW);
    expect(Object.values(pushes.counts)).toEqual([1]);
    w.deps.close();
  });
});

describe("todo continuation: who interrupted", () => {
  // 2.1.336 writes "[Request interrupted by user]" whoever stopped the turn (2.1.337 marks a
  // person's, below); the Interrupt event says who. A person's interrupt moments ago holds the todo push; another session's does not.
  const interruptedThenAnswered = () =>
    jsonl([
      prompt("Fix the parser"),
      { ...prompt("[Request interrupted by user]"), timestamp: new Date(NOW - 5_000).toISOString() },
      assistant("m1", { input: 100 }, { text: "Parsing works." }),
    ]);
  test.each<[string, string | null, boolean]>([
    ["a version without Interrupt: the transcript's record counts as a person's", null, false],
    ["Interrupt from another session (an orchestrator): the open item is pushed", "session", true],
    ["Interrupt from the system: the open item is pushed", "system", true],
    ["Interrupt from a person: no push moments after it", "user", false],
  ])("%s", async (_name, source, pushed) => {
    const w = await world({ toml: "todo_continuation = true\n" });
    writeFileSync(join(w.project, "TODO.md"), "- [ ] quote CRLF fields\n");
    writeFileSync(w.transcript, interruptedThenAnswered());
    if (source !== null) {
      const call = { session_id: "s1", transcript_path: w.transcript, cwd: w.project, source, reason: "stop" };
      runHook(JSON.stringify({ ...call, hook_event_name: "Interrupt" }), w.deps);
    }
    expect(blocked(w.stop().stdout)).toBe(pushed);
    w.deps.close();
  });
});

describe("todo continuation: who interrupted, from a 2.1.337 transcript alone", () => {
  // 2.1.337 marks a person's interrupt record (`interruptedByCancel`) on some paths; another
  // session's record is the same text without it, and so is a person's stop while the Stop hooks
  // run. Where no Interrupt event reached vigil (the hook registered for an older version), every
  // record holds the push: an unmarked one may be a person's.
  const note = (run: string) => {
    const r = recorded("2.1.337", run).find((x) => JSON.stringify(x.message ?? "").includes("[Request interrupted"));
    if (r === undefined) throw new Error(`no interrupt record in ${run}`);
    return { ...r, sessionId: "s1", timestamp: new Date(NOW - 5_000).toISOString() };
  };
  test.each<[string, string, boolean]>([
    ["a person's (recorded: an unmarked interrupt request): no push moments after it", "interrupt.jsonl", false],
    [
      "another session's (recorded), unmarked as a person's stop in the Stop hooks is: no push",
      "interrupt_session.jsonl",
      false,
    ],
  ])("%s", async (_name, run, pushed) => {
    const w = await world({ toml: "todo_continuation = true\n" });
    writeFileSync(join(w.project, "TODO.md"), "- [ ] quote CRLF fields\n");
    writeFileSync(
      w.transcript,
      jsonl([prompt("Fix the parser"), note(run), assistant("m1", { input: 100 }, { text: "Parsing works." })]),
    );
    expect(blocked(w.stop().stdout)).toBe(pushed);
    w.deps.close();
  });
});

/** Main-chain records after the push (NOW): an answer, optionally with a tool call before it. */
function afterPush(o: { tool: boolean; text: string }): unknown[] {
  const late = new Date(NOW + 5_000).toISOString();
  const call = {
    type: "assistant",
    isSidechain: false,
    uuid: "u-call",
    timestamp: late,
    sessionId: "s1",
    message: {
      id: "m2",
      role: "assistant",
      model: "claude-opus-5-5",
      content: [{ type: "tool_use", id: "toolu_1", name: "Bash", input: { command: "bun test" } }],
      usage: { input_tokens: 100, output_tokens: 5 },
    },
  };
  return [...(o.tool ? [call] : []), { ...assistant("m3", { input: 100 }, { text: o.text }), timestamp: late }];
}

describe("the progress breaker through the pipeline", () => {
  const ANNOUNCE = "I'll continue with the parser fix next.";
  test.each<[string, boolean, string]>([
    ["no tool call after the push: the repeated announcement is not pushed", false, "progress"],
    ["a tool call after the push: the next announcement is pushed", true, "announcement"],
  ])("%s", async (_name, tool, gate) => {
    const w = await world();
    writeFileSync(w.transcript, answer(ANNOUNCE));
    expect(blocked(w.stop().stdout)).toBe(true);
    writeFileSync(w.transcript, jsonl([prompt("Fix the parser"), ...afterPush({ tool, text: ANNOUNCE })]));
    expect(blocked(w.stop().stdout)).toBe(gate === "announcement");
    expect(w.gate()).toEqual([["block", "announcement"], [gate === "progress" ? "pass" : "block", gate]]);
    const second = JSON.parse(w.deps.store().events({ kinds: ["stop_gate"] })[1].detail);
    expect(second.lastPush).toEqual({ at: NOW, gate: "announcement", workFollowed: tool });
    w.deps.close();
  });

  test("the first push's record has no lastPush; the breaker covers todo pushes too", async () => {
    const w = await world({ toml: "todo_continuation = true\n" });
    writeFileSync(join(w.project, "TODO.md"), "- [ ] quote CRLF fields\n");
    writeFileSync(w.transcript, answer(ANNOUNCE));
    expect(blocked(w.stop().stdout)).toBe(true);
    const first = JSON.parse(w.deps.store().events({ kinds: ["stop_gate"] })[0].detail);
    expect(first.lastPush).toBeUndefined();
    writeFileSync(
      w.transcript,
      jsonl([prompt("Fix the parser"), ...afterPush({ tool: false, text: "Parsing works." })]),
    );
    expect(blocked(w.stop().stdout)).toBe(false);
    expect(w.gate()).toEqual([["block", "announcement"], ["pass", "progress"]]);
    w.deps.close();
  });
});

describe("stopFactsFor reads only what the gate will use", () => {
  const store = openStore(join(root, "plain.db"));
  afterAll(() => store.close());
  type Night = { on: boolean; scope: string[]; until: number | null };
  const night: Night = { on: true, scope: [], until: null };
  const payload = (extra: Record<string, unknown>) => {
    const p = parseHookPayload(JSON.stringify({
      session_id: "s",
      transcript_path: join(root, "missing.jsonl"),
      cwd: root,
      hook_event_name: "Stop",
      ...extra,
    }));
    if (!p.ok) throw new Error(p.error);
    return p.value;
  };
  const todoOn = { ...DEFAULT_CONFIG, todoContinuation: true };

  test.each<[string, Record<string, unknown>, typeof DEFAULT_CONFIG, Night | null, StopFacts | undefined]>([
    ["not a Stop", { hook_event_name: "PreToolUse" }, DEFAULT_CONFIG, night, undefined],
    ["mode off", {}, DEFAULT_CONFIG, null, undefined],
    ["mode expired", {}, DEFAULT_CONFIG, { ...night, until: NOW - 1 }, undefined],
    ["payload has the message, todo off: nothing to read", { last_assistant_message: "x" }, DEFAULT_CONFIG, night, {}],
    ["no message: the transcript's text (missing file: none)", {}, DEFAULT_CONFIG, night, {}],
    ["todo on: checklists, task files and pushes too", { last_assistant_message: "x" }, todoOn, night, {
      checklists: [],
      taskFiles: [],
      todoPushes: { lastAt: null, counts: {} },
    }],
  ])("%s", (_name, extra, config, nightValue, want) => {
    expect(stopFactsFor(payload(extra), { store, config, night: nightValue, now: NOW })).toEqual(want);
  });
});
