/**
 * `--agents` + `--agent boss` with a worker subagent started through the Agent tool; a lane
 * keyed on the worker's prompt answers the worker's requests. On 2.1.328 an Agent call without
 * `run_in_background: false` runs in the background and its completion may arrive as a new
 * turn or inside the current one, so the call here is in the foreground.
 */
import { expect, test } from "bun:test";
import { systemText } from "./api-request.ts";
import { E2E_TIMEOUT_MS, runClaude } from "./runner.ts";
import { recorder } from "./sandbox.ts";
import { text, toolUse } from "./scenario.ts";

const agents = {
  boss: { description: "Hands out tickets", prompt: "You are E2E_BOSS." },
  worker: { description: "Works one ticket", prompt: "You are E2E_WORKER." },
};

test("main hooks carry --agent, subagent hooks carry agent_id and the worker type", async () => {
  const r = await runClaude({
    prompt: "delegate the ticket",
    agent: "boss",
    agentsJson: agents,
    hooks: recorder(),
    scenario: {
      turns: [
        toolUse("Agent", {
          description: "ticket 1",
          prompt: "do ticket 1",
          subagent_type: "worker",
          run_in_background: false,
        }),
        text("The worker reported."),
      ],
      lanes: [{ when: (req) => systemText(req).includes("E2E_WORKER"), turns: [text("Ticket 1 done.")] }],
    },
  });
  try {
    expect(r.exitCode).toBe(0);
    expect(r.unusedTurns).toBe(0);
    expect(r.requests.filter((q) => q.lane === 0).map((q) => q.turn)).toEqual([0]);
    const roles = new Set(r.hookRecords.map((h) => `${h.event}:${h.payload.agent_type}:${"agent_id" in h.payload}`));
    expect(roles).toContain("PreToolUse:boss:false");
    expect(roles).toContain("SubagentStart:worker:true");
    expect(roles).toContain("SubagentStop:worker:true");
    expect(r.hookRecords.find((h) => h.event === "SessionStart")?.env.CLAUDE_CODE_AGENT).toBe("boss");
    expect(r.stream.filter((l) => l.type === "result").at(-1)).toMatchObject({ result: "The worker reported." });
  } finally {
    r.cleanup();
  }
}, E2E_TIMEOUT_MS);
