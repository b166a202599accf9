/**
 * The continuity part of the hook pipeline (hook-parts.ts): the whole policy and the readers
 * of spec and state files, loaded for SessionStart, PreCompact and a session that may be
 * restoring.
 */
import { continuityPolicy } from "../../core/policies/continuity.ts";
import { resolvePaths } from "../../edge/paths.ts";
import { continuityAdapter, writePendingDraft } from "../continuity-adapter.ts";
import type { ContinuityPart } from "./part-types.ts";

export function continuityPart(env: Record<string, string | undefined>): ContinuityPart {
  return {
    policy: continuityPolicy,
    read: continuityAdapter(env, resolvePaths(env).stateDir),
    writeDraft: writePendingDraft,
  };
}
