/**
 * Compaction continuity (product.md section 5, seeds 001 and 002): one early warning per
 * compaction cycle, guidance for the summariser on PreCompact, the restore on
 * SessionStart(compact), the spec on every other session start, and the check that the
 * restore landed: the transcript decides, and a restore that did not land is injected once
 * on the next event that can carry context.
 */
import { EV, isLifecycle, speaksOn } from "../claude-events.ts";
import type { ContinuityFacts } from "../continuity/facts.ts";
import { guidanceInput, injectedSpec, restoreInput } from "../continuity/from-facts.ts";
import { compactionGuidance } from "../continuity/guidance.ts";
import { restoreText } from "../continuity/restore.ts";
import { specIntro } from "../messages/continuity.ts";
import { NOTHING, type PolicyInput, type PolicyResult } from "../policy.ts";
import { continuityResult as result, earlyWarning } from "./continuity-warn.ts";

/** The first Claude Code version that writes `hook_additional_context` attachments. */
const ATTACHMENTS_SINCE = [2, 1, 220];

/** Whether a Claude Code version predates hook attachments in the transcript. */
export function writesNoAttachments(version: string | null | undefined): boolean {
  const m = version ? /^(\d+)\.(\d+)\.(\d+)/.exec(version) : null;
  if (!m) return false;
  const v = [Number(m[1]), Number(m[2]), Number(m[3])];
  for (let i = 0; i < 3; i++) if (v[i] !== ATTACHMENTS_SINCE[i]) return v[i] < ATTACHMENTS_SINCE[i];
  return false;
}

function budget(input: PolicyInput): number {
  return input.config.contextCap;
}

function restoreProposal(input: PolicyInput, f: ContinuityFacts, why: "compact" | "fallback" | "resume") {
  const text = restoreText(restoreInput(f, why), budget(input), input.config.language);
  return { proposal: { kind: "context" as const, text, rule: `continuity.restore.${why}` }, chars: text.length };
}

/**
 * How long a restore waits for its compaction's boundary to reach the transcript before the
 * transcript is judged without it. Claude Code writes the file asynchronously: the boundary was
 * seen a whole tool call after SessionStart(compact) (test/e2e, 2.1.88 and 2.1.332).
 */
export const BOUNDARY_WAIT_MS = 30_000;

/** In `restoring`: decide from the transcript whether the restore landed, else deliver it once. */
function checkRestore(input: PolicyInput): PolicyResult {
  const { facts, context, payload, now } = input;
  // Until this compaction's boundary is read, the transcript cannot show whether the delivered
  // restore landed (the newest boundary in it, if any, is an older compaction's): injecting now
  // would give the model the restore twice. One never delivered goes out at once.
  if (context.boundaryOwed && context.restoreDelivered && now - context.since < BOUNDARY_WAIT_MS) return NOTHING;
  const base = { event: payload.event, landed: facts.restoreLanded ?? null, version: facts.compactVersion ?? null };
  if (facts.restoreLanded === true) {
    return result([], [{ type: "restored", at: now, via: "transcript" }], {
      action: "restored",
      via: "transcript",
      ...base,
    });
  }
  if (context.restoreDelivered && writesNoAttachments(facts.compactVersion)) {
    // Nothing on disk can show it there; SessionStart(compact) context is observed to land on those versions.
    return result([], [{ type: "restored", at: now, via: "hook" }], { action: "restored", via: "hook", ...base });
  }
  // Only where additionalContext is observed to reach the model (claude-code-versions.md section 5).
  if (!speaksOn(payload.event, "restore") || input.role === "subagent" || !facts.continuity) return NOTHING;
  const r = restoreProposal(input, facts.continuity, payload.event === EV.SessionStart ? "resume" : "fallback");
  return result(
    [r.proposal],
    [{ type: "noticed", at: now, notice: "restoreDelivered" }, { type: "restored", at: now, via: "fallback" }],
    { action: "restored", via: "fallback", chars: r.chars, ...base },
  );
}

function onSessionStart(input: PolicyInput): PolicyResult {
  const f = input.facts.continuity;
  if (input.payload.source === "compact") {
    if (!f) return NOTHING;
    const r = restoreProposal(input, f, "compact");
    return result([r.proposal], [{ type: "noticed", at: input.now, notice: "restoreDelivered" }], {
      action: "restore",
      via: "hook",
      chars: r.chars,
      spec: f.spec !== null,
      state: f.state?.path ?? null,
      draft: f.state?.draft ?? false,
    });
  }
  if (input.state === "restoring") return checkRestore(input);
  const spec = f ? injectedSpec(f) : null;
  if (!spec) return NOTHING;
  const text = `${specIntro(input.config.language, spec.path)}\n\n${spec.text}`;
  return result([{ kind: "context", text, rule: "continuity.spec" }], [], {
    action: "spec",
    source: input.payload.source ?? null,
    chars: text.length,
  });
}

function onPreCompact(input: PolicyInput): PolicyResult {
  const f = input.facts.continuity;
  if (!f) return NOTHING;
  const text = compactionGuidance(guidanceInput(f), budget(input), input.config.language);
  return result([{ kind: "instructions", text, rule: "continuity.guidance" }], [], {
    action: "guidance",
    trigger: input.payload.trigger ?? null,
    chars: text.length,
    draft: f.drafted?.path ?? null,
    draft_reason: f.drafted?.reason ?? null,
    ...(f.errors.length ? { errors: f.errors } : {}),
  });
}

/** The compaction-continuity policy. */
export function continuityPolicy(input: PolicyInput): PolicyResult {
  const event = input.payload.event;
  if (event === EV.SessionStart) return onSessionStart(input);
  if (event === EV.PreCompact) return onPreCompact(input);
  if (isLifecycle(event)) return NOTHING;
  if (input.state === "restoring") return checkRestore(input);
  return earlyWarning(input);
}
