/**
 * Checklist files (config `todoFiles`, e.g. `TODO.md`) under a session's cwd, and the
 * session's Task tools list (`~/.claude/tasks/<session_id>/<n>.json`), for todo continuation.
 * Each read is capped; a file that is missing, not a regular file, or would lie outside the
 * cwd (`../x`, an absolute path) is skipped, never an error.
 */
import { readdirSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { readSmallText } from "./file-read.ts";

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
    const text = readSmallText(full, maxBytes);
    if (text !== null) out.push({ path: f, text });
  }
  return out;
}

/** At most this many task files, and this much of each, are read. */
export const TASK_FILES = 500;
export const TASK_FILE_BYTES = 64 * 1024;

/**
 * The session's task list as Claude Code keeps it (2.1.332, observed: one `<id>.json` per task
 * with `id`, `subject`, `status`, beside a `.lock`). The directory is found from the transcript
 * path (`<claude dir>/projects/<slug>/<session>.jsonl`), so a custom config dir works too.
 * Null when there is no such directory; files that do not parse are skipped.
 */
export function readTaskFiles(transcriptPath: string, sessionId: string): unknown[] | null {
  if (!/^[\w-]+$/.test(sessionId)) return null;
  const dir = join(dirname(dirname(dirname(transcriptPath))), "tasks", sessionId);
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => /^[\w-]+\.json$/.test(n)).slice(0, TASK_FILES);
  } catch {
    return null;
  }
  return names.flatMap((n) => {
    const text = readSmallText(join(dir, n), TASK_FILE_BYTES, { whole: true });
    if (text === null) return [];
    try {
      return [JSON.parse(text)];
    } catch {
      return [];
    }
  });
}
