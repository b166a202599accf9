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

/**
 * One pass of AdaGrad over the rows in `order` (see trainer's trainOn): a function of its own, small enough for the
 * optimising JIT, which never compiled the loop while it sat in trainOn (Math.sqrt ran as a native call). A feature's
 * weights and squared gradients sit side by side in `wg` (w0 w1 w2 g0 g1 g2): one cache line or two per feature.
 */
function epoch(
  order: readonly number[],
  ys: Int32Array,
  cw: readonly number[],
  start: Int32Array,
  feats: Int32Array,
  wg: Float64Array,
  has: Uint8Array,
  made: number[],
): void {
  const lr = 0.3;
  const l2 = 1e-4;
  for (let o = 0; o < order.length; o++) {
    const i = order[o];
    const y = ys[i];
    const c = cw[y];
    const a = start[i];
    const b = start[i + 1];
    let z0 = 0;
    let z1 = 0;
    let z2 = 0;
    for (let p = a; p < b; p++) {
      const f = feats[p];
      if (has[f] === 1) {
        const q = 6 * f;
        z0 += wg[q];
        z1 += wg[q + 1];
        z2 += wg[q + 2];
      }
    }
    const mx = Math.max(z0, z1, z2);
    const e0 = Math.exp(z0 - mx);
    const e1 = Math.exp(z1 - mx);
    const e2 = Math.exp(z2 - mx);
    const s = e0 + e1 + e2;
    for (let p = a; p < b; p++) {
      const f = feats[p];
      if (has[f] === 0) {
        has[f] = 1;
        made.push(f);
      }
      // The three classes written out (k = 0, 1, 2), each as round 14's loop body.
      const q = 6 * f;
      const g0 = c * (e0 / s - (y === 0 ? 1 : 0)) + l2 * wg[q];
      wg[q + 3] += g0 * g0;
      wg[q] -= lr * g0 / Math.sqrt(wg[q + 3]);
      const g1 = c * (e1 / s - (y === 1 ? 1 : 0)) + l2 * wg[q + 1];
      wg[q + 4] += g1 * g1;
      wg[q + 1] -= lr * g1 / Math.sqrt(wg[q + 4]);
      const g2 = c * (e2 / s - (y === 2 ? 1 : 0)) + l2 * wg[q + 2];
      wg[q + 5] += g2 * g2;
      wg[q + 2] -= lr * g2 / Math.sqrt(wg[q + 5]);
    }
  }
}

/** One model's training: its clause features and the writers' sets it learns from (this file's are the clause
 * judge's; mood/train.ts gives the mood judge's). */
export function trainer(
  features: (clause: string) => string[],
  sets: Pick<typeof clausePrompts, "WRITERS" | "clausesFrom" | "promptsOf">,
) {
  /**
   * The regression, over features numbered in the order first seen and weights in typed arrays: the arithmetic is the
   * Map-of-arrays version's (round 14) step for step, in the same order, so the table comes out byte-identical; string
   * lookups and a filtered copy of every row on every epoch made the retrain tests the slowest in CI (93 s and 50 s).
   */
  function trainOn(data: readonly Clause[], nEpochs = epochs): Map<string, number[]> {
    const ids = new Map<string, number>();
    const names: string[] = [];
    const seen: number[] = [];
    // A text's features, numbered: the training set holds each writer's clause PROMPT_WEIGHT times.
    const byText = new Map<string, number[]>();
    const rowIds: number[][] = [];
    const ys = new Int32Array(data.length);
    for (let r = 0; r < data.length; r++) {
      let fs = byText.get(data[r].text);
      if (!fs) {
        fs = features(data[r].text).map((f) => {
          let id = ids.get(f);
          if (id === undefined) {
            id = names.length;
            ids.set(f, id);
            names.push(f);
            seen.push(0);
          }
          return id;
        });
        byText.set(data[r].text, fs);
      }
      for (const id of fs) seen[id]++;
      rowIds.push(fs);
      ys[r] = CLASSES.indexOf(data[r].label);
    }
    // Every row's features seen at least twice, in the row's order, one flat array; renumbered 0.. so that the
    // weights of the features that train are packed together.
    const dense = new Int32Array(names.length).fill(-1);
    const keptNames: string[] = [];
    const start = new Int32Array(data.length + 1);
    const kept: number[] = [];
    for (let r = 0; r < data.length; r++) {
      for (const id of rowIds[r]) {
        if (seen[id] < 2) continue;
        if (dense[id] < 0) {
          dense[id] = keptNames.length;
          keptNames.push(names[id]);
        }
        kept.push(dense[id]);
      }
      start[r + 1] = kept.length;
    }
    const feats = Int32Array.from(kept);
    const perClass = [0, 0, 0];
    for (let r = 0; r < data.length; r++) perClass[ys[r]]++;
    const cw = perClass.map((n) => data.length / (3 * Math.max(1, n)));
    const nf = keptNames.length;
    const wg = new Float64Array(6 * nf);
    for (let f = 0; f < nf; f++) wg[6 * f + 3] = wg[6 * f + 4] = wg[6 * f + 5] = 1e-8;
    // Whether a feature has weights yet (the Map held it), and the order it got them in (the Map's order).
    const has = new Uint8Array(nf);
    const made: number[] = [];
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296;
    const order = data.map((_, i) => i);
    for (let ep = 0; ep < nEpochs; ep++) {
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(rand() * (i + 1));
        [order[i], order[j]] = [order[j], order[i]];
      }
      epoch(order, ys, cw, start, feats, wg, has, made);
    }
    // Only differences between classes matter: centre each feature's weights, drop the ones that separate nothing.
    const out = new Map<string, number[]>();
    for (const f of made) {
      const w = [wg[6 * f], wg[6 * f + 1], wg[6 * f + 2]];
      const m = (w[0] + w[1] + w[2]) / 3;
      const c = w.map((x) => Math.round((x - m) * 1000) / 1000);
      // Every feature seen twice stays (with zeros if it separates nothing): the model's vocabulary is what it knows.
      out.set(keptNames[f], Math.max(...c.map(Math.abs)) >= 0.1 ? c : [0, 0, 0]);
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
