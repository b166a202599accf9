/**
 * Maps one Claude Code hook call to the session machine's events (product.md section 3).
 * Pure: the caller supplies the time and the measurement.
 */
import type { AwaitKind, SessionEvent, SessionRole, SessionState } from "../../machines/session.ts";
import { becomes, speaksOn } from "./claude-events.ts";
import type { classifyPrompt, PromptHint, PromptKind, PromptVerdict } from "./classify.ts";
import type { Config } from "./config.ts";
import type { Measurement } from "./policy.ts";
import type { HookPayload } from "./payload.ts";
import { isObject, str } from "./payload.ts";
import { isHandoffPath } from "./policies/hard/handoff-path.ts";
import { bashHandoffWrites, type LineAnalyzer } from "./policies/hard.ts";
import { stopFailureEvent, stoppedEvent } from "./rest.ts";
import { callRole } from "./scope.ts";

/** The role of a main session from its payload and config; subagent calls have no say. */
export function mainRole(p: HookPayload, config: Config): SessionRole | null {
  const role = callRole(p, config);
  return role === "subagent" ? null : role;
}

/** The machine events one hook call stands for, in the order they apply. */
export function hookEvents(
  p: HookPayload,
  m: Measurement,
  state: SessionState,
  opts: {
    at: number;
    config: Config;
    /** A Stop's final message as classified (`awaitingIn`, awaiting.ts; null: not classified), and the goal check-in. */
    stop?: { awaiting: AwaitKind | null; goalDue?: number | null };
    /** The call's one prompt classification (`classifyCall`), handed to the policies too. */
    prompt?: PromptVerdict | null;
    /** Where the measurement's window came from (kept in the machine's context). */
    windowSource?: string;
    /** Compact boundaries the meter read in this call's appended bytes. */
    newBoundaries?: number;
    /** The shell analyser, loaded for a Bash call at HARD (`bashNeedsShell`). */
    analyze?: LineAnalyzer;
    /** A usage-limit reset the machine already knows (from the statusLine), and the local time zone. */
    knownReset?: number | null;
    zone?: string;
  },
): SessionEvent[] {
  const { at, config } = opts;
  const out: SessionEvent[] = [];
  const role = mainRole(p, config);
  if (role !== null) out.push({ type: "identified", at, role, agentType: p.agentType });
  if (m.tokens !== null || m.window !== null) {
    out.push({
      type: "measured",
      at,
      tokens: m.tokens,
      estimate: m.estimate,
      window: m.window,
      soft: config.softTokens,
      hard: config.hardTokens,
      anticipate: config.anticipate,
      ...(opts.windowSource !== undefined ? { windowSource: opts.windowSource } : {}),
    });
  }
  // A boundary in the transcript, whoever's call read it (transcript_path is always the main
  // session's): the machine tells the one a hook reported, which can land a tool call later,
  // from a compaction no hook reported (2.0.x has no PostCompact; the hooks may fail open).
  if ((opts.newBoundaries ?? 0) > 0) out.push({ type: "boundaryRead", at });
  // What the call becomes is its event's row in claude-events.ts (an unknown, newer event: activity).
  const kind = becomes(p.event);
  switch (kind) {
    case "sessionStart":
      if (p.source === "compact") out.push({ type: "compacted", at, postTokens: m.tokens });
      else if (p.source === "resume" || state === "dead") {
        out.push({ type: "resumed", at, source: p.source ?? "startup" });
      } else out.push({ type: "activity", at });
      break;
    case "preCompact":
      out.push({ type: "preCompact", at, trigger: p.trigger ?? "auto" });
      break;
    case "compacted":
      out.push({ type: "compacted", at, postTokens: m.tokens });
      break;
    case "sessionEnded":
      out.push({ type: "sessionEnded", at, reason: typeof p.raw.reason === "string" ? p.raw.reason : "other" });
      break;
    case "stopped": {
      out.push({ type: "activity", at });
      // A Stop of a version without the field says nothing about the session's own crons.
      if (Array.isArray(p.raw.session_crons)) out.push({ type: "cronsListed", at, prompts: p.sessionCrons });
      const crons = Array.isArray(p.raw.session_crons) ? p.raw.session_crons.filter(isObject) : [];
      if (opts.stop) {
        out.push(stoppedEvent({ ...opts.stop, crons, backgroundTasks: p.backgroundTasks }, at));
      }
      break;
    }
    case "prompted":
      out.push({ type: "activity", at });
      out.push({ type: "prompted", at, human: isHumanPrompt(p, opts.prompt ?? null) });
      break;
    case "stopFailed": {
      out.push({ type: "activity", at });
      // The error's own words say when the limit resets (`error_details` is the raw API message).
      const text = [p.raw.last_assistant_message, p.raw.error_details].filter((t) => typeof t === "string").join("\n");
      const slept = stopFailureEvent(p.raw.error, at, { text, known: opts.knownReset, zone: opts.zone });
      if (slept) out.push(slept);
      break;
    }
    case "toolDone": {
      out.push({ type: "activity", at });
      // Only a handoff written at HARD counts (the Stop gate asks for one since HARD): below it
      // the glob match is not worth its time on every tool call.
      const path = state === "hard" && p.toolInput
        ? str(p.toolInput, "file_path") ?? str(p.toolInput, "notebook_path")
        : null;
      if (path !== null && isHandoffPath(path, config.handoffGlobs, p.cwd)) out.push({ type: "handoffWritten", at });
      // HARD allows a handoff through Bash too (heredoc, tee, redirect): it is the same handoff.
      const line = bashNeedsShell(p, state) && p.toolInput ? str(p.toolInput, "command") : null;
      if (line !== null && opts.analyze && bashHandoffWrites(line, config, p.cwd, opts.analyze).length > 0) {
        out.push({ type: "handoffWritten", at });
      }
      break;
    }
    case "subagentStopped":
      // The compaction's own pseudo-subagent (agent_type "") stops in the middle of a
      // compaction: it is no sign that work resumed.
      if (p.agentType !== "") out.push({ type: "activity", at });
      break;
    case "interrupted": {
      out.push({ type: "activity", at });
      // No Stop fires on an interrupted turn: this is its end. A source newer than 2.1.336's
      // three is someone else's doing, not a person's.
      const source = p.source === "user" || p.source === "session" ? p.source : "system";
      out.push({ type: "interrupted", at, source, reason: str(p.raw, "reason") ?? "other" });
      break;
    }
    case "activity":
      out.push({ type: "activity", at });
      break;
    default:
      kind satisfies never;
  }
  return out;
}

/** A finished Bash call at HARD: whether it wrote a handoff takes the shell analyser to tell. */
export function bashNeedsShell(p: HookPayload, state: SessionState | string | null): boolean {
  return becomes(p.event) === "toolDone" && p.toolName === "Bash" && state === "hard";
}

/** Prompt verdicts that are a person's own words (classify.ts); the rest are the harness or a wake-up. */
const HUMAN_VERDICTS: ReadonlySet<PromptKind> = new Set(["instruction", "handoff", "pass-command"]);

/** A prompt a person typed, not a loop, cron, wake-up, peer message or harness notification. */
export function isHumanPrompt(p: HookPayload, verdict: PromptVerdict | null): boolean {
  if (p.prompt === null || verdict === null) return p.source === null || p.source === "user";
  return HUMAN_VERDICTS.has(verdict.verdict);
}

/**
 * The one classification of a call's prompt (UserPromptSubmit; null on other events): with
 * the transcript's newest user record (an `isMeta` record is the harness), the prompt's
 * `source` and the session's own crons, so the guard, the early warning and the machine see
 * the same wake-up, the same harness notification and the same person. `classify` is
 * classify.ts's `classifyPrompt`, which a hook process loads only for a call with a prompt
 * (its tables, the handoff request's among them, are otherwise most of a PreToolUse's code).
 */
export function classifyCall(
  p: HookPayload,
  c: {
    config: Config;
    hint: PromptHint | null | undefined;
    ownCrons: readonly string[];
    classify: typeof classifyPrompt;
  },
): PromptVerdict | null {
  if (!speaksOn(p.event, "soft-refusal")) return null;
  return c.classify(p.prompt ?? "", {
    passCommands: c.config.passCommands,
    hint: c.hint ?? null,
    source: p.source,
    ownCrons: c.ownCrons,
  });
}
