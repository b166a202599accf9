/**
 * Shared pieces of the compaction-continuity e2e scenarios (`vigil-continuity-*.e2e.test.ts`):
 * the texts vigil puts in front of the summariser and the model, where they landed in a run's
 * requests, the state versions and machine transitions vigil recorded, and the vigil CLI as a
 * person (or the agent's Bash tool) would run it in the sandbox.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { compactionGuidance } from "../../src/core/continuity/guidance.ts";
import { allText, type ApiRequest, messageTexts } from "./api-request.ts";
import type { RunResult } from "./runner.ts";
import { type Sandbox, vigilBin } from "./sandbox.ts";
import { vigilEvents } from "./vigil-db.ts";

/** How each restore opens (src/core/continuity/restore.ts `OPENING`). */
export const RESTORE = {
  compact: "vigil: this session was just compacted.",
  fallback: "vigil: this session was compacted and the restore did not reach you then",
  resume: "vigil: this session was resumed.",
} as const;
/** In every restore: the summary's next steps are demoted to hypotheses. */
export const HYPOTHESES = "the summary's next steps are hypotheses; plan, state and spec are the truth";
/** The early warning's fixed part (src/core/messages/compaction.ts, English). */
export const WARNING = "past the early warning level of 60%";
/** Where Claude Code puts PreCompact's plain stdout in the summary request. */
export const ADDITIONAL = "Additional Instructions:\n";

/** vigil's guidance for the summariser when no spec and no saved state exist. */
export function plainGuidance(): string {
  return compactionGuidance({ specConstraints: null, stateConstraints: null, stateDecisions: null }, 9_000);
}

/** How many times `needle` occurs in `haystack`. */
export function count(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

/** The run's main requests, in order. */
export function mains(r: RunResult): ApiRequest[] {
  return r.requests.filter((q) => q.kind === "main");
}

/** The run's only compaction request (throws when there is not exactly one). */
export function compactRequest(r: RunResult): ApiRequest {
  const c = r.requests.filter((q) => q.kind === "compact");
  if (c.length !== 1) throw new Error(`expected one compaction request, saw ${c.length}`);
  return c[0];
}

/** Main requests after the compaction request, the first of them first. */
export function afterCompaction(r: RunResult): ApiRequest[] {
  const at = compactRequest(r).index;
  return mains(r).filter((q) => q.index > at);
}

/** The text of the request's one message that holds `marker` (throws unless exactly one does). */
export function messageWith(q: ApiRequest, marker: string): string {
  const hits = messageTexts(q).filter((m) => m.text.includes(marker));
  if (hits.length !== 1) throw new Error(`expected one message with "${marker}", saw ${hits.length}`);
  return hits[0].text;
}

/** File names under `VIGIL_HOME/states/<session>/` ([] when none). */
export function stateFiles(vigilHome: string, sessionId: string): string[] {
  const dir = join(vigilHome, "states", sessionId);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

/** How many events vigil has recorded so far (pass it as `since` to look at one run only). */
export function eventCount(vigilHome: string): number {
  return vigilEvents(vigilHome).length;
}

/** The machine's state transitions vigil recorded (after the first `since` events), as "from>to@Event". */
export function transitions(vigilHome: string, sessionId: string, since = 0): string[] {
  return vigilEvents(vigilHome).slice(since).filter((e) => e.kind === "state" && e.session_id === sessionId)
    .map((e) => `${e.detail.from}>${e.detail.to}@${e.detail.event}`);
}

/** The `continuity` audit records' actions (with `via` for restores), in order, after the first `since` events. */
export function continuityActions(vigilHome: string, since = 0): string[] {
  return vigilEvents(vigilHome).slice(since).filter((e) => e.kind === "continuity")
    .map((e) => typeof e.detail.via === "string" ? `${e.detail.action}:${e.detail.via}` : String(e.detail.action));
}

/** Run the vigil binary in the sandbox with its HOME and VIGIL_HOME; throws on a non-zero exit. */
export function vigil(s: Sandbox, args: string[], opts: { stdin?: string; env?: Record<string, string> } = {}): string {
  const p = Bun.spawnSync([vigilBin(), ...args], {
    cwd: s.cwd,
    stdin: opts.stdin === undefined ? "ignore" : new TextEncoder().encode(opts.stdin),
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: s.home,
      VIGIL_HOME: s.vigilHome,
      TZ: "UTC",
      NO_COLOR: "1",
      ...opts.env,
    },
  });
  if (p.exitCode !== 0) throw new Error(`vigil ${args.join(" ")} exited ${p.exitCode}: ${p.stderr.toString()}`);
  return p.stdout.toString();
}

/** Whether any of the request's texts mention `marker` (context lands as system or user text). */
export function shows(q: ApiRequest | undefined, marker: string): boolean {
  return q !== undefined && allText(q).includes(marker);
}
