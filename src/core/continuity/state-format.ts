/**
 * The state file's fixed format (product.md section 5, seed 002): eight headings in a fixed
 * order, none empty. `vigil state save` refuses anything else and writes nothing, so a state
 * file that exists is one that can be restored from.
 */
import type { Result } from "../payload.ts";
import { type Section, splitSections, withoutComments } from "./sections.ts";

export type StateKey = "plan" | "phase" | "tasks" | "decisions" | "constraints" | "workers" | "files" | "memo";

/** The headings in their required order, with the gloss shown in templates and drafts. */
export const STATE_HEADINGS: readonly { key: StateKey; name: string; title: string }[] = [
  { key: "plan", name: "Plan", title: "Plan (path and current step)" },
  { key: "phase", name: "Phase", title: "Phase" },
  { key: "tasks", name: "Tasks", title: "Tasks" },
  { key: "decisions", name: "Decisions", title: "Decisions (adopted, rejected, why rejected)" },
  { key: "constraints", name: "Constraints", title: "Constraints" },
  { key: "workers", name: "Workers", title: "Workers" },
  { key: "files", name: "Files in flight", title: "Files in flight" },
  { key: "memo", name: "Recovery memo", title: "Recovery memo" },
];

const NAMES = STATE_HEADINGS.map((h) => h.name);
const ORDER = NAMES.join(", ");

/** The first line of a state drafted by vigil rather than saved by the agent. */
export const DRAFT_MARKER = "<!-- vigil:draft";

export interface StateDoc {
  sections: Record<StateKey, string>;
  /** Drafted mechanically from the transcript (carries `DRAFT_MARKER`). */
  draft: boolean;
}

function orderProblems(found: Section[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  let last = -1, lastName = "";
  for (const s of found) {
    if (seen.has(s.name)) {
      problems.push(`heading "${s.name}" appears twice (line ${s.line})`);
      continue;
    }
    seen.add(s.name);
    const at = NAMES.indexOf(s.name);
    if (at < last) problems.push(`heading "${s.name}" is out of order: it must come before "${lastName}" (${ORDER})`);
    else (last = at, lastName = s.name);
  }
  for (const n of NAMES) if (!seen.has(n)) problems.push(`missing heading "${n}"`);
  return problems;
}

/**
 * Check a state file's text: every heading present, once, in order, with something under
 * it. Returns every problem found, joined, so one retry can fix them all.
 */
export function validateState(text: string): Result<StateDoc> {
  if (text.trim() === "") return { ok: false, error: `no state given: expected Markdown with the headings ${ORDER}` };
  const { sections } = splitSections(text, NAMES);
  const problems = orderProblems(sections);
  const once = new Set<string>();
  for (const s of sections) {
    if (once.has(s.name)) continue;
    once.add(s.name);
    if (withoutComments(s.body) === "") {
      problems.push(`heading "${s.name}" is empty (write "none" when nothing applies)`);
    }
  }
  if (problems.length > 0) return { ok: false, error: problems.join("; ") };
  const body = (name: string) => sections.find((s) => s.name === name)?.body ?? "";
  const out: Record<StateKey, string> = {
    plan: body("Plan"),
    phase: body("Phase"),
    tasks: body("Tasks"),
    decisions: body("Decisions"),
    constraints: body("Constraints"),
    workers: body("Workers"),
    files: body("Files in flight"),
    memo: body("Recovery memo"),
  };
  return { ok: true, value: { sections: out, draft: text.trimStart().startsWith(DRAFT_MARKER) } };
}

/** Render sections under the canonical headings (drafts and tests). */
export function renderState(sections: Record<StateKey, string>, preamble = ""): string {
  const body = STATE_HEADINGS.map((h) => `## ${h.title}\n\n${sections[h.key].trim()}\n`).join("\n");
  return (preamble ? preamble.trim() + "\n\n" : "") + body;
}

/**
 * Whether a session id is safe as a directory name. Claude Code's are UUIDs; anything with a
 * path separator, or `.`/`..`, could write outside the state directory.
 */
export function isSessionId(id: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(id) && !id.includes("..");
}
