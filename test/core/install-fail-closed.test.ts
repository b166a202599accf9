import { describe, expect, test } from "bun:test";
import { FAIL_CLOSED_EVENTS } from "../../src/core/install/entries.ts";
import { registeredEvents } from "../../src/core/install/handled.ts";
import { inspectSettings } from "../../src/core/install/inspect.ts";
import { type InstallSpec, planInstall, planUninstall } from "../../src/core/install/plan.ts";
import { checkWiring } from "../../src/core/doctor/wiring.ts";

const BIN = "/usr/local/bin/vigil";
const MARKS = { commands: [`${BIN} hook`, `${BIN} statusline`] };
const spec = (o: Partial<InstallSpec> = {}): InstallSpec => ({
  bin: BIN,
  claudeVersion: "2.1.332",
  httpPort: null,
  statusLine: "wrap",
  marks: MARKS,
  ...o,
});
function install(text: string | null, o: Partial<InstallSpec> = {}) {
  const r = planInstall(text, spec(o));
  if (!r.ok) throw new Error(r.error);
  return r.value;
}
const hooksOf = (text: string | null) => JSON.parse(text ?? "{}").hooks;
const blocking = (text: string | null) =>
  Object.entries<{ hooks: { onFailure?: string }[] }[]>(hooksOf(text))
    .filter(([, groups]) => groups[0].hooks[0].onFailure === "block").map(([e]) => e);

describe("install --fail-closed", () => {
  test.each<[string, Partial<InstallSpec>, string[]]>([
    ["2.1.332: PreToolUse and PreSkillShellCommand", { failClosed: true }, ["PreToolUse", "PreSkillShellCommand"]],
    ["2.1.328 has no skill-shell event", { failClosed: true, claudeVersion: "2.1.328" }, ["PreToolUse"]],
    ["HTTP hooks too", { failClosed: true, httpPort: 8787 }, ["PreToolUse", "PreSkillShellCommand"]],
    ["the default is fail-open everywhere", {}, []],
  ])("%s", (_name, o, want) => {
    expect(blocking(install(null, o).text)).toEqual(want);
  });

  test("switching modes rewrites only the two entries, and uninstall removes them either way", () => {
    const open = install(null).text;
    const closed = install(open, { failClosed: true });
    expect(closed.updated).toEqual(["PreToolUse", "PreSkillShellCommand"]);
    const back = install(closed.text);
    expect(back.updated).toEqual(["PreToolUse", "PreSkillShellCommand"]);
    expect(back.text).toBe(open);
    const u = planUninstall(closed.text, MARKS, null);
    if (!u.ok) throw new Error(u.error);
    expect(u.value.text ?? "").not.toContain("onFailure");
    expect(u.value.text ?? "").not.toContain(`${BIN} hook`);
  });

  test("only events whose answer is a HARD deny are ever fail-closed", () => {
    const registered: readonly string[] = registeredEvents("2.1.332").events;
    for (const e of FAIL_CLOSED_EVENTS) expect(registered).toContain(e);
    expect([...FAIL_CLOSED_EVENTS].sort()).toEqual(["PreSkillShellCommand", "PreToolUse"]);
  });
});

describe("doctor shows the failure mode and its trade-off", () => {
  const file = (text: string | null) => ({
    scope: "user" as const,
    path: "/h/.claude/settings.json",
    facts: inspectSettings(JSON.parse(text ?? "{}"), MARKS),
    error: null,
  });
  const failure = (text: string | null) =>
    checkWiring({ claudeVersion: "2.1.332", files: [file(text)], bins: [] }).filter((f) => f.check === "failure")
      .map((f) => `${f.severity}: ${f.message}`);
  test.each<[string, Partial<InstallSpec>, RegExp]>([
    [
      "fail-open",
      {},
      /^info: fail-open \(the default\): if vigil crashes or times out, tool calls run, so HARD is open/,
    ],
    [
      "fail-closed",
      { failClosed: true },
      /^info: fail-closed on PreToolUse, PreSkillShellCommand: .* blocked .*all tool use until vigil is fixed/,
    ],
  ])("%s", (_name, o, want) => {
    const got = failure(install(null, o).text);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(want);
  });
});
