import { describe, expect, test } from "bun:test";
import { settingsDiff } from "../../src/core/install/diff.ts";
import { planInstall } from "../../src/core/install/plan.ts";
import {
  afterInstall,
  afterUninstall,
  EMPTY_RECORD,
  fileRecord,
  type InstallRecord,
  noteClaudeVersion,
  parseRecord,
  undoPlan,
  type WriteFacts,
} from "../../src/core/install/record.ts";
import { describeChange, warningsFor } from "../../src/core/install/report.ts";

const P = "/home/dev/.claude/settings.json";
const write = (o: Partial<WriteFacts>): WriteFacts => ({
  path: P,
  before: "sha-orig",
  backup: "/state/backups/user-settings.json.1",
  written: "sha-w1",
  commands: ["/v/vigil hook"],
  claudeVersion: "2.1.328",
  at: 1,
  ...o,
});

describe("install record", () => {
  test("a second install over vigil's own output keeps the first original", () => {
    let r = afterInstall(EMPTY_RECORD, write({}));
    r = afterInstall(
      r,
      write({ before: "sha-w1", backup: "/state/backups/2", written: "sha-w2", commands: ["/x/vigil hook"] }),
    );
    expect(fileRecord(r, P)).toMatchObject({
      original: "/state/backups/user-settings.json.1",
      written: "sha-w2",
      commands: ["/v/vigil hook", "/x/vigil hook"],
    });
  });

  test("an install over a file the user changed starts a new baseline", () => {
    let r = afterInstall(EMPTY_RECORD, write({}));
    r = afterInstall(r, write({ before: "sha-user-edit", backup: "/state/backups/3", written: "sha-w3" }));
    expect(fileRecord(r, P)?.original).toBe("/state/backups/3");
  });

  test("no file before install: original is null, and undo deletes", () => {
    const r = afterInstall(EMPTY_RECORD, write({ before: null, backup: null }));
    expect(undoPlan(fileRecord(r, P), "sha-w1")).toEqual({ kind: "restore", original: null });
  });

  test.each<[string, string | null, ReturnType<typeof undoPlan>]>([
    ["unchanged since install", "sha-w1", { kind: "restore", original: "/state/backups/user-settings.json.1" }],
    ["changed since install", "sha-other", { kind: "remove" }],
    ["file gone", null, { kind: "remove" }],
  ])("undo when %s", (_n, sha, want) => {
    const r = afterInstall(EMPTY_RECORD, write({}));
    expect(undoPlan(fileRecord(r, P), sha)).toEqual(want);
  });

  test("round trip through JSON, uninstall forgets the file", () => {
    const r = noteClaudeVersion(afterInstall(EMPTY_RECORD, write({})), "2.1.328", 5);
    const back = parseRecord(JSON.stringify(r));
    expect(back).toEqual(r);
    expect(afterUninstall(back, P).files).toEqual([]);
  });

  test.each([null, "", "not json", "[]", '{"files": [{"path": 1}]}'])("unreadable record %j is empty", (text) => {
    expect(parseRecord(text).files).toEqual([]);
  });

  test("an upgrade counts from the last time the old version was seen", () => {
    let r: InstallRecord = noteClaudeVersion(EMPTY_RECORD, "2.1.88", 10);
    expect(r.claude).toEqual({ version: "2.1.88", since: 0, seen: 10 });
    r = noteClaudeVersion(r, "2.1.88", 20);
    expect(r.claude).toEqual({ version: "2.1.88", since: 0, seen: 20 });
    r = noteClaudeVersion(r, "2.1.328", 30);
    expect(r.claude).toEqual({ version: "2.1.328", since: 20, seen: 30 });
    expect(noteClaudeVersion(r, "2.1.328", 25).claude).toEqual({ version: "2.1.328", since: 20, seen: 30 });
  });
});

describe("what install says", () => {
  const spec = {
    bin: "/v/vigil",
    claudeVersion: "2.0.76",
    httpPort: null,
    statusLine: "keep" as const,
    marks: { commands: [] },
  };

  test("warnings: an unknown event, disableAllHooks, a statusLine left alone", () => {
    const text = JSON.stringify({
      disableAllHooks: true,
      statusLine: { type: "command", command: "~/line.sh" },
      hooks: { PostCompact: [{ hooks: [{ type: "command", command: "x" }] }] },
    });
    const c = planInstall(text, spec);
    if (!c.ok) throw new Error(c.error);
    expect(warningsFor(c.value, "2.0.76", P)).toEqual([
      `"${P}" names "PostCompact", which Claude Code 2.0.76 does not know: every hook in this file is disabled until it is removed`,
      `"${P}" sets "disableAllHooks": true: no hook and no statusLine runs until it is removed`,
      `your statusLine "~/line.sh" was left alone: vigil never learns the session's window (a 1M-window session is judged against the 200k default) and measures one response late (vigil install --statusline wrap keeps your line on screen and records the numbers)`,
    ]);
  });

  test("summary lines", () => {
    const c = planInstall(null, spec);
    if (!c.ok) throw new Error(c.error);
    expect(describeChange("install", c.value, { path: P, version: "2.0.76", backup: null, http: null })).toBe(
      `vigil: installed in "${P}" for Claude Code 2.0.76: 10 events, command hooks\n` +
        "  added: PreToolUse, PostToolUse, PostToolUseFailure, UserPromptSubmit, SessionStart, SessionEnd and 4 more\n" +
        "  statusLine: vigil's\n",
    );
    const again = planInstall(c.value.text, spec);
    if (!again.ok) throw new Error(again.error);
    expect(describeChange("install", again.value, { path: P, version: "2.0.76", backup: null, http: null })).toBe(
      `vigil: already installed in "${P}"; nothing changed\n  statusLine: vigil's (unchanged)\n`,
    );
  });

  test("dry-run diff is unified and empty when nothing changes", () => {
    const before = '{\r\n  "a": 1\r\n}\r\n';
    const c = planInstall(before, spec);
    if (!c.ok) throw new Error(c.error);
    const d = settingsDiff(P, before, c.value.text);
    expect(d.split("\n").slice(0, 4)).toEqual([`--- a${P}`, `+++ b${P}`, "@@ -1,3 +1,130 @@", " {"]);
    expect(d).toContain('-  "a": 1\n+  "a": 1,\n+  "hooks": {\n');
    expect(d).not.toContain("\r");
    expect(settingsDiff(P, before, before)).toBe("");
  });
});
