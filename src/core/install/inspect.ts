/**
 * What a parsed settings.json says about vigil and about hooks in general: which events vigil
 * is wired to and how, which event names Claude Code might not know, `disableAllHooks`, the
 * statusLine. Shared by install (warnings) and doctor (findings).
 */
import { FAIL_CLOSED_HEADER } from "../fail-closed.ts";
import { isObject } from "../payload.ts";
import {
  httpStatuslineOf,
  isVigilGroup,
  isVigilHandler,
  splitProgram,
  statusLineKind,
  type VigilMarks,
} from "./entries.ts";
import { type EventBasis, eventsFor } from "./events.ts";
import { isHandled, neverReason, registeredEvents } from "./handled.ts";

export type StatusLineFact =
  | { kind: "absent" }
  /** `programs`: what the `--http` statusLine client runs (its bash, then the binary it falls back to). */
  | { kind: "vigil"; command: string; programs?: string[] }
  | { kind: "wrapped"; command: string; then: string }
  | { kind: "other"; command: string };

export interface SettingsFacts {
  /** Every key under `hooks`, in file order. */
  hookEvents: string[];
  /** Events with a vigil group. */
  vigilEvents: string[];
  /** Events where some group, vigil's or the user's, runs `vigil hook` (or posts to serve). */
  vigilHandlerEvents: string[];
  /** Programs vigil's command hooks run (normally one path). */
  bins: string[];
  /** URLs vigil's HTTP hooks post to. */
  urls: string[];
  disableAllHooks: boolean;
  statusLine: StatusLineFact;
  /** Events where vigil's handler has `onFailure: "block"` (`install --fail-closed`). */
  failClosedEvents: string[];
  /**
   * Of those, events whose HTTP hook does not tell serve so (no FAIL_CLOSED_HEADER: an install
   * from before serve could fail closed): serve answers its failure 200-empty and the tool runs.
   */
  closedUntold: string[];
}

/** Facts about a settings value (anything: a broken file's parts are simply absent). */
export function inspectSettings(value: unknown, marks: VigilMarks): SettingsFacts {
  const root = isObject(value) ? value : {};
  const hooks = isObject(root.hooks) ? root.hooks : {};
  const facts: SettingsFacts = {
    hookEvents: Object.keys(hooks),
    vigilEvents: [],
    vigilHandlerEvents: [],
    bins: [],
    urls: [],
    disableAllHooks: root.disableAllHooks === true,
    statusLine: { kind: "absent" },
    failClosedEvents: [],
    closedUntold: [],
  };
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    const mine = groups.filter((g) => isVigilGroup(g, marks));
    if (mine.length > 0) facts.vigilEvents.push(event);
    const handlers = groups.flatMap((g) => isObject(g) && Array.isArray(g.hooks) ? g.hooks : []);
    if (handlers.some((h) => isVigilHandler(h, marks))) facts.vigilHandlerEvents.push(event);
    for (const g of mine) {
      for (const h of isObject(g) && Array.isArray(g.hooks) ? g.hooks : []) {
        if (!isObject(h)) continue;
        if (h.onFailure === "block" && !facts.failClosedEvents.includes(event)) facts.failClosedEvents.push(event);
        if (h.onFailure === "block" && h.type === "http" && !tellsServe(h) && !facts.closedUntold.includes(event)) {
          facts.closedUntold.push(event);
        }
        const program = typeof h.command === "string" ? splitProgram(h.command)?.program : undefined;
        if (program && !facts.bins.includes(program)) facts.bins.push(program);
        if (typeof h.url === "string" && !facts.urls.includes(h.url)) facts.urls.push(h.url);
      }
    }
  }
  const sl = isObject(root.statusLine) ? root.statusLine : null;
  if (sl && typeof sl.command === "string") {
    const k = statusLineKind(sl.command, marks);
    const client = k.kind === "vigil" ? httpStatuslineOf(sl.command, marks) : null;
    facts.statusLine = k.kind === "wrapped"
      ? { kind: "wrapped", command: sl.command, then: k.then }
      : client
      ? { kind: "vigil", command: sl.command, programs: [client.bash, client.bin] }
      : { kind: k.kind, command: sl.command };
  }
  return facts;
}

export interface EventCheck {
  /** Event names in the file that this version does not know: every hook in the file is off. */
  unknown: string[];
  /** Events vigil handles that the version knows and vigil is not wired to. */
  missing: string[];
  /** Events vigil is wired to but does not handle (an earlier vigil's registrations). */
  unhandled: string[];
  /** Events where any handler runs vigil and vigil must never be (WorktreeCreate, …). */
  forbidden: string[];
  /** Whether the version's event table is proven (else newer/older: only a best guess). */
  basis: EventBasis;
}

/** The file's event names against what `version` knows. */
export function checkEvents(facts: SettingsFacts, version: string): EventCheck {
  const set = eventsFor(version);
  const known = new Set<string>(set.events);
  // For a version newer than the table, a name vigil does not know may be a real new event.
  const unknown = set.basis === "newer" ? [] : facts.hookEvents.filter((e) => !known.has(e));
  const missing = registeredEvents(version).events.filter((e) => !facts.vigilEvents.includes(e));
  const forbidden = facts.vigilHandlerEvents.filter((e) => neverReason(e) !== null);
  const unhandled = facts.vigilEvents.filter((e) => !isHandled(e) && !forbidden.includes(e));
  return { unknown, missing, unhandled, forbidden, basis: set.basis };
}

/** Whether an HTTP handler carries FAIL_CLOSED_HEADER (header names are case-insensitive). */
function tellsServe(h: Record<string, unknown>): boolean {
  const headers = isObject(h.headers) ? Object.keys(h.headers) : [];
  return headers.some((k) => k.toLowerCase() === FAIL_CLOSED_HEADER.toLowerCase());
}
