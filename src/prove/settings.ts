/**
 * The `settings.json` a proof runs with: vigil's own entries from the user's settings (as
 * `vigil install` wrote them, so a hook the user lost is a hook the proof misses), or, when
 * vigil is not installed there, what `vigil install` would write for this version. Nothing of
 * the user's other hooks or settings is copied: the proof runs vigil, not the user's tools.
 */
import {
  hookUrl,
  httpStatuslineCommand,
  httpStatuslineOf,
  isVigilGroup,
  splitProgram,
  statuslineCommand,
  type VigilMarks,
} from "../core/install/entries.ts";
import { inspectSettings } from "../core/install/inspect.ts";
import { parseDoc, valueOf } from "../core/install/json-text.ts";
import { planInstall } from "../core/install/plan.ts";
import { isObject } from "../core/payload.ts";

export interface ProveSettings {
  /** The throwaway `~/.claude/settings.json`. */
  settings: Record<string, unknown>;
  /** Where vigil's entries came from: the user's file, or the install planner (not installed). */
  source: "user" | "planned";
  /** The events `vigil install` registers for this version (the planner's own list). */
  expected: string[];
  /** Events that carry a vigil group in `settings`. */
  registered: string[];
  /** Whether `settings` has vigil's statusLine. */
  statusLine: boolean;
  /** Events whose vigil hook is `type: "http"` (an `--http` install): the proof's serve answers them. */
  http: string[];
  /** Events whose vigil hook has `onFailure: "block"` (an `--fail-closed` install). */
  failClosed: string[];
}

export interface ProveSettingsSpec {
  /** The vigil binary for the planned settings. */
  bin: string;
  claudeVersion: string;
  marks: VigilMarks;
  /**
   * The port of the proof's own `vigil serve` (null: none runs). An HTTP hook or statusLine
   * would reach the user's serve and real database: the proof keeps the registration exactly
   * as installed (headers, timeout, onFailure) and only points it at its own serve.
   */
  servePort: number | null;
}

/** An HTTP handler of vigil's, pointed at the proof's serve. */
function localHandler(h: unknown, port: number | null): unknown {
  if (!isObject(h) || h.type !== "http" || port === null) return h;
  return { ...h, url: hookUrl(port) };
}

/** Whether the user's settings text has a vigil HTTP hook or statusLine: the proof then needs its own serve. */
export function usesServe(userText: string | null, marks: VigilMarks): boolean {
  const doc = userText === null ? null : parseDoc(userText);
  const root = doc?.ok ? valueOf(doc.value, doc.value.root) : null;
  if (!isObject(root)) return false;
  const sl = isObject(root.statusLine) && typeof root.statusLine.command === "string" ? root.statusLine.command : null;
  if (sl !== null && httpStatuslineOf(sl, marks) !== null) return true;
  return Object.values(isObject(root.hooks) ? root.hooks : {}).some((groups) =>
    Array.isArray(groups) &&
    groups.some((g) =>
      isVigilGroup(g, marks) && isObject(g) && Array.isArray(g.hooks) &&
      g.hooks.some((h) => isObject(h) && h.type === "http")
    )
  );
}

function vigilEntries(root: Record<string, unknown>, spec: ProveSettingsSpec): Record<string, unknown> {
  const hooks: Record<string, unknown[]> = {};
  for (const [event, groups] of Object.entries(isObject(root.hooks) ? root.hooks : {})) {
    if (!Array.isArray(groups)) continue;
    const mine = groups.filter((g) => isVigilGroup(g, spec.marks)).map((g) =>
      isObject(g) && Array.isArray(g.hooks) ? { ...g, hooks: g.hooks.map((h) => localHandler(h, spec.servePort)) } : g
    );
    if (mine.length > 0) hooks[event] = mine;
  }
  const out: Record<string, unknown> = Object.keys(hooks).length > 0 ? { hooks } : {};
  const sl = isObject(root.statusLine) ? root.statusLine : null;
  const program = sl && typeof sl.command === "string" ? splitProgram(sl.command)?.program : undefined;
  const kind = inspectSettings(root, spec.marks).statusLine.kind;
  const http = sl && typeof sl.command === "string" ? httpStatuslineOf(sl.command, spec.marks) : null;
  if (sl && http) {
    // The `--http` statusLine asks serve: the proof's, when it runs; else vigil's own command.
    const command = spec.servePort === null
      ? statuslineCommand(http.bin)
      : httpStatuslineCommand(http.bash, spec.servePort, http.bin);
    out.statusLine = { ...sl, command };
  } else if (sl && program && (kind === "vigil" || kind === "wrapped")) {
    // A wrapped statusLine would also run the user's own command: the proof keeps vigil's half.
    out.statusLine = { ...sl, command: statuslineCommand(program) };
  }
  return out;
}

/** The proof's settings from the user's settings text (null: no file). */
export function proveSettings(userText: string | null, spec: ProveSettingsSpec): ProveSettings {
  const planned = planInstall(null, { ...spec, httpPort: null, statusLine: "vigil" });
  if (!planned.ok || planned.value.text === null) {
    throw new Error(`install planner failed: ${planned.ok ? "" : planned.error}`);
  }
  const expected = planned.value.added;
  const doc = userText === null ? null : parseDoc(userText);
  const root = doc?.ok ? valueOf(doc.value, doc.value.root) : null;
  const mine = isObject(root) ? vigilEntries(root, spec) : {};
  const fromUser = mine.hooks !== undefined || mine.statusLine !== undefined;
  const plannedValue: unknown = JSON.parse(planned.value.text);
  const settings = fromUser ? mine : isObject(plannedValue) ? plannedValue : {};
  const hooks = isObject(settings.hooks) ? settings.hooks : {};
  const handlers = (event: string) => {
    const groups = hooks[event];
    return Array.isArray(groups) ? groups.flatMap((g) => isObject(g) && Array.isArray(g.hooks) ? g.hooks : []) : [];
  };
  const where = (has: (h: Record<string, unknown>) => boolean) =>
    Object.keys(hooks).filter((e) => handlers(e).some((h) => isObject(h) && has(h)));
  return {
    settings: { ...settings, skipDangerousModePermissionPrompt: true },
    source: fromUser ? "user" : "planned",
    expected,
    registered: Object.keys(hooks),
    statusLine: isObject(settings.statusLine),
    http: where((h) => h.type === "http"),
    failClosed: where((h) => h.onFailure === "block"),
  };
}
