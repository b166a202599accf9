/**
 * Which hook events each Claude Code version knows. A settings file that names an event the
 * installed version does not know loses ALL of its hooks, silently (claude-code-versions.md
 * section 1), so `vigil install` registers exactly this set and `vigil doctor` checks against it.
 *
 * Sources: the CLI's own event table for 2.0.76, 2.1.88, 2.1.220, 2.1.328, 2.1.332, 2.1.336 and
 * 2.1.337 (tested), and the changelog for the steps in between (PostCompact from 2.1.76); each event's
 * first version is its row's `since` in `../claude-events.ts`. An event is only assumed known
 * from the first version where it is proven, so a version between two tested ones gets the
 * older set plus what the changelog dates: registering too few events loses a hook, too many
 * loses them all.
 * - Newer than the newest known version: the newest known set (events are never removed; a new
 *   event vigil does not know is simply not registered).
 * - Older than 2.0.76: the 2.0.76 set, the oldest proven one (`basis: "older"` lets doctor
 *   say it is unverified).
 */
import { eventsWhere, type HookEventName } from "../claude-events.ts";

export { ALL_EVENTS, type HookEventName, isKnownEvent } from "../claude-events.ts";

/** The version vigil is tested against end to end (the newest of the e2e suite's three). */
export const TESTED_VERSION = "2.1.337";

/**
 * Every version the e2e suite drives end to end (test/e2e/cli.ts `ALL_VERSIONS`, held equal by
 * test/core/claude-events.test.ts): the newest, the newest of the `@anthropic-ai/claude-code`
 * npm package, and the old one kept.
 */
export const E2E_VERSIONS = [TESTED_VERSION, "2.1.332", "2.1.88"] as const;

/** The oldest version whose event table is known. */
export const OLDEST_KNOWN_VERSION = "2.0.76";

/** Versions whose event table was read from the CLI itself. */
export const TESTED_TABLES = ["2.0.76", "2.1.88", "2.1.220", "2.1.328", "2.1.332", "2.1.336", "2.1.337"] as const;

/** Events that may not have `type: "http"` handlers (the CLI skips them with a debug line). */
export const COMMAND_ONLY_EVENTS: ReadonlySet<string> = new Set(eventsWhere((r) => r.commandOnly === true));

/**
 * Events an `--http` install still registers as command hooks: COMMAND_ONLY_EVENTS, and those
 * whose answer is plain stdout (PreCompact's instructions for the summary). An HTTP hook must
 * answer JSON: Claude Code rejects a text body ("HTTP hook must return JSON, but got non-JSON
 * response body", 2.1.336), so over HTTP the guidance never reached the summary (found by
 * `doctor --prove` proving an `--http` install as installed).
 */
export const COMMAND_HOOK_EVENTS: ReadonlySet<string> = new Set(
  eventsWhere((r) => r.commandOnly === true || r.answers.includes("instructions")),
);

/** HTTP hooks exist from this version on. */
export const HTTP_HOOKS_SINCE = "2.1.63";

/** Main sessions carry `agent_type` and subagents `agent_id` from this version on. */
export const AGENT_FIELDS_SINCE = "2.1.69";

type Triple = [number, number, number];

/** "2.1.328", "v2.1.328" or "2.1.328 (Claude Code)" → [2, 1, 328]; anything else → null. */
export function parseVersion(text: string): Triple | null {
  const m = /(?:^|[^\d.])v?(\d+)\.(\d+)\.(\d+)(?![\d])/.exec(` ${text.trim()}`);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/** Negative, zero or positive as `a` is older than, equal to or newer than `b`. */
export function compareVersions(a: string, b: string): number {
  const x = parseVersion(a) ?? [0, 0, 0];
  const y = parseVersion(b) ?? [0, 0, 0];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

/** How an event set was chosen: read from that version, interpolated, or a fallback. */
export type EventBasis = "tested" | "between" | "newer" | "older";

export interface EventSet {
  version: string;
  events: readonly HookEventName[];
  basis: EventBasis;
}

/** The newest version whose table is known. */
const NEWEST_KNOWN = TESTED_TABLES[TESTED_TABLES.length - 1];

/** The events `version` knows, in canonical order, and how sure that is. */
export function eventsFor(version: string): EventSet {
  // Older than the oldest proven table: that table (a guess doctor calls unverified).
  const at = compareVersions(version, OLDEST_KNOWN_VERSION) < 0 ? OLDEST_KNOWN_VERSION : version;
  const tested = TESTED_TABLES.some((t) => compareVersions(version, t) === 0);
  const basis: EventBasis = tested
    ? "tested"
    : compareVersions(version, NEWEST_KNOWN) > 0
    ? "newer"
    : compareVersions(version, OLDEST_KNOWN_VERSION) < 0
    ? "older"
    : "between";
  return { version, events: eventsWhere((r) => compareVersions(at, r.since) >= 0), basis };
}
