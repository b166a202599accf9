/**
 * Coexisting with Claude Code's `/goal` (issue 14, point 8), with the real newest CLI: with
 * unattended mode on, a turn that ends on an announcement is normally pushed by vigil; when
 * the session has a goal set, Claude Code's own goal hook judges the stop and vigil adds no
 * second push, and its audit says why. (`/goal` is 2.1.139+: not on 2.1.88.)
 */
import { expect, test } from "bun:test";
import { allText } from "./api-request.ts";
import { E2E_TIMEOUT_MS, runClaude } from "./runner.ts";
import { createSandbox, removeSandbox } from "./sandbox.ts";
import { vigilIn } from "./vigil-cli.ts";
import { text } from "./scenario.ts";
import { vigilEvents } from "./vigil-db.ts";

test("an announced stop with /goal active: vigil passes at the goal gate, no vigil push", async () => {
  const s = createSandbox();
  try {
    vigilIn(s, "night", "on", "--scope", s.cwd, "--force");
    const r = await runClaude({
      sandbox: s,
      prompt: "/goal the CSV tests pass",
      scenario: { turns: [text("I'll continue with the parser fix next.")] },
    });
    expect(r.exitCode).toBe(0);
    const gates = vigilEvents(s.vigilHome).filter((e) => e.kind === "stop_gate");
    // The goal's own hook then keeps the turn going (its evaluator talks to the fake API): those
    // stops carry stop_hook_active and pass at the recursion gate. vigil never blocks.
    const decided = gates.map((e) => `${e.detail.decision} ${e.detail.gate}`);
    expect(decided[0]).toBe("pass goal");
    expect(decided.filter((d) => d.startsWith("block"))).toEqual([]);
    expect(String(gates[0].detail.note)).toContain("/goal");
    expect(r.requests.some((q) => allText(q).includes("vigil (unattended mode)"))).toBe(false);
    // The goal really was set: Claude Code wrote its goal_status attachment.
    expect(r.transcript.some((t) => JSON.stringify(t).includes('"goal_status"'))).toBe(true);
  } finally {
    removeSandbox(s);
  }
}, E2E_TIMEOUT_MS);
