/**
 * The clause judge (src/core/handoff-request.ts): the rows both judges share (handoff-rows.ts), the two judges
 * agreeing (round 16), and the source scan for a word split into chunks. Every row is our own wording.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as clauseJudge from "../../src/core/handoff-request.ts";
import { handoffRows } from "./handoff-rows.ts";

const { judgeHandoffRequest } = clauseJudge;

handoffRows(clauseJudge);

describe("round 16: two judges must agree", () => {
  // The clause judge passes these; the mood judge (handoff-mood.ts) refuses them, and the refusal says it did.
  test.each([
    ["action=handoff path=HANDOFF.md next_ticket=VIG-88", "next_ticket=VIG-88"],
    [
      "Please write the handoff and send me the list of files you changed without tests, plus your estimate of the work left.",
      "send me the list of files",
    ],
  ])("a prompt the mood judge refuses is refused, naming that judge and its clause: %p", (text, clause) => {
    const j = judgeHandoffRequest(text);
    expect(j.request).toBe(false);
    expect(j.clause).toContain(clause);
    expect(j.because).toStartWith("mood judge: ");
  });

  test("a plain request both judges pass still passes", () => {
    expect(judgeHandoffRequest("Summarize your progress into HANDOFF.md for the next worker.")).toEqual({
      asks: true,
      request: true,
      clause: null,
    });
  });
});

describe("a list of handoff paths (review, round 16)", () => {
  // "(?:\S+\s*){0,5}?" lets \s* match nothing, so a word of n characters can be cut into up to five chunks in
  // C(n-1, 4) ways, each tried against the lookbehind and the verb after it: "Please update HANDOFF.md. Files
  // touched: " and 80 x "services/api/handoff.md" took 12 s a call on de04739 and 24 s once both judges read it,
  // past UserPromptSubmit's 10 s timeout (the hook fails open). "(?:\S+(?:\s+\S+){0,4}?\s*)??" matches the same
  // words and cuts them only at white space; every judgement of the evaluation's 4,037 texts is the same. The shape
  // is looked for in the source (no wall time is measured here).
  const dir = join(import.meta.dir, "..", "..", "src", "core");
  const files = readdirSync(dir).filter((f) => /^handoff-.*\.ts$/.test(f));
  test.each(files)("no pattern of %s lets a word split into chunks", (file) => {
    expect(readFileSync(join(dir, file), "utf8").match(/\(\?:\\S\+\\s\*\)\{/g) ?? []).toEqual([]);
  });

  test("is judged as before, a request naming the handoff with a file list", () => {
    const text = `Please update HANDOFF.md. Files touched: ${Array(80).fill("services/api/handoff.md").join(" ")}`;
    expect(judgeHandoffRequest(text).request).toBe(true);
  });
});
