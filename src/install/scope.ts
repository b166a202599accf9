/**
 * Where an install writes and what it remembers: the settings file and skills directory of a
 * scope, the install record in the state directory, and the refusal for a settings file vigil
 * cannot safely edit.
 */
import { join } from "node:path";
import { type InstallRecord, parseRecord } from "../core/install/record.ts";
import { Refusal } from "../core/command-io.ts";
import { claudeConfigDir } from "../edge/registry.ts";
import { readInstallRecord, SettingsFileError, sha256, writeInstallRecord } from "../edge/settings-file.ts";

/** Where settings.json and the skills directory are for a scope. */
export function scopePaths(
  project: boolean,
  o: { env: Record<string, string | undefined>; cwd: string },
): { settings: string; skills: string } {
  const base = project ? join(o.cwd, ".claude") : claudeConfigDir({ env: o.env, home: o.env.HOME ?? "" });
  return { settings: join(base, "settings.json"), skills: join(base, "skills") };
}

/** The backup name's tag: the user file, or a project file told apart by its path's digest. */
export const backupTag = (project: boolean, settings: string) =>
  project ? `project-${sha256(settings).slice(0, 8)}` : "user";

/** vigil's install record (what it wrote where), empty when there is none. */
export const loadRecord = (state: string) => parseRecord(readInstallRecord(state));

/** Write the install record back. */
export const saveRecord = (state: string, r: InstallRecord) =>
  writeInstallRecord(state, JSON.stringify(r, null, 2) + "\n");

/** Refusals for a file vigil cannot safely edit carry the path and say nothing was written. */
export function guard<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof SettingsFileError) throw new Refusal(e.message);
    throw e;
  }
}
