/**
 * The handoff clause model's second source (round 15): prompts written by many people, one set per
 * writer, turned into labelled clauses. The corpus (corpus.ts) was written by one person; a model
 * trained on it alone learned that person's phrasing (round 14's blind sets: 0.556 and 0.241 of plain
 * requests passed). Every set here was written by someone who never saw the classifier, or is a
 * spent sealed set (tuning material by its README), or an earlier cycle's own batch.
 *
 * The files are named one by one: a blind set still being written (sealed-7) is never read, and no
 * pattern could pick it up by accident.
 *
 * Clause labels, from the prompt's label:
 * - a plain request: every clause serves it; one that names the document is `doc`, the others `support`;
 * - a prompt with other work: with work spans (the writer's `work` array in the set, or a span file from
 *   a writer who labelled a spent set), every clause that overlaps a span is `other` and the rest as above;
 *   with no spans, the one clause a corpus-only model finds most `other` is `other` and the rest are left
 *   out (multiple-instance learning: at least one clause asks for the work; which, the prompt does not say);
 * - a mention: the clauses that name the document and the one a corpus-only model finds most `other`.
 * Prompts with no handoff at all (`other`) never reach the model in the hook, so they are not used.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { clausesOf, onlyRequest } from "../../../src/core/handoff-request.ts";
import { DOC_NOUN } from "../../../src/core/handoff-model.ts";
import { type HandoffPrompt } from "../measure.ts";
import { type Clause, type Lang } from "./corpus.ts";

const DIR = join(import.meta.dir, "..");

const CATS = new Set(["request", "request-plus-work", "mention", "other"]);
const LANGS = new Set(["en", "ko", "ja"]);

/** A score of how much a clause is other work (a corpus-only model), for the prompts with no spans. */
export type OtherScore = (clause: string) => number;

/** One writer's prompts: the files of one set (a writer's later batches are one set). */
export interface WriterSet {
  name: string;
  files: readonly string[];
}

/**
 * Round 15's sets, as the clause judge was trained on them; the mood judge's sets begin with them (mood/prompts.ts).
 * A set added later goes into WRITERS (or the mood judge's own list), never here, so that it changes one model only.
 */
export const ROUND15_WRITERS: readonly WriterSet[] = [
  { name: "tuning", files: ["tuning.jsonl"] },
  { name: "sealed", files: ["sealed.jsonl"] },
  { name: "sealed-2", files: ["sealed-2.jsonl"] },
  { name: "sealed-3", files: ["sealed-3.jsonl"] },
  { name: "sealed-4", files: ["sealed-4.jsonl"] },
  { name: "sealed-5", files: ["sealed-5.jsonl"] },
  { name: "sealed-6", files: ["sealed-6.jsonl"] },
  { name: "r14abc", files: ["model/batch-r14.jsonl", "model/batch-r14b.jsonl", "model/batch-r14c.jsonl"] },
  { name: "r14d-j", files: ["d", "e", "f", "g", "h", "i", "j"].map((x) => `model/batch-r14${x}.jsonl`) },
  { name: "writer-a", files: ["model/writer-a.jsonl"] },
  { name: "writer-b", files: ["model/writer-b.jsonl"] },
  { name: "writer-c", files: ["model/writer-c.jsonl"] },
  { name: "writer-d", files: ["model/writer-d.jsonl"] },
];

/** Every set the clause model may learn from, each written by one person (or one cycle). */
export const WRITERS: readonly WriterSet[] = [
  ...ROUND15_WRITERS,
  // Round 17: every set spent by round 16's end (their first runs and families are in docs/stop-gate.md).
  { name: "sealed-7", files: ["sealed-7.jsonl"] },
  { name: "sealed-8", files: ["sealed-8.jsonl"] },
  { name: "sealed-9", files: ["sealed-9.jsonl"] },
  { name: "sealed-10", files: ["sealed-10.jsonl"] },
  { name: "sealed-11", files: ["sealed-11.jsonl"] },
  { name: "sealed-12", files: ["sealed-12.jsonl"] },
  { name: "writer-e", files: ["model/writer-e.jsonl"] },
  { name: "writer-f", files: ["model/writer-f.jsonl"] },
  { name: "writer-g", files: ["model/writer-g.jsonl"] },
  { name: "writer-h", files: ["model/writer-h.jsonl"] },
  { name: "writer-i", files: ["model/writer-i.jsonl"] },
  { name: "writer-j", files: ["model/writer-j.jsonl"] },
];

/** Round 15's work-span files on the spent sets ({"id", "work": [substrings]} per line); the mood judge's begin with them. */
export const ROUND15_SPAN_FILES: readonly string[] = ["model/spans-a.jsonl", "model/spans-b.jsonl"];
/** The clause model's span files. */
const SPAN_FILES = [
  ...ROUND15_SPAN_FILES,
  // Round 17: spans-c (sealed-7/8), spans-d (sealed-9/10), spans-e (tuning and round 14's and 15's batches).
  "model/spans-c.jsonl",
  "model/spans-d.jsonl",
  "model/spans-e.jsonl",
];

/** A prompt with the substrings that ask for other work, when its writer marked them. */
export interface LabelledPrompt extends HandoffPrompt {
  work?: readonly string[];
}

/** Where each clause sits in the prompt (clauses come in order; a clause not found keeps the last place). */
function places(text: string, clauses: readonly string[]): [number, number][] {
  let at = 0;
  return clauses.map((c) => {
    const i = text.indexOf(c, at);
    if (i < 0) return [at, at + c.length];
    at = i + c.length;
    return [i, i + c.length];
  });
}

/** Where each span sits (every occurrence). */
function spanPlaces(text: string, work: readonly string[]): [number, number][] {
  const out: [number, number][] = [];
  for (const w of work) {
    for (let i = text.indexOf(w); i >= 0; i = text.indexOf(w, i + 1)) out.push([i, i + w.length]);
  }
  return out;
}

function readLines(file: string): Record<string, unknown>[] {
  const path = join(DIR, file);
  if (!existsSync(path)) return [];
  return readFileSync(path, "utf8").split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l));
}

/** What a judge's training sets take of that judge (the clause judge's here; mood/prompts.ts gives the mood judge's). */
export interface SetJudge {
  /** The judge's clause split. */
  clausesOf(text: string): string[];
  /** The judge's document noun: a clause naming it serves a request as `doc`, and a mention's is `other`. */
  docNoun: RegExp;
  /** A clause never taken as the one `other` clause of a prompt with no spans (one that only asks for the document). */
  notOther(clause: string): boolean;
}

/** One judge's training sets: its writers' sets and span files, labelled by its own clause split. */
export function promptSets(judge: SetJudge, writers: readonly WriterSet[], spanFiles: readonly string[]) {
  const { clausesOf, docNoun: DOC_NOUN } = judge;
  let spans: Map<string, string[]> | null = null;

  /** The work spans by prompt id (from the span files; a set's own `work` array wins). */
  function spanIndex(): Map<string, string[]> {
    if (spans) return spans;
    spans = new Map();
    for (const f of spanFiles) {
      for (const v of readLines(f)) {
        if (typeof v.id !== "string" || !Array.isArray(v.work)) continue;
        const w = v.work.filter((s): s is string => typeof s === "string" && s.trim() !== "");
        spans.set(v.id, [...(spans.get(v.id) ?? []), ...w]);
      }
    }
    return spans;
  }

  /** The prompts of one set (a missing file is an empty set: a writer's batch not landed yet). */
  function promptsOf(set: WriterSet): LabelledPrompt[] {
    return set.files.flatMap((f) =>
      readLines(f).flatMap((v): LabelledPrompt[] => {
        if (
          typeof v.id !== "string" || typeof v.text !== "string" || typeof v.lang !== "string" ||
          !CATS.has(String(v.category))
        ) return [];
        const own = Array.isArray(v.work) ? v.work.filter((s): s is string => typeof s === "string" && s !== "") : [];
        const work = own.length > 0 ? own : spanIndex().get(v.id);
        return [{ id: v.id, category: v.category as LabelledPrompt["category"], lang: v.lang, text: v.text, work }];
      })
    );
  }

  /** The labelled clauses of some prompts. */
  function clausesFrom(prompts: readonly LabelledPrompt[], other: OtherScore, family: string): Clause[] {
    const out: Clause[] = [];
    for (const p of prompts) {
      if (!LANGS.has(p.lang) || p.category === "other") continue;
      const lang = p.lang as Lang;
      const cs = clausesOf(p.text.slice(0, 4_000)).slice(0, 40);
      if (cs.length === 0) continue;
      const serve = (c: string): Clause => ({ lang, label: DOC_NOUN.test(c) ? "doc" : "support", family, text: c });
      if (p.category === "request") {
        for (const c of cs) out.push(serve(c));
        continue;
      }
      const spots = p.work && p.work.length > 0 ? spanPlaces(p.text, p.work) : [];
      if (p.category === "mention" && spots.length > 0) {
        // A mention's work spans are other; so is a clause naming the handoff; the rest asks nothing either way.
        const at = places(p.text, cs);
        cs.forEach((c, i) => {
          const [a, b] = at[i];
          if (DOC_NOUN.test(c) || spots.some(([x, y]) => Math.min(b, y) - Math.max(a, x) > 0)) {
            out.push({ lang, label: "other", family, text: c });
          }
        });
        continue;
      }
      if (spots.length > 0) {
        const at = places(p.text, cs);
        cs.forEach((c, i) => {
          const [a, b] = at[i];
          const hit = spots.some(([x, y]) => Math.min(b, y) - Math.max(a, x) > 0);
          out.push(hit ? { lang, label: "other", family, text: c } : serve(c));
        });
        continue;
      }
      // No spans: the clause most like other work is other (ties: the first), never one that only asks for the
      // document ("인계서 써 줘": in a request plus work, that is the request); a mention's clauses naming it are other.
      let best = -1;
      let bestP = -1;
      cs.forEach((c, i) => {
        const s = other(c);
        if (s > bestP && !judge.notOther(c)) [best, bestP] = [i, s];
      });
      cs.forEach((c, i) => {
        if (i === best || (p.category === "mention" && DOC_NOUN.test(c))) {
          out.push({ lang, label: "other", family, text: c });
        }
      });
    }
    return out;
  }
  return { WRITERS: writers, promptsOf, clausesFrom };
}

/** The clause judge's sets. */
export const { promptsOf, clausesFrom } = promptSets(
  { clausesOf, docNoun: DOC_NOUN, notOther: onlyRequest },
  WRITERS,
  SPAN_FILES,
);
