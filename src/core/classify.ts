/**
 * Who wrote a UserPromptSubmit prompt, with the handoff judges (classify-core.ts is the classifier, this gives it the
 * judges): what `vigil serve`, PreCompact's draft, the evaluation and the tests use. A hook process whose one prompt
 * names no handoff classifies it without loading them (src/app/hook-parts.ts).
 */
import { classifyWith } from "./classify-core.ts";
import { judgeHandoffRequest } from "./handoff-request.ts";

export type { ClassifyOptions, PromptHint, PromptKind, PromptVerdict } from "./classify-core.ts";

/** Classify a UserPromptSubmit prompt. Pure; the hint is the transcript's newest user record. */
export const classifyPrompt = classifyWith(judgeHandoffRequest);
