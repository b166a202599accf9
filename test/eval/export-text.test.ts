/**
 * Terminal transcripts saved as text (eval/stop-gate/export-text.ts): a message that draws a
 * table with box characters keeps its table and the words after it, while the welcome box and
 * the status chrome still end a block. The transcripts are written here, in our own words.
 */
import { describe, expect, test } from "bun:test";
import { findExportItems } from "../../eval/stop-gate/export-text.ts";

const WELCOME = [
  "╭───────────────────────────────────────╮",
  "│ ✻ Welcome to the terminal agent       │",
  "│                                       │",
  "│   cwd: /home/someone/project          │",
  "╰───────────────────────────────────────╯",
];

const TABLE_THEN_QUESTION = [
  ...WELCOME,
  "",
  "> compare the two caches",
  "",
  "⏺ Both caches are measured. The figures:",
  "",
  "  ┌────────┬──────────┐",
  "  │ cache  │ hit rate │",
  "  ├────────┼──────────┤",
  "  │ memory │ 91 %     │",
  "  ├────────┼──────────┤",
  "  │ disk   │ 64 %     │",
  "  └────────┴──────────┘",
  "",
  "  The memory cache wins on every run. Should I switch the default to it",
  "  or keep both?",
  "",
  "> keep both",
].join("\n");

describe("terminal transcript with a box-drawn table", () => {
  test("a message is not cut at the table's │ rows: the words after the table stay in it", () => {
    const items = findExportItems(TABLE_THEN_QUESTION);
    expect(items).toHaveLength(1);
    const [item] = items;
    expect(item.kind).toBe("end-turn");
    expect(item.text).toContain("│ disk   │ 64 %     │");
    expect(item.text).toContain("└────────┴──────────┘");
    expect(item.text.endsWith("Should I switch the default to it or keep both?")).toBe(true);
  });

  test("table rows keep their own lines (a row is no soft wrap of the line before)", () => {
    const [item] = findExportItems(TABLE_THEN_QUESTION);
    const lines = item.text.split("\n");
    expect(lines).toContain("┌────────┬──────────┐");
    expect(lines).toContain("│ memory │ 91 %     │");
  });

  test("the welcome box is still chrome: its │ lines never join a message", () => {
    const text = ["⏺ Done: the build is green.", ...WELCOME, "> next"].join("\n");
    const items = findExportItems(text);
    expect(items).toHaveLength(1);
    expect(items[0].text).toBe("Done: the build is green.");
  });

  test("a tree of grouped agents is a tool call, not a table: the text before it stays pre-tool", () => {
    const text = [
      "> look into the three parts",
      "⏺ Three explorations in parallel, one per part:",
      "",
      "⏺ 3 agents finished (ctrl+o to expand)",
      "   ├ Explore the parser · 12 tool uses",
      "   │ ⎿  Done",
      "   └ Explore the cache · 9 tool uses",
      "     ⎿  Done",
      "",
      "⏺ Both parts are read; the parser is the slow one.",
      "> ok",
    ].join("\n");
    const items = findExportItems(text);
    expect(items.map((i) => i.kind)).toEqual(["pre-tool", "end-turn"]);
  });

  test("a note that wraps each turn in a fence and heads each prompt: the prompt ends the turn, the note's fence is not text", () => {
    const text = [
      "##### ❯ make the cache default",
      "",
      "```",
      "⏺ The memory cache is now the default; both suites pass.",
      "",
      "  Want me to drop the disk cache too?",
      "```",
      "",
      "##### ❯ yes",
    ].join("\n");
    const items = findExportItems(text);
    expect(items).toHaveLength(1);
    expect(items[0].kind).toBe("end-turn");
    expect(items[0].text.endsWith("Want me to drop the disk cache too?")).toBe(true);
  });

  test("a message that ends on its own code block keeps the block's closing fence", () => {
    const text = ["> how do I run it", "⏺ Run it with:", "", "  ```", "  make run", "  ```", "> thanks"].join("\n");
    const [item] = findExportItems(text);
    expect(item.text.endsWith("```")).toBe(true);
  });
});

describe("terminal transcript whose blocks are marked with ●", () => {
  // Terminals without the ⏺ glyph (Linux, WSL, Windows) draw each block's mark as ●.
  const DOT = [
    ...WELCOME,
    "",
    "> add a retry to the upload",
    "",
    "● I'll look at the upload client first.",
    "",
    "● Read(src/upload.ts)",
    "  ⎿  Read 80 lines (ctrl+r to expand)",
    "",
    "● The upload now retries three times with a growing pause; the tests pass.",
    "",
    "> thanks",
  ].join("\n");

  test("a file with only ● blocks is read with ● as the mark: pre-tool and end-turn items", () => {
    const items = findExportItems(DOT);
    expect(items.map((i) => [i.kind, i.record])).toEqual([["pre-tool", "line:9"], ["end-turn", "line:14"]]);
    expect(items[1].text).toBe("The upload now retries three times with a growing pause; the tests pass.");
  });

  test("a file with ⏺ blocks is read as before: a ● line inside a message stays its text", () => {
    const text = ["> list the states", "⏺ The states are:", "", "  ● idle", "  ● busy", "", "> ok"].join("\n");
    const items = findExportItems(text);
    expect(items).toHaveLength(1);
    expect(items[0].text).toContain("● busy");
  });
});

describe("session notes with a rule between turns and the terminal's task list", () => {
  test("a trailing note rule and the Todos list under a message are not its text", () => {
    const text = [
      "> rename the tool",
      "",
      "● The tool is renamed in the page title and the README.",
      "",
      "  Which name should the package use?",
      "",
      "  Todos",
      "  ☒ rename the page title",
      "  ☐ rename the package",
      "",
      "---",
      "",
      "> the short one",
    ].join("\n");
    const [item] = findExportItems(text);
    expect(item.text.endsWith("Which name should the package use?")).toBe(true);
  });

  test("a rule inside a message stays its text", () => {
    const text = ["> compare", "⏺ First part.", "", "---", "", "Second part, the end.", "", "> ok"].join("\n");
    const [item] = findExportItems(text);
    expect(item.text).toContain("---");
    expect(item.text.endsWith("Second part, the end.")).toBe(true);
  });
});
