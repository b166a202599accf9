/**
 * The handoff clause model's shipped weights (src/core/handoff-weights.ts) are what the trainer
 * makes of our clause corpus: a corpus or trainer change without a retrain, or a hand edit of the
 * table, fails here instead of shipping a model nobody can rebuild.
 */
import { expect, test } from "bun:test";
import { KNOWN, WEIGHTS_JSON } from "../../src/core/handoff-weights.ts";
import { corpus } from "../../eval/handoff-prompts/model/corpus.ts";
import { tableText, trainOn } from "../../eval/handoff-prompts/model/train.ts";

test("the shipped weights are the trainer's output on the whole corpus (30 epochs, as train.ts ships)", () => {
  const { weights, known } = tableText(trainOn(corpus(), 30));
  expect(weights.length).toBe(WEIGHTS_JSON.length);
  expect(weights === WEIGHTS_JSON).toBe(true);
  expect(known === KNOWN).toBe(true);
}, 60_000);
