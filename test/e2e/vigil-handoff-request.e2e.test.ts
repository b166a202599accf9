/**
 * A handoff request is a request, not a keyword (issue 14, point 4), on 2.1.88 (the newest
 * release runs the same prompts in vigil-soft-wakeup.e2e.test.ts): a worker over SOFT refuses a
 * ticket about the "handoff parser" (no request reaches the model) and passes a request to
 * write the handoff document.
 */
import { expect, test } from "bun:test";
import { OLDEST } from "./cli.ts";
import { E2E_TIMEOUT_MS, runClaude } from "./runner.ts";
import { bash, contextOf, text } from "./scenario.ts";
import { vigilEvents } from "./vigil-db.ts";

const agents = { worker: { description: "Works one ticket", prompt: "You are E2E_WORKER." } };
// Under 2.1.88's 200k window, which compacts near 185k by itself.
const env = { VIGIL_SOFT_TOKENS: "100000", VIGIL_HARD_TOKENS: "150000" };

test(
  `worker at SOFT on ${OLDEST}: a handoff-parser ticket and a handoff plus other work are refused, handoff requests pass`,
  async () => {
    const first = await runClaude({
      version: OLDEST,
      prompt: "Fix the CSV parser ticket",
      agent: "worker",
      agentsJson: agents,
      env,
      scenario: { turns: [bash("echo one", contextOf(110_000)), text("Paused.", contextOf(111_000))] },
    });
    try {
      expect(first.exitCode).toBe(0);
      const resume = { sandbox: first.sandbox, sessionId: first.sessionId };
      const ask = (prompt: string) =>
        runClaude({
          version: OLDEST,
          prompt,
          agent: "worker",
          agentsJson: agents,
          env,
          resume,
          scenario: { turns: [text("Writing HANDOFF.md.", contextOf(112_000))] },
        });
      const ticket = await ask("Ticket #51: fix the handoff parser crash");
      expect(ticket.requests.filter((q) => q.kind === "main")).toHaveLength(0);
      const handoff = await ask("Please write the handoff document now.");
      expect(handoff.requests.filter((q) => q.kind === "main")).toHaveLength(1);
      // issue 31: judged clause by clause: other work bundled with the request is refused, naming
      // the clause; a request phrased with other verbs passes.
      const bundled = await ask("Write the handoff document, then update the README with the new API section.");
      expect(bundled.requests.filter((q) => q.kind === "main")).toHaveLength(0);
      const summarize = await ask("Summarize your progress into HANDOFF.md for the next worker.");
      expect(summarize.requests.filter((q) => q.kind === "main")).toHaveLength(1);
      const prompts = vigilEvents(first.vigilHome).filter((e) =>
        e.kind === "guard" && e.detail.event === "UserPromptSubmit"
      );
      const decisions = prompts.map((e) => `${e.detail.decision} ${e.detail.rule}`);
      expect(decisions).toEqual([
        "refuse soft.refuse",
        "pass soft.pass.handoff",
        "refuse soft.refuse",
        "pass soft.pass.handoff",
      ]);
      expect(String(prompts[2].detail.why)).toContain("update the README with the new API section");
    } finally {
      first.cleanup();
    }
  },
  E2E_TIMEOUT_MS * 2,
);
