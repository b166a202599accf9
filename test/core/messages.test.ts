import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Language } from "../../src/core/config.ts";
import { closedReason } from "../../src/core/fail-closed.ts";
import { compactionWarning } from "../../src/core/messages/compaction.ts";
import { formatTokens, measuredPhrase } from "../../src/core/messages/format.ts";
import { type HardWhy, hardWhyText } from "../../src/core/messages/hard-why.ts";
import { hardDenyReason, softNotice, softRefusal } from "../../src/core/messages/limits.ts";
import { VIGIL_COMMANDS_AT_HARD } from "../../src/core/policies/hard/commands.ts";

const LANGS: Language[] = ["en", "ko", "ja"];

/** Every message with the numbers it must name ("262,114" measured, the limit). */
const MESSAGES: [string, (lang: Language) => string, string[]][] = [
  [
    "soft notice",
    (l) => softNotice(l, { tokens: 262_114, estimate: 262_114, limit: 250_000, hard: 300_000 }),
    ["262,114", "250,000", "300,000"],
  ],
  [
    "soft refusal",
    (l) =>
      softRefusal(l, {
        tokens: 262_114,
        estimate: 270_500,
        limit: 250_000,
        passCommands: ["/pre-compact-save", "/compact"],
      }),
    ["262,114", "270,500", "250,000", '"/pre-compact-save"', '"/compact"'],
  ],
  [
    // issue 31: a handoff request bundled with other work is refused, and the reason names the clause
    "soft refusal of a handoff plus other work",
    (l) =>
      softRefusal(l, {
        tokens: 262_114,
        estimate: 270_500,
        limit: 250_000,
        passCommands: [],
        otherWork: "update the README with the new API section",
      }),
    ["262,114", "250,000", "update the README with the new API section"],
  ],
  [
    "hard deny",
    (l) =>
      hardDenyReason(l, {
        tokens: 312_450,
        limit: 300_000,
        tool: "Edit",
        why: 'file "src/app.ts" is not a handoff document',
        vigilCommands: VIGIL_COMMANDS_AT_HARD,
      }),
    [
      "312,450",
      "300,000",
      '"Edit"',
      "src/app.ts",
      "git add",
      "gh pr comment",
      "gh issue comment",
      "kill",
      "vigil state save",
      "vigil status",
    ],
  ],
  [
    // known gap 'messages in ko/ja': the refusal of a fail-closed call was English only
    "fail-closed refusal",
    (l) => closedReason(l, "database is locked"),
    ["vigil", "fail", "database is locked"],
  ],
  [
    "compaction warning",
    (l) => compactionWarning(l, { tokens: 122_000, window: 200_000, warnPercent: 60 }),
    ["122,000", "200,000", "61%", "60%", "/pre-compact-save"],
  ],
];

const ROWS = MESSAGES.flatMap(([name, make, needles]) => LANGS.map((l) => [name, l, make, needles] as const));

describe("every message in every language", () => {
  test.each(ROWS)(
    "%s (%s) names the number, the limit and what is open",
    (_name, lang, make, needles) => {
      const text = make(lang);
      for (const n of needles) expect(text).toContain(n);
    },
  );
  test.each(ROWS)("%s (%s) is factual, not system-style command text", (_name, lang, make) => {
    const text = make(lang);
    expect(text.startsWith("vigil: ")).toBe(true);
    expect(text).not.toMatch(/SYSTEM|IMPORTANT|MUST|\bNOT USER INPUT\b/);
    expect(text).not.toMatch(/[.。]$/);
  });
});

describe("what each message says is still open", () => {
  const HANDOFF: Record<Language, string> = {
    en: "handoff document",
    ko: "넘김",
    ja: "引き継ぎ書",
  };
  test.each(LANGS)(
    "soft refusal (%s) says a handoff request is accepted and a new worker is needed",
    (lang) => {
      const text = softRefusal(lang, {
        tokens: 262_114,
        estimate: null,
        limit: 250_000,
        passCommands: [],
      });
      expect(text).toContain(HANDOFF[lang]);
      expect(text).toContain(
        { en: "new worker session", ko: "새 작업자 세션", ja: "新しいワーカーセッション" }[lang],
      );
    },
  );
  test.each(LANGS)("soft notice (%s) asks for the report line", (lang) => {
    const text = softNotice(lang, {
      tokens: 251_000,
      estimate: null,
      limit: 250_000,
      hard: 300_000,
    });
    expect(text).toContain("new session needed");
    expect(text).toContain(HANDOFF[lang]);
  });
  test.each(LANGS)("hard deny (%s) names configured report commands and handoff globs", (lang) => {
    const text = hardDenyReason(lang, {
      tokens: 301_000,
      limit: 300_000,
      tool: "Bash",
      why: "",
      reportCommands: ["tk report"],
      handoffGlobs: ["**/HANDOFF*.md"],
      vigilCommands: VIGIL_COMMANDS_AT_HARD,
    });
    expect(text).toContain('"tk report"');
    expect(text).toContain('"**/HANDOFF*.md"');
  });
});

describe("formatTokens and measuredPhrase", () => {
  test.each([
    [0, "0"],
    [999, "999"],
    [1_000, "1,000"],
    [262_114, "262,114"],
    [1_000_000, "1,000,000"],
    [-2_500, "-2,500"],
    [1234.6, "1,235"],
  ])("formatTokens(%p) is %p", (n, want) => {
    expect(formatTokens(n)).toBe(want);
  });
  test.each<[Language, number | null, number | null, string]>([
    ["en", 262_114, 262_114, "262,114 tokens"],
    ["en", 262_114, null, "262,114 tokens"],
    [
      "en",
      262_114,
      270_500,
      "262,114 tokens measured, about 270,500 counting what was added since",
    ],
    ["en", null, 270_500, "about 270,500 tokens (estimated)"],
    ["en", null, null, "an unknown number of tokens"],
    ["ko", 262_114, 270_500, "측정 262,114 토큰, 이후 추가분 포함 약 270,500 토큰"],
    ["ja", 262_114, null, "262,114 トークン"],
  ])("measuredPhrase(%s, %p, %p)", (lang, tokens, estimate, want) => {
    expect(measuredPhrase(lang, { tokens, estimate })).toBe(want);
  });
});

test("golden: the whole catalogue", () => {
  const path = join(import.meta.dir, "goldens/messages.txt");
  const text = ROWS.map(([name, lang, make]) => `## ${name} (${lang})\n${make(lang)}\n`).join("\n");
  if (process.env.UPDATE_GOLDEN === "1") writeFileSync(path, text);
  expect(existsSync(path)).toBe(true);
  expect(text).toBe(readFileSync(path, "utf8"));
});

describe("why HARD refused, in every language", () => {
  const WHYS: HardWhy[] = [
    { k: "not-allowed", what: "npm" },
    { k: "not-allowed", what: "PATH", noun: "setting" },
    { k: "construct", what: "arithmetic" },
    { k: "not-static", what: "$CMD", noun: "command name" },
    { k: "not-static", what: "$PID", noun: "kill target" },
    { k: "reaches-others", what: "killall", how: "by-name" },
    { k: "reaches-others", what: "pkill", how: "by-pattern" },
    { k: "reaches-others", what: "kill 0", how: "group" },
    { k: "reaches-others", what: "tmux kill-server", how: "ends-sessions" },
    { k: "reaches-others", what: "-u", how: "by-option" },
    { k: "not-own", cmd: "kill", target: "pid 42", treeKnown: true },
    { k: "not-own", cmd: "pkill", target: "parent 7", treeKnown: false },
    { k: "not-pid", what: "foo" },
    { k: "no-target" },
    { k: "needs-pid" },
    { k: "heredoc-only", what: "cat" },
    { k: "not-handoff", path: "src/a.ts" },
    { k: "not-handoff", path: "src/", tool: "Grep" },
    { k: "unparseable", error: "unterminated quote" },
    { k: "unparseable", error: null },
  ];
  // Words of the English templates: none may be left in a Korean or Japanese reason.
  const ENGLISH =
    /\b(not allowed|not static|could reach|could end|process group|not a pid|names no|needs a static|only read|handoff document|no command|process tree)\b/;
  test.each(WHYS.map((w) => [JSON.stringify(w), w] as const))("%s", (_, w) => {
    const quoted = "what" in w ? w.what : "path" in w ? w.path : null;
    for (const lang of ["en", "ko", "ja"] as const) {
      const text = hardWhyText(lang, w);
      expect(text.length).toBeGreaterThan(0);
      if (quoted !== null) expect(text).toContain(quoted);
      if (lang !== "en") expect(text).not.toMatch(ENGLISH);
    }
  });
});
