/**
 * Trains the handoff exception's clause model (src/core/handoff-model.ts) on the tuning part of our
 * own clause corpus (corpus.ts; the held-out families never reach the trainer) and writes the weight
 * table to src/core/handoff-weights.ts. Multinomial logistic regression, class-balanced, AdaGrad with
 * L2; features seen fewer than twice, and weights that separate no class, are dropped.
 *
 *   bun eval/handoff-prompts/model/train.ts [--epochs 30] [--dry] [--tune-only]
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { CLASSES, clauseFeatures, packTable, PRUNE } from "../../../src/core/handoff-model.ts";
import { type Clause, corpus } from "./corpus.ts";
import * as clausePrompts from "./prompts.ts";
import { type OtherScore } from "./prompts.ts";

const args = process.argv.slice(2);
const epochs = Number(args[args.indexOf("--epochs") + 1] ?? 30) || 30;

/** How many times a clause of a real prompt counts against one of the composed corpus. */
export const PROMPT_WEIGHT = 2;

/** One model's training: its clause features and the writers' sets it learns from (this file's are the clause
 * judge's; mood/train.ts gives the mood judge's). */
export function trainer(
  features: (clause: string) => string[],
  sets: Pick<typeof clausePrompts, "WRITERS" | "clausesFrom" | "promptsOf">,
) {
  function trainOn(data: readonly Clause[], nEpochs = epochs): Map<string, number[]> {
    const rows = data.map((c) => ({ f: features(c.text), y: CLASSES.indexOf(c.label) }));
    const seen = new Map<string, number>();
    for (const r of rows) for (const f of r.f) seen.set(f, (seen.get(f) ?? 0) + 1);
    const keep = (f: string) => (seen.get(f) ?? 0) >= 2;
    const perClass = [0, 0, 0];
    for (const r of rows) perClass[r.y]++;
    const cw = perClass.map((n) => rows.length / (3 * Math.max(1, n)));
    const W = new Map<string, number[]>();
    const G = new Map<string, number[]>();
    const lr = 0.3;
    const l2 = 1e-4;
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296;
    const order = rows.map((_, i) => i);
    for (let ep = 0; ep < nEpochs; ep++) {
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(rand() * (i + 1));
        [order[i], order[j]] = [order[j], order[i]];
      }
      for (const i of order) {
        const r = rows[i];
        const fs = r.f.filter(keep);
        const z = [0, 0, 0];
        for (const f of fs) {
          const w = W.get(f);
          if (w) { for (let k = 0; k < 3; k++) z[k] += w[k]; }
        }
        const mx = Math.max(...z);
        const e = z.map((x) => Math.exp(x - mx));
        const s = e[0] + e[1] + e[2];
        for (const f of fs) {
          let w = W.get(f);
          let g = G.get(f);
          if (!w || !g) {
            w = [0, 0, 0];
            g = [1e-8, 1e-8, 1e-8];
            W.set(f, w);
            G.set(f, g);
          }
          for (let k = 0; k < 3; k++) {
            const grad = cw[r.y] * (e[k] / s - (k === r.y ? 1 : 0)) + l2 * w[k];
            g[k] += grad * grad;
            w[k] -= lr * grad / Math.sqrt(g[k]);
          }
        }
      }
    }
    // Only differences between classes matter: centre each feature's weights, drop the ones that separate nothing.
    const out = new Map<string, number[]>();
    for (const [f, w] of W) {
      const m = (w[0] + w[1] + w[2]) / 3;
      const c = w.map((x) => Math.round((x - m) * 1000) / 1000);
      // Every feature seen twice stays (with zeros if it separates nothing): the model's vocabulary is what it knows.
      out.set(f, Math.max(...c.map(Math.abs)) >= 0.1 ? c : [0, 0, 0]);
    }
    return out;
  }

  let base: Map<string, number[]> | null = null;

  /** The corpus-only model (round 14's): it picks the work clause of a prompt whose writer marked no span. */
  function corpusModel(): Map<string, number[]> {
    base ??= trainOn(corpus(), 30);
    return base;
  }

  /** How much a model finds a clause other work. */
  function otherScore(w: Map<string, number[]>): OtherScore {
    return (clause) => {
      const z = [0, 0, 0];
      for (const f of features(clause)) {
        const v = w.get(f);
        if (v) { for (let k = 0; k < 3; k++) z[k] += v[k]; }
      }
      const mx = Math.max(...z);
      const e = z.map((x) => Math.exp(x - mx));
      return e[2] / (e[0] + e[1] + e[2]);
    };
  }

  /** The clauses of every writer's prompts (but `exclude`'s), labelled from the prompts' labels and spans. */
  function promptClauses(exclude?: string): Clause[] {
    const other = otherScore(corpusModel());
    return sets.WRITERS.filter((s) => s.name !== exclude).flatMap((s) =>
      sets.clausesFrom(sets.promptsOf(s), other, `prompts.${s.name}`)
    );
  }

  /** What the shipped model trains on: the corpus, and the writers' clauses (each PROMPT_WEIGHT times). */
  function trainingSet(exclude?: string): Clause[] {
    const more = promptClauses(exclude);
    return [...corpus(), ...Array.from({ length: PROMPT_WEIGHT }, () => more).flat()];
  }

  return { trainOn, corpusModel, otherScore, promptClauses, trainingSet };
}

export const { trainOn, corpusModel, otherScore, promptClauses, trainingSet } = trainer(clauseFeatures, clausePrompts);

/** The shipped table: a line per feature, sorted, "feature<TAB>doc,support,other" in hundredths. */
export function tableText(w: Map<string, number[]>, prune = PRUNE): string {
  return packTable(w, prune);
}

/**
 * The table's text in literals of about 200 lines each, joined by "+": one literal of ~570,000 characters took the
 * source scans of the tests (test/core/claude-events.test.ts reads every string literal of src/) over 5 s under load.
 */
export function chunks(text: string, lines = 200): string[] {
  const all = text.split("\n");
  const out: string[] = [];
  for (let i = 0; i < all.length; i += lines) {
    out.push(all.slice(i, i + lines).join("\n") + (i + lines < all.length ? "\n" : ""));
  }
  return out;
}

/**
 * A trainer's command: train on every clause (what ships) or, with --tune-only, the model the held-out figure is
 * measured on; unless --dry, write the table to `file` as `source` makes it of the table's literals, and let the
 * repository's formatter decide their quotes.
 */
export function trainCommand(
  model: Pick<ReturnType<typeof trainer>, "trainOn" | "trainingSet">,
  file: string,
  source: (literals: string[]) => string,
): void {
  const train = args.includes("--tune-only") ? corpus().filter((c) => !c.held) : model.trainingSet();
  const w = model.trainOn(train);
  const weights = tableText(w);
  console.log(`trained on ${train.length} clauses; ${w.size} features (${weights.length} chars of weights)`);
  if (args.includes("--dry")) return;
  writeFileSync(file, source(chunks(weights).map((c) => JSON.stringify(c))));
  Bun.spawnSync([join(import.meta.dir, "..", "..", "..", "node_modules", ".bin", "deno"), "fmt", "--quiet", file]);
}

if (import.meta.main) {
  trainCommand(
    { trainOn, trainingSet },
    join(import.meta.dir, "..", "..", "..", "src", "core", "handoff-weights.ts"),
    (literals) =>
      "/**\n * The handoff clause model's weights, generated by eval/handoff-prompts/model/train.ts from our own clause\n" +
      " * corpus and many writers' prompts; do not edit. A line per feature, sorted: the feature, a tab, and its\n" +
      " * weights towards doc, support and other in hundredths.\n */\n" +
      `export const WEIGHTS =\n  ${literals.join(" +\n  ")};\n`,
  );
}
