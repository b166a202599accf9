/**
 * The mood judge's shipped weights (src/core/handoff-mood-weights.ts) are what its trainer makes of our clause corpus
 * and the spent prompt sets it names (eval/handoff-prompts/model/mood/prompts.ts): a change to any of them, or to the
 * mood model's features, without a retrain fails here instead of shipping a table nobody can rebuild.
 */
import { expect, test } from "bun:test";
import { WEIGHTS } from "../../src/core/handoff-mood-weights.ts";
import { tableText, trainingSet, trainOn } from "../../eval/handoff-prompts/model/mood/train.ts";

test(
  "the mood judge's weights are its trainer's output on the corpus and every spent set (30 epochs, as it ships)",
  () => {
    const weights = tableText(trainOn(trainingSet(), 30));
    expect(weights.length).toBe(WEIGHTS().length);
    expect(weights === WEIGHTS()).toBe(true);
  },
  600_000,
);
