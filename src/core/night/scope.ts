/**
 * Whether unattended mode applies: on and not past its `until`, and a cwd inside its scope.
 * Small and pure so the hook path asks it on every call without loading the Stop gate.
 */
/** Unattended mode is on and its `until` has not passed. */
export function nightActive(night: { on: boolean; until: number | null } | null, now: number): boolean {
  return night !== null && night.on && (night.until === null || now < night.until);
}

/** A path with `\` as `/`, no empty or `.` segments, `..` applied, no trailing slash. */
export function normalizePath(p: string): string {
  const parts: string[] = [];
  for (const seg of p.replaceAll("\\", "/").split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") parts.pop();
    else parts.push(seg);
  }
  const lead = /^[A-Za-z]:/.test(parts[0] ?? "") ? "" : "/";
  return lead + parts.join("/");
}

/** `cwd` is one of the scope paths or below one, on path-segment boundaries; empty = all. */
export function inScope(cwd: string, scope: readonly string[]): boolean {
  if (scope.length === 0) return true;
  const c = normalizePath(cwd);
  return scope.some((s) => {
    const root = normalizePath(s);
    return root === "/" || c === root || c.startsWith(root + "/");
  });
}
