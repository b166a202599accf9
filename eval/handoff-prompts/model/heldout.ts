/**
 * The clause model and the whole exception on our own corpus (corpus.ts), per language: clause
 * accuracy, and prompts composed from the corpus's clauses (a plain request: a document clause with
 * up to two supporting clauses around it; with other work: the same plus one clause of other work),
 * through `isHandoffRequest`, the function the hook asks. `--part held` (default) uses only the
 * held-out families (the trainer never saw them); `--part tune` the families it trained on.
 *
 *   bun eval/handoff-prompts/model/heldout.ts [--part held|tune] [--list] [--impl FILE]
 */
import { CLASSES, scoreClause } from "../../../src/core/handoff-model.ts";
import { isHandoffRequest as current } from "../../../src/core/handoff-request.ts";
import { type Clause, corpus, type Lang } from "./corpus.ts";

const args = process.argv.slice(2);
const part = args.includes("--part") ? args[args.indexOf("--part") + 1] : "held";
const list = args.includes("--list");
// --impl FILE: another build of handoff-request.ts (e.g. main's, from `git show`), for a same-corpus comparison.
const isHandoffRequest: (t: string) => boolean = args.includes("--impl")
  ? (await import(args[args.indexOf("--impl") + 1])).isHandoffRequest
  : current;
const all = corpus().filter((c) => c.held === (part === "held"));

let seed = 99;
const rand = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];

const JOIN: Record<Lang, readonly string[]> = {
  en: [". ", ". ", "\n", "; ", ", "],
  ko: [". ", ". ", "\n", " "],
  ja: ["。", "。", "\n", "、"],
};
const END: Record<Lang, readonly string[]> = { en: [".", "", "!"], ko: [".", "", "!"], ja: ["。", "", "！"] };

function sentence(lang: Lang, c: Clause): string {
  const t = c.text.replace(/[.!。！]$/, "");
  return lang === "en" ? t.charAt(0).toUpperCase() + t.slice(1) : t;
}

function compose(lang: Lang, parts: Clause[]): string {
  let s = "";
  parts.forEach((c, i) => {
    s += (i > 0 ? pick(JOIN[lang]) : "") + sentence(lang, c);
  });
  return s + pick(END[lang]);
}

for (const lang of ["en", "ko", "ja"] as const) {
  const mine = all.filter((c) => c.lang === lang);
  const by = (l: string) => mine.filter((c) => c.label === l);
  // Clause accuracy, and how often a clause of other work gets less than the refusal threshold.
  const confusion = CLASSES.map(() => [0, 0, 0]);
  for (const c of mine) {
    const s = scoreClause(c.text);
    confusion[CLASSES.indexOf(c.label)][s.p.indexOf(Math.max(...s.p))]++;
  }
  const docs = by("doc");
  const sup = by("support");
  const oth = by("other");
  let plainPass = 0;
  let workPass = 0;
  const N = 200;
  const wrong: string[] = [];
  for (let i = 0; i < N; i++) {
    const before = rand() < 0.4 ? [pick(sup)] : [];
    const after = Array.from({ length: Math.floor(rand() * 3) }, () => pick(sup));
    const plain = [...before, pick(docs), ...after];
    const p = compose(lang, plain);
    if (isHandoffRequest(p)) plainPass++;
    else wrong.push("plain refused: " + JSON.stringify(p));
    const withWork = [...plain];
    withWork.splice(1 + Math.floor(rand() * plain.length), 0, pick(oth));
    const w = compose(lang, withWork);
    if (isHandoffRequest(w)) {
      workPass++;
      wrong.push("work passed: " + JSON.stringify(w));
    }
  }
  console.log(
    `${lang} ${part}: clauses ${mine.length} (doc→[doc,sup,oth] ${confusion[0]} sup→${confusion[1]} oth→${
      confusion[2]
    }); composed prompts: plain passed ${plainPass}/${N} (${
      (plainPass / N).toFixed(3)
    }), other work passed ${workPass}/${N}`,
  );
  if (list) { for (const w of wrong.slice(0, 40)) console.log("   ", w); }
}
