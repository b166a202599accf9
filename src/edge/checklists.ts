/**
 * Checklist files (config `todoFiles`, e.g. `TODO.md`) under a session's cwd, for todo
 * continuation. Each read is capped; a file that is missing, not a regular file, or would lie
 * outside the cwd (`../x`, an absolute path) is skipped, never an error.
 */
import { closeSync, fstatSync, openSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";
import { readRange } from "./file-read.ts";

/** At most this much of each checklist is read. */
export const CHECKLIST_BYTES = 256 * 1024;

/** The texts of `files` (relative to `cwd`) that exist, in the order given. */
export function readChecklists(
  cwd: string,
  files: readonly string[],
  maxBytes = CHECKLIST_BYTES,
): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  for (const f of files) {
    const full = resolve(cwd, f);
    const rel = relative(cwd, full);
    if (isAbsolute(f) || rel === "" || rel.startsWith("..") || isAbsolute(rel)) continue;
    const text = readCapped(full, maxBytes);
    if (text !== null) out.push({ path: f, text });
  }
  return out;
}

function readCapped(path: string, maxBytes: number): string | null {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return null;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return null;
    // A cut through a multi-byte character decodes to U+FFFD: harmless for `- [ ]` lines.
    return readRange(fd, 0, Math.min(st.size, maxBytes)).toString("utf8");
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}
