/**
 * The hook events vigil handles, and so the only ones `vigil install` registers (intersected
 * with the events the installed Claude Code knows, `events.ts`). Registering an event vigil has
 * nothing to say on is never neutral: every event costs Claude Code a process, and on some the
 * hook's (empty) answer *replaces* Claude Code's own behaviour — a WorktreeCreate hook that
 * prints no path makes `claude --worktree` fail (claude-code-contract.md Part C).
 *
 * Each entry names what vigil does there; `test/cli/hook-handled.test.ts` has one case per
 * entry (a `Record` over these names, so an entry without its test does not type-check) that
 * proves it through the compiled binary with a recorded payload.
 *
 * The rows, timeouts and reasons are `../claude-events.ts`'s (`register`); this file is their view.
 */
import { ALL_EVENTS, EVENT_TABLE, type EventRow, type HookEventName } from "../claude-events.ts";
import { type EventSet, eventsFor } from "./events.ts";

type Table = typeof EVENT_TABLE;

/** An event vigil registers (its row has a timeout). */
export type HandledEvent = {
  [K in HookEventName]: Table[K]["register"] extends { timeout: number } ? K : never;
}[HookEventName];

/** Whether vigil handles `event` (and so registers it where the version knows it). */
export function isHandled(event: string): event is HandledEvent {
  return ALL_EVENTS.some((e) => e === event && registration(EVENT_TABLE[e]) !== null);
}

function registration(row: EventRow): { timeout: number; does: string } | null {
  return row.register !== null && "timeout" in row.register ? row.register : null;
}

/** Events vigil handles, with what it does there and the registration's timeout in seconds. */
export const HANDLED: readonly { event: HandledEvent; timeout: number; does: string }[] = ALL_EVENTS.flatMap((e) => {
  const r = registration(EVENT_TABLE[e]);
  return r !== null && isHandled(e) ? [{ event: e, timeout: r.timeout, does: r.does }] : [];
});

/**
 * Events vigil must never be registered on, and why. Their hooks replace or decide Claude
 * Code's own behaviour where vigil has nothing to say, or hold the screen on every batch.
 */
export const NEVER: Readonly<Partial<Record<HookEventName, string>>> = Object.fromEntries(
  ALL_EVENTS.flatMap((e) => {
    const r = EVENT_TABLE[e].register;
    return r !== null && "never" in r ? [[e, r.never]] : [];
  }),
);

/** Why vigil must never be registered on `event`, or null. */
export function neverReason(event: string): string | null {
  const reasons: Readonly<Record<string, string | undefined>> = NEVER;
  return reasons[event] ?? null;
}

/** The registration timeout (seconds) for a handled event. */
export function timeoutFor(event: HandledEvent): number {
  return registration(EVENT_TABLE[event])?.timeout ?? 10;
}

/** The events install registers for a version, and how sure the version's table is. */
export interface RegisteredSet extends Omit<EventSet, "events"> {
  events: readonly HandledEvent[];
}

/** What install registers for `version`: the handled events it knows, in canonical order. */
export function registeredEvents(version: string): RegisteredSet {
  const known = eventsFor(version);
  return { ...known, events: known.events.filter((e): e is HandledEvent => isHandled(e)) };
}
