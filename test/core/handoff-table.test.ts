/**
 * The packed weight table both handoff models search in place (handoff-model.ts `findFeature`, `weightsAt`): every
 * shipped line is found where it starts, a feature next to one in sort order (a prefix, an extension) is not, and the
 * weights read back are the trainer's hundredths. Review, round 16: nothing tested the search but through judgements.
 */
import { describe, expect, test } from "bun:test";
import { findFeature, packTable, weightsAt } from "../../src/core/handoff-model.ts";
import { WEIGHTS as MOOD_WEIGHTS } from "../../src/core/handoff-mood-weights.ts";
import { WEIGHTS } from "../../src/core/handoff-weights.ts";

describe.each([["round 15's table", WEIGHTS], ["the mood judge's table", MOOD_WEIGHTS()]])("%s", (_, table) => {
  const lines = table.split("\n");
  test("every line is found where it starts, with its own weights", () => {
    let at = 0;
    for (const line of lines) {
      const [feature, w] = line.split("\t");
      expect(findFeature(table, feature)).toBe(at);
      expect(weightsAt(table, at)).toEqual(w.split(",").map((x) => Number(x) / 100) as [number, number, number]);
      at += line.length + 1;
    }
  }, 60_000);

  test("a feature next to a shipped one in sort order is not found", () => {
    const shipped = new Set(lines.map((l) => l.slice(0, l.indexOf("\t"))));
    for (const f of shipped) {
      for (const near of [f.slice(0, -1), f + "a", f + "\u0000", f + "\uffff"]) {
        if (!shipped.has(near)) expect(findFeature(table, near)).toBe(-1);
      }
    }
    // Some 160,000 searches of the mood judge's table: a bound for a loaded machine, no time asserted.
  }, 60_000);
});

test("a small packed table: both ends, prefixes, a negative weight, a Korean feature", () => {
  const t = packTable(
    new Map([
      ["b", [0.5, -0.25, 0]],
      ["ab", [1, 0, -1]],
      ["abc", [-0.3, 0.2, 0.1]],
      ["인계", [0.9, -0.9, 0]],
    ]),
    0,
  );
  for (
    const [f, w] of [["ab", [1, 0, -1]], ["abc", [-0.3, 0.2, 0.1]], ["b", [0.5, -0.25, 0]], ["인계", [0.9, -0.9, 0]]]
  ) {
    const at = findFeature(t, f as string);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(weightsAt(t, at)).toEqual(w as [number, number, number]);
  }
  for (const f of ["", "a", "abcd", "c", "인", "인계서"]) expect(findFeature(t, f)).toBe(-1);
});
