import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { initialTransition } from "xstate";
import { sessionMachine } from "../../machines/session.ts";
import { type Config, DEFAULT_CONFIG } from "../../src/core/config.ts";
import { combine } from "../../src/core/output.ts";
import { type HookPayload, parseHookPayload } from "../../src/core/payload.ts";
import { unattendedPolicy } from "../../src/core/policies/unattended.ts";
import type { PolicyInput, TranscriptFacts } from "../../src/core/policy.ts";
import { inScope, normalizePath } from "../../src/core/night/scope.ts";
import { decideStop, type Gate, type StopGateInput } from "../../src/core/stop/gate.ts";
import { patternSet } from "../../src/core/stop/patterns.ts";
import { blockReason } from "../../src/core/stop/reason.ts";

const FIX = join(import.meta.dir, "../fixtures");
const jsonl = (path: string) =>
  readFileSync(join(FIX, path), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));

const NOW = 1_800_000_000_000;
const ANNOUNCE = "Tests pass. I'll continue with the parser fix next.";
const BASE: StopGateInput = {
  stopHookActive: false,
  night: { on: true, scope: ["/work/proj"], until: null },
  cwd: "/work/proj",
  message: ANNOUNCE,
  stopBlocks: 0,
  cap: 40,
  now: NOW,
  patterns: patternSet({ continuation: [], approval: [] }),
  todo: null,
};

type Row = [string, Partial<StopGateInput>, "pass" | "block", Gate, string | null];

describe("the six gates, in order", () => {
  test.each<Row>([
    ["all gates hold: block", {}, "block", "announcement", "en.future"],
    // 1. recursion
    ["stop_hook_active passes even with an announcement", { stopHookActive: true }, "pass", "recursion", null],
    // 2. mode
    ["mode off (never turned on)", { night: null }, "pass", "mode", null],
    ["mode stored as off", { night: { on: false, scope: [], until: null } }, "pass", "mode", null],
    ["until has passed", { night: { on: true, scope: [], until: NOW - 1 } }, "pass", "mode", null],
    ["until is exactly now", { night: { on: true, scope: [], until: NOW } }, "pass", "mode", null],
    ["until still ahead", { night: { on: true, scope: [], until: NOW + 1 } }, "block", "announcement", "en.future"],
    [
      "mode off wins over recursion-free approval wait",
      { night: null, message: "Shall I deploy?" },
      "pass",
      "mode",
      null,
    ],
    // 3. scope
    ["cwd outside the scope", { cwd: "/work/other" }, "pass", "scope", null],
    ["sibling with the same prefix is outside", { cwd: "/work/proj-x" }, "pass", "scope", null],
    ["below the scope is inside", { cwd: "/work/proj/packages/a" }, "block", "announcement", "en.future"],
    [
      "empty scope means everywhere",
      { cwd: "/elsewhere", night: { on: true, scope: [], until: null } },
      "block",
      "announcement",
      "en.future",
    ],
    [
      "scope outside wins over an approval wait",
      { cwd: "/tmp", message: "AWAITING APPROVAL: x" },
      "pass",
      "scope",
      null,
    ],
    // 4. approval / question (before announcement)
    [
      "escape phrase that also announces",
      { message: "AWAITING APPROVAL: prod deploy. I'll continue with the rollout after." },
      "pass",
      "approval",
      "en.escape.approval",
    ],
    [
      "END UNATTENDED",
      { message: "Queue is empty.\n\nEND UNATTENDED: nothing left" },
      "pass",
      "approval",
      "en.escape.end",
    ],
    [
      "Korean escape",
      { message: "승인 대기: 운영 배포. 이어서 진행하겠습니다." },
      "pass",
      "approval",
      "ko.escape.approval",
    ],
    [
      "Japanese escape",
      { message: "無人モード終了: キューが空です。次に進みます。" },
      "pass",
      "approval",
      "ja.escape.end",
    ],
    [
      "approval wait that also announces",
      { message: "I need your approval for the schema change. Meanwhile I'll continue with the docs." },
      "pass",
      "approval",
      "en.approval.need",
    ],
    [
      "question after an announcement",
      { message: "I'll update the parser next. Should I also bump the version?" },
      "pass",
      "approval",
      "en.question.end",
    ],
    ["Korean question", { message: "이어서 진행할까요?" }, "pass", "approval", "ko.question.end"],
    [
      "waiting for a background task",
      { message: "Started background task; will wait." },
      "pass",
      "approval",
      "en.wait.word",
    ],
    [
      "hand-off at the soft limit",
      { message: "New session needed: I'll continue in the next session, the handoff is written." },
      "pass",
      "approval",
      "en.handoff",
    ],
    ["no message to judge", { message: null }, "pass", "approval", null],
    ["blank message", { message: "  \n" }, "pass", "approval", null],
    // 5. announcement
    // The audit names the words the message ended on (issue 31): a result, so not pushed.
    [
      "finished report",
      { message: "I have finished the migration; all 48 tests pass." },
      "pass",
      "announcement",
      "en.end.state",
    ],
    [
      "announcement only inside code",
      { message: "The gate catches `I'll continue with X`." },
      "pass",
      "announcement",
      null,
    ],
    [
      "announcement only in a quote",
      { message: 'It said "I\'ll continue with debts.js next." and stopped.' },
      "pass",
      "announcement",
      null,
    ],
    ["present tense, Korean", { message: "가맹점정합화부터 시작합니다." }, "block", "announcement", "ko.present"],
    ["future, Korean", { message: "다음은 debts.js로 이어가겠습니다." }, "block", "announcement", "ko.future"],
    ["present, Japanese", { message: "次は debts.js に進みます。" }, "block", "announcement", "ja.continue"],
    [
      "gerund progress line",
      { message: "Starting on the migration script now." },
      "block",
      "announcement",
      "en.progress-start",
    ],
    // 6. cap
    ["cap reached passes", { stopBlocks: 40 }, "pass", "cap", "en.future"],
    ["cap exceeded passes", { stopBlocks: 41 }, "pass", "cap", "en.future"],
    ["one below the cap blocks", { stopBlocks: 39 }, "block", "announcement", "en.future"],
    ["cap 0 never blocks", { cap: 0 }, "pass", "cap", "en.future"],
  ])("%s", (_name, over, decision, gate, pattern) => {
    const d = decideStop({ ...BASE, ...over });
    expect({ decision: d.decision, gate: d.gate, pattern: d.hit?.id ?? null }).toEqual({ decision, gate, pattern });
  });

  test("a block names the pattern, its language and the words it matched", () => {
    const d = decideStop({
      ...BASE,
      message: "Fixed the reader.\n\n다음은 v2 엔드포인트에 같은 수정을 적용하겠습니다.",
    });
    expect(d.hit).toEqual({
      id: "ko.future",
      lang: "ko",
      kind: "announce",
      excerpt: "다음은 v2 엔드포인트에 같은 수정을 적용하겠습니다.",
    });
  });

  test("the excerpt quotes the original words, inline code included", () => {
    const d = decideStop({ ...BASE, message: "Now I'll split `store.ts` into two files." });
    expect(d.hit?.excerpt).toBe("Now I'll split `store.ts` into two files.");
  });
});

describe("regression: a 200 KB one-sentence message made the object scans quadratic", () => {
  // Sentences over 600 characters are judged on their first and last 300 (subject and verb).
  test.each<[string, string, "pass" | "block"]>([
    ["Korean verb at the end", "파일을 ".repeat(50_000) + "수정하겠습니다.", "block"],
    ["Japanese verb at the end", "ファイルを".repeat(40_000) + "修正します。", "block"],
    ["English subject at the start", "I'll rewrite " + "the parser and ".repeat(20_000) + "more.", "block"],
    ["no announcement anywhere", "word ".repeat(40_000), "pass"],
  ])("%s", (_name, message, decision) => {
    expect(decideStop({ ...BASE, message }).decision).toBe(decision);
  });
});

describe("config extends the pattern sets", () => {
  test.each<[string, { continuation: string[]; approval: string[] }, string, "pass" | "block", string | null]>([
    [
      "extra continuation pattern",
      { continuation: ["\\bonwards to\\b"], approval: [] },
      "Onwards to the exporter!",
      "block",
      "config.continuation.0",
    ],
    [
      "extra approval pattern wins over an announcement",
      { continuation: [], approval: ["\\bparking this\\b"] },
      "Parking this. I'll continue with X.",
      "pass",
      "config.approval.0",
    ],
    [
      "a broken source is skipped, the rest still work",
      { continuation: ["(unclosed"], approval: [] },
      ANNOUNCE,
      "block",
      "en.future",
    ],
  ])("%s", (_name, extra, message, decision, pattern) => {
    const d = decideStop({ ...BASE, message, patterns: patternSet(extra) });
    expect([d.decision, d.hit?.id ?? null]).toEqual([decision, pattern]);
  });

  test("a broken source is reported", () => {
    expect(patternSet({ continuation: ["(unclosed"], approval: [] }).errors).toHaveLength(1);
  });
});

describe("scope paths", () => {
  test.each<[string, string[], boolean]>([
    ["/a/b", ["/a/b"], true],
    ["/a/b/", ["/a/b"], true],
    ["/a/b", ["/a/b/"], true],
    ["/a/b/c", ["/a/b"], true],
    ["/a/bc", ["/a/b"], false],
    ["/a", ["/a/b"], false],
    ["/a/b/../c", ["/a/b"], false],
    ["/a//b/./c", ["/a/b"], true],
    ["/x", ["/a", "/x/"], true],
    ["/anything", ["/"], true],
    ["C:\\work\\proj\\src", ["C:/work/proj"], true],
  ])("%s in %j: %s", (cwd, scope, expected) => {
    expect(inScope(cwd, scope)).toBe(expected);
  });

  test("normalizePath", () => {
    expect(normalizePath("/a//b/./c/../d/")).toBe("/a/b/d");
  });
});

describe("block reasons", () => {
  test.each(
    [
      ["en", '"I\'ll do X."', "AWAITING APPROVAL: <reason>", "END UNATTENDED: <reason>", "(stop block 3/40)"],
      ["ko", '"I\'ll do X."', "승인 대기: <사유>", "무중단 모드 종료: <사유>", "(차단 3/40)"],
      ["ja", "「I'll do X.」", "承認待ち: <理由>", "無人モード終了: <理由>", "（ブロック 3/40）"],
    ] as const,
  )("%s names the announcement, both escape phrases and the count", (language, quoted, a, e, count) => {
    const r = blockReason({ cause: "announcement", excerpt: "I'll do X." }, { language, block: 3, cap: 40 });
    for (const part of [quoted, a, e, count]) expect(r).toContain(part);
  });

  test("the escape phrases in the reason are honoured by gate 4", () => {
    for (const language of ["en", "ko", "ja"] as const) {
      const r = blockReason({ cause: "announcement", excerpt: "x" }, { language, block: 1, cap: 40 });
      const phrase = r.match(/[A-Z ]{10,}: <reason>|승인 대기: <사유>|承認待ち: <理由>/)?.[0] ?? "";
      const answer = phrase.replace(/<.+>/, "need a human") + " I'll continue after.";
      expect(decideStop({ ...BASE, message: answer }).gate).toBe("approval");
    }
  });
});

// ---- the Policy, over real recorded Stop payloads

const demoStops = jsonl("claude-code-2.1.328/demo-session/events.jsonl")
  .map((e) => e.payload)
  .filter((p) => p.hook_event_name === "Stop");
const OLD_STOP = JSON.parse(readFileSync(join(FIX, "claude-code-2.0.76/hooks/Stop.json"), "utf8"));
const BG_STOP = jsonl("claude-code-2.1.328/hooks/bg/Stop.jsonl")[0].stdin;

function payload(raw: unknown): HookPayload {
  const r = parseHookPayload(JSON.stringify(raw));
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

function policyInput(raw: unknown, over: Partial<PolicyInput> = {}, config: Partial<Config> = {}): PolicyInput {
  const [snap] = initialTransition(sessionMachine, { at: NOW });
  const p = payload(raw);
  return {
    payload: p,
    state: "normal",
    context: snap.context,
    config: { ...DEFAULT_CONFIG, ...config },
    role: "worker",
    limited: true,
    measurement: { tokens: null, estimate: null, window: null, source: "none" },
    night: { on: true, scope: [p.cwd], until: null },
    facts: {},
    prompt: null,
    env: {},
    now: NOW,
    ...over,
  };
}

describe("unattendedPolicy", () => {
  test("the demo worker's \"I'll continue with the parser fix next.\" is blocked", () => {
    const out = unattendedPolicy(policyInput(demoStops[0]));
    expect(out.events).toEqual([{ type: "stopBlocked", at: NOW }]);
    expect(out.proposals).toHaveLength(1);
    expect(out.proposals[0]).toMatchObject({ kind: "block", rule: "unattended.stop" });
    expect(out.records).toEqual([{
      kind: "stop_gate",
      detail: {
        decision: "block",
        gate: "announcement",
        pattern: "en.future",
        lang: "en",
        excerpt: "I'll continue with the parser fix next.",
        note: "unfinished work announced",
        source: "payload",
        blocks: 0,
        cap: 40,
      },
    }]);
    const written = combine("Stop", out.proposals, { contextCap: 9000 });
    const json = JSON.parse(written.stdout);
    expect(json.decision).toBe("block");
    expect(json.reason).toContain('"I\'ll continue with the parser fix next."');
    expect(json.reason).toContain("(stop block 1/40)");
  });

  test("its hand-off message passes, with an audit record", () => {
    const out = unattendedPolicy(policyInput(demoStops[1]));
    expect(out.proposals).toEqual([]);
    expect(out.events).toEqual([]);
    expect(out.records[0].detail).toMatchObject({ decision: "pass", gate: "approval", pattern: "en.handoff" });
  });

  test('"Started background task; will wait." (2.1.328 bg run) passes', () => {
    const out = unattendedPolicy(policyInput(BG_STOP));
    expect(out.records[0].detail).toMatchObject({ decision: "pass", gate: "approval", pattern: "en.wait.word" });
  });

  test("2.0.76 has no last_assistant_message: the transcript fact is used", () => {
    // TranscriptFacts has no `stop` field yet (see src/core/stop/facts.ts).
    const facts: TranscriptFacts & { stop: unknown } = { stop: { lastAssistantText: "Moving on to the exporter." } };
    const out = unattendedPolicy(policyInput(OLD_STOP, { facts }));
    expect(out.records[0].detail).toMatchObject({
      decision: "block",
      source: "transcript",
      pattern: "en.progress-start",
    });
  });

  test("2.0.76 without the transcript fact passes: nothing to judge", () => {
    const out = unattendedPolicy(policyInput(OLD_STOP));
    expect(out.records[0].detail).toMatchObject({ decision: "pass", gate: "approval", source: "none" });
  });

  test("the count in the reason and the cap come from the machine context and config", () => {
    const input = policyInput(demoStops[0], {}, { stopCap: 5, language: "ko" });
    input.context = { ...input.context, stopBlocks: 4 };
    expect(unattendedPolicy(input).proposals[0]).toMatchObject({ reason: expect.stringContaining("(차단 5/5)") });
    input.context = { ...input.context, stopBlocks: 5 };
    expect(unattendedPolicy(input).records[0].detail).toMatchObject({ decision: "pass", gate: "cap" });
  });

  test("events other than Stop are not its business", () => {
    const ups = { ...demoStops[0], hook_event_name: "UserPromptSubmit", prompt: "hi" };
    expect(unattendedPolicy(policyInput(ups))).toEqual({ proposals: [], events: [], records: [] });
  });

  test("mode off still leaves an audit record", () => {
    const out = unattendedPolicy(policyInput(demoStops[0], { night: null }));
    expect(out.records[0].detail).toMatchObject({ decision: "pass", gate: "mode", pattern: null });
  });
});

describe("/goal coexistence: Claude Code's goal judges the stop, vigil adds no second push", () => {
  test.each<[string, Partial<StopGateInput>, "pass" | "block", Gate]>([
    ["an announcement with a goal active passes, at the goal gate", { goalActive: true }, "pass", "goal"],
    ["the same announcement without a goal is pushed", { goalActive: false }, "block", "announcement"],
    ["recursion still comes first", { goalActive: true, stopHookActive: true }, "pass", "recursion"],
    ["mode off still comes first", { goalActive: true, night: null }, "pass", "mode"],
  ])("%s", (_name, over, decision, gate) => {
    const d = decideStop({ ...BASE, ...over });
    expect([d.decision, d.gate]).toEqual([decision, gate]);
  });
});
