/**
 * What the continuity policy needs from disk, gathered by the edge before the policy runs
 * (the policy itself stays pure): the spec, the newest state version and the newest one the
 * agent saved, the stable paths to point at, and what PreCompact did about a draft.
 */

export interface StateVersionText {
  path: string;
  /** ms since the epoch, from the version's name. */
  at: number;
  draft: boolean;
  text: string;
}

export interface ContinuityFacts {
  /** Where the spec is or would be (`<project>/.vigil/spec.md`). */
  specPath: string;
  /** The spec file's text as stored, or null when there is none. */
  spec: string | null;
  /** The stable path of the newest state (`states/<session_id>/state.md`). */
  statePath: string;
  /** The newest version, saved or drafted. */
  state: StateVersionText | null;
  /** The newest version the agent saved (equal to `state` unless that is a draft). */
  saved: StateVersionText | null;
  /** PreCompact only: the draft written (path) or why none was, for the audit log. */
  drafted?: { path: string | null; reason: string };
  /** Files that could not be read; recorded, never fatal. */
  errors: string[];
}
