/**
 * What a parsed settings.json says about vigil and about hooks in general: which events vigil
 * is wired to and how, which event names Claude Code might not know, `disableAllHooks`, the
 * statusLine. Shared by install (warnings) and doctor (findings).
 */
import { isObject } from "../payload.ts";
import { isVigilGroup, splitProgram, statusLineKind, type VigilMarks } from "./entries.ts";
import { type EventBasis, eventsFor } from "./events.ts";

export type StatusLineFact =
  | { kind: "absent" }
  | { kind: "vigil"; command: string }
  | { kind: "wrapped"; command: string; then: string }
  | { kind: "other"; command: string };

export interface SettingsFacts {
  /** Every key under `hooks`, in file order. */
  hookEvents: string[];
  /** Events with a vigil group. */
  vigilEvents: string[];
  /** Programs vigil's command hooks run (normally one path). */
  bins: string[];
  /** URLs vigil's HTTP hooks post to. */
  urls: string[];
  disableAllHooks: boolean;
  statusLine: StatusLineFact;
}

/** Facts about a settings value (anything: a broken file's parts are simply absent). */
export function inspectSettings(value: unknown, marks: VigilMarks): SettingsFacts {
  const root = isObject(value) ? value : {};
  const hooks = isObject(root.hooks) ? root.hooks : {};
  const facts: SettingsFacts = {
    hookEvents: Object.keys(hooks),
    vigilEvents: [],
    bins: [],
    urls: [],
    disableAllHooks: root.disableAllHooks === true,
    statusLine: { kind: "absent" },
  };
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    const mine = groups.filter((g) => isVigilGroup(g, marks));
    if (mine.length > 0) facts.vigilEvents.push(event);
    for (const g of mine) {
      for (const h of isObject(g) && Array.isArray(g.hooks) ? g.hooks : []) {
        if (!isObject(h)) continue;
        const program = typeof h.command === "string" ? splitProgram(h.command)?.program : undefined;
        if (program && !facts.bins.includes(program)) facts.bins.push(program);
        if (typeof h.url === "string" && !facts.urls.includes(h.url)) facts.urls.push(h.url);
      }
    }
  }
  const sl = isObject(root.statusLine) ? root.statusLine : null;
  if (sl && typeof sl.command === "string") {
    const k = statusLineKind(sl.command, marks);
    facts.statusLine = k.kind === "wrapped"
      ? { kind: "wrapped", command: sl.command, then: k.then }
      : { kind: k.kind, command: sl.command };
  }
  return facts;
}

export interface EventCheck {
  /** Event names in the file that this version does not know: every hook in the file is off. */
  unknown: string[];
  /** Events the version knows that vigil is not wired to. */
  missing: string[];
  /** Whether the version's event table is proven (else newer/older: only a best guess). */
  basis: EventBasis;
}

/** The file's event names against what `version` knows. */
export function checkEvents(facts: SettingsFacts, version: string): EventCheck {
  const set = eventsFor(version);
  const known = new Set<string>(set.events);
  // For a version newer than the table, a name vigil does not know may be a real new event.
  const unknown = set.basis === "newer" ? [] : facts.hookEvents.filter((e) => !known.has(e));
  const missing = set.events.filter((e) => !facts.vigilEvents.includes(e));
  return { unknown, missing, basis: set.basis };
}
