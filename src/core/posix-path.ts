/**
 * `join` as node:path's POSIX one computes it, without importing node:path: the forwarding
 * hook resolves its state folder and socket with this alone, and importing node:path cost a
 * compiled process 0.09× of the no-op's time (bench/RESULTS.md, issue 18, fifth round).
 * test/core/posix-path.test.ts holds it equal to node:path over generated segments.
 */

/** The segments joined with "/" and normalised, as `path.posix.join` returns them. */
export function joinPath(...segments: string[]): string {
  const joined = segments.filter((s) => s.length > 0).join("/");
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
