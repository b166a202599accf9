import { classifyPrompt } from "../../src/core/classify.ts";
import { classifyCall } from "../../src/core/hook-events.ts";
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { initialTransition, transition } from "xstate";
import { type SessionEvent, sessionMachine, type SessionState, STATES } from "../../machines/session.ts";
import { resolveConfig } from "../../src/core/config.ts";
import { combine } from "../../src/core/output.ts";
import { type HookPayload, parseHookPayload } from "../../src/core/payload.ts";
import { createGuardPolicy, type HardCheck, isLimited, limitLevel } from "../../src/core/policies/guard.ts";
import type { CallRole, PolicyInput, TranscriptFacts } from "../../src/core/policy.ts";
import { callRole } from "../../src/core/scope.ts";
import { analyzeCommandLine } from "../../src/core/shell.ts";

const FIX = join(import.meta.dir, "../fixtures");
const jsonl = (path: string) =>
  readFileSync(join(FIX, path), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));

function payload(raw: unknown): HookPayload {
  const r = parseHookPayload(JSON.stringify(raw));
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

// Real payloads: the demo worker (--agent worker), an orchestrator ("boss") and its subagent,
// a session without --agent, and Claude Code 2.0.76 (which never sends agent_type).
const demo = jsonl("claude-code-2.1.328/demo-session/events.jsonl").map((e) => e.payload);
const find = (event: string) => demo.find((p) => p.hook_event_name === event);
const WORKER_PRE = find("PreToolUse");
const WORKER_POST = find("PostToolUse");
const WORKER_UPS = find("UserPromptSubmit");
const NOTIFICATION: string = demo.find((p) => p.prompt?.startsWith("<task-notification>")).prompt;
const [BOSS_PRE, SUB_PRE] = jsonl("claude-code-2.1.328/hooks/agents/PreToolUse.jsonl").map((l) => l.stdin);
const PERSON_PRE = jsonl("claude-code-2.1.328/hooks/basic/PreToolUse.jsonl")[0].stdin;
const OLD_PRE = JSON.parse(
  readFileSync(join(FIX, "claude-code-2.0.76/hooks/PreToolUse.json"), "utf8"),
);

describe("scope: who is limited", () => {
  test.each<[string, unknown, Record<string, string>, CallRole, boolean]>([
    ["worker main session", WORKER_PRE, {}, "worker", true],
    ["orchestrator (other agent type)", BOSS_PRE, {}, "orchestrator", false],
    ["subagent call inside an orchestrator", SUB_PRE, {}, "subagent", false],
    ["no agent type: a person", PERSON_PRE, {}, "person", false],
    ["Claude Code 2.0.76 sends no agent type", OLD_PRE, {}, "person", false],
    ["VIGIL_ROLE=worker for 2.0.76", OLD_PRE, { VIGIL_ROLE: "worker" }, "worker", true],
    ["VIGIL_ROLE=worker without --agent", PERSON_PRE, { VIGIL_ROLE: "worker" }, "worker", true],
    [
      "VIGIL_ROLE=orchestrator overrides agent_type",
      WORKER_PRE,
      { VIGIL_ROLE: "orchestrator" },
      "orchestrator",
      false,
    ],
    [
      "VIGIL_ROLE=person overrides agent_type",
      WORKER_PRE,
      { VIGIL_ROLE: "person" },
      "person",
      false,
    ],
    [
      "VIGIL_ROLE never makes a subagent a worker",
      SUB_PRE,
      { VIGIL_ROLE: "worker" },
      "subagent",
      false,
    ],
    [
      "VIGIL_WORKER_TYPES adds boss",
      BOSS_PRE,
      { VIGIL_WORKER_TYPES: "boss,worker" },
      "worker",
      true,
    ],
    [
      "VIGIL_WORKER_TYPES drops worker",
      WORKER_PRE,
      { VIGIL_WORKER_TYPES: "impl" },
      "orchestrator",
      false,
    ],
    ["VIGIL_DISABLE=1", WORKER_PRE, { VIGIL_DISABLE: "1" }, "worker", false],
    ["VIGIL_DISABLE=0", WORKER_PRE, { VIGIL_DISABLE: "0" }, "worker", true],
    ["invalid VIGIL_ROLE is ignored", WORKER_PRE, { VIGIL_ROLE: "admin" }, "worker", true],
  ])("%s", (_name, raw, env, role, limited) => {
    const { config } = resolveConfig(null, env);
    const p = payload(raw);
    expect(callRole(p, config)).toBe(role);
    expect(isLimited(callRole(p, config), config)).toBe(limited);
  });
});

const LIMITS = { soft: 250_000, hard: 300_000, anticipate: true, window: 1_000_000 };

/** A worker session after a measurement, driven through the real machine. */
function session(tokens: number, estimate = tokens) {
  let [snap] = initialTransition(sessionMachine, { at: 0 });
  const events: SessionEvent[] = [
    { type: "identified", at: 1, role: "worker", agentType: "worker" },
    { type: "measured", at: 2, tokens, estimate, ...LIMITS },
  ];
  for (const e of events) [snap] = transition(sessionMachine, snap, e);
  return snap;
}
type Snap = ReturnType<typeof session>;

function input(
  raw: unknown,
  snap: Snap,
  opts: { env?: Record<string, string>; facts?: TranscriptFacts } = {},
): PolicyInput {
  const { config } = resolveConfig(null, opts.env ?? {});
  const p = payload(raw);
  const role = callRole(p, config);
  const state = STATES.find((s) => s === snap.value);
  if (!state) throw new Error(`unexpected state ${JSON.stringify(snap.value)}`);
  return {
    payload: p,
    state,
    context: snap.context,
    config,
    role,
    limited: isLimited(role, config),
    measurement: {
      tokens: snap.context.tokens,
      estimate: snap.context.estimate,
      window: 1_000_000,
      source: "transcript",
    },
    night: null,
    facts: opts.facts ?? { shell: analyzeCommandLine },
    prompt: classifyCall(p, {
      config,
      hint: opts.facts?.lastUser,
      ownCrons: snap.context.ownCrons,
      classify: classifyPrompt,
    }),
    env: opts.env ?? {},
    now: 9_000,
  };
}

/** A stand-in for hard.ts: allows git, denies the rest, and counts its calls. */
const checked: string[] = [];
const fakeHard: HardCheck = (p) => {
  const cmd = typeof p.toolInput?.command === "string" ? p.toolInput.command : "";
  checked.push(cmd);
  return cmd.startsWith("git ")
    ? { allowed: true, rule: "hard.allow.git", detail: `"${cmd}" is git` }
    : { allowed: false, rule: "hard.deny.tool", detail: `"${cmd}" is not on the allow-list` };
};
const guard = createGuardPolicy({ checkTool: fakeHard });
const bash = (base: unknown, command: string) => ({ ...(base as object), tool_input: { command } });
const prompt = (text: string) => ({ ...WORKER_UPS, prompt: text });

describe("SOFT notice", () => {
  test("goes out once, on the first tool event after crossing", () => {
    const snap = session(262_114);
    expect(snap.value).toBe("soft");
    const first = guard(input(WORKER_POST, snap));
    expect(first.proposals).toHaveLength(1);
    const notice = first.proposals[0];
    expect(notice.kind).toBe("context");
    if (notice.kind !== "context") return;
    expect(notice.text).toContain("262,114");
    expect(notice.text).toContain("250,000");
    expect(notice.text).toContain("new session needed");
    expect(first.events).toEqual([{ type: "noticed", at: 9_000, notice: "softNotice" }]);
    expect(first.records.map((r) => r.kind === "guard" ? r.detail.decision : r.kind)).toEqual(["notice"]);
    // The returned event must flip the machine's flag, or the notice would repeat forever.
    let after = snap;
    for (const e of first.events) [after] = transition(sessionMachine, after, e);
    expect(after.context.softNoticeSent).toBe(true);
    const second = guard(input(WORKER_POST, after));
    expect(second).toEqual({ proposals: [], events: [], records: [] });
  });

  test("reaches the model through the one writer as additionalContext", () => {
    const r = guard(input(WORKER_POST, session(262_114)));
    const out = JSON.parse(combine("PostToolUse", r.proposals, { contextCap: 9_000 }).stdout);
    expect(out.hookSpecificOutput.additionalContext).toContain("262,114");
  });

  test("tool calls are not blocked at SOFT", () => {
    checked.length = 0;
    const r = guard(input(bash(WORKER_PRE, "rm -rf build"), session(262_114)));
    expect(r.proposals.filter((p) => p.kind === "deny")).toEqual([]);
    expect(checked).toEqual([]);
  });

  test("comes at HARD too when it was never sent", () => {
    const r = guard(input(WORKER_POST, session(310_000)));
    expect(r.proposals.map((p) => p.rule)).toEqual(["soft.notice"]);
  });
});

describe("SOFT refusal on UserPromptSubmit", () => {
  // issue 31: the refusal text says a handoff request passes, so "…, then <next task>" must not.
  test.each<[string, number, string, string]>([
    [
      "SOFT, en",
      262_114,
      "Write the handoff document, then update the README with the new API section.",
      "update the README",
    ],
    ["HARD, ko", 310_000, "인계서 작성하고 README도 업데이트해 줘", "README도 업데이트해 줘"],
    ["HARD, ja", 310_000, "引き継ぎ書を書いてから、テストを直してください", "テストを直してください"],
  ])("a handoff request plus other work is refused at %s, naming the clause", (_name, tokens, text, clause) => {
    const r = guard(input(prompt(text), session(tokens)));
    const records = r.records.filter((x) => x.kind === "guard");
    expect(records.map((x) => [x.detail.decision, x.detail.rule, x.detail.verdict])).toEqual([
      ["refuse", "soft.refuse", "instruction"],
    ]);
    expect(String(records[0].detail.why)).toContain(clause);
    const block = r.proposals.find((p) => p.kind === "block");
    expect(block && "reason" in block ? block.reason : "").toContain(clause);
  });

  test.each<[string, number, string]>([
    ["SOFT", 262_114, "Summarize your progress into HANDOFF.md for the next worker."],
    ["HARD", 310_000, "지금까지의 진행 상황을 HANDOFF.md에 정리해 주세요."],
    ["HARD", 310_000, "次の担当者のために、これまでの進捗を HANDOFF.md にまとめてください。"],
  ])("a handoff request phrased with other verbs passes at %s: %p", (_name, tokens, text) => {
    const r = guard(input(prompt(text), session(tokens)));
    expect(r.records.filter((x) => x.kind === "guard").map((x) => x.detail.rule)).toEqual(["soft.pass.handoff"]);
    expect(r.proposals).toEqual([]);
  });

  test.each<[string, string, "refuse" | "pass", string]>([
    ["a typed ticket", "Fix the CSV parser ticket #46", "refuse", "soft.refuse"],
    // seed 000: refusing this froze the worker that was waiting for its background CI run
    ["seed 000: the real task-notification passes", NOTIFICATION, "pass", "soft.pass.harness"],
    ["a handoff request", "write the handoff document", "pass", "soft.pass.handoff"],
    ["a Korean handoff request", "handoff 문서 작성해", "pass", "soft.pass.handoff"],
    ["/pre-compact-save", "/pre-compact-save", "pass", "soft.pass.pass-command"],
    ["/compact", "/compact", "pass", "soft.pass.pass-command"],
    [
      "an orchestrator's ticket",
      '<cross-session-message from="o1">Next ticket: #47</cross-session-message>',
      "refuse",
      "soft.refuse",
    ],
    [
      "an orchestrator's handoff request",
      '<cross-session-message from="o1">引き継ぎ書を書いて</cross-session-message>',
      "pass",
      "soft.pass.handoff",
    ],
    ["Stop hook feedback", "Stop hook feedback:\ncontinue", "pass", "soft.pass.harness"],
    ["an unknown envelope", "<new-thing>x</new-thing>", "pass", "soft.pass.unknown-envelope"],
  ])("%s", (_name, text, decision, rule) => {
    const r = guard(input(prompt(text), session(262_114)));
    const guardRecords = r.records.filter((x) => x.kind === "guard");
    expect(guardRecords.map((x) => [x.detail.decision, x.detail.rule])).toEqual([[decision, rule]]);
    expect(r.proposals.map((p) => p.kind)).toEqual(decision === "refuse" ? ["block"] : []);
    expect(r.events).toEqual([]);
  });

  test.each<[string, string[]]>([
    ["en", ["262,114", "270,500", "250,000", "new worker session", "handoff document"]],
    ["ko", ["262,114", "270,500", "250,000", "새 작업자 세션", "넘김 문서"]],
    ["ja", ["262,114", "270,500", "250,000", "新しいワーカーセッション", "引き継ぎ書"]],
  ])(
    "the reason (%s) names the number, the limit, a new worker and the handoff",
    (lang, needles) => {
      const r = guard(
        input(prompt("next ticket please"), session(262_114, 270_500), {
          env: { VIGIL_LANGUAGE: lang },
        }),
      );
      const out = JSON.parse(
        combine("UserPromptSubmit", r.proposals, { contextCap: 9_000 }).stdout,
      );
      expect(out.decision).toBe("block");
      for (const n of needles) expect(out.reason).toContain(n);
    },
  );

  test("refuses at HARD as well", () => {
    const r = guard(input(prompt("one more thing"), session(320_000)));
    expect(r.proposals.map((p) => p.rule)).toEqual(["soft.refuse"]);
  });

  test("the audit record carries tokens, estimate, limit, rule and envelope", () => {
    const text = '<teammate-message teammate_id="lead">take task 3</teammate-message>';
    const [rec] = guard(input(prompt(text), session(262_114, 266_000))).records;
    expect(rec).toEqual({
      kind: "guard",
      detail: {
        decision: "refuse",
        rule: "soft.refuse",
        event: "UserPromptSubmit",
        state: "soft",
        tokens: 262_114,
        estimate: 266_000,
        limit: 250_000,
        envelope: "teammate-message",
        verdict: "instruction",
        why: "new instruction in teammate-message",
      },
    });
  });

  test("a verified transcript hint lets a marker-less harness prompt through", () => {
    const text = "check the deploy and report";
    const facts = { lastUser: { originKind: null, promptSource: "system", isMeta: false, text } };
    expect(guard(input(prompt(text), session(262_114), { facts })).proposals).toEqual([]);
    expect(guard(input(prompt(text), session(262_114))).proposals.map((p) => p.kind)).toEqual([
      "block",
    ]);
  });
});

describe("HARD", () => {
  test("denies a tool call off the allow-list, naming tool, number and limit", () => {
    const r = guard(input(bash(WORKER_PRE, "npm test"), session(312_450)));
    expect(r.proposals).toHaveLength(1);
    const out = JSON.parse(combine("PreToolUse", r.proposals, { contextCap: 9_000 }).stdout);
    expect(out.hookSpecificOutput.permissionDecision).toBe("deny");
    const reason: string = out.hookSpecificOutput.permissionDecisionReason;
    for (
      const n of ['"Bash"', "312,450", "300,000", '"npm test" is not on the allow-list', "git add"]
    ) {
      expect(reason).toContain(n);
    }
    expect(r.records.map((x) => x.kind === "guard" ? [x.detail.decision, x.detail.rule, x.detail.limit] : x.kind))
      .toEqual([["deny", "hard.deny.tool", 300_000]]);
  });

  test("lets allowed calls through and records the allowance", () => {
    const r = guard(input(bash(WORKER_PRE, "git commit -m handoff"), session(312_450)));
    expect(r.proposals).toEqual([]);
    expect(r.records.map((x) => x.kind === "guard" ? [x.detail.decision, x.detail.rule] : x.kind)).toEqual([[
      "allow",
      "hard.allow.git",
    ]]);
  });
});

describe("never limited", () => {
  const hard = session(330_000);
  test.each<[string, unknown, Record<string, string>]>([
    ["an orchestrator", bash(BOSS_PRE, "npm test"), {}],
    ["a person", bash(PERSON_PRE, "npm test"), {}],
    ["a subagent call of a worker session at HARD", bash(SUB_PRE, "npm test"), {
      VIGIL_WORKER_TYPES: "worker,boss",
    }],
    ["a worker with VIGIL_DISABLE=1", bash(WORKER_PRE, "npm test"), { VIGIL_DISABLE: "1" }],
  ])("%s", (_name, raw, env) => {
    checked.length = 0;
    expect(guard(input(raw, hard, { env }))).toEqual({ proposals: [], events: [], records: [] });
    expect(
      guard(input({ ...(raw as object), hook_event_name: "PostToolUse" }, hard, { env })).proposals,
    ).toEqual([]);
    expect(checked).toEqual([]);
  });

  test("a subagent call stays unlimited even if the caller marks it limited", () => {
    const i = { ...input(bash(SUB_PRE, "npm test"), hard), limited: true };
    expect(guard(i)).toEqual({ proposals: [], events: [], records: [] });
  });

  test.each([["PostToolUse", WORKER_POST], ["UserPromptSubmit", prompt("next ticket")]])(
    "below SOFT nothing happens (%s)",
    (_event, raw) => {
      expect(guard(input(raw, session(249_999)))).toEqual({
        proposals: [],
        events: [],
        records: [],
      });
    },
  );

  test("unknown envelopes are recorded from any session, limited or not", () => {
    const r = guard(
      input(
        { ...prompt('<scheduled-wakeup id="1">go</scheduled-wakeup>'), agent_type: "boss" },
        session(10),
      ),
    );
    expect(r.proposals).toEqual([]);
    expect(r.records).toEqual([
      {
        kind: "unknown_envelope",
        detail: {
          tag: "scheduled-wakeup",
          excerpt: '<scheduled-wakeup id="1">go</scheduled-wakeup>',
        },
      },
    ]);
  });
});

describe("limitLevel: the numbers decide outside soft/hard", () => {
  const ctx = (tokens: number, role: "worker" | "orchestrator" = "worker") => ({
    ...initialTransition(sessionMachine, { at: 0 })[0].context,
    role,
    tokens,
    estimate: tokens,
  });
  test.each<[SessionState, number, "normal" | "soft" | "hard"]>([
    ["restoring", 310_000, "hard"],
    ["restoring", 260_000, "soft"],
    ["restoring", 3_000, "normal"],
    ["stalled", 310_000, "hard"],
    ["dead", 260_000, "soft"],
    ["compacting", 310_000, "normal"],
    ["normal", 310_000, "normal"],
    ["hard", 10, "hard"],
  ])("%s at %p tokens → %s", (state, tokens, level) => {
    expect(limitLevel(state, ctx(tokens))).toBe(level);
  });

  test("never for an orchestrator", () => {
    expect(limitLevel("restoring", ctx(400_000, "orchestrator"))).toBe("normal");
  });
});

// Recorded from the real 2.1.332 running a project slash command with an inline `!` shell.
const SKILL_SHELL = {
  ...JSON.parse(readFileSync(join(FIX, "claude-code-2.1.332/hooks/PreSkillShellCommand.json"), "utf8")),
  agent_type: "worker",
};

describe("HARD: the inline shell of skills and slash commands (PreSkillShellCommand)", () => {
  const real = createGuardPolicy();
  test.each<[string, string, number, "deny" | "allow" | null]>([
    ["the recorded line at HARD is denied", SKILL_SHELL.tool_input.command, 312_000, "deny"],
    ["npm test at HARD is denied", "npm test", 312_000, "deny"],
    ["a chained rm after git is denied", "git status && rm -rf src", 312_000, "deny"],
    ["git status at HARD is allowed like Bash", "git status", 312_000, "allow"],
    ["below HARD it is only measured", "npm test", 262_000, null],
    ["below SOFT it is only measured", "npm test", 10_000, null],
  ])("%s", (_name, command, tokens, decision) => {
    const r = real(input({ ...SKILL_SHELL, tool_input: { command } }, session(tokens)));
    expect(r.records.filter((x) => x.kind === "guard").map((x) => x.detail.decision)).toEqual(
      decision === null ? [] : [decision],
    );
    const out = combine("PreSkillShellCommand", r.proposals, { contextCap: 9_000 }).stdout;
    if (decision !== "deny") return expect(out).toBe("");
    const json = JSON.parse(out);
    expect(json.hookSpecificOutput.hookEventName).toBe("PreSkillShellCommand");
    expect(json.hookSpecificOutput.permissionDecision).toBe("deny");
    expect(json.hookSpecificOutput.permissionDecisionReason).toContain("300,000");
  });

  test("a PowerShell skill line is denied: the Bash analysis does not apply to it", () => {
    const raw = { ...SKILL_SHELL, tool_name: "PowerShell", tool_input: { command: "git status" } };
    const r = real(input(raw, session(312_000)));
    expect(r.proposals.map((p) => p.kind)).toEqual(["deny"]);
  });
});
