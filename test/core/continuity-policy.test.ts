/**
 * The continuity policy against the real session machine, step by step the way the hook
 * pipeline runs it: payload → machine events → policy on the post-transition snapshot →
 * follow-up events. Payloads are the recorded 2.1.328 auto-compaction's.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { initial, type SessionSnap } from "../../machines/session-step.ts";
import { applyEvents, stateOf } from "../../src/core/step.ts";
import { DEFAULT_CONFIG } from "../../src/core/config.ts";
import type { ContinuityFacts } from "../../src/core/continuity/facts.ts";
import { classifyPrompt } from "../../src/core/classify.ts";
import { classifyCall, hookEvents } from "../../src/core/hook-events.ts";
import { BOUNDARY_WAIT_MS, continuityPolicy, writesNoAttachments } from "../../src/core/policies/continuity.ts";
import { isObject, type JsonObject, parseHookPayload } from "../../src/core/payload.ts";
import type { PolicyInput, PolicyResult, TranscriptFacts } from "../../src/core/policy.ts";
import { callRole } from "../../src/core/scope.ts";

const HOOKS = join(import.meta.dir, "..", "fixtures", "claude-code-2.1.328", "hooks", "autocompact");

function recorded(event: string, pick: (s: JsonObject) => boolean = () => true): JsonObject {
  const lines = readFileSync(join(HOOKS, `${event}.jsonl`), "utf8").split("\n").filter(Boolean);
  const found = lines.map((l) => JSON.parse(l).stdin).find((s) => isObject(s) && pick(s));
  if (!found) throw new Error(`no recorded ${event}`);
  return found;
}

const P = {
  startup: recorded("SessionStart", (s) => s.source === "startup"),
  compact: recorded("SessionStart", (s) => s.source === "compact"),
  prompt: recorded("UserPromptSubmit"),
  pre: recorded("PreToolUse"),
  post: recorded("PostToolUse"),
  stop: recorded("Stop"),
  preCompact: recorded("PreCompact"),
  postCompact: recorded("PostCompact"),
};

const SPEC = "# Task spec\n\n## Constraints\n- Do not touch module X\n";
const FILES: ContinuityFacts = {
  specPath: "/w/.vigil/spec.md",
  spec: SPEC,
  statePath: "/s/state.md",
  state: null,
  saved: null,
  errors: [],
};

type Snapshot = SessionSnap;

interface Step {
  payload: JsonObject;
  facts?: TranscriptFacts;
  tokens?: number | null;
  window?: number | null;
  /**
   * Compact boundaries the call's meter read. Default: the one the facts show (they read the
   * meter's bytes), when the machine still owes it; 0 when it was read before.
   */
  boundaries?: number;
  /** Milliseconds after the previous step (default 1000). */
  after?: number;
}

/** One hook call through the machine and the policy, as run-hook does it. */
function step(snap: Snapshot, s: Step, at: number) {
  const parsed = parseHookPayload(JSON.stringify(s.payload));
  if (!parsed.ok) throw new Error(parsed.error);
  const p = parsed.value;
  const config = DEFAULT_CONFIG;
  const m = {
    tokens: s.tokens ?? null,
    estimate: s.tokens ?? null,
    window: s.window ?? null,
    source: "transcript" as const,
  };
  const seen = s.facts?.restoreLanded !== undefined && snap.context.boundaryOwed ? 1 : 0;
  const newBoundaries = s.boundaries ?? seen;
  const prompt = classifyCall(p, {
    config,
    hint: s.facts?.lastUser,
    ownCrons: snap.context.ownCrons,
    classify: classifyPrompt,
  });
  const applied = applyEvents(snap, hookEvents(p, m, stateOf(snap.value), { at, config, newBoundaries, prompt }));
  const role = callRole(p, config);
  const input: PolicyInput = {
    payload: p,
    state: applied.state,
    context: applied.context,
    config,
    role,
    limited: role === "worker",
    measurement: m,
    night: null,
    facts: { continuity: FILES, ...s.facts },
    prompt,
    env: {},
    now: at,
  };
  const r: PolicyResult = continuityPolicy(input);
  const after = applyEvents(applied.snapshot, r.events);
  return { r, snap: after.snapshot, state: after.state };
}

function fresh(): Snapshot {
  return initial({ at: 0 });
}

/** Run steps in order; returns what each printed (rule names) and the final state. */
function run(steps: Step[], start = fresh()) {
  let snap = start;
  const out: { rules: string[]; state: string; r: PolicyResult }[] = [];
  let at = 0;
  steps.forEach((s) => {
    at += s.after ?? 1_000;
    const x = step(snap, s, at);
    snap = x.snap;
    out.push({ rules: x.r.proposals.map((p) => p.rule), state: x.state, r: x.r });
  });
  return { out, snap };
}

/** Steps that take a session through an automatic compaction into `restoring`. */
const COMPACTION: Step[] = [
  { payload: P.preCompact },
  { payload: P.postCompact },
  { payload: P.compact },
];

describe("restore after compaction", () => {
  test("PreCompact gives the summariser guidance quoting the spec's constraints; SessionStart(compact) the restore", () => {
    const { out } = run(COMPACTION);
    expect(out.map((o) => [o.rules, o.state])).toEqual([
      [["continuity.guidance"], "compacting"],
      [[], "restoring"],
      [["continuity.restore.compact"], "restoring"],
    ]);
    const guidance = out[0].r.proposals[0];
    expect(guidance.kind).toBe("instructions");
    expect(guidance.kind === "instructions" && guidance.text).toContain("- Do not touch module X");
  });

  const v = (version: string | null, landed: boolean | undefined): TranscriptFacts => ({
    restoreLanded: landed,
    compactVersion: version,
  });

  test.each([
    ["landed (attachment after the boundary)", P.prompt, v("2.1.328", true), [], "normal", "transcript"],
    ["landed, seen on a Stop", P.stop, v("2.1.328", true), [], "normal", "transcript"],
    ["landed, seen on a PreToolUse", P.pre, v("2.1.328", true), [], "normal", "transcript"],
    [
      "not landed on 2.1.328: injected once on the prompt",
      P.prompt,
      v("2.1.328", false),
      [
        "continuity.restore.fallback",
      ],
      "normal",
      "fallback",
    ],
    [
      "not landed: injected on a PostToolUse",
      P.post,
      v("2.1.328", false),
      ["continuity.restore.fallback"],
      "normal",
      "fallback",
    ],
    ["no boundary yet (the transcript lags): wait", P.post, v(null, undefined), [], "restoring", null],
    ["not landed, PreToolUse cannot carry it: wait", P.pre, v("2.1.328", false), [], "restoring", null],
    [
      "2.1.88 writes no attachments: the hook's delivery is trusted",
      P.prompt,
      v("2.1.88", false),
      [],
      "normal",
      "hook",
    ],
    ["2.0.76 likewise", P.post, v("2.0.76", false), [], "normal", "hook"],
    [
      "2.1.220 writes attachments: not landed means not landed",
      P.prompt,
      v("2.1.220", false),
      [
        "continuity.restore.fallback",
      ],
      "normal",
      "fallback",
    ],
  ])("%s", (_name, payload, facts, rules, state, via) => {
    const { out } = run([...COMPACTION, { payload, facts }]);
    const last = out.at(-1)!;
    expect(last.rules).toEqual(rules);
    expect(last.state).toBe(state);
    const restored = last.r.events.find((e) => e.type === "restored");
    const got: string | null = restored && "via" in restored ? restored.via : null;
    expect(got).toBe(via);
  });

  test("the fallback goes out once: the next event after it is normal and silent", () => {
    const notLanded = { restoreLanded: false, compactVersion: "2.1.328" };
    const { out } = run([...COMPACTION, { payload: P.post, facts: notLanded }, { payload: P.post, facts: notLanded }]);
    expect(out.slice(-2).map((o) => [o.rules, o.state])).toEqual([
      [["continuity.restore.fallback"], "normal"],
      [[], "normal"],
    ]);
  });

  test.each(
    [
      ["2.1.88", false, [], "hook"],
      ["2.1.328", true, [], "transcript"],
      ["2.1.328", false, ["continuity.restore.fallback"], "fallback"],
    ] as const,
  )("the boundary lands a tool call late (%s, landed %p): waited for, judged by, one compaction", (
    version,
    landed,
    rules,
    via,
  ) => {
    const { out, snap } = run([
      ...COMPACTION,
      { payload: P.pre },
      { payload: P.post },
      { payload: P.pre, facts: v(version, landed) },
      { payload: P.post, facts: v(version, landed) },
    ]);
    expect(out.slice(-4).map((o) => [o.rules, o.state])).toEqual([
      [[], "restoring"],
      [[], "restoring"],
      // PreToolUse carries nothing: a restore that did not land waits for the PostToolUse
      [[], landed || version === "2.1.88" ? "normal" : "restoring"],
      [landed || version === "2.1.88" ? [] : [...rules], "normal"],
    ]);
    const restored = out.flatMap((o) => o.r.events).filter((e) => e.type === "restored");
    expect(restored.map((e) => e.type === "restored" && e.via)).toEqual([via]);
    expect(snap.context.compactions).toBe(1);
    expect(snap.context.boundaryOwed).toBe(false);
  });

  test("no boundary within BOUNDARY_WAIT_MS: the transcript is judged without it, and the restore goes out", () => {
    const { out } = run([
      ...COMPACTION,
      { payload: P.post, after: BOUNDARY_WAIT_MS / 2 },
      { payload: P.post, after: BOUNDARY_WAIT_MS / 2 + 1_000 },
    ]);
    expect(out.slice(-2).map((o) => [o.rules, o.state])).toEqual([
      [[], "restoring"],
      [["continuity.restore.fallback"], "normal"],
    ]);
  });

  test("a boundary read with none owed is a compaction no hook reported: restored again", () => {
    const landed = v("2.1.328", true);
    const { out, snap } = run([
      ...COMPACTION,
      { payload: P.post, facts: landed },
      { payload: P.post, facts: v("2.1.328", false), boundaries: 1 },
    ]);
    expect(out.slice(-2).map((o) => [o.rules, o.state])).toEqual([
      [[], "normal"],
      [["continuity.restore.fallback"], "normal"],
    ]);
    expect(snap.context.compactions).toBe(2);
  });

  test("when SessionStart(compact) never ran, nothing was delivered: the fallback does not wait for the boundary", () => {
    const { out } = run([{ payload: P.preCompact }, { payload: P.postCompact }, { payload: P.post }]);
    expect(out.at(-1)!.rules).toEqual(["continuity.restore.fallback"]);
    expect(out.at(-1)!.state).toBe("normal");
  });

  test("when SessionStart(compact) never ran, an old version's silence is not trusted", () => {
    const { out } = run([
      { payload: P.preCompact },
      { payload: P.postCompact },
      { payload: P.prompt, facts: { restoreLanded: false, compactVersion: "2.1.88" } },
    ]);
    expect(out.at(-1)!.rules).toEqual(["continuity.restore.fallback"]);
  });

  test("a subagent's tool event does not carry the restore (it would reach the subagent)", () => {
    const sub = { ...P.post, agent_id: "a1", agent_type: "worker" };
    const { out } = run([...COMPACTION, { payload: sub, facts: { restoreLanded: false, compactVersion: "2.1.328" } }]);
    expect(out.at(-1)!.rules).toEqual([]);
    expect(out.at(-1)!.state).toBe("restoring");
  });

  test("a resume while the restore is pending carries it in the session start", () => {
    const resume = { ...P.startup, source: "resume" };
    const { out } = run([...COMPACTION, {
      payload: resume,
      facts: { restoreLanded: false, compactVersion: "2.1.328" },
    }]);
    expect(out.at(-1)!.rules).toEqual(["continuity.restore.resume"]);
    expect(out.at(-1)!.state).toBe("normal");
  });
});

describe("the spec at session start", () => {
  test.each(["startup", "resume", "clear"])("source %p injects the spec verbatim", (source) => {
    const { out } = run([{ payload: { ...P.startup, source } }]);
    const p = out[0].r.proposals[0];
    expect(p?.rule).toBe("continuity.spec");
    expect(p?.kind === "context" && p.text).toContain(SPEC.trim());
  });
});

describe("early warning", () => {
  const W = 200_000;
  const at = (pct: number) => Math.round((W * pct) / 100);
  const notification = { ...P.prompt, prompt: "<task-notification>\n<task-id>b1</task-id>\n</task-notification>" };

  test("once per compaction cycle, re-armed by the restore", () => {
    const landed = { restoreLanded: true, compactVersion: "2.1.328" };
    const { out } = run([
      { payload: P.post, tokens: at(50), window: W },
      { payload: P.post, tokens: at(61), window: W },
      { payload: P.post, tokens: at(70), window: W },
      { payload: P.prompt, tokens: at(75), window: W },
      ...COMPACTION,
      { payload: P.prompt, facts: landed, tokens: at(5), window: W },
      { payload: P.post, tokens: at(30), window: W },
      { payload: P.post, tokens: at(62), window: W },
      { payload: P.post, tokens: at(63), window: W },
    ]);
    expect(out.map((o) => o.rules.join(","))).toEqual([
      "",
      "continuity.warn",
      "",
      "",
      "continuity.guidance",
      "",
      "continuity.restore.compact",
      "",
      "",
      "continuity.warn",
      "",
    ]);
  });

  test.each([
    ["a human prompt", true, { payload: P.prompt }],
    ["a harness notification", false, { payload: notification }],
    ["a tool result", true, { payload: P.post }],
    ["a PreToolUse", false, { payload: P.pre }],
    ["a Stop", false, { payload: P.stop }],
    ["a subagent's tool result", false, { payload: { ...P.post, agent_id: "a1", agent_type: "worker" } }],
  ])("over the level, %s warns: %p", (_name, warns, s) => {
    const { out } = run([{ ...s, tokens: at(65), window: W }]);
    expect(out[0].rules).toEqual(warns ? ["continuity.warn"] : []);
  });

  test("the window comes from the measurement, else the machine, else the configured default", () => {
    // 130k is 65% of the default 200k window but 13% of a 1M window.
    expect(run([{ payload: P.post, tokens: 130_000 }]).out[0].rules).toEqual(["continuity.warn"]);
    expect(run([{ payload: P.post, tokens: 130_000, window: 1_000_000 }]).out[0].rules).toEqual([]);
    const { out } = run([
      { payload: P.pre, tokens: 100_000, window: 1_000_000 },
      { payload: P.post, tokens: 130_000 },
    ]);
    expect(out[1].rules).toEqual([]);
  });

  test("a worker over SOFT is not warned on a prompt the guard may refuse, but on its next tool result", () => {
    const worker = (x: JsonObject) => ({ ...x, agent_type: "worker" });
    const { out } = run([
      { payload: worker(P.prompt), tokens: 260_000, window: 400_000 },
      { payload: worker(P.post), tokens: 260_000, window: 400_000 },
    ]);
    expect(out.map((o) => [o.state, o.rules])).toEqual([["soft", []], ["soft", ["continuity.warn"]]]);
  });
});

test.each([
  ["2.0.76", true],
  ["2.1.88", true],
  ["2.1.219", true],
  ["2.1.220", false],
  ["2.1.328", false],
  ["3.0.0", false],
  [null, false],
  ["garbage", false],
])("writesNoAttachments(%p) = %p", (version, old) => {
  expect(writesNoAttachments(version)).toBe(old);
});
