/**
 * Reading and writing Claude Code's settings.json for install/uninstall: bytes in, bytes out.
 * Every write is preceded by a timestamped backup of the current bytes (under vigil's state
 * directory, 0600), goes through a temp file and a rename in the same directory (a reader
 * never sees half a file), keeps the file's mode, and follows a symlink to its target so a
 * dotfiles manager's link stays a link. A read-only file is refused before anything is
 * written: root can write it anyway, so the mode bits are checked, not `access()`.
 */
import { createHash } from "node:crypto";
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";

/** Settings files larger than this are not edited (Claude Code's are a few KiB). */
export const MAX_SETTINGS_BYTES = 4 * 1024 * 1024;

export interface SettingsBytes {
  path: string;
  /** Null when the file does not exist. */
  bytes: Uint8Array | null;
}

/** Why a settings file cannot be changed, with what to do about it. */
export class SettingsFileError extends Error {}

/** Read the file's exact bytes (null when absent). */
export function readSettings(path: string): SettingsBytes {
  if (!existsSync(path)) return { path, bytes: null };
  const st = statSync(path);
  if (!st.isFile()) throw new SettingsFileError(`"${path}" is not a regular file`);
  if (st.size > MAX_SETTINGS_BYTES) throw new SettingsFileError(`"${path}" is larger than 4 MiB: not editing it`);
  return { path, bytes: new Uint8Array(readFileSync(path)) };
}

/** Decode UTF-8 strictly: a file that is not text is not edited. */
export function decodeSettings(s: SettingsBytes): string | null {
  if (s.bytes === null) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(s.bytes);
  } catch {
    throw new SettingsFileError(`"${s.path}" is not UTF-8 text: not editing it`);
  }
}

/** The real file a write lands in (through symlinks). */
function target(path: string): string {
  return existsSync(path) && lstatSync(path).isSymbolicLink() ? realpathSync(path) : path;
}

/** Throw a clear error when `path` (or, when absent, its directory) cannot be written. */
export function assertWritable(path: string): void {
  const file = target(path);
  if (existsSync(file)) {
    if ((statSync(file).mode & 0o222) === 0) {
      throw new SettingsFileError(
        `"${path}" is read-only: nothing was written (make it writable with chmod u+w "${file}", then run again)`,
      );
    }
    return;
  }
  let dir = dirname(file);
  while (!existsSync(dir)) dir = dirname(dir);
  if ((statSync(dir).mode & 0o222) === 0) {
    throw new SettingsFileError(`cannot create "${path}": "${dir}" is read-only: nothing was written`);
  }
}

/** `2025-06-01T12-00-00-123Z`: sortable and safe in a file name. */
export function stamp(at: number): string {
  return new Date(at).toISOString().replaceAll(":", "-").replace(".", "-");
}

/** Copy the current bytes to `backupDir`; returns the backup's path (null: nothing to back up). */
export function backupSettings(path: string, backupDir: string, at: number, tag: string): string | null {
  const cur = readSettings(path);
  if (cur.bytes === null) return null;
  mkdirSync(backupDir, { recursive: true, mode: 0o700 });
  let out = join(backupDir, `${tag}-${basename(path)}.${stamp(at)}`);
  for (let n = 1; existsSync(out); n++) out = join(backupDir, `${tag}-${basename(path)}.${stamp(at)}.${n}`);
  writeFileSync(out, cur.bytes, { mode: 0o600 });
  return out;
}

/** Replace the file's bytes atomically (creating its directory); null removes the file. */
export function writeSettings(path: string, bytes: Uint8Array | null): void {
  assertWritable(path);
  const file = target(path);
  if (bytes === null) {
    rmSync(file, { force: true });
    return;
  }
  mkdirSync(dirname(file), { recursive: true });
  const mode = existsSync(file) ? statSync(file).mode & 0o7777 : 0o644;
  const tmp = join(dirname(file), `.${basename(file)}.vigil-${process.pid}.tmp`);
  try {
    writeFileSync(tmp, bytes, { mode });
    chmodSync(tmp, mode);
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    const code = e instanceof Error && "code" in e ? String(e.code) : "";
    if (code === "EACCES" || code === "EPERM" || code === "EROFS") {
      throw new SettingsFileError(`cannot write "${path}" (${code}): nothing was changed`);
    }
    throw e;
  }
}

/** The bytes of a backup, for a byte-for-byte restore. */
export function readBackup(path: string): Uint8Array {
  return new Uint8Array(readFileSync(path));
}

/** sha256 (hex) of bytes or a string, to tell whether a file is still what vigil wrote. */
export function sha256(data: Uint8Array | string): string {
  return createHash("sha256").update(data).digest("hex");
}

/** `install.json` in the state directory (null when absent or unreadable). */
export function readInstallRecord(stateDir: string): string | null {
  try {
    return readFileSync(join(stateDir, "install.json"), "utf8");
  } catch {
    return null;
  }
}

/** Write `install.json` (0600, the state directory 0700), atomically. */
export function writeInstallRecord(stateDir: string, text: string): void {
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  const file = join(stateDir, "install.json");
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text, { mode: 0o600 });
  renameSync(tmp, file);
}
