import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { compactionGuidance } from "../../src/core/continuity/guidance.ts";
import {
  HYPOTHESES,
  planPathOf,
  type RestoreInput,
  restoreText,
  SELF_CHECK,
  type StateRef,
} from "../../src/core/continuity/restore.ts";
import { specText } from "../../src/core/continuity/spec.ts";
import { GUIDANCE_WORDS, RESTORE_WORDS } from "../../src/core/messages/continuity.ts";
import { type StateKey, validateState } from "../../src/core/continuity/state-format.ts";

const GOLDENS = join(import.meta.dir, "goldens", "continuity");
const T = Date.parse("2026-11-30T03:28:54.586Z");

const SPEC = specText(`# Task spec

## Locus
src/chain/, starting at src/chain/index.ts

## Signal
test/chain.test.ts fails: "cycle detected"

## Done
test/chain.test.ts passes; no public export changes

## Constraints
- Do not touch module X: it has downstream dependents
- Verify on staging before deploying
`);

function state(sections: Partial<Record<StateKey, string>>, draft = false): StateRef["doc"] {
  const s = {
    plan: "/home/dev/work/PLAN.md, step 3 of 5: port the parser",
    phase: "Implementing; verify on staging before deploying",
    tasks: "- [~] port the parser\n- [ ] wire the CLI",
    decisions: "- Adopted: streaming parser. Rejected: regex split (quoted newlines broke it).",
    constraints: "- Do not touch module X",
    workers: "- pane %3: worker-a, owns src/cli/",
    files: "- src/parse.ts (unverified)",
    memo: "Next: run test/parse.test.ts. Do not retry the regex split.",
    ...sections,
  };
  const text = (draft ? "<!-- vigil:draft x -->\n" : "") +
    Object.entries(s).map(([k, v]) => `## ${NAMES[k as StateKey]}\n${v}\n`).join("\n");
  const r = validateState(text);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

const NAMES: Record<StateKey, string> = {
  plan: "Plan",
  phase: "Phase",
  tasks: "Tasks",
  decisions: "Decisions",
  constraints: "Constraints",
  workers: "Workers",
  files: "Files in flight",
  memo: "Recovery memo",
};

const STATE_PATH = "/home/dev/.local/state/vigil/states/c9e8f64f/state.md";
const SAVED: StateRef = { path: "/s/20261130T020000.000Z-0.md", at: T - 3_600_000, doc: state({}) };

function input(over: Partial<RestoreInput> = {}): RestoreInput {
  return {
    why: "compact",
    spec: { path: "/home/dev/work/.vigil/spec.md", text: SPEC },
    state: SAVED,
    earlier: null,
    statePath: STATE_PATH,
    ...over,
  };
}

function golden(name: string, actual: string) {
  const file = join(GOLDENS, name);
  if (process.env.UPDATE_GOLDEN === "1" || !existsSync(file)) writeFileSync(file, actual);
  expect(actual).toBe(readFileSync(file, "utf8"));
}

describe("restoreText goldens", () => {
  test.each([
    ["restore-full.txt", input()],
    ["restore-no-spec-no-state.txt", input({ spec: null, state: null })],
    ["restore-fallback.txt", input({ why: "fallback" })],
    [
      "restore-draft-with-earlier.txt",
      input({
        state: { path: "/s/20261130T032854.586Z-0.draft.md", at: T, doc: state({ decisions: "None recorded." }, true) },
        earlier: SAVED,
      }),
    ],
  ])("%s", (name, i) => {
    const text = restoreText(i, 9_000);
    expect(text.length).toBeLessThan(9_000);
    golden(name, text);
  });
});

describe("restoreText content", () => {
  const full = restoreText(input(), 9_000);

  test("carries the spec verbatim, the decisions with the rejected option, and the memo", () => {
    expect(full).toContain(SPEC);
    expect(full).toContain("Rejected: regex split (quoted newlines broke it)");
    expect(full).toContain("Do not retry the regex split");
  });

  test("says the summary's next steps are hypotheses and asks for the self-check", () => {
    expect(full).toContain(HYPOTHESES);
    expect(full).toContain(SELF_CHECK);
  });

  test("points at the plan, the state and the spec", () => {
    expect(full).toContain("- plan: /home/dev/work/PLAN.md");
    expect(full).toContain(`- state: ${STATE_PATH}`);
    expect(full).toContain("- spec: /home/dev/work/.vigil/spec.md");
  });

  test("a draft takes its decisions and constraints from the last saved state, labelled", () => {
    const text = restoreText(
      input({
        state: { path: "/s/d.draft.md", at: T, doc: state({ decisions: "None recorded." }, true) },
        earlier: SAVED,
      }),
      9_000,
    );
    expect(text).toContain("DRAFT made by vigil");
    expect(text).toContain("(from the state saved at 2026-11-30T02:28:54Z, before an earlier compaction");
    expect(text).toContain("Rejected: regex split");
  });
});

describe("restoreText under the size cap", () => {
  const big = (label: string, n: number) => Array.from({ length: n }, (_, i) => `- ${label} line ${i}`).join("\n");
  const huge = input({
    state: {
      ...SAVED,
      doc: state({
        tasks: big("task", 400),
        files: big("file", 400),
        workers: big("worker", 200),
        phase: big("phase", 50),
      }),
    },
  });

  test.each([9_000, 6_000, 3_000])(
    "budget %p: fits, and keeps the spec, the decisions and the memo whole",
    (budget) => {
      const text = restoreText(huge, budget);
      expect(text.length).toBeLessThanOrEqual(Math.min(budget, 8_999));
      expect(text).toContain(SPEC);
      expect(text).toContain("Rejected: regex split (quoted newlines broke it)");
      expect(text).toContain("Do not retry the regex split");
      expect(text).toContain(SELF_CHECK);
      expect(text).toContain("cut to fit");
    },
  );

  test("the files in flight are cut before the tasks", () => {
    const text = restoreText(huge, 9_000);
    expect(text).toContain("- task line 0");
    expect(text).not.toContain("- file line 399");
  });

  test("a budget above the product's ceiling still stays under 9,000 characters", () => {
    expect(restoreText(huge, 50_000).length).toBeLessThan(9_000);
  });

  test("when decisions and memo alone are too big, the memo is cut before the decisions and the spec stays", () => {
    const text = restoreText(
      input({ state: { ...SAVED, doc: state({ decisions: big("decision", 300), memo: big("memo", 300) }) } }),
      9_000,
    );
    expect(text.length).toBeLessThan(9_000);
    expect(text).toContain(SPEC);
    expect(text).toContain("- decision line 0");
    expect(text).toContain("- memo line 0");
    expect(text).not.toContain("- memo line 299");
  });
});

describe("planPathOf", () => {
  test.each([
    ["/home/dev/work/PLAN.md, step 3", "/home/dev/work/PLAN.md"],
    ["Plan file: `~/.claude/plans/quiet-fox.md` (step 2)", "~/.claude/plans/quiet-fox.md"],
    ["docs/plan.md step 1", "docs/plan.md"],
    ["no file, step 2 of the outline", null],
  ])("%p → %p", (plan, path) => {
    expect(planPathOf(plan)).toBe(path);
  });
});

describe("compactionGuidance", () => {
  test("quotes the spec's constraints and the saved decisions verbatim, within the cap (golden)", () => {
    const text = compactionGuidance({
      specConstraints: "- Do not touch module X: it has downstream dependents",
      stateConstraints: "- Verify on staging before deploying",
      stateDecisions: "- Adopted: streaming parser. Rejected: regex split (quoted newlines broke it).",
    }, 9_000);
    expect(text).toContain("- Do not touch module X: it has downstream dependents");
    expect(text).toContain("Rejected: regex split (quoted newlines broke it)");
    expect(text).toMatch(/Failed attempts: keep only the conclusion/);
    golden("guidance.txt", text);
  });

  test("without spec or state it still gives the differentiated rules", () => {
    const text = compactionGuidance({ specConstraints: null, stateConstraints: null, stateDecisions: null }, 9_000);
    expect(text).toContain("copy each one verbatim");
    expect(text).not.toContain("<<<");
  });

  test("respects the cap", () => {
    const long = "x".repeat(5_000);
    expect(compactionGuidance({ specConstraints: long, stateConstraints: long, stateDecisions: long }, 4_000).length)
      .toBeLessThanOrEqual(4_000);
  });
});

describe("the restore and the guidance speak the session's language", () => {
  const en = RESTORE_WORDS.en;
  test.each(["ko", "ja"] as const)("%s: its own words, the material verbatim, no English prose", (lang) => {
    const w = RESTORE_WORDS[lang];
    const text = restoreText(input(), 9_000, lang);
    for (const own of [w.opening.compact, w.hypotheses, w.selfCheck, w.reread, w.sections.decisions]) {
      expect(text).toContain(own);
    }
    expect(text).toContain(SPEC);
    expect(text).toContain("Rejected: regex split (quoted newlines broke it)");
    for (const english of [en.opening.compact, en.hypotheses, en.selfCheck, en.reread, en.selfCheckNow.trim()]) {
      expect(text).not.toContain(english);
    }
    const none = restoreText(input({ spec: null, state: null, why: "fallback" }), 9_000, lang);
    expect(none).toContain(w.opening.fallback);
    expect(none).toContain(w.noState);
    expect(none).not.toContain(en.noState);
  });

  test.each(["ko", "ja"] as const)("%s: a restore cut to fit says so in that language", (lang) => {
    const long = "- keep this line\n".repeat(600);
    const text = restoreText(input({ state: { ...SAVED, doc: state({ files: long, workers: long }) } }), 6_000, lang);
    expect(text.length).toBeLessThan(6_000);
    expect(text).toContain(RESTORE_WORDS[lang].cut.trim());
    expect(text).not.toContain(en.cut.trim());
  });

  test.each(["ko", "ja"] as const)("%s: the summariser's guidance, constraints quoted verbatim", (lang) => {
    const g = compactionGuidance(
      { specConstraints: "- Do not touch module X", stateConstraints: null, stateDecisions: null },
      9_000,
      lang,
    );
    expect(g).toContain(GUIDANCE_WORDS[lang].intro);
    expect(g).toContain("<<<\n- Do not touch module X\n>>>");
    expect(g).not.toContain(GUIDANCE_WORDS.en.intro);
    expect(g).not.toContain(GUIDANCE_WORDS.en.outro);
  });

  test("English stays the default", () => {
    expect(restoreText(input(), 9_000)).toBe(restoreText(input(), 9_000, "en"));
    expect(restoreText(input(), 9_000)).toContain(en.opening.compact);
  });
});
