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

/** A state draft waiting for its hook call to commit. */
export interface PendingDraft {
  /** The session's state directory. */
  dir: string;
  text: string;
  at: number;
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
  /** PreCompact only: the draft to be written (its planned path) or why none is, for the audit log. */
  drafted?: { path: string | null; reason: string };
  /**
   * PreCompact only: the draft itself, written by the effect runner once the hook's
   * transaction has committed (a draft for a call that never committed would be a lie).
   */
  pendingDraft?: PendingDraft;
  /** Files that could not be read; recorded, never fatal. */
  errors: string[];
}
