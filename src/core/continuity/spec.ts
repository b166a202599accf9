/**
 * The external task spec (product.md section 5, seed 001): `.vigil/spec.md` with the fields
 * locus, signal, done and constraints (plus out-of-scope). It lives outside the conversation,
 * so compaction can never summarise it away; vigil injects it verbatim at session start, on
 * resume and after every compaction.
 */
import { splitSections, withoutComments } from "./sections.ts";

/** Where the spec lives, relative to the project directory. */
export const SPEC_RELATIVE_PATH = ".vigil/spec.md";

/** The largest spec that still leaves room for the state digest in a restore. */
export const SPEC_MAX_CHARS = 4_000;

export const SPEC_FIELDS: readonly { name: string; required: boolean; hint: string }[] = [
  { name: "Locus", required: true, hint: "Where the work starts: files, modules, paths." },
  {
    name: "Signal",
    required: true,
    hint: "What shows the problem: an error log, a failing test, a command and what it prints.",
  },
  { name: "Done", required: true, hint: "What counts as done: acceptance criteria that can be checked." },
  {
    name: "Constraints",
    required: true,
    hint:
      'Rules that hold for the whole task, one per line (e.g. "Do not modify module X: it has downstream dependents").',
  },
  { name: "Out of scope", required: false, hint: "What this task must not touch or do." },
];

const NAMES = SPEC_FIELDS.map((f) => f.name);

/** The file `vigil spec init` writes: every field with a hint in a comment, nothing filled in. */
export function specTemplate(): string {
  const fields = SPEC_FIELDS.map((f) => `## ${f.name}\n\n<!-- ${f.hint} -->\n`).join("\n");
  return `# Task spec\n\n` +
    `<!-- vigil injects this file verbatim (without these comments) at session start, on resume and\n` +
    `     after every compaction; it is never summarised. Keep it under ${SPEC_MAX_CHARS} characters.\n` +
    `     Check it with: vigil spec check -->\n\n` + fields;
}

/** Every problem with a spec, one line each; empty when it is usable. */
export function checkSpec(text: string): string[] {
  const { sections } = splitSections(text, NAMES);
  const problems: string[] = [];
  for (const f of SPEC_FIELDS) {
    const found = sections.filter((s) => s.name === f.name);
    if (found.length === 0) {
      if (f.required) problems.push(`missing field "${f.name}"`);
      continue;
    }
    if (found.length > 1) problems.push(`field "${f.name}" appears ${found.length} times`);
    if (f.required && withoutComments(found[0].body) === "") problems.push(`field "${f.name}" is empty`);
  }
  const size = specText(text).length;
  if (size > SPEC_MAX_CHARS) {
    problems.push(`the spec is ${size} characters: keep it under ${SPEC_MAX_CHARS} so it fits the restore`);
  }
  return problems;
}

/** The spec as injected: the file without its HTML comments (template hints), otherwise verbatim. */
export function specText(text: string): string {
  // A comment on lines of its own goes with its lines, so no blank line is left behind.
  const lines = text.replace(/\r\n?/g, "\n").replace(/^[ \t]*<!--[\s\S]*?-->[ \t]*(\n|$)/gm, "");
  return withoutComments(lines).replace(/\n{3,}/g, "\n\n").trim();
}

/** The spec's constraints, verbatim (for the summariser's instructions), or null when empty. */
export function specConstraints(text: string): string | null {
  const s = splitSections(text, NAMES).sections.find((x) => x.name === "Constraints");
  const body = s ? withoutComments(s.body) : "";
  return body === "" ? null : body;
}
