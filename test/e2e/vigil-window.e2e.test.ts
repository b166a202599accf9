/**
 * The window is always known (issue 14, point 6), with the real newest CLI in `-p` (no
 * statusLine ever runs): it comes from `--autocompact`, from CLAUDE_CODE_AUTO_COMPACT_WINDOW,
 * or from the model of the responses, and `vigil status --json` names the source. A resumed
 * session's SessionStart carries `context_tokens`, taken as the measurement.
 */
import { expect, test } from "bun:test";
import { E2E_TIMEOUT_MS, runClaude } from "./runner.ts";
import { vigilBin } from "./sandbox.ts";
import { bash, contextOf, text } from "./scenario.ts";
import { vigilEvents } from "./vigil-db.ts";

const agents = { worker: { description: "Works one ticket", prompt: "You are E2E_WORKER." } };

function statusOf(vigilHome: string, sessionId: string): Record<string, unknown> {
  const p = Bun.spawnSync([vigilBin(), "status", "--json", "--all"], {
    env: { PATH: process.env.PATH ?? "", VIGIL_HOME: vigilHome },
  });
  const all: Record<string, unknown>[] = JSON.parse(p.stdout.toString());
  const mine = all.find((s) => s.session_id === sessionId);
  if (!mine) throw new Error(`no status for "${sessionId}": ${p.stdout}`);
  return mine;
}

test.each<[string, { autocompact?: number; env?: Record<string, string> }, number, string]>([
  ["--autocompact", { autocompact: 150_000 }, 150_000, "flag"],
  ["CLAUDE_CODE_AUTO_COMPACT_WINDOW", { env: { CLAUDE_CODE_AUTO_COMPACT_WINDOW: "170000" } }, 170_000, "env"],
  ["the model (claude-opus-5-5, 2.1.332's default)", {}, 1_000_000, "model"],
])("headless worker: window from %s", async (_name, o, window, source) => {
  const r = await runClaude({
    prompt: "Fix the CSV parser ticket",
    agent: "worker",
    agentsJson: agents,
    ...o,
    scenario: { turns: [bash("echo one", contextOf(90_000)), text("Done.", contextOf(91_000))] },
  });
  try {
    expect(r.exitCode).toBe(0);
    expect(statusOf(r.vigilHome, r.sessionId)).toMatchObject({ window, window_source: source });
  } finally {
    r.cleanup();
  }
}, E2E_TIMEOUT_MS);

test(
  "a resumed session's SessionStart context_tokens is its measurement; a model switch re-sizes the window at once",
  async () => {
    const first = await runClaude({
      prompt: "Fix the CSV parser ticket",
      agent: "worker",
      agentsJson: agents,
      scenario: { turns: [bash("echo one", contextOf(120_000)), text("Paused.", contextOf(121_000))] },
    });
    try {
      const second = await runClaude({
        prompt: "continue",
        agent: "worker",
        agentsJson: agents,
        resume: { sandbox: first.sandbox, sessionId: first.sessionId },
        scenario: { turns: [text("Continuing.", contextOf(122_000))] },
      });
      expect(second.exitCode).toBe(0);
      const starts = vigilEvents(first.vigilHome).filter((e) => e.kind === "hook" && e.detail.event === "SessionStart");
      // 121,000 of context plus the 10 output tokens of the last response, as the CLI counts it.
      expect(starts.at(-1)?.detail).toMatchObject({ source: "hook", tokens: 121_010 });
      // `/model` in -p: 2.1.332 sends PreModelSwitch (PostModelSwitch only when the process lives long enough).
      const third = await runClaude({
        prompt: "/model claude-sonnet-4-5",
        agent: "worker",
        agentsJson: agents,
        resume: { sandbox: first.sandbox, sessionId: first.sessionId },
        scenario: { turns: [] },
      });
      expect(third.exitCode).toBe(0);
      const switched = vigilEvents(first.vigilHome).filter((e) =>
        e.kind === "hook" && e.detail.event === "PreModelSwitch"
      );
      expect(switched.map((e) => e.detail)).toMatchObject([{
        window: 200_000,
        window_source: "model",
        source: "hook",
      }]);
    } finally {
      first.cleanup();
    }
  },
  E2E_TIMEOUT_MS * 3,
);
