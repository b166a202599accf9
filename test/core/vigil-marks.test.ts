import { describe, expect, test } from "bun:test";
import { markOf, VIGIL_MARKS, type VigilMark, withMark } from "../../src/core/vigil-marks.ts";

describe("vigil marks", () => {
  test.each([
    ["plain text gets the mark", "Carry on.", "[vigil nudge] Carry on."],
    ["a text that has it keeps one", "[vigil nudge] Carry on.", "[vigil nudge] Carry on."],
  ])("%s", (_name, text, want) => {
    expect(withMark("vigil-nudge", text)).toBe(want);
    expect(markOf(withMark("vigil-nudge", text))).toBe("vigil-nudge");
  });
  test.each(
    [
      ["", null],
      ["Carry on.", null],
      ["do [vigil nudge] later", null],
      [`  ${VIGIL_MARKS["vigil-nudge"]} x`, "vigil-nudge"],
    ] satisfies [string, VigilMark | null][],
  )("markOf(%p)", (text, want) => {
    expect(markOf(text)).toBe(want);
  });
});
