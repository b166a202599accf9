/**
 * Is this path a handoff document? Paths are normalised purely (no file system: `..` is
 * resolved textually, symlinks are not followed) and matched against `handoffGlobs`:
 * relative globs against the path relative to the session's cwd, absolute globs against the
 * absolute path. A path that leaves the cwd never matches a relative glob.
 */

/** Resolve `path` against `cwd` and drop `.`, `..` and empty segments. */
export function normalizePath(path: string, cwd: string): string {
  const joined = path.startsWith("/") ? path : `${cwd}/${path}`;
  const out: string[] = [];
  for (const seg of joined.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") out.pop();
    else out.push(seg);
  }
  return "/" + out.join("/");
}

function segmentRegex(seg: string): RegExp {
  let re = "";
  for (let i = 0; i < seg.length; i++) {
    const c = seg[i];
    if (c === "*") re += "[^/]*";
    else if (c === "?") re += "[^/]";
    else if (c === "[") {
      const end = seg.indexOf("]", i + 2);
      if (end < 0) re += "\\[";
      else {
        const body = seg.slice(i + 1, end).replace(/^!/, "^").replace(/\\/g, "\\\\");
        re += `[${body}]`;
        i = end;
      }
    } else re += c.replace(/[.+^${}()|\\]/g, "\\$&");
  }
  // Case-insensitive: "handoff.md" and "Handoff.md" are the same document to a person, and to
  // the default macOS file system.
  return new RegExp(`^${re}$`, "i");
}

function matchSegments(glob: string[], path: string[]): boolean {
  if (glob.length === 0) return path.length === 0;
  const [g, ...rest] = glob;
  if (g === "**") {
    for (let k = 0; k <= path.length; k++) {
      if (matchSegments(rest, path.slice(k))) return true;
    }
    return false;
  }
  return path.length > 0 && segmentRegex(g).test(path[0]) && matchSegments(rest, path.slice(1));
}

/** Match a `/`-separated path against a glob: `*`, `?`, `[…]` within a segment, `**` across. */
export function globMatch(glob: string, path: string): boolean {
  const split = (s: string) => s.split("/").filter((x) => x !== "" && x !== ".");
  return matchSegments(split(glob), split(path));
}

/** Whether `path` (absolute, or relative to `cwd`) is a handoff document under `globs`. */
export function isHandoffPath(path: string, globs: string[], cwd: string): boolean {
  if (path === "" || path.includes("\0")) return false;
  const abs = normalizePath(path, cwd);
  const root = normalizePath(cwd, "/");
  const inside = abs.startsWith(root === "/" ? "/" : `${root}/`);
  const rel = inside ? abs.slice(root === "/" ? 1 : root.length + 1) : null;
  return globs.some((g) => (g.startsWith("/") ? globMatch(g, abs) : rel !== null && globMatch(g, rel)));
}
