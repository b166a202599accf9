/**
 * Every Claude Code hook event, one row each: the single source of event names in vigil.
 * The install plan (which events, which timeout, which fail closed), the hook dispatch (the
 * machine event a call becomes), the lazily loaded parts, the output channels, doctor, the
 * proof and the version tables all derive from these rows; `test/core/claude-events.test.ts`
 * fails when an event name is written as a string anywhere else in src/.
 *
 * Adding an event is its row (and, for one vigil registers, its handler and its test case in
 * test/cli/hook-handled.test.ts, which is a `Record` over the registered events).
 */

/**
 * What a hook call of the event becomes in the session machine (`hook-events.ts` maps each).
 * `activity`: alive and working.
 */
export type Becomes =
  | "activity"
  | "sessionStart"
  | "preCompact"
  | "compacted"
  | "sessionEnded"
  | "stopped"
  | "stopFailed"
  | "prompted"
  | "toolDone"
  | "subagentStopped"
  | "interrupted";

/** What `becomes` kinds belong to the session's lifecycle (not a sign of work). */
const LIFECYCLE: ReadonlySet<Becomes> = new Set(["sessionStart", "preCompact", "compacted", "sessionEnded"]);

/**
 * The policies (and policy parts) that speak on an event.
 * - `hard-gate`: the guard denies commands at HARD (and `--fail-closed` closes the event).
 * - `soft-refusal`: the guard refuses a new instruction over SOFT.
 * - `soft-notice`: the guard's one SOFT notice rides on the event's context.
 * - `early-warning`: the continuity policy's warning before an automatic compaction.
 * - `restore`: a restore that did not land is injected on the event's context.
 * - `continuity`: the whole continuity policy (spec, guidance, restore): a lazily loaded part.
 * - `stop-gate`: the unattended-mode Stop gate: a lazily loaded part.
 */
export type Speaker =
  | "hard-gate"
  | "soft-refusal"
  | "soft-notice"
  | "early-warning"
  | "restore"
  | "continuity"
  | "stop-gate";

/**
 * What Claude Code reads from a hook's stdout on the event (claude-code-contract.md Part A):
 * `hookSpecificOutput.additionalContext`, `permissionDecision: "deny"`, a top-level
 * `decision: "block"`, or plain stdout as the summariser's instructions.
 */
export type Answer = "context" | "deny" | "block" | "instructions";

/** Whether and how vigil registers the event. */
export type Registration =
  /** Registered where the version knows it, with this timeout (seconds) and what vigil does there. */
  | { timeout: number; does: string }
  /** Never registered: its hook replaces or decides Claude Code's own behaviour, or holds the screen. */
  | { never: string }
  /** Not registered: vigil has nothing to say there (every registration costs Claude Code a process). */
  | null;

/** One event's row. */
export interface EventRow {
  /** The first version known to have it (read from that version's own event table, or dated by the changelog). */
  since: string;
  register: Registration;
  becomes: Becomes;
  speaks: readonly Speaker[];
  answers: readonly Answer[];
  /** Payload fields vigil reads beyond the common ones (session_id, transcript_path, cwd, agent_*). */
  reads: readonly string[];
  /** A recorded payload under test/fixtures (a `.json` file, or `dir/Event.jsonl`), or null: never recorded. */
  fixture: string | null;
  /** Only a `type: "command"` hook runs on it (the CLI skips `type: "http"` handlers with a debug line). */
  commandOnly?: true;
  /** Fires many times a turn: the only events whose call may go unwritten (app/quiet-call.ts). */
  frequent?: true;
  /** `vigil doctor --prove`'s scripted sessions reach it where the version has it. */
  proved?: true;
}

/**
 * Timeouts (seconds, `timeout` on every registration) are chosen from `bench/timeouts.ts`
 * (bench/RESULTS.md): above the worst call measured on an overloaded 2-core machine (20 calls
 * of one event at once, load average 26: 5–8 s; a call alone: under 0.6 s), so a slow machine
 * does not cost the guard; far below Claude Code's 600 s default, so a hung vigil cannot hold a
 * session for ten minutes. PreCompact drafts a state file from the transcript and runs once
 * per compaction, which itself takes far longer. SessionEnd shares Claude Code's 1.5 s budget
 * for all of that event's hooks, so vigil's must fit inside it.
 */
const T = 10;

const SILENT = { speaks: [], answers: [], reads: [] } as const;
const ACTIVE = { becomes: "activity", ...SILENT } as const;

/**
 * The rows, in the order of the newest version's own event table (settings files list events
 * in this order).
 */
export const EVENT_TABLE = {
  PreToolUse: {
    since: "2.0.76",
    register: { timeout: T, does: "measures; denies all but the hand-over allow-list at HARD" },
    becomes: "activity",
    speaks: ["hard-gate"],
    answers: ["context", "deny"],
    reads: ["tool_name", "tool_input"],
    fixture: "claude-code-2.1.328/hooks/basic/PreToolUse.jsonl",
    frequent: true,
    proved: true,
  },
  PostToolUse: {
    since: "2.0.76",
    register: { timeout: T, does: "measures; the SOFT notice and the early compaction warning" },
    becomes: "toolDone",
    speaks: ["soft-notice", "early-warning", "restore"],
    answers: ["context", "block"],
    reads: ["tool_name", "tool_input"],
    fixture: "claude-code-2.1.328/hooks/basic/PostToolUse.jsonl",
    frequent: true,
    proved: true,
  },
  PostToolUseFailure: {
    since: "2.0.76",
    register: { timeout: T, does: "as PostToolUse, for a tool call that failed" },
    // Activity only: a write that failed is no handoff.
    becomes: "activity",
    speaks: ["soft-notice", "early-warning", "restore"],
    answers: ["context"],
    reads: ["tool_name", "tool_input"],
    fixture: "claude-code-2.1.336/hooks/failure/PostToolUseFailure.jsonl",
  },
  PostToolBatch: {
    since: "2.1.220",
    register: null,
    ...ACTIVE,
    answers: ["context", "block"],
    fixture: "claude-code-2.1.328/hooks/basic/PostToolBatch.jsonl",
  },
  Notification: {
    since: "2.0.76",
    register: null,
    ...ACTIVE,
    fixture: "claude-code-2.1.328/hooks/tui/Notification.jsonl",
  },
  UserPromptSubmit: {
    since: "2.0.76",
    register: { timeout: T, does: "measures; refuses new work at SOFT; injects a missed restore" },
    becomes: "prompted",
    speaks: ["soft-refusal", "early-warning", "restore"],
    answers: ["context", "block"],
    reads: ["prompt", "source"],
    fixture: "claude-code-2.1.328/hooks/basic/UserPromptSubmit.jsonl",
    frequent: true,
    proved: true,
  },
  UserPromptExpansion: { since: "2.1.220", register: null, ...ACTIVE, fixture: null },
  SessionStart: {
    since: "2.0.76",
    register: { timeout: 15, does: "identifies the session; restores after compaction; resumes a dead one" },
    becomes: "sessionStart",
    speaks: ["continuity", "restore"],
    answers: ["context"],
    reads: ["source", "model"],
    fixture: "claude-code-2.1.328/hooks/basic/SessionStart.jsonl",
    commandOnly: true,
    proved: true,
  },
  SessionEnd: {
    since: "2.0.76",
    register: { timeout: 1, does: "records that the session ended and why" },
    becomes: "sessionEnded",
    ...SILENT,
    reads: ["reason"],
    fixture: "claude-code-2.1.328/hooks/basic/SessionEnd.jsonl",
    proved: true,
  },
  Stop: {
    since: "2.0.76",
    register: { timeout: T, does: "the unattended-mode Stop gate; marks the end of a turn" },
    becomes: "stopped",
    speaks: ["stop-gate"],
    answers: ["context", "block"],
    reads: ["stop_hook_active", "last_assistant_message", "background_tasks", "session_crons"],
    fixture: "claude-code-2.1.328/hooks/basic/Stop.jsonl",
    proved: true,
  },
  StopFailure: {
    since: "2.1.88",
    // An API error ends the turn with this instead of Stop: unregistered, a worker at its usage
    // limit looks stale and is nudged into a session that can only fail again (issue 30 item 4).
    register: {
      timeout: T,
      does: "an API error ended the turn: a usage limit puts the session to sleep until its reset",
    },
    becomes: "stopFailed",
    ...SILENT,
    reads: ["error", "error_details"],
    fixture: "claude-code-2.1.336/hooks/failure/StopFailure.jsonl",
  },
  Interrupt: {
    since: "2.1.336",
    register: { timeout: T, does: "a stopped turn: a person's interrupt leaves the session awaiting that person" },
    becomes: "interrupted",
    ...SILENT,
    reads: ["source", "reason", "via"],
    fixture: "claude-code-2.1.336/hooks/interrupt/Interrupt.jsonl",
    proved: true,
  },
  SubagentStart: {
    since: "2.0.76",
    register: { timeout: T, does: "activity of the main session (a subagent started)" },
    becomes: "activity",
    ...SILENT,
    answers: ["context"],
    fixture: "claude-code-2.1.328/hooks/agents/SubagentStart.jsonl",
  },
  SubagentStop: {
    since: "2.0.76",
    register: { timeout: T, does: "activity of the main session (a subagent finished)" },
    becomes: "subagentStopped",
    ...SILENT,
    answers: ["block"],
    fixture: "claude-code-2.1.328/hooks/agents/SubagentStop.jsonl",
  },
  PreCompact: {
    since: "2.0.76",
    register: { timeout: 30, does: "moves to compacting; drafts a state file; guidance for the summary" },
    becomes: "preCompact",
    speaks: ["continuity"],
    answers: ["instructions"],
    reads: ["trigger", "custom_instructions"],
    fixture: "claude-code-2.1.328/hooks/compact1/PreCompact.jsonl",
    proved: true,
  },
  PostCompact: {
    since: "2.1.76",
    register: { timeout: T, does: "moves to restoring (the restore itself rides on SessionStart)" },
    becomes: "compacted",
    ...SILENT,
    fixture: "claude-code-2.1.328/hooks/compact1/PostCompact.jsonl",
    proved: true,
  },
  PreModelSwitch: {
    since: "2.1.328",
    register: { timeout: T, does: "measures context_tokens; the new model's window re-judges the limits" },
    ...ACTIVE,
    reads: ["context_tokens", "to_model"],
    fixture: "claude-code-2.1.332/hooks/PreModelSwitch.json",
  },
  PostModelSwitch: {
    since: "2.1.328",
    register: { timeout: T, does: "as PreModelSwitch, once the switch happened" },
    ...ACTIVE,
    reads: ["context_tokens", "to_model"],
    fixture: "claude-code-2.1.332/hooks/PostModelSwitch.json",
  },
  PermissionRequest: {
    since: "2.0.76",
    register: {
      never: "its hook decides permission prompts (in -p, a background subagent's undecided request is denied)",
    },
    ...ACTIVE,
    fixture: "claude-code-2.1.328/hooks/tui3/PermissionRequest.jsonl",
  },
  PermissionDenied: { since: "2.1.88", register: null, ...ACTIVE, fixture: null },
  Setup: { since: "2.1.88", register: null, ...ACTIVE, fixture: null, commandOnly: true },
  TeammateIdle: { since: "2.1.88", register: null, ...ACTIVE, fixture: null },
  TaskCreated: { since: "2.1.88", register: null, ...ACTIVE, fixture: null },
  TaskCompleted: { since: "2.1.88", register: null, ...ACTIVE, fixture: null },
  Elicitation: {
    since: "2.1.88",
    register: { never: "its hook answers MCP elicitation prompts" },
    ...ACTIVE,
    fixture: null,
  },
  ElicitationResult: {
    since: "2.1.88",
    register: { never: "its hook can change the user's answer to an MCP elicitation" },
    ...ACTIVE,
    fixture: null,
  },
  ConfigChange: { since: "2.1.88", register: null, ...ACTIVE, fixture: null },
  WorktreeCreate: {
    since: "2.1.88",
    register: {
      never:
        'its hook replaces Claude Code\'s own "git worktree add" and must print the new path: `claude --worktree`, EnterWorktree and worktree-isolated subagents fail',
    },
    ...ACTIVE,
    fixture: null,
  },
  WorktreeRemove: {
    since: "2.1.88",
    register: { never: "its hook replaces Claude Code's own worktree removal" },
    ...ACTIVE,
    fixture: null,
  },
  InstructionsLoaded: { since: "2.1.88", register: null, ...ACTIVE, fixture: null },
  CwdChanged: { since: "2.1.88", register: null, ...ACTIVE, fixture: null },
  FileChanged: { since: "2.1.88", register: null, ...ACTIVE, fixture: null },
  DirectoryAdded: { since: "2.1.220", register: null, ...ACTIVE, fixture: null },
  MessageDisplay: {
    since: "2.1.220",
    register: { never: "Claude Code holds every streamed batch of an answer on screen until its hook returns" },
    ...ACTIVE,
    fixture: "claude-code-2.1.328/hooks/basic/MessageDisplay.jsonl",
  },
  PreSkillShellCommand: {
    since: "2.1.332",
    register: { timeout: T, does: "the HARD allow-list for the inline ! shell of skills" },
    becomes: "activity",
    speaks: ["hard-gate"],
    answers: ["deny"],
    reads: ["command", "skill_name"],
    fixture: "claude-code-2.1.332/hooks/PreSkillShellCommand.json",
  },
} as const satisfies Record<string, EventRow>;

/** A Claude Code hook event's name. */
export type HookEventName = keyof typeof EVENT_TABLE;

/**
 * Every event's name as a value, for the few places that act on one event by name (`EV.Stop`):
 * a name is written as a string only in this file.
 */
export const EV = {
  PreToolUse: "PreToolUse",
  PostToolUse: "PostToolUse",
  PostToolUseFailure: "PostToolUseFailure",
  PostToolBatch: "PostToolBatch",
  Notification: "Notification",
  UserPromptSubmit: "UserPromptSubmit",
  UserPromptExpansion: "UserPromptExpansion",
  SessionStart: "SessionStart",
  SessionEnd: "SessionEnd",
  Stop: "Stop",
  StopFailure: "StopFailure",
  Interrupt: "Interrupt",
  SubagentStart: "SubagentStart",
  SubagentStop: "SubagentStop",
  PreCompact: "PreCompact",
  PostCompact: "PostCompact",
  PreModelSwitch: "PreModelSwitch",
  PostModelSwitch: "PostModelSwitch",
  PermissionRequest: "PermissionRequest",
  PermissionDenied: "PermissionDenied",
  Setup: "Setup",
  TeammateIdle: "TeammateIdle",
  TaskCreated: "TaskCreated",
  TaskCompleted: "TaskCompleted",
  Elicitation: "Elicitation",
  ElicitationResult: "ElicitationResult",
  ConfigChange: "ConfigChange",
  WorktreeCreate: "WorktreeCreate",
  WorktreeRemove: "WorktreeRemove",
  InstructionsLoaded: "InstructionsLoaded",
  CwdChanged: "CwdChanged",
  FileChanged: "FileChanged",
  DirectoryAdded: "DirectoryAdded",
  MessageDisplay: "MessageDisplay",
  PreSkillShellCommand: "PreSkillShellCommand",
} as const satisfies { readonly [K in HookEventName]: K };

/** Every event, in the table's (canonical) order. */
export const ALL_EVENTS: readonly HookEventName[] = Object.values(EV);

/** Whether `name` is an event some known version has (else a typo or a newer event). */
export function isKnownEvent(name: string): name is HookEventName {
  return Object.hasOwn(EVENT_TABLE, name);
}

/** The row of an event, or null for a name no known version has. */
export function eventRow(name: string): EventRow | null {
  return isKnownEvent(name) ? EVENT_TABLE[name] : null;
}

/** The events whose row satisfies `pred`, in canonical order. */
export function eventsWhere(pred: (row: EventRow) => boolean): readonly HookEventName[] {
  return ALL_EVENTS.filter((e) => pred(EVENT_TABLE[e]));
}

/** Whether `speaker` speaks on `event` (false for an unknown event). */
export function speaksOn(event: string, speaker: Speaker): boolean {
  return eventRow(event)?.speaks.includes(speaker) ?? false;
}

/** Whether Claude Code reads `answer` from a hook's stdout on `event`. */
export function answersOn(event: string, answer: Answer): boolean {
  return eventRow(event)?.answers.includes(answer) ?? false;
}

/** What a call of `event` becomes in the machine: an unknown (newer) event still counts as activity. */
export function becomes(event: string): Becomes {
  return eventRow(event)?.becomes ?? "activity";
}

/** Whether `event` belongs to the session's lifecycle (start, end, compaction), not to its work. */
export function isLifecycle(event: string): boolean {
  return LIFECYCLE.has(becomes(event));
}

/** Whether a call of `event` fires many times a turn (and so may go unwritten when nothing changed). */
export function isFrequent(event: string): boolean {
  return eventRow(event)?.frequent === true;
}

/** Whether `event` runs only `type: "command"` hooks. */
export function isCommandOnly(event: string): boolean {
  return eventRow(event)?.commandOnly === true;
}
