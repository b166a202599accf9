/**
 * Where the evaluation's texts come from: files of fetched public repository snapshots, read
 * with git at the commit a reference names. A snapshot of `owner/name` is expected at
 * `<mirror>/<owner>+<name>/repo` (the layout the search tool's `fetch` leaves).
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

/** The git directory of a repository's snapshot under `mirror`, or null when absent. */
export function gitDir(mirror: string, repo: string): string | null {
  const dir = join(mirror, repo.replace("/", "+"), "repo");
  return existsSync(dir) ? dir : null;
}

function git(dir: string, args: string[]): string {
  // quotepath off: non-ASCII file names (Korean, Japanese) come back as themselves, not escaped.
  const argv = ["-C", dir, "-c", "core.quotepath=off", ...args];
  return execFileSync("git", argv, { encoding: "utf8", maxBuffer: 1 << 30, stdio: "pipe" });
}

/**
 * Like `git`, but keeps what was printed when git stops on an object the snapshot lacks
 * (snapshots leave out files of 4 MiB and more): the history before that point still counts.
 */
function gitPartial(dir: string, args: string[]): string {
  try {
    return git(dir, args);
  } catch (e) {
    const out = e instanceof Error && "stdout" in e ? e.stdout : null;
    return typeof out === "string" ? out : "";
  }
}

/** A file's text at a commit. */
export function readAt(dir: string, commit: string, path: string): string {
  return git(dir, ["show", `${commit}:${path}`]);
}

/** Paths that hold a transcript: Claude Code's JSONL, or a hook's JSON copy of it. */
export function isTranscriptPath(path: string): boolean {
  return (path.endsWith(".jsonl") || path.endsWith("chat.json")) && !path.includes("__MACOSX");
}

/** Paths that may hold a terminal transcript saved as text (`/export`, or pasted into notes). */
export function isExportPath(path: string): boolean {
  return /\.(?:md|txt)$/i.test(path) && !path.includes("__MACOSX");
}

/** The full commit id `rev` names. */
export function resolve(dir: string, rev: string): string {
  return git(dir, ["rev-parse", rev]).trim();
}

/** Transcript files in the tree at `rev` (and text files too, with `exports`). */
export function transcriptsAt(dir: string, rev: string, exports = false): { commit: string; path: string }[] {
  const commit = resolve(dir, rev);
  return git(dir, ["ls-tree", "-r", "--name-only", commit]).split("\n")
    .filter((p) => isTranscriptPath(p) || (exports && isExportPath(p)))
    .map((path) => ({ commit, path }));
}

/** Every version of every transcript file on any ref, newest first. */
export function transcriptVersions(dir: string): { commit: string; path: string }[] {
  const out: { commit: string; path: string }[] = [];
  let commit = "";
  for (
    const line of gitPartial(dir, ["log", "--all", "--format=C %H", "--name-only", "--diff-filter=AM"]).split("\n")
  ) {
    if (line.startsWith("C ")) commit = line.slice(2);
    else if (isTranscriptPath(line)) out.push({ commit, path: line });
  }
  return out;
}
