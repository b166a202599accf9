/**
 * The continuity files on disk: state versions under `<state dir>/states/<session_id>/`,
 * the project's `.vigil/spec.md`, and the `/pre-compact-save` skill. Every write is atomic
 * (a temporary file in the same directory, then rename) and state writes are read back and
 * checked, so a file that exists is whole. Reads are size-capped.
 */
import {
  chmodSync,
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import type { StateVersionText } from "../core/continuity/facts.ts";
import { SKILL_MARKER, SKILL_NAME, skillText } from "../core/continuity/skill.ts";
import { isSessionId, validateState } from "../core/continuity/state-format.ts";

/** State versions kept per session; older ones are removed after a save. */
/** A short random suffix; web crypto is a global, node:crypto would be another module to load. */
function randomHex(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(4)), (b) => b.toString(16).padStart(2, "0")).join("");
}

export const MAX_VERSIONS = 20;
export const STATE_CAP = 256 * 1024;
export const SPEC_CAP = 64 * 1024;
/** The stable name of the newest state in a session's directory. */
export const CURRENT = "state.md";

export interface VersionName {
  path: string;
  at: number;
  seq: number;
  draft: boolean;
}

const VERSION = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})\.(\d{3})Z-(\d+)(\.draft)?\.md$/;

/** The directory holding one session's state versions. */
export function sessionStateDir(stateDir: string, sessionId: string): string {
  if (!isSessionId(sessionId)) throw new Error(`session id "${sessionId}" is not a valid directory name`);
  return join(stateDir, "states", sessionId);
}

function stamp(at: number): string {
  return new Date(at).toISOString().replace(/[-:]/g, "");
}

/** Parse a version file name; null for anything else in the directory. */
export function parseVersionName(dir: string, name: string): VersionName | null {
  const m = VERSION.exec(name);
  if (!m) return null;
  const at = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6], +m[7]);
  return { path: join(dir, name), at, seq: Number(m[8]), draft: m[9] !== undefined };
}

/** Versions oldest first. */
export function listVersions(dir: string): VersionName[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const out = names.map((n) => parseVersionName(dir, n)).filter((v): v is VersionName => v !== null);
  return out.sort((a, b) => a.at - b.at || a.seq - b.seq);
}

/** A file's text, null when it does not exist; throws when it is larger than `cap` bytes. */
export function readCapped(path: string, cap: number): string | null {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (e) {
    if (e instanceof Error && "code" in e && e.code === "ENOENT") return null;
    throw e;
  }
  try {
    const buf = Buffer.alloc(cap + 1);
    let n = 0;
    while (n < buf.length) {
      const got = readSync(fd, buf, n, buf.length - n, n);
      if (got === 0) break;
      n += got;
    }
    if (n > cap) throw new Error(`"${path}" is larger than ${cap} bytes`);
    return buf.toString("utf8", 0, n);
  } finally {
    closeSync(fd);
  }
}

/**
 * Write `text` to `path` atomically with `mode`. With `exclusive`, fail (EEXIST) rather than
 * replace an existing file: the temporary file is linked into place, which never overwrites.
 */
export function writeFileAtomic(path: string, text: string, opts: { mode?: number; exclusive?: boolean } = {}) {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomHex()}.tmp`);
  const fd = openSync(tmp, "wx", opts.mode ?? 0o600);
  try {
    const bytes = Buffer.from(text, "utf8");
    let n = 0;
    while (n < bytes.length) n += writeSync(fd, bytes, n, bytes.length - n);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    if (opts.exclusive) linkSync(tmp, path);
    else renameSync(tmp, path);
  } finally {
    if (opts.exclusive) unlinkSync(tmp);
    else tryUnlink(tmp);
  }
}

function tryUnlink(path: string) {
  try {
    unlinkSync(path);
  } catch {
    // Already renamed into place, or gone.
  }
}

function verify(path: string, text: string) {
  const back = readCapped(path, Math.max(STATE_CAP, Buffer.byteLength(text) + 1));
  if (back !== text) throw new Error(`state file "${path}" did not read back as written`);
  const again = validateState(back);
  if (!again.ok) throw new Error(`state file "${path}" read back incomplete: ${again.error}`);
}

/** The path the next version saved at `at` would get (nothing is written; no dir: the first). */
export function plannedVersionPath(dir: string, at: number, draft: boolean): string {
  const taken = new Set(listVersions(dir).filter((v) => v.at === at).map((v) => v.seq));
  let seq = 0;
  while (taken.has(seq)) seq++;
  return join(dir, `${stamp(at)}-${seq}${draft ? ".draft" : ""}.md`);
}

/**
 * Save one state version and make it the current one. The caller validated `text`; this
 * checks again after reading it back. Returns the version's path and the current file's.
 */
export function saveStateVersion(
  dir: string,
  text: string,
  opts: { at: number; draft?: boolean },
): { version: string; current: string } {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const version = plannedVersionPath(dir, opts.at, opts.draft === true);
  writeFileAtomic(version, text, { exclusive: true });
  try {
    verify(version, text);
  } catch (e) {
    tryUnlink(version);
    throw e;
  }
  const current = join(dir, CURRENT);
  writeFileAtomic(current, text);
  verify(current, text);
  for (const old of listVersions(dir).slice(0, -MAX_VERSIONS)) tryUnlink(old.path);
  return { version, current };
}

function load(v: VersionName | undefined): StateVersionText | null {
  if (!v) return null;
  const text = readCapped(v.path, STATE_CAP);
  return text === null ? null : { path: v.path, at: v.at, draft: v.draft, text };
}

/** The newest version and the newest saved (non-draft) one. */
export function readStates(dir: string): { state: StateVersionText | null; saved: StateVersionText | null } {
  const all = listVersions(dir);
  const newest = all.at(-1);
  const saved = all.filter((v) => !v.draft).at(-1);
  const state = load(newest);
  return { state, saved: saved === newest ? state : load(saved) };
}

/** Create `path` with `text` unless it exists; returns false when it already did. */
export function createFile(path: string, text: string, mode = 0o644): boolean {
  mkdirSync(dirname(path), { recursive: true });
  try {
    writeFileAtomic(path, text, { mode, exclusive: true });
    return true;
  } catch (e) {
    if (e instanceof Error && "code" in e && e.code === "EEXIST") return false;
    throw e;
  }
}

/**
 * Write a file vigil owns (a skill), replacing it only if it carries `marker`: a file of the
 * same name without it is someone else's and is left alone.
 */
export function writeOwnedFile(
  path: string,
  text: string,
  marker: string,
): { ok: true; changed: boolean } | { ok: false; error: string } {
  const existing = readCapped(path, SPEC_CAP);
  if (existing === text) return { ok: true, changed: false };
  if (existing !== null && !existing.includes(marker)) {
    return { ok: false, error: `"${path}" exists and was not written by vigil; leaving it alone` };
  }
  mkdirSync(dirname(path), { recursive: true });
  writeFileAtomic(path, text, { mode: 0o644 });
  if (readCapped(path, SPEC_CAP) !== text) throw new Error(`"${path}" did not read back as written`);
  return { ok: true, changed: true };
}

/**
 * Write the `/pre-compact-save` skill into `skillsDir` (`<claude dir>/skills`), leaving a
 * SKILL.md that is not vigil's alone. `vigil state skill` and `vigil install` both call this.
 */
export function writeSkillFile(
  skillsDir: string,
  opts: { bin?: string } = {},
): { ok: true; path: string; changed: boolean } | { ok: false; error: string } {
  const path = join(skillsDir, SKILL_NAME, "SKILL.md");
  const r = writeOwnedFile(path, skillText(opts), SKILL_MARKER);
  return r.ok ? { ok: true, path, changed: r.changed } : r;
}
