/**
 * Who stopped a turn, as the transcript tells it. Claude Code writes a `[Request interrupted by
 * user…]` user record whoever stopped the turn (2.1.336: a person's, another session's and the
 * system's interrupt alike). From 2.1.337 the record of a person's interrupt, on the paths that
 * ask who cancelled, carries `interruptedByCancel: true`, and another session's and the system's
 * carry nothing (observed offline: an unmarked interrupt request, one sent as another session's
 * and one as the system's; docs/claude-code-versions.md section 11). A missing mark does not say
 * "not a person": the same binary writes the record with no mark on paths a person's stop reaches
 * too (read from the 2.1.337 binary: a turn stopped while its Stop hooks run, a prompt aborted
 * while it is processed, a stopped hand-over turn), and Escape mid-answer writes
 * `interruptedMessageId` instead. So only the mark says something; an unmarked record may be a
 * person's and counts, as every record did before 2.1.337 (holding a todo push 30 s after another
 * session's interrupt is the cheap error, pushing right after a person stopped the turn the
 * costly one). Pure.
 */
import type { JsonObject } from "./payload.ts";

/** Whether an interrupt record (one already known to be the note) is a person's: true when it says so, else null. */
export function interruptByPerson(r: JsonObject): true | null {
  return r.interruptedByCancel === true ? true : null;
}
