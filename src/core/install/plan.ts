/**
 * Install and uninstall as text → text: vigil's hooks (one matcher-`*` group, with a timeout,
 * per event vigil handles that the installed Claude Code knows: `handled.ts`) and its statusLine
 * merged into a settings.json, every other hook and setting kept, and removed again exactly.
 * Installing twice changes nothing; installing over an earlier vigil's registrations removes
 * those it no longer makes (every event, WorktreeCreate included) and adds the timeouts. Edits
 * go through `json-text.ts`, so the rest of the file keeps its bytes.
 */
import type { Node } from "jsonc-parser";
import { isObject } from "../payload.ts";
import {
  httpStatuslineCommand,
  isVigilGroup,
  type MatcherGroup,
  statuslineCommand,
  vigilGroup,
  type VigilMarks,
} from "./entries.ts";
import { registeredEvents } from "./handled.ts";
import { inspectSettings, type SettingsFacts } from "./inspect.ts";
import {
  appendElement,
  appendProperty,
  type Doc,
  newDocument,
  properties,
  propertyNode,
  removeChild,
  replaceValue,
  type TextResult,
  valueOf,
} from "./json-text.ts";
import { indexOfProp, load, reload } from "./settings-doc.ts";
import { setStatusLine, type StatusLineMode, type StatusLineOutcome, unsetStatusLine } from "./statusline-setting.ts";

export type { StatusLineMode, StatusLineOutcome };

export interface InstallSpec {
  /** Absolute path of the vigil binary the hooks run. */
  bin: string;
  /** The installed Claude Code version: it decides the events. */
  claudeVersion: string;
  /** Register `type: "http"` hooks to `vigil serve` on this port (not for SessionStart/Setup). */
  httpPort: number | null;
  /**
   * The bash that runs the statusLine client (statusline-client.ts) of an `httpPort` install:
   * vigil's own statusLine then asks serve on that port. Null: `vigil statusline`.
   */
  bash?: string | null;
  /** What to do with a statusLine the user already has (default "wrap"). */
  statusLine: StatusLineMode;
  marks: VigilMarks;
  /** `--fail-closed`: PreToolUse and PreSkillShellCommand with `onFailure: "block"`. */
  failClosed?: boolean;
  /**
   * `--statusline-only` (false): the statusLine alone, and none of vigil's hooks in this file
   * (a plugin registers them; both would run vigil twice per event).
   */
  hooks?: boolean;
}

export interface Change {
  /** The new text (the input itself when nothing changes); null: delete the file. */
  text: string | null;
  changed: boolean;
  added: string[];
  updated: string[];
  removed: string[];
  statusLine: StatusLineOutcome;
  /** The user's statusLine command when it was left alone or wrapped. */
  userStatusLine: string | null;
  /** The file as it is after the change, for warnings (disableAllHooks, unknown events). */
  facts: SettingsFacts;
}

const ok = <T>(value: T): TextResult<T> => ({ ok: true, value });

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a), kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => k in b && sameValue(a[k], b[k]));
  }
  return a === b;
}

/** Remove vigil's groups from every event (and events left empty); `keep` events are skipped. */
function stripHooks(text: string, marks: VigilMarks, keep: ReadonlySet<string>, removed: string[]): string {
  for (;;) {
    const doc = reload(text);
    const hooks = propertyNode(doc.root, "hooks");
    if (!hooks) return text;
    const props = properties(hooks);
    const hit = props.findIndex((p) => {
      const name = String(p.children?.[0]?.value);
      const arr = p.children?.[1];
      return !keep.has(name) && arr?.type === "array" &&
        (arr.children ?? []).some((g) => isVigilGroupNode(doc, g, marks));
    });
    if (hit < 0) {
      return props.length === 0 && removed.length > 0 ? removeChild(doc, doc.root, indexOfProp(doc, "hooks")) : text;
    }
    const name = String(props[hit].children?.[0]?.value);
    const arr = props[hit].children![1];
    const kids = arr.children ?? [];
    if (!removed.includes(name)) removed.push(name);
    text = kids.every((g) => isVigilGroupNode(doc, g, marks))
      ? removeChild(doc, hooks, hit)
      : removeChild(doc, arr, kids.findIndex((g) => isVigilGroupNode(doc, g, marks)));
  }
}

function isVigilGroupNode(doc: Doc, g: Node, marks: VigilMarks): boolean {
  return isVigilGroup(valueOf(doc, g), marks);
}

/** Bring one event to exactly vigil's desired group, keeping the user's groups. */
function setEvent(text: string, event: string, want: MatcherGroup, marks: VigilMarks): { text: string; did: string } {
  const doc = reload(text);
  const hooks = propertyNode(doc.root, "hooks");
  if (!hooks) return { text: appendProperty(doc, doc.root, "hooks", { [event]: [want] }), did: "added" };
  const arr = propertyNode(hooks, event);
  if (!arr) return { text: appendProperty(doc, hooks, event, [want]), did: "added" };
  if (arr.type !== "array") throw new Error(`"hooks.${event}" is not an array`);
  const mine = (arr.children ?? []).map((g, i) => ({ g, i })).filter(({ g }) => isVigilGroupNode(doc, g, marks));
  if (mine.length === 0) return { text: appendElement(doc, arr, want), did: "added" };
  if (mine.length === 1 && sameValue(valueOf(doc, mine[0].g), want)) return { text, did: "" };
  if (mine.length > 1) return { text: removeChild(doc, arr, mine[mine.length - 1].i), did: "again" };
  return { text: replaceValue(doc, mine[0].g, want), did: "updated" };
}

/** Merge vigil into `text` (null or blank: no file yet). */
export function planInstall(text: string | null, spec: InstallSpec): TextResult<Change> {
  const events = spec.hooks === false ? [] : registeredEvents(spec.claudeVersion).events;
  const want = new Map<string, MatcherGroup>(
    events.map((e) => [e, vigilGroup(e, spec.bin, spec.httpPort, { failClosed: spec.failClosed })]),
  );
  const own = spec.httpPort !== null && spec.bash
    ? httpStatuslineCommand(spec.bash, spec.httpPort, spec.bin)
    : statuslineCommand(spec.bin);
  const statusLine = { type: "command", command: own, padding: 0 };
  if (text === null || text.trim() === "") {
    const value = want.size === 0
      ? { statusLine }
      : { hooks: Object.fromEntries([...want].map(([e, g]) => [e, [g]])), statusLine };
    return ok({
      text: newDocument(value),
      changed: true,
      added: [...want.keys()],
      updated: [],
      removed: [],
      statusLine: "added",
      userStatusLine: null,
      facts: inspectSettings(value, spec.marks),
    });
  }
  const first = load(text);
  if (!first.ok) return first;
  try {
    const removed: string[] = [];
    let out = stripHooks(text, spec.marks, new Set(want.keys()), removed);
    const added: string[] = [], updated: string[] = [];
    for (const [event, group] of want) {
      for (;;) {
        const r = setEvent(out, event, group, spec.marks);
        out = r.text;
        if (r.did === "added") added.push(event);
        if (r.did === "updated") updated.push(event);
        if (r.did !== "again") break;
      }
    }
    const sl = setStatusLine(out, spec.bin, spec.statusLine, spec.marks, own);
    out = sl.text;
    const facts = inspectSettings(valueOf(reload(out), reload(out).root), spec.marks);
    return ok({
      text: out,
      changed: out !== text,
      added,
      updated,
      removed,
      statusLine: sl.outcome,
      userStatusLine: sl.user,
      facts,
    });
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * Remove exactly vigil's entries; a statusLine vigil wrapped or replaced goes back to the
 * user's, byte for byte from `original` (the file before vigil's first write) when known.
 */
export function planUninstall(
  text: string | null,
  marks: VigilMarks,
  original: string | null = null,
): TextResult<Change> {
  const none: Change = {
    text,
    changed: false,
    added: [],
    updated: [],
    removed: [],
    statusLine: "absent",
    userStatusLine: null,
    facts: inspectSettings({}, marks),
  };
  if (text === null || text.trim() === "") return ok(none);
  const first = load(text);
  if (!first.ok) return first;
  try {
    const removed: string[] = [];
    let out = stripHooks(text, marks, new Set(), removed);
    const sl = unsetStatusLine(out, marks, original);
    out = sl.text;
    const doc = reload(out);
    const facts = inspectSettings(valueOf(doc, doc.root), marks);
    return ok({
      ...none,
      text: out,
      changed: out !== text,
      removed,
      statusLine: sl.outcome,
      userStatusLine: sl.user,
      facts,
    });
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}
