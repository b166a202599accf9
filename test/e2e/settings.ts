/**
 * The `~/.claude/settings.json` an e2e run writes: one hook command for every event the
 * version knows (matcher "*"), and a statusLine. Naming an event the version does not know
 * makes Claude Code drop every hook in the file, silently (claude-code-versions.md section 1),
 * so the lists are per version: the same table `vigil install` uses, so every e2e run also
 * proves that table against the real CLI.
 */
import { eventsFor } from "../../src/core/install/events.ts";
import { type ClaudeVersion, NEWEST } from "./cli.ts";

/** Hook events a version knows: vigil's own table (`src/core/install/events.ts`), the one install uses. */
export const HOOK_EVENTS: Record<ClaudeVersion, readonly string[]> = {
  "2.1.88": eventsFor("2.1.88").events,
  [NEWEST]: eventsFor(NEWEST).events,
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
