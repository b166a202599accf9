/**
 * The `/pre-compact-save` skill (seed 002): the agent writes its state in the fixed format
 * and pipes it to `vigil state save`, which refuses anything incomplete. `allowed-tools`
 * admits only vigil's own commands, so the skill cannot have side effects beyond the state
 * file. Written by `vigil state skill` (and by `vigil install`).
 */
import { STATE_HEADINGS } from "./state-format.ts";

export const SKILL_NAME = "pre-compact-save";

/** Marks a SKILL.md as vigil's, so it may be rewritten but a user's own never is. */
export const SKILL_MARKER = "<!-- vigil:skill written by vigil; rewritten on install -->";

const HINTS: Record<string, string> = {
  plan: "the plan file's absolute path, and the step in progress",
  phase: "where the work stands (e.g. investigating, implementing, verifying before deploy)",
  tasks: "tasks in progress and pending, with anything the next step needs to know",
  decisions: "each decision: the option adopted, the options rejected, and why each was rejected",
  constraints: "rules in force, including ordering (verify before deploy) and what must not be touched",
  workers: 'parallel workers (tmux panes, sessions): name, role, what each owns; "none" if none',
  files: "files edited but not yet verified or committed, and what to watch for",
  memo: "a letter to yourself after the compaction: the next move, and the mines not to step on",
};

/** The SKILL.md text; `bin` is how the skill calls vigil (a name on PATH or an absolute path). */
export function skillText(opts: { bin?: string } = {}): string {
  const bin = opts.bin ?? "vigil";
  const template = STATE_HEADINGS.map((h) => `## ${h.title}\n<!-- ${HINTS[h.key]} -->`).join("\n\n");
  return `---
name: ${SKILL_NAME}
description: Save this session's working state (plan, phase, tasks, decisions with the options rejected, constraints, workers, files in flight, recovery memo) with vigil before a compaction. Use at a good stopping point when vigil warns that the context is filling up, and before /compact.
allowed-tools: Bash(${bin} state save:*), Bash(${bin} state show:*), Bash(${bin} spec show:*)
---
${SKILL_MARKER}

# Save state before compaction

A compaction replaces the conversation with a summary, and a summary keeps badly what matters
most: why an option was rejected, which phase the work is in, ordering constraints, who the
workers are. Write them down now; vigil puts them back in front of you after the compaction.

Follow these steps exactly.

1. Collect the state of this session from the conversation and the files. Never invent: when
   something is unknown, write "unknown" and why. Read the task spec with \`${bin} spec show\` if
   there is one, so the constraints you write agree with it.
2. Save it with one command: the Markdown on stdin, these eight headings in this order, none
   empty (replace each comment with the content; write "none" when nothing applies):

${bin} state save <<'VIGIL_STATE'
${template}
VIGIL_STATE

3. If vigil refuses (exit 1), its message names the problem: fix exactly that and run the same
   command again. Never write the state anywhere else. If the refusal is about the session id,
   stop and tell the user: a state under a guessed name would be restored into another session.
4. Run \`${bin} state show\` and check that it prints what you meant to save.
5. Say "state saved" with the path vigil printed, and stop there: the user decides when to compact.
`;
}
