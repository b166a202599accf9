/**
 * The restore after a compaction (product.md section 5, seeds 001 and 002): the spec
 * verbatim, the state digest with decisions (and the options rejected) and the recovery memo
 * inline, pointers to the files to re-read, the line that demotes the summary's next steps to
 * hypotheses, and a self-check against the spec. It must fit `additionalContext` (under
 * 9,000 characters); when it does not, the least important parts are cut first and the spec,
 * the decisions and the memo last.
 */
import type { Language } from "../config.ts";
import { RESTORE_WORDS, type RestoreWords } from "../messages/continuity.ts";
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

/** The English words the proof and the tests look for (every language: messages/continuity.ts). */
export const HYPOTHESES = RESTORE_WORDS.en.hypotheses;
export const SELF_CHECK = RESTORE_WORDS.en.selfCheck;

/** How each restore opens in English: the proof (`vigil doctor --prove`, run in English) looks for these. */
export const OPENING: Record<RestoreInput["why"], string> = RESTORE_WORDS.en.opening;

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

function stateHeader(s: StateRef, w: RestoreWords): string {
  return s.doc.draft ? w.draftHeader(iso(s.at), s.path) : w.savedHeader(iso(s.at), s.path);
}

function statePieces(i: RestoreInput, w: RestoreWords): Piece[] {
  const s = i.state;
  if (!s) return [{ title: null, text: w.noState, rank: 9 }];
  // A draft cannot know decisions or constraints; an earlier saved state may still hold them.
  const from = (key: StateKey): string => {
    const e = i.earlier;
    if (!s.doc.draft || !e) return s.doc.sections[key];
    return w.fromEarlier(iso(e.at)) + e.doc.sections[key];
  };
  const t = w.sections;
  const sec = (title: string, key: StateKey, rank: number): Piece => ({ title, text: from(key), rank });
  return [
    { title: null, text: w.stateTitle(stateHeader(s, w)), rank: 9 },
    sec(t.decisions, "decisions", 7.5),
    { title: t.memo, text: s.doc.sections.memo, rank: 7 },
    sec(t.constraints, "constraints", 6),
    { title: t.plan, text: s.doc.sections.plan, rank: 5 },
    { title: t.phase, text: s.doc.sections.phase, rank: 4 },
    { title: t.tasks, text: s.doc.sections.tasks, rank: 3 },
    { title: t.workers, text: s.doc.sections.workers, rank: 2 },
    { title: t.files, text: s.doc.sections.files, rank: 1 },
  ];
}

function pointers(i: RestoreInput, w: RestoreWords): string {
  const plan = i.state ? planPathOf(i.state.doc.sections.plan) : null;
  const lines = [w.reread];
  if (plan) lines.push(w.planLine(plan));
  lines.push(i.state ? w.stateLine(i.statePath) : w.noStateLine(i.statePath));
  lines.push(i.spec ? w.specLine(i.spec.path) : w.noSpecLine);
  lines.push(w.taskList);
  return lines.join("\n");
}

function render(pieces: Piece[]): string {
  return pieces.map((p) => (p.title ? `${p.title}\n${p.text}` : p.text)).join("\n\n");
}

/** Cut a text to at most `max` characters at a line end, saying that it was cut. */
function cut(text: string, max: number, w: RestoreWords): string {
  if (text.length <= max) return text;
  if (max < w.cut.length + 40) return w.leftOut;
  const room = text.slice(0, max - w.cut.length);
  const nl = room.lastIndexOf("\n");
  return (nl > room.length / 2 ? room.slice(0, nl) : room) + w.cut;
}

/**
 * The restore text in the session's language, at most `budget` characters (at most
 * `RESTORE_MAX_CHARS - 1` whatever the budget).
 */
export function restoreText(i: RestoreInput, budget: number, lang: Language = "en"): string {
  const w = RESTORE_WORDS[lang];
  const limit = Math.min(budget, RESTORE_MAX_CHARS - 1);
  const end = lang === "en" ? "." : "";
  const check = w.selfCheckNow + (i.spec ? `${w.selfCheck}${end}` : i.state ? w.selfCheckNoSpec : w.selfCheckNothing);
  const pieces: Piece[] = [
    { title: null, text: `${w.opening[i.why]} ${w.note}${w.hypotheses}${end}`, rank: 10 },
    ...(i.spec ? [{ title: w.specTitle(i.spec.path), text: `<<<\n${i.spec.text}\n>>>`, rank: 8 }] : []),
    ...statePieces(i, w),
    { title: null, text: pointers(i, w), rank: 10 },
    { title: null, text: check, rank: 10 },
  ];
  // Cut the lowest ranks first: files, workers, tasks, phase, plan, constraints; then the memo,
  // the decisions and the spec, in that order, only if they alone do not fit.
  const order = pieces.filter((p) => p.rank < 9).sort((a, b) => a.rank - b.rank);
  for (const p of order) {
    const over = render(pieces).length - limit;
    if (over <= 0) break;
    p.text = cut(p.text, Math.max(0, p.text.length - over), w);
  }
  const text = render(pieces);
  return text.length <= limit ? text : text.slice(0, limit - 1) + "…";
}
