/**
 * `join` and `dirname` as node:path's POSIX ones compute them, without importing node:path: the
 * forwarding hook resolves its state folder and socket with these alone, and the statusline
 * its store, line cache and log; importing node:path cost a compiled process 0.09× of the
 * no-op's time (bench/RESULTS.md, issue 18, fifth round). Plain
 * loops: the first call of a builtin JSC writes in JavaScript (`filter`, `map`, `some`) costs a
 * fresh process about 0.3 ms. test/core/posix-path.test.ts holds it equal to node:path.
 */

/** The segments joined with "/" and normalised, as `path.posix.join` returns them. */
export function joinPath(...segments: string[]): string {
  let joined = "";
  for (let i = 0; i < segments.length; i++) {
    if (segments[i].length > 0) joined = joined === "" ? segments[i] : joined + "/" + segments[i];
  }
  return joined === "" ? "." : normalizePath(joined);
}

/** `path.posix.normalize`: ".", ".." and repeated slashes resolved; a trailing slash kept. */
export function normalizePath(path: string): string {
  if (path === "") return ".";
  const absolute = path.startsWith("/");
  const trailing = path.endsWith("/");
  const out: string[] = [];
  for (const seg of path.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg !== "..") out.push(seg);
    else if (out.length > 0 && out[out.length - 1] !== "..") out.pop();
    else if (!absolute) out.push("..");
  }
  const body = out.join("/");
  if (body === "") return absolute ? "/" : trailing ? "./" : ".";
  return (absolute ? "/" : "") + body + (trailing ? "/" : "");
}

/** `path.posix.dirname`: the path up to its last segment (trailing slashes ignored; "." or "/" at the top). */
export function dirnamePath(path: string): string {
  if (path.length === 0) return ".";
  const rooted = path.startsWith("/");
  let end = -1;
  let matchedSlash = true;
  for (let i = path.length - 1; i >= 1; --i) {
    if (path[i] === "/") {
      if (!matchedSlash) {
        end = i;
        break;
      }
    } else matchedSlash = false;
  }
  if (end === -1) return rooted ? "/" : ".";
  if (rooted && end === 1) return "//";
  return path.slice(0, end);
}
