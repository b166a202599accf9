/**
 * The `~/.claude/settings.json` an e2e run writes: one hook command for every event the
 * version knows (matcher "*"), and a statusLine. Naming an event the version does not know
 * makes Claude Code drop every hook in the file, silently (claude-code-versions.md section 1),
 * so the lists are per version, copied from each CLI's own event table.
 */
import type { ClaudeVersion } from "./cli.ts";

const EVENTS_2_1_88 = [
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "Notification",
  "UserPromptSubmit",
  "SessionStart",
  "SessionEnd",
  "Stop",
  "StopFailure",
  "SubagentStart",
  "SubagentStop",
  "PreCompact",
  "PostCompact",
  "PermissionRequest",
  "PermissionDenied",
  "Setup",
  "TeammateIdle",
  "TaskCreated",
  "TaskCompleted",
  "Elicitation",
  "ElicitationResult",
  "ConfigChange",
  "WorktreeCreate",
  "WorktreeRemove",
  "InstructionsLoaded",
  "CwdChanged",
  "FileChanged",
];

const EVENTS_2_1_328 = [
  ...EVENTS_2_1_88,
  "PostToolBatch",
  "UserPromptExpansion",
  "PreModelSwitch",
  "PostModelSwitch",
  "DirectoryAdded",
  "MessageDisplay",
];

/** Hook events a version knows (from the CLI's own list). */
export const HOOK_EVENTS: Record<ClaudeVersion, readonly string[]> = {
  "2.1.88": EVENTS_2_1_88,
  "2.1.328": EVENTS_2_1_328,
};

export interface HookCommands {
  /** Registered for every event; the event name is in the payload (`hook_event_name`). */
  hook: string;
  statusLine: string;
}

/**
 * Settings registering `commands` for every event of `version`, merged with `extra` (extra
 * keys win, so a test can replace `hooks` wholesale).
 */
export function buildSettings(
  version: ClaudeVersion,
  commands: HookCommands | null,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  if (commands === null) return { ...extra };
  const entry = [{ matcher: "*", hooks: [{ type: "command", command: commands.hook }] }];
  const hooks = Object.fromEntries(HOOK_EVENTS[version].map((e) => [e, entry]));
  const statusLine = { type: "command", command: commands.statusLine, padding: 0 };
  return { hooks, statusLine, ...extra };
}

/** Quote a path for the `sh -c` line Claude Code runs a command hook with. */
export function shellQuote(s: string): string {
  return `'${s.replaceAll("'", `'\\''`)}'`;
}
