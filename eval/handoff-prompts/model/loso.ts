/**
 * Leave one writer out (round 15): for each writer's set (prompts.ts, WRITERS), train the clause model
 * on the corpus and every other writer's clauses, then run the whole exception (`classifyPrompt`, as
 * the hook does) on the set left out. Each set was written by one person, so the held-out figure is
 * the model on phrasing it never saw: the honest estimate of a blind set, and what the rules and
 * thresholds are tuned on (never on a blind set). The rules themselves were written by people who read
 * some of these sets (tuning, the spent sealed sets' published families, their own batches), so for
 * the rules the figure is optimistic; for the model it is not.
 *
 *   bun eval/handoff-prompts/model/loso.ts [--corpus-only] [--shipped] [--only NAME] [--list]
 *
 * --corpus-only: every fold with round 14's corpus-only model (main's model before round 15), same prompts.
 * --shipped: every fold with the shipped table (trained on every set: in-sample, for comparison only).
 * Per held-out set: other work passed (request-plus-work passed, and mentions or others passed) and
 * plain requests passed, per language and in all.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PRUNE, useTable } from "../../../src/core/handoff-model.ts";
import { judgeHandoffRequest, LIMITS } from "../../../src/core/handoff-request.ts";
import { passes } from "../measure.ts";
import { promptsOf, WRITERS } from "./prompts.ts";
import { corpusModel, trainingSet, trainOn } from "./train.ts";

const args = process.argv.slice(2);
// --prune X: ship only features whose weights reach X (the shipped table's size against its figures).
const prune = args.includes("--prune") ? Number(args[args.indexOf("--prune") + 1]) : PRUNE;
const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;
const list = args.includes("--list");
const mode = args.includes("--corpus-only") ? "corpus-only" : args.includes("--shipped") ? "shipped" : "loso";

const LANGS = ["en", "ko", "ja"] as const;
type Cell = { work: number; nWork: number; plain: number; nPlain: number };
const total: Record<string, Cell> = {};
const add = (k: string, c: Cell) => {
  const t = (total[k] ??= { work: 0, nWork: 0, plain: 0, nPlain: 0 });
  t.work += c.work;
  t.nWork += c.nWork;
  t.plain += c.plain;
  t.nPlain += c.nPlain;
};

// --grid "rescue=0.1,0.2;veto=0.85,0.9": every combination of thresholds (LIMITS), each fold trained once.
const grid: [keyof typeof LIMITS, number[]][] = args.includes("--grid")
  ? args[args.indexOf("--grid") + 1].split(";").map((kv) => {
    const [k, v] = kv.split("=");
    return [k as keyof typeof LIMITS, v.split(",").map(Number)];
  })
  : [];
const combos: Partial<typeof LIMITS>[] = grid.reduce<Partial<typeof LIMITS>[]>(
  (acc, [k, vs]) => acc.flatMap((c) => vs.map((v) => ({ ...c, [k]: v }))),
  [{}],
);
const folds = new Map<string, Map<string, number[]> | null>();
// --cache DIR: keep each fold's table there and reuse it (delete DIR when the corpus, the sets or the trainer change).
const cache = args.includes("--cache") ? args[args.indexOf("--cache") + 1] : undefined;
const tableFor = (name: string) => {
  if (!folds.has(name)) {
    const file = cache === undefined ? undefined : join(cache, `${mode}-${name}.json`);
    if (file !== undefined && existsSync(file)) {
      folds.set(name, new Map(JSON.parse(readFileSync(file, "utf8"))));
    } else {
      const t = mode === "loso" ? trainOn(trainingSet(name), 30) : mode === "corpus-only" ? corpusModel() : null;
      if (file !== undefined && t !== null) {
        mkdirSync(cache!, { recursive: true });
        writeFileSync(file, JSON.stringify([...t]));
      }
      folds.set(name, t);
    }
  }
  return folds.get(name)!;
};
const shipped = { ...LIMITS };
for (const combo of combos) {
  Object.assign(LIMITS, shipped, combo);
  for (const k of Object.keys(total)) delete total[k];
  run(combo);
}

function run(combo: Partial<typeof LIMITS>): void {
  console.log(
    `\nmode: ${mode}; limits ${JSON.stringify(LIMITS)}${
      Object.keys(combo).length ? " (varied: " + JSON.stringify(combo) + ")" : ""
    }\n`,
  );
  console.log("| held-out set | other work passed en · ko · ja (all) | plain passed en · ko · ja (all) |");
  console.log("| --- | --- | --- |");
  for (const set of WRITERS) {
    if (only !== undefined && set.name !== only) continue;
    const prompts = promptsOf(set);
    if (prompts.length === 0) continue;
    useTable(tableFor(set.name), prune);
    const cells: Record<string, Cell> = {};
    for (const p of prompts) {
      const c = (cells[p.lang] ??= { work: 0, nWork: 0, plain: 0, nPlain: 0 });
      const ok = passes(p.text);
      if (p.category === "request") {
        c.nPlain++;
        if (ok) c.plain++;
        else if (list) console.log(`  refused ${p.id}: ${judgeHandoffRequest(p.text).because ?? "asks nothing"}`);
      } else {
        c.nWork++;
        if (ok) {
          c.work++;
          if (list) console.log(`  PASSED ${p.category} ${p.id}: ${JSON.stringify(p.text)}`);
        }
      }
    }
    const all: Cell = { work: 0, nWork: 0, plain: 0, nPlain: 0 };
    for (const l of LANGS) {
      if (cells[l]) {
        for (const k of ["work", "nWork", "plain", "nPlain"] as const) all[k] += cells[l][k];
        add(l, cells[l]);
      }
    }
    add("all", all);
    const show = (f: (c: Cell) => string) => LANGS.map((l) => cells[l] ? f(cells[l]) : "–").join(" · ");
    console.log(
      `| ${set.name} | ${show((c) => `${c.work}/${c.nWork}`)} (${all.work}/${all.nWork}) | ${
        show((c) => `${c.plain}/${c.nPlain}`)
      } (${all.plain}/${all.nPlain} = ${(all.plain / Math.max(1, all.nPlain)).toFixed(3)}) |`,
    );
  }
  const t = total.all;
  if (t) {
    console.log(
      `| **all** | ${
        LANGS.map((l) => `${total[l]?.work ?? 0}/${total[l]?.nWork ?? 0}`).join(" · ")
      } (${t.work}/${t.nWork}) | ${
        LANGS.map((l) => `${total[l]?.plain ?? 0}/${total[l]?.nPlain ?? 0}`).join(" · ")
      } (${t.plain}/${t.nPlain} = ${(t.plain / t.nPlain).toFixed(3)}) |`,
    );
  }
}
useTable(null);
