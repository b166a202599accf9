/**
 * The handoff clause model's shipped weights (src/core/handoff-weights.ts) are what the trainer
 * makes of our clause corpus: a corpus or trainer change without a retrain, or a hand edit of the
 * table, fails here instead of shipping a model nobody can rebuild. Since round 15 the trainer also reads the writers'
 * prompt sets and span files (eval/handoff-prompts/model/prompts.ts), so a change to any of them needs a retrain too.
 */
import { expect, test } from "bun:test";
import { WEIGHTS } from "../../src/core/handoff-weights.ts";
import { tableText, trainingSet, trainOn } from "../../eval/handoff-prompts/model/train.ts";

test(
  "the shipped weights are the trainer's output on the corpus and every writer's prompts (30 epochs, as train.ts ships)",
  () => {
    const weights = tableText(trainOn(trainingSet(), 30));
    expect(weights.length).toBe(WEIGHTS.length);
    expect(weights === WEIGHTS).toBe(true);
  },
  600_000,
);
