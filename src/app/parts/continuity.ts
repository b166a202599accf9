/**
 * The continuity part of the hook pipeline (hook-parts.ts): the whole policy and the readers
 * of spec and state files, loaded for SessionStart, PreCompact and a session that may be
 * restoring. The PreCompact draft's prompt classifier is the prompt part's (`classify`, read
 * when a draft is made), not imported here: the handoff judges and their weight tables came
 * with it, ~2.4 MiB of every SessionStart's peak RSS (bench/RESULTS.md, "Hook peak RSS").
 */
import { continuityPolicy } from "../../core/policies/continuity.ts";
import { resolvePaths } from "../../edge/paths.ts";
import { continuityAdapter, writePendingDraft } from "../continuity-adapter.ts";
import type { PromptClassifier } from "../../core/continuity/draft.ts";
import type { ContinuityPart } from "./part-types.ts";

export function continuityPart(
  env: Record<string, string | undefined>,
  classify: () => PromptClassifier | undefined,
): ContinuityPart {
  return {
    policy: continuityPolicy,
    read: continuityAdapter(env, resolvePaths(env).stateDir, classify),
    writeDraft: writePendingDraft,
  };
}
