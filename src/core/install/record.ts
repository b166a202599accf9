/**
 * What install did, kept in vigil's state directory (`install.json`): per settings file, the
 * backup of its bytes before vigil first touched it and a hash of the bytes vigil last wrote.
 * Uninstall restores those original bytes exactly when the file is still what vigil wrote;
 * once anything else changed it removes vigil's entries one by one instead. Also the Claude
 * Code version last seen and since when, so doctor can count what happened since an upgrade.
 */
import { isObject } from "../payload.ts";

export interface FileRecord {
  /** The settings file. */
  path: string;
  /** Backup of the bytes before vigil's first write; null when the file did not exist. */
  original: string | null;
  /** sha256 (hex) of the bytes vigil last wrote. */
  written: string;
  /** Exact hook/statusLine commands vigil wrote, so a `--bin` of any name is recognised. */
  commands: string[];
  claudeVersion: string;
  at: number;
}

/** A plugin directory `vigil install --plugin` wrote, and for which Claude Code. */
export interface PluginRecord {
  dir: string;
  claudeVersion: string;
  at: number;
}

export interface InstallRecord {
  files: FileRecord[];
  /** Plugin directories written (doctor checks each against the installed Claude Code). */
  plugins: PluginRecord[];
  /** Install installed the `vigil serve` service by default (uninstall removes it again). */
  serve?: boolean;
  /**
   * The Claude Code version last seen by install or doctor: `since` is when it first could
   * have been installed (the last time the previous version was seen), `seen` the last look.
   */
  claude: { version: string; since: number; seen: number } | null;
}

export const EMPTY_RECORD: InstallRecord = { files: [], plugins: [], claude: null };

const str = (v: unknown): v is string => typeof v === "string";

/** Parse `install.json`; anything unreadable is an empty record (it only refines uninstall). */
export function parseRecord(text: string | null): InstallRecord {
  let v: unknown = null;
  try {
    v = text === null ? null : JSON.parse(text);
  } catch {
    return EMPTY_RECORD;
  }
  if (!isObject(v)) return EMPTY_RECORD;
  const files = (Array.isArray(v.files) ? v.files : []).flatMap((f): FileRecord[] =>
    isObject(f) && str(f.path) && (f.original === null || str(f.original)) && str(f.written) &&
      str(f.claudeVersion) && typeof f.at === "number"
      ? [{
        path: f.path,
        original: f.original,
        written: f.written,
        commands: Array.isArray(f.commands) ? f.commands.filter(str) : [],
        claudeVersion: f.claudeVersion,
        at: f.at,
      }]
      : []
  );
  const plugins = (Array.isArray(v.plugins) ? v.plugins : []).flatMap((p): PluginRecord[] =>
    isObject(p) && str(p.dir) && str(p.claudeVersion) && typeof p.at === "number"
      ? [{ dir: p.dir, claudeVersion: p.claudeVersion, at: p.at }]
      : []
  );
  const c = v.claude;
  const claude = isObject(c) && str(c.version) && typeof c.since === "number"
    ? { version: c.version, since: c.since, seen: typeof c.seen === "number" ? c.seen : c.since }
    : null;
  return { files, plugins, claude, ...(v.serve === true ? { serve: true } : {}) };
}

/** The record for one settings file. */
export function fileRecord(r: InstallRecord, path: string): FileRecord | null {
  return r.files.find((f) => f.path === path) ?? null;
}

export interface WriteFacts {
  path: string;
  /** sha256 of the bytes before this write (null: no file). */
  before: string | null;
  /** Where the bytes before this write were backed up (null: no file). */
  backup: string | null;
  written: string;
  commands: string[];
  claudeVersion: string;
  at: number;
}

/**
 * The record after an install wrote a file. When the file was still vigil's own last output,
 * the original from before vigil's first write stays the baseline; otherwise this write's
 * backup is the new baseline (the user changed the file in between).
 */
export function afterInstall(r: InstallRecord, w: WriteFacts): InstallRecord {
  const prev = fileRecord(r, w.path);
  const keep = prev !== null && prev.written === w.before;
  const entry: FileRecord = {
    path: w.path,
    original: keep ? prev.original : w.backup,
    written: w.written,
    commands: [...new Set([...(keep ? prev.commands : []), ...w.commands])],
    claudeVersion: w.claudeVersion,
    at: w.at,
  };
  return { ...r, files: [...r.files.filter((f) => f.path !== w.path), entry] };
}

/** The record after `install --plugin` wrote `dir` (one entry per directory). */
export function afterPlugin(r: InstallRecord, p: PluginRecord): InstallRecord {
  return { ...r, plugins: [...r.plugins.filter((q) => q.dir !== p.dir), p] };
}

/** The record once vigil is gone from a file. */
export function afterUninstall(r: InstallRecord, path: string): InstallRecord {
  return { ...r, files: r.files.filter((f) => f.path !== path) };
}

/**
 * How uninstall undoes install: `restore` the original bytes (null original: delete the file)
 * when the file is exactly what vigil wrote, else `remove` vigil's entries one by one.
 */
export function undoPlan(rec: FileRecord | null, currentSha: string | null):
  | { kind: "restore"; original: string | null }
  | { kind: "remove" } {
  return rec !== null && currentSha !== null && rec.written === currentSha
    ? { kind: "restore", original: rec.original }
    : { kind: "remove" };
}

/**
 * Note the Claude Code version seen at `at`. A new version counts from the last time the old
 * one was seen (the upgrade happened after that); the first version ever seen counts from 0.
 */
export function noteClaudeVersion(r: InstallRecord, version: string, at: number): InstallRecord {
  if (r.claude?.version === version) return { ...r, claude: { ...r.claude, seen: Math.max(r.claude.seen, at) } };
  return { ...r, claude: { version, since: r.claude ? r.claude.seen : 0, seen: at } };
}
