/**
 * `.vigil/spec.md`, the external task spec, as `vigil spec` handles it: `init` writes the
 * template and never overwrites; `show` prints it (as injected, or raw); `check` lists its
 * problems.
 */
import { join } from "node:path";
import { Refusal } from "../core/command-io.ts";
import { checkSpec, SPEC_RELATIVE_PATH, specTemplate, specText } from "../core/continuity/spec.ts";
import { createFile, readCapped, SPEC_CAP } from "../edge/state-files.ts";

/** Where the spec of the project in `dir` is. */
export function specPath(dir: string): string {
  return join(dir, SPEC_RELATIVE_PATH);
}

function read(path: string): string {
  const text = readCapped(path, SPEC_CAP);
  if (text === null) throw new Refusal(`no spec at "${path}" (vigil spec init writes one)`);
  return text;
}

/** Write the template at `path`; refuses when a file is there. */
export function initSpec(path: string): void {
  if (!createFile(path, specTemplate())) throw new Refusal(`"${path}" already exists; not overwriting it`);
}

/** The spec as injected (or `raw`, as written). */
export function showSpec(path: string, raw: boolean): string {
  const text = read(path);
  return raw ? text : specText(text) + "\n";
}

/** The spec's problems, one line each; none when it is complete. */
export function specProblems(path: string): string[] {
  return checkSpec(read(path));
}
