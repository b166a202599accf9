/**
 * The restore after a compaction (product.md section 5, seeds 001 and 002): the spec
 * verbatim, the state digest with decisions (and the options rejected) and the recovery memo
 * inline, pointers to the files to re-read, the line that demotes the summary's next steps to
 * hypotheses, and a self-check against the spec. It must fit `additionalContext` (under
 * 9,000 characters); when it does not, the least important parts are cut first and the spec,
 * the decisions and the memo last.
 */
import type { StateDoc, StateKey } from "./state-format.ts";

/** The product's ceiling for the restore, whatever `contextCap` says. */
export const RESTORE_MAX_CHARS = 9_000;

export interface StateRef {
  path: string;
  at: number;
  doc: StateDoc;
}

export interface RestoreInput {
  why: "compact" | "fallback" | "resume";
  /** The spec as injected (`specText`), with its path. */
  spec: { path: string; text: string } | null;
  /** The newest state version (saved or drafted). */
  state: StateRef | null;
  /** The newest state the agent saved, when the newest version is a draft. */
  earlier: StateRef | null;
  /** The stable path of the newest state (`state.md`). */
  statePath: string;
}

export const HYPOTHESES = "the summary's next steps are hypotheses; plan, state and spec are the truth";
export const SELF_CHECK = "compare the current plan with the spec line by line and say the result before continuing";

/** How each restore opens: the proof (`vigil doctor --prove`) looks for these. */
export const OPENING: Record<RestoreInput["why"], string> = {
  compact: "vigil: this session was just compacted.",
  fallback: "vigil: this session was compacted and the restore did not reach you then, so here it is.",
  resume: "vigil: this session was resumed.",
};

const CUT = "\n… (cut to fit; the full text is in the state file)";
const LEFT_OUT = "(left out to fit; read it in the state file)";

interface Piece {
  title: string | null;
  text: string;
  /** Lower goes first when cutting; the spec, decisions and memo are cut last. */
  rank: number;
}

/** The first thing in the Plan section that looks like a file path. */
export function planPathOf(plan: string): string | null {
  for (const raw of plan.split(/[\s`'"()<>]+/)) {
    const t = raw.replace(/[.,;:]+$/, "");
    if (/^(~|\.{1,2})?\//.test(t) || /^[\w.-]+(\/[\w.-]+)*\.md$/.test(t)) return t;
  }
  return null;
}

function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

function stateHeader(s: StateRef): string {
  return s.doc.draft
    ? `DRAFT made by vigil from the transcript at ${iso(s.at)} before an automatic compaction; not reviewed (${s.path})`
    : `saved at ${iso(s.at)} (${s.path})`;
}

function statePieces(i: RestoreInput): Piece[] {
  const s = i.state;
  if (!s) {
    return [{ title: null, text: "No state was saved for this session (/pre-compact-save saves one).", rank: 9 }];
  }
  // A draft cannot know decisions or constraints; an earlier saved state may still hold them.
  const from = (key: StateKey): string => {
    const e = i.earlier;
    if (!s.doc.draft || !e) return s.doc.sections[key];
    return `(from the state saved at ${iso(e.at)}, before an earlier compaction; check it is still current)\n` +
      e.doc.sections[key];
  };
  const sec = (title: string, key: StateKey, rank: number): Piece => ({ title, text: from(key), rank });
  return [
    { title: null, text: `## State, ${stateHeader(s)}`, rank: 9 },
    sec("### Decisions (adopted, rejected, why rejected)", "decisions", 7.5),
    { title: "### Recovery memo", text: s.doc.sections.memo, rank: 7 },
    sec("### Constraints", "constraints", 6),
    { title: "### Plan", text: s.doc.sections.plan, rank: 5 },
    { title: "### Phase", text: s.doc.sections.phase, rank: 4 },
    { title: "### Tasks", text: s.doc.sections.tasks, rank: 3 },
    { title: "### Workers", text: s.doc.sections.workers, rank: 2 },
    { title: "### Files in flight", text: s.doc.sections.files, rank: 1 },
  ];
}

function pointers(i: RestoreInput): string {
  const plan = i.state ? planPathOf(i.state.doc.sections.plan) : null;
  const lines = ["## Re-read these now"];
  if (plan) lines.push(`- plan: ${plan}`);
  lines.push(
    i.state ? `- state: ${i.statePath} (or: vigil state show)` : `- state: none saved yet (it would be ${i.statePath})`,
  );
  lines.push(i.spec ? `- spec: ${i.spec.path} (or: vigil spec show)` : "- spec: none (vigil spec init writes one)");
  lines.push("- the task list (TaskList), for what is in progress");
  return lines.join("\n");
}

function render(pieces: Piece[]): string {
  return pieces.map((p) => (p.title ? `${p.title}\n${p.text}` : p.text)).join("\n\n");
}

/** Cut a text to at most `max` characters at a line end, saying that it was cut. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max < CUT.length + 40) return LEFT_OUT;
  const room = text.slice(0, max - CUT.length);
  const nl = room.lastIndexOf("\n");
  return (nl > room.length / 2 ? room.slice(0, nl) : room) + CUT;
}

/** The restore text, at most `budget` characters (at most `RESTORE_MAX_CHARS - 1` whatever the budget). */
export function restoreText(i: RestoreInput, budget: number): string {
  const limit = Math.min(budget, RESTORE_MAX_CHARS - 1);
  const check = i.spec
    ? `Self-check, now: ${SELF_CHECK}.`
    : i.state
    ? "Self-check, now: compare the current plan with the saved decisions and constraints line by line and say " +
      "the result before continuing. (There is no task spec: vigil spec init writes .vigil/spec.md.)"
    : "Self-check, now: re-read the plan and the task list, and say where the work stands before continuing.";
  const pieces: Piece[] = [
    { title: null, text: `${OPENING[i.why]} Note: ${HYPOTHESES}.`, rank: 10 },
    ...(i.spec
      ? [{
        title: `## Task spec, verbatim between <<< and >>> (${i.spec.path})`,
        text: `<<<\n${i.spec.text}\n>>>`,
        rank: 8,
      }]
      : []),
    ...statePieces(i),
    { title: null, text: pointers(i), rank: 10 },
    { title: null, text: check, rank: 10 },
  ];
  // Cut the lowest ranks first: files, workers, tasks, phase, plan, constraints; then the memo,
  // the decisions and the spec, in that order, only if they alone do not fit.
  const order = pieces.filter((p) => p.rank < 9).sort((a, b) => a.rank - b.rank);
  for (const p of order) {
    const over = render(pieces).length - limit;
    if (over <= 0) break;
    p.text = cut(p.text, Math.max(0, p.text.length - over));
  }
  const text = render(pieces);
  return text.length <= limit ? text : text.slice(0, limit - 1) + "…";
}
