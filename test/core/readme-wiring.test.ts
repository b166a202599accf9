/**
 * The README's hand-wiring snippet is what `vigil install` writes: the same events, in the
 * same order, with the same timeouts, and none of the events vigil must never be on.
 */
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { NEVER, registeredEvents, timeoutFor } from "../../src/core/install/handled.ts";
import { TESTED_VERSION } from "../../src/core/install/events.ts";

test("README hand-wiring snippet = the handled events of the newest version, with their timeouts", () => {
  const readme = readFileSync(join(import.meta.dir, "..", "..", "README.md"), "utf8");
  const block = /To wire it by hand[\s\S]*?```json\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(block).toBeDefined();
  const hooks: Record<string, { matcher: string; hooks: { type: string; command: string; timeout: number }[] }[]> =
    JSON.parse(block ?? "{}").hooks;
  const want = registeredEvents(TESTED_VERSION).events;
  expect(Object.keys(hooks)).toEqual([...want].sort((a, b) => order(a) - order(b)));
  for (const e of want) {
    expect(hooks[e][0].hooks[0]).toEqual({ type: "command", command: "vigil hook", timeout: timeoutFor(e) });
  }
  for (const e of Object.keys(NEVER)) expect(hooks[e]).toBeUndefined();
});

/** The README lists events in the lifecycle order a reader follows. */
const LIFECYCLE = [
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PreSkillShellCommand",
  "PostToolUse",
  "PostToolUseFailure",
  "Stop",
  "StopFailure",
  "Interrupt",
  "SubagentStart",
  "SubagentStop",
  "PreCompact",
  "PostCompact",
  "SessionEnd",
];
const order = (e: string) => LIFECYCLE.indexOf(e);
