/** The unified diff `vigil install --dry-run` prints: what the settings file would become. */
import { createTwoFilesPatch } from "diff";

/**
 * A unified diff of `before` → `after` (null: no file), labelled with `path`, three lines of
 * context. Empty when nothing changes. CRLF is shown as LF so the diff reads the same
 * everywhere; the file itself keeps its line ends.
 */
export function settingsDiff(path: string, before: string | null, after: string | null): string {
  if (before === after) return "";
  const lf = (s: string | null) => (s ?? "").replaceAll("\r\n", "\n");
  const patch = createTwoFilesPatch(
    before === null ? "/dev/null" : `a${path}`,
    after === null ? "/dev/null" : `b${path}`,
    lf(before),
    lf(after),
    undefined,
    undefined,
    { context: 3 },
  );
  // jsdiff starts with an "Index:"-style separator line of '='; keep only ---/+++ and hunks.
  return patch.split("\n").filter((l, i) => !(i === 0 && l.startsWith("==="))).join("\n");
}
