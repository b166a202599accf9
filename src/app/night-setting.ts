/**
 * Unattended ("night") mode as stored in the settings table: written by `vigil night`, read
 * by the Stop gate inside the hook's transaction.
 */
import { isObject } from "../core/payload.ts";
import type { PolicyInput } from "../core/policy.ts";
import type { Store } from "../edge/store.ts";

export const NIGHT_KEY = "night";

/** The stored mode, or null when off or unreadable. */
export function readNight(store: Store): PolicyInput["night"] {
  const raw = store.getSetting(NIGHT_KEY);
  if (!raw) return null;
  try {
    const v: unknown = JSON.parse(raw);
    if (!isObject(v)) return null;
    const o = v;
    const scope = Array.isArray(o.scope) ? o.scope.filter((s): s is string => typeof s === "string") : [];
    const until = typeof o.until === "number" ? o.until : null;
    return { on: o.on === true, scope, until };
  } catch {
    return null;
  }
}
