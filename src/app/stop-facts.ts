/**
 * The Stop gate's facts for one hook call (`TranscriptFacts.stop`): only what the gate will
 * look at, so a Stop outside unattended mode reads nothing at all. The transcript gives the
 * newest assistant text (when the payload lacks it) and, with todo continuation on, the todo
 * tool calls, interrupt and compaction times; the cwd gives the checklist files; the audit
 * log gives the pushes already made (the last one, and the todo ones), and the transcript the
 * tool calls since the last (the progress breaker).
 */
import { speaksOn } from "../core/claude-events.ts";
import type { Config } from "../core/config.ts";
import { type AuditDetails, parseAuditDetail } from "../core/audit-details.ts";
import { isObject } from "../core/payload.ts";
import type { HookPayload } from "../core/payload.ts";
import type { PolicyInput } from "../core/policy.ts";
import type { LastPush, StopFacts } from "../core/stop/facts.ts";
import { inScope, nightActive } from "../core/night/scope.ts";
import { readChecklists, readTaskFiles } from "../edge/checklists.ts";
import { readStopFacts } from "../edge/stop-facts.ts";
import { readGoalCheckins } from "../edge/goal-facts.ts";
import { checkinMinutes, goalCheckinDue } from "../core/goal-checkin.ts";
import { runningTasks } from "../core/rest.ts";
import type { Store } from "../edge/store.ts";

export interface StopFactsContext {
  store: Store;
  config: Config;
  night: PolicyInput["night"];
  now: number;
}

/**
 * Facts for a Stop that the gate may act on, or undefined when an earlier gate passes it
 * anyway (another event, `stop_hook_active`, mode off, cwd out of scope).
 */
export function stopFactsFor(p: HookPayload, c: StopFactsContext): StopFacts | undefined {
  if (!speaksOn(p.event, "stop-gate") || p.stopHookActive) return undefined;
  if (!nightActive(c.night, c.now) || !inScope(p.cwd, c.night?.scope ?? [])) return undefined;
  const todo = c.config.todoContinuation;
  const pushed = lastPush(c.store, p.sessionId);
  const read = readStopFacts(p.transcriptPath, {
    text: p.lastAssistantMessage === null,
    todo,
    goal: true,
    workSince: pushed?.at ?? null,
  });
  const facts = pushed ? { ...read, lastPush: pushed } : read;
  if (!todo) return facts;
  const person = personInterruptAt(c.store, p.sessionId);
  return {
    ...facts,
    ...(person === undefined ? {} : { lastInterruptAt: person }),
    checklists: readChecklists(p.cwd, c.config.todoFiles),
    taskFiles: (readTaskFiles(p.transcriptPath, p.sessionId) ?? []).filter(isObject),
    todoPushes: todoPushes(c.store, p.sessionId),
  };
}

/**
 * When Claude Code's `/goal` check-in wakes the session after this Stop, or null when none will:
 * read from the transcript only for a Stop that lists running background work (the only turn
 * end a check-in follows), in or out of unattended mode, since it is when the session wakes by
 * itself. The session's own `CLAUDE_CODE_GOAL_CHECKIN_MINUTES` is in the hook's environment
 * (a command hook inherits Claude Code's). Undefined for any other call: nothing is read.
 */
export function goalDueFor(
  p: HookPayload,
  at: number,
  env: Record<string, string | undefined>,
): number | null | undefined {
  if (!speaksOn(p.event, "stop-gate") || runningTasks(p.backgroundTasks).length === 0) return undefined;
  return goalCheckinDue(readGoalCheckins(p.transcriptPath), at, checkinMinutes(env));
}

/**
 * When a person last interrupted this session, where Claude Code says who (Interrupt, 2.1.336
 * on): `undefined` for a session that never sent the event (an older version, or a hook
 * registered for one: the transcript's "[Request interrupted by user]" record is all there is),
 * else the newest interrupt whose source is "user", or null. Observed on 2.1.336: the transcript
 * writes "interrupted by user" for another session's and the system's interrupts too; 2.1.337
 * marks a person's record on some paths only, so the transcript reader counts every record
 * (docs/claude-code-versions.md section 11).
 */
function personInterruptAt(store: Store, sessionId: string): number | null | undefined {
  let at: number | null | undefined;
  for (const e of store.events({ sessionId, kinds: ["interrupted"] })) {
    const d = parseAuditDetail("interrupted", e.detail);
    if (d === null) continue;
    at ??= null;
    if (d.source === "user") at = Math.max(at ?? d.at, d.at);
  }
  return at;
}

/**
 * This session's `stop_gate` blocks (its pushes), oldest first, with their audit details; a
 * row of another shape (an older version's) is not counted as a push.
 */
function pushes(store: Store, sessionId: string): { at: number; d: AuditDetails["stop_gate"] }[] {
  return store.events({ sessionId, kinds: ["stop_gate"] }).flatMap((e) => {
    const d = parseAuditDetail("stop_gate", e.detail);
    return d?.decision === "block" ? [{ at: e.at, d }] : [];
  });
}

/** This session's newest push of any kind, or null. */
export function lastPush(store: Store, sessionId: string): LastPush | null {
  const e = pushes(store, sessionId).at(-1);
  if (!e) return null;
  return {
    at: e.at,
    gate: e.d.gate,
    excerpt: e.d.excerpt,
  };
}

/** This session's todo pushes so far: the newest time and the count per todo state. */
export function todoPushes(store: Store, sessionId: string): NonNullable<StopFacts["todoPushes"]> {
  let lastAt: number | null = null;
  const counts: Record<string, number> = {};
  for (const { at, d } of pushes(store, sessionId)) {
    if (d.gate !== "todo") continue;
    lastAt = Math.max(lastAt ?? at, at);
    if (typeof d.todoHash === "string") counts[d.todoHash] = (counts[d.todoHash] ?? 0) + 1;
  }
  return { lastAt, counts };
}
