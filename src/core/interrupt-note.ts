/**
 * Who stopped a turn, as the transcript tells it. Claude Code writes a `[Request interrupted by
 * user…]` user record whoever stopped the turn (2.1.336: a person's, another session's and the
 * system's interrupt alike). From 2.1.337 the record of a person's interrupt carries
 * `interruptedByCancel: true` and the others carry nothing (observed offline: an unmarked
 * interrupt request, one sent as another session's and one as the system's;
 * docs/claude-code-versions.md section 11). A record that names the cancelled answer
 * (`interruptedMessageId`: Escape mid-answer in the TUI writes one, observed) leaves the mark
 * out whoever stopped the turn (read from the 2.1.337 binary), so it says nothing about who. Pure.
 */
import { compareVersions } from "./install/events.ts";
import { type JsonObject, str } from "./payload.ts";

/** The first version whose interrupt record says whether a person stopped the turn. */
export const INTERRUPT_MARK_SINCE = "2.1.337";

/**
 * Whether an interrupt record (one already known to be the note) is a person's: true when it
 * says so, false when its version would have said so and it does not, null when it cannot tell
 * (an older version, no version, or a record naming the cancelled request).
 */
export function interruptByPerson(r: JsonObject): boolean | null {
  if (r.interruptedByCancel === true) return true;
  if (r.interruptedMessageId !== undefined && r.interruptedMessageId !== null) return null;
  const version = str(r, "version");
  if (version === null || compareVersions(version, INTERRUPT_MARK_SINCE) < 0) return null;
  return false;
}
