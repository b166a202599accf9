/**
 * Whether to draft a state file before a compaction, and the draft itself: the eight
 * headings filled from `DraftMaterial`, marked as a draft so neither vigil nor the agent
 * mistakes it for a state the agent saved and checked.
 */
import type { DraftMaterial, Todo } from "./draft.ts";
import { DRAFT_MARKER, renderState } from "./state-format.ts";

export interface DraftDecision {
  draft: boolean;
  /** Why, for the audit log. */
  reason: string;
}

/**
 * Draft only for an automatic compaction (a manual one was asked for, after saving or not)
 * and only when no state was saved in the epoch about to be summarised: since the newest
 * compaction, or since the first record the bounded read reached when none is in reach.
 */
export function shouldDraft(
  trigger: string | null,
  savedAt: number | null,
  m: Pick<DraftMaterial, "boundaryAt" | "firstAt">,
  opts: { wholeFile: boolean },
): DraftDecision {
  if (trigger !== "auto") return { draft: false, reason: `trigger "${trigger ?? "none"}" is not automatic` };
  if (savedAt === null) return { draft: true, reason: "no state was ever saved for this session" };
  const since = m.boundaryAt ?? (opts.wholeFile ? null : m.firstAt);
  if (since === null || savedAt >= since) {
    return { draft: false, reason: `state saved at ${new Date(savedAt).toISOString()} is fresh` };
  }
  return { draft: true, reason: `the newest saved state (${new Date(savedAt).toISOString()}) predates this epoch` };
}

const STATUS: Record<string, string> = { completed: "[x]", in_progress: "[~]", pending: "[ ]" };

function todoLine(t: Todo): string {
  const mark = STATUS[t.status] ?? "[ ]";
  return `- ${mark} ${t.text}${t.status === "in_progress" ? " (in progress)" : ""}`;
}

function quote(text: string, max = 1_500): string {
  const t = text.length > max ? text.slice(0, max - 1) + "…" : text;
  return t.split("\n").map((l) => `> ${l}`).join("\n");
}

/** The draft state file's text; it passes `validateState` by construction. */
export function renderDraft(m: DraftMaterial, meta: { at: number }): string {
  const when = new Date(meta.at).toISOString();
  const none = "None found in the transcript";
  const instruction = m.lastInstruction ? `Last human instruction:\n\n${quote(m.lastInstruction)}` : "";
  const failures = m.failures.length
    ? "Recent failures (conclusions only; do not repeat them unchanged):\n" +
      m.failures.map((f) => `- ${f.what}: ${f.error}`).join("\n")
    : "No failed tool calls in reach of the transcript read.";
  return renderState(
    {
      plan: m.planPath
        ? `Plan file: ${m.planPath}\nCurrent step: not known to the draft; read the plan file.`
        : `${none} (no plan file was written or referenced).`,
      phase: "Not known to the draft: it was made mechanically, not by the agent. Re-establish the phase from " +
        "the plan and the last human instruction before acting.",
      tasks: m.todos.length ? m.todos.map(todoLine).join("\n") : `${none} (no TodoWrite or TaskCreate calls).`,
      decisions: "None recorded. Decisions, the options rejected and the reasons live only in the conversation, " +
        "and no state was saved with /pre-compact-save before this compaction. Treat any decision in the " +
        "summary as unverified; ask before reviving an option that may have been rejected.",
      constraints: "None recorded in a saved state. The task spec's constraints (vigil spec show) still hold.",
      workers: "None recorded.",
      files: m.filesEdited.length ? m.filesEdited.map((f) => `- ${f}`).join("\n") : `${none}.`,
      memo: [
        `Drafted by vigil from the transcript before an automatic compaction at ${when}; nobody reviewed it.`,
        instruction,
        failures,
        "Save a real state with /pre-compact-save once you are re-oriented.",
      ].filter(Boolean).join("\n\n"),
    },
    `${DRAFT_MARKER} ${when}: drafted from the transcript, not saved by the agent -->\n# Session state (draft)`,
  );
}
