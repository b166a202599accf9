/**
 * Leave one writer out for BOTH judges' models (round 20): loso.ts holds a set out of the clause model only, while
 * the mood model keeps its shipped table, which was trained on that set. Here, for each set of the clause judge's
 * WRITERS (prompts.ts), both tables are trained without it (the mood judge's sets of the same name left out too),
 * and the whole exception (`passes`, as the hook judges) runs on the set. Training one table takes seconds, so every
 * fold of both models fits in a few minutes.
 *
 *   bun eval/handoff-prompts/model/loso-both.ts [--cache DIR] [--drop a,b] [--only a,b] [--grid "c.rescue=0.1,0.2;m.rescue=0.1"] [--out FILE]
 *
 * --drop: sets neither model trains on (each still measured, on the tables trained on every set left): main's data
 * against more data on the same prompts. --grid: thresholds of the clause judge (`c.` LIMITS of handoff-request.ts)
 * and the mood judge (`m.` LIMITS of handoff-mood.ts), every combination on the same folds. --out: every prompt's
 * verdict per combination, as JSON ("set#id#category": passed), to compare two runs prompt by prompt.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as clauseModel from "../../../src/core/handoff-model.ts";
import * as moodModel from "../../../src/core/handoff-mood-model.ts";
import { LIMITS as MOOD_LIMITS } from "../../../src/core/handoff-mood.ts";
import { LIMITS as CLAUSE_LIMITS } from "../../../src/core/handoff-request.ts";
import { passes } from "../measure.ts";
import * as moodSets from "./mood/prompts.ts";
import * as clauseSets from "./prompts.ts";
import { type WriterSet } from "./prompts.ts";
import { trainer } from "./train.ts";

const args = process.argv.slice(2);
const arg = (k: string): string | undefined => args.includes(k) ? args[args.indexOf(k) + 1] : undefined;
const list = (k: string): Set<string> => new Set((arg(k) ?? "").split(",").filter((s) => s !== ""));
const drop = list("--drop");
const only = list("--only");
const cache = arg("--cache");

type Sets = Pick<typeof clauseSets, "WRITERS" | "clausesFrom" | "promptsOf">;
const without = (sets: Sets): Sets => ({ ...sets, WRITERS: sets.WRITERS.filter((s) => !drop.has(s.name)) });
const judges = [
  { kind: "clause", model: clauseModel, sets: without(clauseSets) },
  { kind: "mood", model: moodModel, sets: without(moodSets) },
] as const;

/** One judge's table trained without `name` (a dropped set's fold is the table of every set left). */
function table(judge: typeof judges[number], name: string): Map<string, number[]> {
  const fold = drop.has(name) ? "__dropped__" : name;
  const file = cache === undefined ? undefined : join(cache, `${fold}-${judge.kind}.json`);
  if (file !== undefined && existsSync(file)) return new Map(JSON.parse(readFileSync(file, "utf8")));
  const t = trainer(judge.model.clauseFeatures, judge.sets);
  const w = t.trainOn(t.trainingSet(fold), 30);
  if (file !== undefined) {
    mkdirSync(cache!, { recursive: true });
    writeFileSync(file, JSON.stringify([...w]));
  }
  return w;
}

type Limits = Record<string, number>;
const grid: [string, number[]][] = (arg("--grid") ?? "").split(";").filter((kv) => kv.includes("=")).map((kv) => {
  const [k, v] = kv.split("=");
  return [k, v.split(",").map(Number)];
});
const combos = grid.reduce<Limits[]>((acc, [k, vs]) => acc.flatMap((c) => vs.map((v) => ({ ...c, [k]: v }))), [{}]);
const shipped = { clause: { ...CLAUSE_LIMITS }, mood: { ...MOOD_LIMITS } };
const setLimits = (combo: Limits): void => {
  Object.assign(CLAUSE_LIMITS, shipped.clause);
  Object.assign(MOOD_LIMITS, shipped.mood);
  for (const [k, v] of Object.entries(combo)) {
    const into: Limits = k.startsWith("m.") ? MOOD_LIMITS : CLAUSE_LIMITS;
    into[k.slice(2)] = v;
  }
};

const totals = combos.map(() => ({ work: 0, nWork: 0, plain: 0, nPlain: 0 }));
const verdicts: Record<string, Record<string, boolean>> = {};
console.log(`| held-out set | ${combos.map((c) => JSON.stringify(c)).join(" | ")} (other work passed; plain passed) |`);
for (const set of clauseSets.WRITERS as readonly WriterSet[]) {
  if (only.size > 0 && !only.has(set.name)) continue;
  const prompts = clauseSets.promptsOf(set);
  if (prompts.length === 0) continue;
  clauseModel.useTable(table(judges[0], set.name));
  moodModel.useTable(table(judges[1], set.name));
  const cells = combos.map((combo, i) => {
    setLimits(combo);
    const seen = (verdicts[JSON.stringify(combo)] ??= {});
    let work = 0, nWork = 0, plain = 0, nPlain = 0;
    for (const p of prompts) {
      const ok = passes(p.text);
      seen[`${set.name}#${p.id}#${p.category}`] = ok;
      if (p.category === "request") {
        nPlain++;
        if (ok) plain++;
      } else {
        nWork++;
        if (ok) work++;
      }
    }
    const t = totals[i];
    t.work += work;
    t.nWork += nWork;
    t.plain += plain;
    t.nPlain += nPlain;
    return `${work}/${nWork}; ${plain}/${nPlain}`;
  });
  console.log(`| ${set.name} | ${cells.join(" | ")} |`);
}
combos.forEach((c, i) => {
  const t = totals[i];
  console.log(
    `all ${JSON.stringify(c)}: other work passed ${t.work}/${t.nWork}, plain passed ${t.plain}/${t.nPlain} = ${
      (t.plain / Math.max(1, t.nPlain)).toFixed(3)
    }`,
  );
});
const out = arg("--out");
if (out !== undefined) writeFileSync(out, JSON.stringify(verdicts));
setLimits({});
clauseModel.useTable(null);
moodModel.useTable(null);
