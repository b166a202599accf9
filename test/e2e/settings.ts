/**
 * The `~/.claude/settings.json` an e2e run writes: one hook command (matcher "*") per event,
 * and a statusLine. vigil is registered exactly where `vigil install` registers it (the events
 * it handles that the version knows, `src/core/install/handled.ts`); the recorder, which stands
 * in for vigil to see what the CLI sends, on every event the version knows except those whose
 * hook replaces Claude Code's own behaviour (WorktreeCreate, …). Naming an event the version
 * does not know makes older Claude Code drop every hook in the file, silently
 * (claude-code-versions.md section 1), so every e2e run also proves the table against the CLI.
 */
import { eventsFor } from "../../src/core/install/events.ts";
import { neverReason, registeredEvents } from "../../src/core/install/handled.ts";
import type { ClaudeVersion } from "./cli.ts";

/** Hook events a version knows that a passive hook may sit on: what the recorder registers. */
export const HOOK_EVENTS: Readonly<Record<ClaudeVersion, readonly string[]>> = {
  "2.1.88": passive("2.1.88"),
  "2.1.332": passive("2.1.332"),
  "2.1.337": passive("2.1.337"),
};

function passive(version: ClaudeVersion): readonly string[] {
  return eventsFor(version).events.filter((e) => neverReason(e) === null);
}

/** The events vigil registers for a version: what `vigil install` writes. */
export function vigilEvents(version: ClaudeVersion): readonly string[] {
  return registeredEvents(version).events;
}

export interface HookCommands {
  /** Registered for every event; the event name is in the payload (`hook_event_name`). */
  hook: string;
  statusLine: string;
  /** The events to register on (default: `HOOK_EVENTS` of the version). */
  events?: readonly string[];
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
  const hooks = Object.fromEntries((commands.events ?? HOOK_EVENTS[version]).map((e) => [e, entry]));
  const statusLine = { type: "command", command: commands.statusLine, padding: 0 };
  return { hooks, statusLine, ...extra };
}

/** Quote a path for the `sh -c` line Claude Code runs a command hook with. */
export function shellQuote(s: string): string {
  return `'${s.replaceAll("'", `'\\''`)}'`;
}
