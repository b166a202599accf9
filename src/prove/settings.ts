/**
 * The `settings.json` a proof runs with: vigil's own entries from the user's settings (as
 * `vigil install` wrote them, so a hook the user lost is a hook the proof misses), or, when
 * vigil is not installed there, what `vigil install` would write for this version. Nothing of
 * the user's other hooks or settings is copied: the proof runs vigil, not the user's tools.
 */
import {
  hookCommand,
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
}

export interface ProveSettingsSpec {
  /** The vigil binary for the planned settings and for HTTP hooks turned into commands. */
  bin: string;
  claudeVersion: string;
  marks: VigilMarks;
}

/**
 * An HTTP hook would post to the user's running `vigil serve` and its real database: the proof
 * runs the same handler as a command hook against the throwaway state instead.
 */
function localHandler(h: unknown, bin: string): unknown {
  if (!isObject(h) || h.type !== "http") return h;
  const kept = Object.entries(h).filter(([k]) => k !== "url" && k !== "headers");
  return { ...Object.fromEntries(kept), type: "command", command: hookCommand(bin) };
}

function vigilEntries(root: Record<string, unknown>, spec: ProveSettingsSpec): Record<string, unknown> {
  const hooks: Record<string, unknown[]> = {};
  for (const [event, groups] of Object.entries(isObject(root.hooks) ? root.hooks : {})) {
    if (!Array.isArray(groups)) continue;
    const mine = groups.filter((g) => isVigilGroup(g, spec.marks)).map((g) =>
      isObject(g) && Array.isArray(g.hooks) ? { ...g, hooks: g.hooks.map((h) => localHandler(h, spec.bin)) } : g
    );
    if (mine.length > 0) hooks[event] = mine;
  }
  const out: Record<string, unknown> = Object.keys(hooks).length > 0 ? { hooks } : {};
  const sl = isObject(root.statusLine) ? root.statusLine : null;
  const program = sl && typeof sl.command === "string" ? splitProgram(sl.command)?.program : undefined;
  const kind = inspectSettings(root, spec.marks).statusLine.kind;
  // A wrapped statusLine would also run the user's own command: the proof keeps vigil's half.
  if (sl && program && (kind === "vigil" || kind === "wrapped")) {
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
  return {
    settings: { ...settings, skipDangerousModePermissionPrompt: true },
    source: fromUser ? "user" : "planned",
    expected,
    registered: Object.keys(hooks),
    statusLine: isObject(settings.statusLine),
  };
}
