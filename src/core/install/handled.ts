/**
 * The hook events vigil handles, and so the only ones `vigil install` registers (intersected
 * with the events the installed Claude Code knows, `events.ts`). Registering an event vigil has
 * nothing to say on is never neutral: every event costs Claude Code a process, and on some the
 * hook's (empty) answer *replaces* Claude Code's own behaviour — a WorktreeCreate hook that
 * prints no path makes `claude --worktree` fail (claude-code-contract.md Part C).
 *
 * Each entry names what vigil does there; `test/cli/hook-handled.test.ts` has one case per
 * entry (a `Record` over these names, so an entry without its test does not type-check) that
 * proves it through the compiled binary with a recorded payload.
 *
 * Timeouts (seconds, `timeout` on every registration) are chosen from `bench/timeouts.ts`
 * (bench/RESULTS.md): above the worst call measured on an overloaded 2-core machine (20 calls
 * of one event at once, load average 26: 5–8 s; a call alone: under 0.6 s), so a slow machine
 * does not cost the guard; far below Claude Code's 600 s default, so a hung vigil cannot hold a
 * session for ten minutes. PreCompact drafts a state file from the transcript and runs once
 * per compaction, which itself takes far longer. SessionEnd shares Claude Code's 1.5 s budget
 * for all of that event's hooks, so vigil's must fit inside it.
 */
import { type EventSet, eventsFor, type HookEventName } from "./events.ts";

/** Events vigil handles, with what it does there and the registration's timeout in seconds. */
export const HANDLED = [
  { event: "SessionStart", timeout: 15, does: "identifies the session; restores after compaction; resumes a dead one" },
  { event: "UserPromptSubmit", timeout: 10, does: "measures; refuses new work at SOFT; injects a missed restore" },
  { event: "PreToolUse", timeout: 10, does: "measures; denies all but the hand-over allow-list at HARD" },
  { event: "PreSkillShellCommand", timeout: 10, does: "the HARD allow-list for the inline ! shell of skills" },
  {
    event: "PreModelSwitch",
    timeout: 10,
    does: "measures context_tokens; the new model's window re-judges the limits",
  },
  { event: "PostModelSwitch", timeout: 10, does: "as PreModelSwitch, once the switch happened" },
  { event: "PostToolUse", timeout: 10, does: "measures; the SOFT notice and the early compaction warning" },
  { event: "PostToolUseFailure", timeout: 10, does: "as PostToolUse, for a tool call that failed" },
  { event: "Stop", timeout: 10, does: "the unattended-mode Stop gate; marks the end of a turn" },
  { event: "SubagentStart", timeout: 10, does: "activity of the main session (a subagent started)" },
  { event: "SubagentStop", timeout: 10, does: "activity of the main session (a subagent finished)" },
  { event: "PreCompact", timeout: 30, does: "moves to compacting; drafts a state file; guidance for the summary" },
  { event: "PostCompact", timeout: 10, does: "moves to restoring (the restore itself rides on SessionStart)" },
  { event: "SessionEnd", timeout: 1, does: "records that the session ended and why" },
] as const satisfies readonly { event: HookEventName; timeout: number; does: string }[];

export type HandledEvent = (typeof HANDLED)[number]["event"];

/**
 * Events vigil must never be registered on, and why. Their hooks replace or decide Claude
 * Code's own behaviour where vigil has nothing to say, or hold the screen on every batch.
 */
export const NEVER: Readonly<Partial<Record<HookEventName, string>>> = {
  WorktreeCreate:
    'its hook replaces Claude Code\'s own "git worktree add" and must print the new path: `claude --worktree`, EnterWorktree and worktree-isolated subagents fail',
  WorktreeRemove: "its hook replaces Claude Code's own worktree removal",
  PermissionRequest: "its hook decides permission prompts (in -p, a background subagent's undecided request is denied)",
  Elicitation: "its hook answers MCP elicitation prompts",
  ElicitationResult: "its hook can change the user's answer to an MCP elicitation",
  MessageDisplay: "Claude Code holds every streamed batch of an answer on screen until its hook returns",
};

const HANDLED_NAMES: ReadonlySet<string> = new Set(HANDLED.map((h) => h.event));

/** Whether vigil handles `event` (and so registers it where the version knows it). */
export function isHandled(event: string): event is HandledEvent {
  return HANDLED_NAMES.has(event);
}

/** Why vigil must never be registered on `event`, or null. */
export function neverReason(event: string): string | null {
  const reasons: Readonly<Record<string, string | undefined>> = NEVER;
  return reasons[event] ?? null;
}

/** The registration timeout (seconds) for a handled event. */
export function timeoutFor(event: HandledEvent): number {
  return HANDLED.find((h) => h.event === event)?.timeout ?? 10;
}

/** The events install registers for a version, and how sure the version's table is. */
export interface RegisteredSet extends Omit<EventSet, "events"> {
  events: readonly HandledEvent[];
}

/** What install registers for `version`: the handled events it knows, in canonical order. */
export function registeredEvents(version: string): RegisteredSet {
  const known = eventsFor(version);
  return { ...known, events: known.events.filter((e): e is HandledEvent => isHandled(e)) };
}
