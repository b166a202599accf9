/**
 * Each verdict from hand-built evidence: what passes, what fails with which line and fix, what
 * is n/a. The requests are shaped as Claude Code sends them (contract Part A): a deny as an
 * `is_error` tool_result, Stop feedback bare (2.1.88) or in a system-reminder (2.1.332).
 */
import { closedReason } from "../../src/core/fail-closed.ts";
import { describe, expect, test } from "bun:test";
import {
  type CheckStatus,
  failClosedCheck,
  hardDenyCheck,
  hookChecks,
  interruptCheck,
  preCompactCheck,
  type PrintEvidence,
  promptRefusalCheck,
  type ProveEvidence,
  restoreCheck,
  serveCheck,
  skillShellCheck,
  statusLineCheck,
  stopBlockCheck,
  taskNotificationCheck,
  worktreeCheck,
} from "../../src/prove/checks.ts";
import type { ApiRequest, RequestKind } from "../../src/prove/fake-api/api-request.ts";

let n = 0;
function req(kind: RequestKind, messages: readonly unknown[]): ApiRequest {
  return {
    index: n++,
    method: "POST",
    path: "/v1/messages",
    kind,
    body: { messages: [...messages] },
    turn: null,
    lane: null,
  };
}
const user = (text: string) => ({ role: "user", content: [{ type: "text", text }] });
const toolResult = (content: string, isError: boolean) => ({
  role: "user",
  content: [{ type: "tool_result", tool_use_id: "t1", content, is_error: isError }],
});
function run(requests: ApiRequest[], over: Partial<PrintEvidence> = {}): PrintEvidence {
  return { exitCode: 0, timedOut: false, stdout: "", stderr: "", requests, ...over };
}

const ALL = ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop", "SessionEnd", "PreCompact"];
function evidence(over: Partial<ProveEvidence> = {}): ProveEvidence {
  const none = { na: "not run" };
  return {
    version: "2.1.332",
    expected: ALL,
    registered: ALL,
    statusLineWired: true,
    fired: [],
    refused: false,
    harnessPassed: false,
    guard: none,
    stop: none,
    compact: none,
    status: none,
    worktree: none,
    interrupt: none,
    skill: none,
    failClosedEvents: [],
    failClosed: none,
    httpEvents: [],
    serve: none,
    ...over,
  };
}

describe("hooks", () => {
  test("one line per reached event: ran, not registered, registered but never ran; the rest n/a", () => {
    const lines = hookChecks(evidence({
      expected: [...ALL, "PostCompact", "Notification"],
      registered: ALL.filter((e) => e !== "Stop").concat("Notification"),
      fired: ["SessionStart", "SessionStart", "PreToolUse", "PostToolBatch"],
    }));
    const by = Object.fromEntries(lines.map((l) => [l.id, [l.status, l.evidence]]));
    expect(by["hook:SessionStart"]).toEqual(["pass", "vigil ran 2 times"]);
    expect(by["hook:PreToolUse"]).toEqual(["pass", "vigil ran 1 time"]);
    expect(by["hook:PostToolBatch"]).toEqual(["pass", "vigil ran 1 time"]);
    expect(by["hook:Stop"]).toEqual(["fail", "vigil is not registered for Stop in settings.json"]);
    expect(by["hook:PostCompact"]).toEqual(["fail", "vigil is not registered for PostCompact in settings.json"]);
    expect(by["hook:UserPromptSubmit"]).toEqual(["fail", "registered, but Claude Code 2.1.332 never ran it"]);
    expect(by["hook:others"]).toEqual(["n/a", "registered, not reached by the scripted sessions: Notification"]);
    expect(lines.find((l) => l.id === "hook:Stop")?.fix).toContain("vigil install");
  });
});

const DENY =
  'PreToolUse:Bash hook error: vigil: "Bash" was not run. This worker session\'s context is over the hard limit';
describe("hard deny", () => {
  const guard = (results: readonly unknown[]) => ({ value: { work: run([req("main", results)]), prompt: null } });
  test.each(
    [
      [
        "an error tool result with vigil's reason",
        [toolResult(DENY, true)],
        "pass",
        /came back as an error tool result/,
      ],
      ["2.1.88's bare reason", [toolResult(DENY.replace("PreToolUse:Bash hook error: ", ""), true)], "pass", /error/],
      ["the command's output", [toolResult("(Bash completed with no output)", false)], "fail", /was not denied/],
      ["no tool result", [user("go")], "fail", /no tool result reached the model/],
    ] as const,
  )("%s", (_name, msgs, status, evidenceRe) => {
    const c = hardDenyCheck(evidence({ guard: guard(msgs) }), "touch x");
    expect(c.status).toBe(status);
    expect(c.evidence).toMatch(evidenceRe);
  });
  test("the session failing is a failure with its reason; n/a stays n/a", () => {
    expect(hardDenyCheck(evidence({ guard: { error: "boom" } }), "x")).toMatchObject({
      status: "fail",
      evidence: "the scripted session failed: boom",
    });
    const crashed = { value: { work: run([], { exitCode: 1, stderr: "Error: bad settings\nmore" }), prompt: null } };
    expect(hardDenyCheck(evidence({ guard: crashed }), "x").evidence).toBe("Claude Code exited 1: Error: bad settings");
    expect(hardDenyCheck(evidence(), "x").status).toBe("n/a");
  });
});

describe("prompt refusal and task notification", () => {
  const work = run([req("main", [user("<task-notification><task-id>b1</task-id></task-notification>")])]);
  test.each(
    [
      ["refused, nothing sent", run([req("other", [])]), true, "pass"],
      ["nothing sent, but no refusal recorded", run([]), false, "fail"],
      ["the prompt reached the model", run([req("main", [user("Also refactor")])]), true, "fail"],
    ] as const,
  )("refusal: %s", (_name, prompt, refused, status) => {
    expect(promptRefusalCheck(evidence({ refused, guard: { value: { work, prompt } } })).status).toBe(status);
  });
  test.each(
    [
      ["the notification reached the model", work, false, "pass"],
      ["passed by vigil, never sent", run([req("main", [user("go")])]), true, "fail"],
      ["no notification in this version", run([req("main", [user("go")])]), false, "n/a"],
    ] as const,
  )("notification: %s", (_name, w, harnessPassed, status) => {
    const c = taskNotificationCheck(evidence({ harnessPassed, guard: { value: { work: w, prompt: null } } }));
    expect(c.status).toBe(status);
  });
});

describe("stop block", () => {
  const REASON = "vigil (unattended mode): your turn ended right after announcing work";
  // the announcing reply answered scripted turn 1 (after a failing command's turn 0)
  const first = { ...req("main", [user("Fix it")]), turn: 1 };
  test.each(
    [
      ["2.1.88: bare", `Stop hook feedback:\n${REASON}`, "pass", /\(bare\)/],
      [
        "2.1.332: in a system-reminder with a lead line",
        `<system-reminder>\nThe text below is the output of a hook.\nStop hook feedback:\n${REASON}\n</system-reminder>`,
        "pass",
        /in a system-reminder/,
      ],
      ["someone else's feedback", "Stop hook feedback:\nkeep going", "fail", /without vigil's reason/],
    ] as const,
  )("%s", (_name, fed, status, re) => {
    const c = stopBlockCheck(evidence({ stop: { value: run([first, req("main", [user("Fix it"), user(fed)])]) } }), 1);
    expect([c.status, re.test(c.evidence)]).toEqual([status, true]);
  });
  test("the script never got to the announcement", () => {
    const c = stopBlockCheck(evidence({ stop: { value: run([req("main", [user("Fix it")])]) } }), 1);
    expect(c).toMatchObject({ status: "fail", evidence: "the scripted session never reached its announcement" });
  });
  test("no continuation: the turn ended", () => {
    const c = stopBlockCheck(evidence({ registered: ["PreToolUse"], stop: { value: run([first]) } }), 1);
    expect(c).toMatchObject({
      status: "fail",
      evidence: "the turn ended after announcing work: no continuation request",
    });
    expect(c.fix).toContain("vigil install");
  });
});

describe("compaction", () => {
  const GUIDE = "vigil, for this summary: treat these kinds of information differently";
  const OPEN = "vigil: this session was just compacted.";
  const compact = (extra: string) => req("compact", [user(`create a detailed summary of the conversation${extra}`)]);
  test.each(
    [
      ["guidance as Additional Instructions", `\n\nAdditional Instructions:\n${GUIDE}`, "pass"],
      ["no guidance", "", "fail"],
    ] as const,
  )("PreCompact: %s", (_name, extra, status) => {
    const c = preCompactCheck(evidence({ compact: { value: run([req("main", []), compact(extra)]) } }), GUIDE);
    expect(c.status).toBe(status);
  });
  test("no compaction request: unproven, with the version note", () => {
    const c = preCompactCheck(evidence({ compact: { value: run([req("main", [])]) } }), GUIDE);
    expect([c.status, c.evidence, c.fix?.includes("CLAUDE_CODE_AUTO_COMPACT_WINDOW")]).toEqual([
      "fail",
      "no compaction request came",
      true,
    ]);
  });
  test.each(
    [
      ["in the first request after", [[OPEN], []], "pass", /first request/],
      ["only later", [[], [OPEN]], "fail", /not in the first request/],
      ["never", [[], []], "fail", /no restore/],
    ] as const,
  )("restore: %s", (_name, texts, status, re) => {
    const before = [req("main", []), compact("")];
    const after = texts.map((t) => req("main", [{ role: "system", content: t.join("") || "env" }, user("go")]));
    const c = restoreCheck(evidence({ compact: { value: run([...before, ...after]) } }), OPEN);
    expect([c.status, re.test(c.evidence)]).toEqual([status, true]);
  });
});

describe("statusLine and worktree", () => {
  const screen = "❯ \n  vigil normal │ 50k/1.0M █░░░░░░░░░ 5%\n";
  test.each(
    [
      ["vigil has the numbers", true, { value: { tokens: 50_000, expected: 50_000, screen, error: null } }, "pass"],
      ["other numbers", true, { value: { tokens: 7, expected: 50_000, screen, error: null } }, "fail"],
      ["none", true, { value: { tokens: null, expected: 50_000, screen: "", error: "timeout" } }, "fail"],
      ["no tmux", true, { na: "tmux not found on PATH" }, "n/a"],
      ["not wired", false, { na: "statusLine not wired" }, "fail"],
    ] as const,
  )("statusLine: %s", (_name, wired, status, want) => {
    expect(statusLineCheck(evidence({ statusLineWired: wired, status })).status).toBe(want);
  });
  test("the screen line is quoted", () => {
    const c = statusLineCheck(
      evidence({ status: { value: { tokens: 50_000, expected: 50_000, screen, error: null } } }),
    );
    expect(c.evidence).toContain(`"vigil normal │ 50k/1.0M`);
  });
  const wt = (exitCode: number, stderr: string, created: boolean) => ({
    value: { run: run([], { exitCode, stderr }), created, name: "vigil-prove" },
  });
  test.each(
    [
      ["created", wt(0, "", true), [], "pass", null],
      [
        "a WorktreeCreate hook",
        wt(1, "Error creating worktree: WorktreeCreate hook failed", false),
        [],
        "fail",
        /WorktreeCreate/,
      ],
      ["no such option", wt(1, "error: unknown option '--worktree'", false), [], "n/a", null],
      ["no git", { na: "git not found on PATH" }, [], "n/a", null],
    ] as const,
  )("worktree: %s", (_name, worktree, _r, status, fixRe) => {
    const c = worktreeCheck(evidence({ worktree }));
    expect(c.status).toBe(status);
    if (fixRe) expect(c.fix ?? "").toMatch(fixRe);
  });
});

describe("interrupt", () => {
  const withInterrupt = [...ALL, "Interrupt"];
  const interrupted = (awaiting: string | null, fired: string[] = ["Interrupt"]) =>
    evidence({
      version: "2.1.336",
      expected: withInterrupt,
      registered: withInterrupt,
      fired,
      interrupt: { value: { run: run([], { exitCode: 1 }), awaiting } },
    });
  test("a person's interrupt leaves the session awaiting: pass", () => {
    expect(interruptCheck(interrupted("interrupt")).status).toBe("pass");
  });
  test("the hook ran but nothing awaits: fail, naming it", () => {
    const c = interruptCheck(interrupted(null));
    expect([c.status, c.evidence]).toEqual(["fail", "vigil ran on Interrupt, but the session awaits nobody"]);
  });
  test("the hook never ran: fail", () => {
    expect(interruptCheck(interrupted(null, [])).evidence).toContain("never ran vigil's Interrupt hook");
  });
  test("a version without the event: n/a", () => {
    expect(interruptCheck(evidence()).status).toBe("n/a");
  });
});

describe("skill shell, fail-closed and the --http install", () => {
  const SKILL = [...ALL, "PreSkillShellCommand"];
  const blockedLine = "Release: [not run: blocked by hook: vigil: hard limit reached: hand over]";
  test.each<[string, Partial<ProveEvidence>, CheckStatus, string]>([
    ["a version without the event", { version: "2.1.88" }, "n/a", "has no PreSkillShellCommand"],
    [
      "denied at HARD",
      {
        expected: SKILL,
        registered: SKILL,
        skill: { value: { run: run([req("main", [user(blockedLine)])]), ran: false } },
      },
      "pass",
      "was not run at HARD",
    ],
    [
      "the line ran",
      {
        expected: SKILL,
        registered: SKILL,
        skill: { value: { run: run([req("main", [user("Release: ")])]), ran: true } },
      },
      "fail",
      "ran at HARD",
    ],
  ])("skill-shell: %s", (_name, over, status, says) => {
    const c = skillShellCheck(evidence(over));
    expect([c.status, c.evidence]).toEqual([status, expect.stringContaining(says)]);
  });

  const probe = (results: ReturnType<typeof toolResult>[]) =>
    ({ value: { run: run([req("main", results)]), command: "echo fail-closed-probe" } }) as const;
  test.each<[string, Partial<ProveEvidence>, CheckStatus, string]>([
    ["a fail-open install", {}, "n/a", "fail-open install"],
    [
      "blocked while vigil failed",
      { failClosedEvents: ["PreToolUse"], failClosed: probe([toolResult("vigil: failed closed, …", true)]) },
      "pass",
      "was blocked",
    ],
    // a user whose locale is Korean or Japanese reads vigil's refusal in that language
    [
      "blocked while vigil failed, refused in Korean",
      { failClosedEvents: ["PreToolUse"], failClosed: probe([toolResult(closedReason("ko", "…"), true)]) },
      "pass",
      "was blocked",
    ],
    [
      "blocked while vigil failed, refused in Japanese",
      { failClosedEvents: ["PreToolUse"], failClosed: probe([toolResult(closedReason("ja", "…"), true)]) },
      "pass",
      "was blocked",
    ],
    [
      // an earlier call that vigil's HARD guard denied is no proof of failing closed
      "only an earlier call was refused",
      {
        failClosedEvents: ["PreToolUse"],
        failClosed: probe([
          toolResult('vigil: "Bash" was not run (hard limit)', true),
          toolResult("fail-closed-probe", false),
        ]),
      },
      "fail",
      "ran although the registration is fail-closed",
    ],
    [
      "refused for another reason",
      { failClosedEvents: ["PreToolUse"], failClosed: probe([toolResult("vigil: hard limit", true)]) },
      "fail",
      "not for vigil's failure",
    ],
    [
      "ran while vigil failed",
      { failClosedEvents: ["PreToolUse"], failClosed: probe([toolResult("fail-closed-probe", false)]) },
      "fail",
      "ran although the registration is fail-closed",
    ],
  ])("fail-closed: %s", (_name, over, status, says) => {
    const c = failClosedCheck(evidence(over));
    expect([c.status, c.evidence]).toEqual([status, expect.stringContaining(says)]);
  });

  test.each<[string, Partial<ProveEvidence>, CheckStatus, string]>([
    ["command hooks", {}, "n/a", "command hooks"],
    [
      "serve did not start",
      { httpEvents: ["Stop"], serve: { error: "vigil serve did not start: x" } },
      "fail",
      "did not start",
    ],
    [
      "serve answered",
      { httpEvents: ["Stop"], serve: { value: { port: 4242, calls: { ok: 7, error: 1 } } } },
      "pass",
      "answered 8 HTTP hook calls",
    ],
    [
      "no call reached serve",
      { httpEvents: ["Stop"], serve: { value: { port: 4242, calls: { ok: 0 } } } },
      "fail",
      "received no hook call",
    ],
  ])("http-serve: %s", (_name, over, status, says) => {
    const c = serveCheck(evidence(over));
    expect([c.status, c.evidence]).toEqual([status, expect.stringContaining(says)]);
  });
});
