/**
 * A worker at SOFT keeps working through its own wake-ups, while new work is still refused
 * (issue 14, points 3 and 4), with the real newest CLI. 2.1.332 sends no UserPromptSubmit
 * `source` (observed: typed, `-p`, cron and ScheduleWakeup fires alike), so the wake-up is
 * known by its prompt: ScheduleWakeup's `/loop` prompt is listed in the Stop's
 * `session_crons`. Then, on the same session: a teammate's ticket and a ticket about the
 * "handoff parser" are refused (no request reaches the model), and a request to write the
 * handoff document passes.
 */
import { expect, test } from "bun:test";
import { E2E_TIMEOUT_MS, runClaude } from "./runner.ts";
import { createSandbox, removeSandbox } from "./sandbox.ts";
import { bash, contextOf, text, toolUse } from "./scenario.ts";
import { vigilEvents } from "./vigil-db.ts";

const agents = { worker: { description: "Works one ticket", prompt: "You are E2E_WORKER." } };
const LOOP = "/loop check the CI run";
/**
 * ScheduleWakeup fires on a minute boundary at least 60 s away: up to two minutes, plus the CLI's
 * start and turns, which `npm test` runs beside the night box's TUIs. A bound on a hang only.
 */
const WAKE_TIMEOUT_MS = 240_000;

test(
  "worker at SOFT: its own /loop wake-up passes; a teammate's ticket and a handoff-parser ticket are refused; a handoff request passes",
  async () => {
    const sandbox = createSandbox();
    const guard = () =>
      vigilEvents(sandbox.vigilHome).filter((e) => e.kind === "guard" && e.detail.event === "UserPromptSubmit")
        .map((e) => `${e.detail.decision} ${e.detail.rule}`);
    try {
      const first = await runClaude({
        prompt: "Fix the CSV parser ticket",
        agent: "worker",
        agentsJson: agents,
        sandbox,
        timeoutMs: WAKE_TIMEOUT_MS,
        scenario: {
          turns: [
            bash("echo one", contextOf(260_000)),
            toolUse(
              "ScheduleWakeup",
              { delaySeconds: 60, reason: "wait for CI", prompt: LOOP, noop: false },
              contextOf(261_000),
            ),
            text("Waiting for CI.", contextOf(262_000)),
            text("CI is green. Ticket done; new session needed.", contextOf(263_000)),
          ],
        },
      });
      expect(first.exitCode).toBe(0);
      expect(first.apiErrors).toEqual([]);
      // The wake-up's turn reached the model: every scripted turn was asked for.
      expect(first.unusedTurns).toBe(0);
      expect(guard()).toEqual(["pass soft.pass.wakeup"]);

      const resume = { sandbox, sessionId: first.sessionId };
      const refused = async (prompt: string) => {
        const r = await runClaude({ prompt, agent: "worker", agentsJson: agents, resume, scenario: { turns: [] } });
        expect(r.requests.filter((q) => q.kind === "main")).toHaveLength(0);
        expect(JSON.stringify(r.stream)).toContain("new worker");
      };
      await refused('<teammate-message teammate_id="lead">Next ticket #52: add CSV import</teammate-message>');
      await refused("Ticket #51: fix the handoff parser crash");
      const handoff = await runClaude({
        prompt: "Please write the handoff document now.",
        agent: "worker",
        agentsJson: agents,
        resume,
        scenario: { turns: [text("Writing HANDOFF.md.", contextOf(264_000))] },
      });
      expect(handoff.requests.filter((q) => q.kind === "main")).toHaveLength(1);
      expect(guard()).toEqual([
        "pass soft.pass.wakeup",
        "refuse soft.refuse",
        "refuse soft.refuse",
        "pass soft.pass.handoff",
      ]);
    } finally {
      removeSandbox(sandbox);
    }
  },
  WAKE_TIMEOUT_MS + E2E_TIMEOUT_MS * 2,
);
