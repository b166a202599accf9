/**
 * The context guard under the real CLI (issue 4): a worker crossing SOFT gets the notice once,
 * a human prompt is refused while a task notification passes, a worker at HARD has `npm test`
 * denied and `git commit … && git push` allowed; an orchestrator and a worker subagent at the
 * same sizes are untouched.
 */
import { expect, test } from "bun:test";
import { allText, systemText, toolResults } from "./api-request.ts";
import { E2E_TIMEOUT_MS, runClaude } from "./runner.ts";
import { bash, contextOf, text, toolUse } from "./scenario.ts";
import { vigilEvents, vigilState } from "./vigil-db.ts";

const agents = {
  worker: { description: "Works one ticket", prompt: "You are E2E_WORKER." },
  boss: { description: "Hands out tickets", prompt: "You are E2E_BOSS." },
};
const SOFT_NOTICE = "over the soft limit";

test("worker: SOFT notice once, task notification passes, HARD denies npm test, allows commit and push", async () => {
  const first = await runClaude({
    prompt: "Fix the CSV parser ticket",
    agent: "worker",
    agentsJson: agents,
    scenario: {
      turns: [
        bash("echo one", contextOf(100_000)),
        bash("echo two", contextOf(260_000)), // measured at this PreToolUse: SOFT
        toolUse(
          "Bash",
          { command: "sleep 3; echo built", run_in_background: true, description: "build" },
          contextOf(265_000),
        ),
        text("I'll wait for the build to finish.", contextOf(266_000)),
        // The CLI writes the transcript asynchronously: a PreToolUse can run before the record
        // of the response that asked for the tool. A harmless call first makes the 310k record
        // certain to be on disk when `npm test` is judged (its tool result follows it).
        bash("echo checkpoint", contextOf(310_000)),
        bash("npm test", contextOf(311_000)), // after the task notification: HARD
        bash("git commit -m 'handoff: new session needed' && git push", contextOf(312_000)),
        text("Handoff committed. New session needed.", contextOf(313_000)),
      ],
    },
  });
  try {
    expect(first.exitCode).toBe(0);
    expect(first.apiErrors).toEqual([]);
    expect(first.unusedTurns).toBe(0);
    const main = first.requests.filter((r) => r.kind === "main");
    // The notice reached the model once, in the request after the first tool call over SOFT.
    const withNotice = main.filter((r) => allText(r).includes(SOFT_NOTICE));
    expect(withNotice.length).toBeGreaterThanOrEqual(1);
    const firstNoticeAt = main.indexOf(withNotice[0]);
    expect(allText(main[firstNoticeAt - 1])).not.toContain(SOFT_NOTICE);
    const events = vigilEvents(first.vigilHome);
    expect(events.filter((e) => e.kind === "guard" && e.detail.decision === "notice")).toHaveLength(1);
    // The task notification's turn went through (an API request followed it).
    expect(events.some((e) => e.kind === "guard" && e.detail.decision === "pass" && e.detail.verdict === "harness"))
      .toBe(
        true,
      );
    // npm test was denied: the model got an error tool_result naming the limit.
    const denied = new Map(
      main.flatMap(toolResults).filter((t) => t.isError && t.content.includes("hard limit")).map((
        t,
      ) => [t.toolUseId, t]),
    );
    expect(denied.size).toBe(1);
    const denials = events.filter((e) => e.kind === "guard" && e.detail.decision === "deny");
    expect(denials).toHaveLength(1);
    expect(JSON.stringify(denials[0].detail)).toContain("npm");
    // git commit && git push was let through by vigil (git itself fails: no repository).
    const allowed = events.filter((e) => e.kind === "guard" && e.detail.decision === "allow");
    expect(allowed.some((e) => JSON.stringify(e.detail).includes("git"))).toBe(true);
    expect(vigilState(first.vigilHome, first.sessionId)).toBe("dead"); // SessionEnd at the end of -p

    // A person's new instruction to the same worker is refused: no API request is made.
    const second = await runClaude({
      prompt: "Also refactor the CSV writer",
      agent: "worker",
      agentsJson: agents,
      resume: { sandbox: first.sandbox, sessionId: first.sessionId },
      scenario: { turns: [text("should not be asked")] },
    });
    expect(second.requests.filter((r) => r.kind === "main")).toHaveLength(0);
    const refusals = vigilEvents(first.vigilHome).filter((e) => e.kind === "guard" && e.detail.decision === "refuse");
    expect(refusals).toHaveLength(1);
    expect(JSON.stringify(second.stream)).toContain("new worker");
  } finally {
    first.cleanup();
  }
}, E2E_TIMEOUT_MS * 2);

test("orchestrator and a worker subagent at the same sizes are never limited", async () => {
  const r = await runClaude({
    prompt: "Hand out the ticket",
    agent: "boss",
    agentsJson: agents,
    scenario: {
      turns: [
        bash("npm test", contextOf(310_000)),
        toolUse("Agent", {
          description: "ticket",
          prompt: "do the ticket",
          subagent_type: "worker",
          run_in_background: false,
        }, contextOf(311_000)),
        text("Done.", contextOf(312_000)),
      ],
      lanes: [{
        when: (req) => systemText(req).includes("E2E_WORKER"),
        turns: [bash("npm test", contextOf(320_000)), text("Ticket done.", contextOf(321_000))],
      }],
    },
  });
  try {
    expect(r.exitCode).toBe(0);
    expect(r.unusedTurns).toBe(0);
    const results = r.requests.flatMap(toolResults);
    expect(results.some((t) => t.content.includes("hard limit"))).toBe(false);
    const events = vigilEvents(r.vigilHome);
    expect(events.filter((e) => e.kind === "guard")).toEqual([]);
    const roles = new Set(events.filter((e) => e.kind === "hook").map((e) => e.detail.role));
    expect(roles).toEqual(new Set(["orchestrator", "subagent"]));
    expect(events.some((e) => e.kind === "limit_crossed")).toBe(false);
  } finally {
    r.cleanup();
  }
}, E2E_TIMEOUT_MS);
