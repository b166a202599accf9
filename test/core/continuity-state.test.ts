import { describe, expect, test } from "bun:test";
import { isSessionId, renderState, STATE_HEADINGS, validateState } from "../../src/core/continuity/state-format.ts";

const FULL = `# Session state

## Plan (path and current step)
/home/dev/work/PLAN.md, step 3 of 5: port the parser

## Phase
Implementing; verify on the staging box before deploying

## Tasks
- [~] port the parser (in progress)
- [ ] wire the CLI

## Decisions (adopted, rejected, why rejected)
- Adopted: streaming parser. Rejected: regex split, because quoted newlines broke it.

## Constraints
- Do not modify module X: it has downstream dependents

## Workers
none

## Files in flight
- src/parse.ts (unverified)

## Recovery memo
Next: run the failing test in test/parse.test.ts. Do not retry the regex split.
`;

/** FULL with the section `name` rewritten by `edit`. */
function edited(name: string, edit: (block: string) => string): string {
  const i = FULL.indexOf(`## ${name}`);
  const j = FULL.indexOf("\n## ", i + 1);
  const block = FULL.slice(i, j === -1 ? FULL.length : j + 1);
  return FULL.replace(block, edit(block));
}

describe("validateState", () => {
  test("a complete state parses into its eight sections", () => {
    const r = validateState(FULL);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.draft).toBe(false);
    expect(r.value.sections.decisions).toContain("Rejected: regex split");
    expect(r.value.sections.memo).toContain("Do not retry the regex split");
    expect(r.value.sections.files).toBe("- src/parse.ts (unverified)");
  });

  test.each([
    ["nothing at all", "", /^no state given/],
    ["only whitespace", "  \n\n", /^no state given/],
    ["a missing heading", edited("Workers", () => ""), /^missing heading "Workers"$/],
    [
      "two missing headings",
      edited("Phase", () => "").replace("## Tasks\n", ""),
      /missing heading "Phase"; missing heading "Tasks"/,
    ],
    [
      "two headings swapped",
      FULL.replace("## Phase", "## TEMP").replace("## Tasks", "## Phase").replace("## TEMP", "## Tasks"),
      /heading "Phase" is out of order: it must come before "Tasks"/,
    ],
    ["an empty section", edited("Constraints", () => "## Constraints\n\n"), /^heading "Constraints" is empty/],
    [
      "a section holding only a template comment",
      edited("Workers", () => "## Workers\n<!-- parallel workers -->\n\n"),
      /^heading "Workers" is empty/,
    ],
    ["a heading twice", FULL + "\n## Tasks\nmore\n", /^heading "Tasks" appears twice/],
  ])("refuses %s", (_name, text, why) => {
    const r = validateState(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(why);
  });

  test.each([
    ["headings in another case", FULL.replace("## Recovery memo", "## RECOVERY MEMO")],
    ["headings at level 3", FULL.replaceAll("\n## ", "\n### ")],
    [
      "a sub-heading that names another section",
      edited("Tasks", (b) => b + "### Constraints of task 1\nkeep it small\n\n"),
    ],
    ["a heading inside a code block", FULL.replace("## Recovery memo\n", "## Recovery memo\n```md\n## Phase\n```\n")],
    ["a heading with a gloss", FULL.replace("## Phase", "## Phase: where we are")],
  ])("accepts %s", (_name, text) => {
    expect(validateState(text).ok).toBe(true);
  });

  test("'Planning' is not 'Plan'", () => {
    const r = validateState(FULL.replace("## Plan (path and current step)", "## Planning"));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain('missing heading "Plan"');
  });

  test("renderState writes the canonical headings in order and reads back", () => {
    const r = validateState(FULL);
    if (!r.ok) throw new Error(r.error);
    const text = renderState(r.value.sections);
    expect([...text.matchAll(/^## .*/gm)].map((m) => m[0])).toEqual(STATE_HEADINGS.map((h) => `## ${h.title}`));
    const again = validateState(text);
    expect(again.ok && again.value.sections).toEqual(r.value.sections);
  });
});

describe("isSessionId", () => {
  test.each([
    ["c9e8f64f-eddc-41c0-96a3-2dbe4031c23d", true],
    ["abc_DEF.1", true],
    ["", false],
    ["..", false],
    ["a/b", false],
    ["../etc", false],
    [".hidden", false],
    ["x".repeat(129), false],
  ])("%p → %p", (id, ok) => {
    expect(isSessionId(id)).toBe(ok);
  });
});
