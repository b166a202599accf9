/**
 * The mood judge's training sets (round 16; src/core/handoff-mood.ts): round 15's sets (../prompts.ts, which labels
 * them: promptSets) with the spent blind sets sealed-7 … sealed-12, writers e–j and their span files. Round 15's part is ROUND15_WRITERS, which never grows: a set added for the clause judge alone never
 * changes what the mood judge trains on.
 */
import { clausesOf, onlyRequest } from "../../../../src/core/handoff-mood.ts";
import { DOC_NOUN, moodOf } from "../../../../src/core/handoff-mood-model.ts";
import { promptSets, ROUND15_SPAN_FILES, ROUND15_WRITERS, type WriterSet } from "../prompts.ts";

/** Every set the mood model learns from: round 15's, then round 16's. */
export const WRITERS: readonly WriterSet[] = [
  ...ROUND15_WRITERS,
  // Round 16: round 15's blind sets, spent (their families are published in docs/stop-gate.md).
  { name: "sealed-7", files: ["sealed-7.jsonl"] },
  { name: "sealed-8", files: ["sealed-8.jsonl"] },
  // Round 16, each added after its one first run on the frozen design (docs/stop-gate.md, round 16): round 15's last
  // two blind sets and writers e–h's blind training batches.
  { name: "sealed-9", files: ["sealed-9.jsonl"] },
  { name: "sealed-10", files: ["sealed-10.jsonl"] },
  { name: "writer-e", files: ["model/writer-e.jsonl"] },
  { name: "writer-f", files: ["model/writer-f.jsonl"] },
  { name: "writer-g", files: ["model/writer-g.jsonl"] },
  { name: "writer-h", files: ["model/writer-h.jsonl"] },
  // Round 17: round 16's blind sets and writers i and j, spent (docs/stop-gate.md). Leaving writers e–h out, the mood
  // model trained with these passed one prompt with work fewer (2 of 432) and one plain request more than without.
  { name: "sealed-11", files: ["sealed-11.jsonl"] },
  { name: "sealed-12", files: ["sealed-12.jsonl"] },
  { name: "writer-i", files: ["model/writer-i.jsonl"] },
  { name: "writer-j", files: ["model/writer-j.jsonl"] },
];

/** Work-span files on the spent sets ({"id", "work": [substrings]} per line). */
const SPAN_FILES = [
  ...ROUND15_SPAN_FILES,
  // Round 16: spansc on sealed-7 and sealed-8, spanse on tuning.jsonl and round 14's and 15's batches.
  "model/spans-c.jsonl",
  "model/spans-e.jsonl",
  // spansd on sealed-9 and sealed-10 (added with them, after their first run).
  "model/spans-d.jsonl",
];

/** The mood judge's sets: round 15's labelling (../prompts.ts), with the mood judge's clause split and document noun;
 * no clause that only describes, by its mood (a sentence about the successor is context), is taken as the one other. */
export const { promptsOf, clausesFrom } = promptSets(
  { clausesOf, docNoun: DOC_NOUN, notOther: (c) => onlyRequest(c) || moodOf(c).mood === "describe" },
  WRITERS,
  SPAN_FILES,
);
