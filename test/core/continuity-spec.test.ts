import { describe, expect, test } from "bun:test";
import { skillText } from "../../src/core/continuity/skill.ts";
import { checkSpec, SPEC_MAX_CHARS, specConstraints, specTemplate, specText } from "../../src/core/continuity/spec.ts";
import { validateState } from "../../src/core/continuity/state-format.ts";

const FILLED = `# Task spec

## Locus
src/chain/, starting at src/chain/index.ts

## Signal
\`bun test test/chain.test.ts\` fails: "cycle detected"

## Done
test/chain.test.ts passes and no public export changes

## Constraints
- Do not touch module X: it has downstream dependents
- Verify on staging before deploying

## Out-of-scope
Performance work
`;

describe("checkSpec", () => {
  test("a filled spec has no problems", () => {
    expect(checkSpec(FILLED)).toEqual([]);
  });

  test("the template is not a usable spec until filled in", () => {
    expect(checkSpec(specTemplate())).toEqual([
      'field "Locus" is empty',
      'field "Signal" is empty',
      'field "Done" is empty',
      'field "Constraints" is empty',
    ]);
  });

  test.each([
    ["a missing field", FILLED.replace(/## Done\n[^#]*/, ""), ['missing field "Done"']],
    ["an empty field", FILLED.replace("Performance work", "").replace(/(## Signal\n)[^\n]*\n/, "$1\n"), [
      'field "Signal" is empty',
    ]],
    ["a field twice", FILLED + "\n## Locus\nelsewhere\n", ['field "Locus" appears 2 times']],
    ["no out-of-scope (it is optional)", FILLED.replace(/## Out-of-scope\n[^#]*/, ""), []],
    ["a spec too long to restore", FILLED + "\n" + "x".repeat(SPEC_MAX_CHARS), [
      expect.stringMatching(/^the spec is \d+ characters: keep it under 4000/),
    ]],
  ])("%s", (_name, text, problems) => {
    expect(checkSpec(text)).toEqual(problems);
  });
});

describe("specText and specConstraints", () => {
  test("injection drops template comments and keeps everything else verbatim", () => {
    const withHints = FILLED.replace("## Done\n", "## Done\n<!-- What counts as done -->\n");
    expect(specText(withHints)).toBe(FILLED.trim());
  });

  test("constraints come out verbatim", () => {
    expect(specConstraints(FILLED)).toBe(
      "- Do not touch module X: it has downstream dependents\n- Verify on staging before deploying",
    );
    expect(specConstraints(specTemplate())).toBeNull();
  });
});

describe("the /pre-compact-save skill", () => {
  const text = skillText();
  const front = /^---\n([\s\S]*?)\n---\n/.exec(text)?.[1] ?? "";

  test("allowed-tools admits only vigil's own commands", () => {
    const line = /^allowed-tools: (.*)$/m.exec(front)?.[1] ?? "";
    const tools = line.split(/,\s*/);
    expect(tools.length).toBeGreaterThan(0);
    for (const t of tools) expect(t).toMatch(/^Bash\(vigil (state|spec) [a-z]+:\*\)$/);
    expect(tools).toContain("Bash(vigil state save:*)");
  });

  test("the name is the slash command", () => {
    expect(front).toMatch(/^name: pre-compact-save$/m);
  });

  test("its heredoc template has every heading in order and is refused until filled in", () => {
    const body = /<<'VIGIL_STATE'\n([\s\S]*?)\nVIGIL_STATE/.exec(text)?.[1] ?? "";
    const r = validateState(body);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/^heading "Plan" is empty/);
    const filled = body.replace(/<!--[^>]*-->/g, "filled");
    expect(validateState(filled).ok).toBe(true);
  });

  test("an absolute binary path reaches allowed-tools and the commands", () => {
    const t = skillText({ bin: "/opt/vigil/bin/vigil" });
    expect(t).toContain("Bash(/opt/vigil/bin/vigil state save:*)");
    expect(t).toContain("/opt/vigil/bin/vigil state save <<'VIGIL_STATE'");
    expect(t).not.toMatch(/(^|[\s(`])vigil state/m);
  });
});
