/**
 * What the window of a headless session depends on outside the payload: the Claude Code
 * process's argv (`--autocompact`) and `autoCompactWindow` in its settings files. Each read is
 * bounded and a failure is no fact, never an error.
 */
import { join } from "node:path";
import { readSmallText, statStamp } from "./file-read.ts";
import { nodeFs } from "./node-fs.ts";

const MAX_SETTINGS_BYTES = 1024 * 1024;

/** argv of a live process (Linux /proc), or null where it cannot be read. */
export function processArgv(pid: number | null, procRoot = "/proc"): string[] | null {
  if (pid === null) return null;
  try {
    const text = nodeFs().readFileSync(`${procRoot}/${pid}/cmdline`, "utf8");
    return text.split("\0").filter((a) => a !== "");
  } catch {
    return null;
  }
}

/**
 * `autoCompactWindow` of the settings files Claude Code reads, most specific first. The user's
 * file is the one in Claude Code's own directory: `$CLAUDE_CONFIG_DIR` when set (Claude Code then
 * never reads `~/.claude/settings.json`), else `~/.claude`.
 */
export function settingsWindows(env: { HOME?: string; CLAUDE_CONFIG_DIR?: string }, cwd: string): unknown[] {
  const userDir = env.CLAUDE_CONFIG_DIR || (env.HOME ? join(env.HOME, ".claude") : null);
  const files = [
    join(cwd, ".claude", "settings.local.json"),
    join(cwd, ".claude", "settings.json"),
    ...(userDir ? [join(userDir, "settings.json")] : []),
  ];
  return files.flatMap(settingsWindow);
}

/**
 * A file's `autoCompactWindow` ([] for none), read again only when its size, mtime or inode
 * changed: a server answers every hook of every session, and ~/.claude/settings.json (vigil's
 * own hooks among its lines) is the same file each time. One stat per file and call; a missing
 * file costs that stat alone.
 */
function settingsWindow(file: string): unknown[] {
  const stamp = statStamp(file);
  if (stamp === null) return (seen.delete(file), []);
  const hit = seen.get(file);
  if (hit?.stamp === stamp) return hit.value;
  const value = readWindow(file);
  if (seen.size >= MAX_SEEN) seen.clear();
  seen.set(file, { stamp, value });
  return value;
}

const MAX_SEEN = 256;
const seen = new Map<string, { stamp: string; value: unknown[] }>();

function readWindow(file: string): unknown[] {
  const text = readSmallText(file, MAX_SETTINGS_BYTES, { whole: true });
  if (text === null) return [];
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === "object" && v !== null && "autoCompactWindow" in v ? [v.autoCompactWindow] : [];
  } catch {
    return [];
  }
}
