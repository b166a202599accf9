/**
 * Unattended mode as `vigil night` stores it under the settings key `NIGHT_KEY`:
 * `{on, scope, until, since, snapshot, offAt}`. The Stop gate reads only `{on, scope, until}`
 * (`readNight`); the watcher reads the snapshot, the list of sessions it must keep
 * watching even after their registry files vanish (seed 004).
 */
import { isObject, type JsonObject } from "../core/payload.ts";
import type { Store } from "../edge/store.ts";
import type { PolicyInput } from "../core/policy.ts";
import type { SnapshotEntry } from "../core/watch/observed.ts";
export type { SnapshotEntry };

export const NIGHT_KEY = "night";

export interface NightSetting {
  on: boolean;
  scope: string[];
  /** Epoch ms when the mode ends by itself; null: until turned off. */
  until: number | null;
  /** When the mode was turned on. */
  since: number;
  snapshot: SnapshotEntry[];
  /** When it was turned off, if it was. */
  offAt: number | null;
}

const s = (o: JsonObject, k: string): string | null => typeof o[k] === "string" ? o[k] : null;
const n = (o: JsonObject, k: string): number | null => typeof o[k] === "number" ? o[k] : null;

function entry(v: unknown): SnapshotEntry | null {
  if (!isObject(v)) return null;
  const sessionId = s(v, "sessionId");
  if (sessionId === null) return null;
  return {
    sessionId,
    pid: n(v, "pid"),
    procStart: s(v, "procStart"),
    startedAt: n(v, "startedAt"),
    name: s(v, "name"),
    cwd: s(v, "cwd"),
    transcriptPath: s(v, "transcriptPath"),
    pane: s(v, "pane"),
  };
}

/** The stored setting with its snapshot, or null when never set or unreadable. */
export function readNightSetting(store: Store): NightSetting | null {
  const raw = store.getSetting(NIGHT_KEY);
  if (!raw) return null;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isObject(v)) return null;
  const scope = Array.isArray(v.scope) ? v.scope.filter((x) => typeof x === "string") : [];
  const snapshot = (Array.isArray(v.snapshot) ? v.snapshot : []).map(entry).filter((e) => e !== null);
  return { on: v.on === true, scope, until: n(v, "until"), since: n(v, "since") ?? 0, snapshot, offAt: n(v, "offAt") };
}

/** Store the setting (the caller holds a transaction when it must be atomic with a read). */
export function writeNightSetting(store: Store, night: NightSetting): void {
  store.setSetting(NIGHT_KEY, JSON.stringify(night));
}

/** On, and its `until` has not passed: the same test the Stop gate applies. */
export function nightIsActive(night: NightSetting | null, now: number): night is NightSetting {
  return night !== null && night.on && (night.until === null || now < night.until);
}

/** The part of the setting the Stop gate reads, or null when off or unreadable. */
export function readNight(store: Store): PolicyInput["night"] {
  const n = readNightSetting(store);
  return n ? { on: n.on, scope: n.scope, until: n.until } : null;
}
