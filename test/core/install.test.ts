import { describe, expect, test } from "bun:test";
import {
  hookCommand,
  isVigilHandler,
  splitProgram,
  statuslineCommand,
  statusLineKind,
  type VigilMarks,
} from "../../src/core/install/entries.ts";
import { eventsFor } from "../../src/core/install/events.ts";
import { checkEvents, inspectSettings } from "../../src/core/install/inspect.ts";
import { type InstallSpec, planInstall, planUninstall } from "../../src/core/install/plan.ts";

const BIN = "/home/dev/.local/bin/vigil";
const MARKS: VigilMarks = { commands: [] };
const spec = (o: Partial<InstallSpec> = {}): InstallSpec => ({
  bin: BIN,
  claudeVersion: "2.1.328",
  httpPort: null,
  wrapStatusline: false,
  marks: MARKS,
  ...o,
});

function install(text: string | null, o: Partial<InstallSpec> = {}) {
  const r = planInstall(text, spec(o));
  if (!r.ok) throw new Error(r.error);
  return r.value;
}
function uninstall(text: string | null, marks = MARKS) {
  const r = planUninstall(text, marks);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}
const parsed = (text: string | null) => JSON.parse((text ?? "").replace(/^\uFEFF/, ""));

/** Realistic settings files, in the shapes people write them. */
const FILES: Record<string, string> = {
  "two-space, existing hooks for the same events": `{
  "model": "opus",
  "permissions": { "allow": ["Bash(git status:*)"] },
  "hooks": {
    "PreToolUse": [
      { "matcher": "Bash", "hooks": [{ "type": "command", "command": "~/.claude/guard.sh", "timeout": 10 }] }
    ],
    "Stop": [
      {
        "hooks": [
          { "type": "command", "command": "notify-send done" }
        ]
      }
    ]
  }
}
`,
  "tabs and an existing statusLine": `{
\t"statusLine": {
\t\t"type": "command",
\t\t"command": "bash ~/.claude/statusline.sh",
\t\t"padding": 1
\t},
\t"env": {"FOO": "bar"}
}
`,
  "CRLF, keys in odd order":
    '{\r\n    "zeta": 1,\r\n    "alpha": [3, 2, 1],\r\n    "hooks": {\r\n        "SessionStart": [{"matcher": "compact", "hooks": [{"type": "command", "command": "cat ~/state.md"}]}]\r\n    }\r\n}\r\n',
  "unicode and escapes": '{\n  "언어": "한국어",\n  "note": "caf\\u00e9 \\"quoted\\" \\/ ✓",\n  "emoji": "🚀"\n}\n',
  "compact one-liner":
    '{"model":"sonnet","hooks":{"Notification":[{"matcher":"","hooks":[{"type":"command","command":"say hi"}]}]}}',
  "no trailing newline, empty object": "{}",
  "byte-order mark": '\uFEFF{\n  "a": true\n}\n',
  "disableAllHooks false": '{\n  "disableAllHooks": false\n}\n',
};

describe("install then uninstall gives back the original bytes", () => {
  test.each(Object.entries(FILES))("%s", (_name, original) => {
    const a = install(original);
    expect(a.changed).toBe(true);
    const after = parsed(a.text);
    // Everything that was there is still there.
    const before = parsed(original);
    for (const [k, v] of Object.entries(before)) if (k !== "hooks") expect(after[k]).toEqual(v);
    for (const [event, groups] of Object.entries(before.hooks ?? {})) {
      expect(after.hooks[event].slice(0, Array.isArray(groups) ? groups.length : 0)).toEqual(groups);
    }
    // vigil is wired to every event of the version, once.
    for (const e of eventsFor("2.1.328").events) {
      const mine = after.hooks[e].filter((g: unknown) => isVigilGroupValue(g));
      expect(mine).toEqual([{ matcher: "*", hooks: [{ type: "command", command: `${BIN} hook` }] }]);
    }
    // Untouched bytes stay: the original's lines are all still in the new text.
    const eol = original.includes("\r\n") ? "\r\n" : "\n";
    if (original.includes(eol)) expect(a.text!.split(eol).length).toBeGreaterThan(original.split(eol).length);
    expect(a.text!.includes("\r\n")).toBe(original.includes("\r\n"));
    if (original.includes("\r\n")) expect(a.text!.replaceAll("\r\n", "")).not.toContain("\n");
    // Idempotent, byte for byte.
    const again = install(a.text);
    expect(again.changed).toBe(false);
    expect(again.text).toBe(a.text);
    // And back.
    const u = uninstall(a.text);
    expect(u.text).toBe(original);
  });

  // An empty event list or hooks object is nothing to Claude Code, and once vigil's entry is in
  // it, structural removal cannot tell it from one vigil created. The CLI restores such files
  // byte for byte from the backup (test/cli/install.test.ts); here they come back equivalent.
  test.each([
    ['{\n  "hooks": {}\n}\n', "{}\n"],
    ['{\n  "hooks": {\n    "Stop": []\n  },\n  "x": 1\n}\n', '{\n  "x": 1\n}\n'],
  ])("empty containers: %j comes back as %j", (original, back) => {
    expect(uninstall(install(original).text).text).toBe(back);
  });

  test("a tab-indented file gets tab-indented additions", () => {
    const a = install(FILES["tabs and an existing statusLine"]);
    expect(a.text).toContain('\n\t"hooks": {\n\t\t"PreToolUse": [\n\t\t\t{\n\t\t\t\t"matcher": "*"');
  });

  test("a one-line file stays one line", () => {
    const a = install(FILES["compact one-liner"]);
    expect(a.text).not.toContain("\n");
  });

  test("no file: a new one with hooks and statusLine; uninstalling it leaves an empty object", () => {
    const a = install(null);
    expect(Object.keys(parsed(a.text))).toEqual(["hooks", "statusLine"]);
    expect(parsed(a.text).statusLine).toEqual({ type: "command", command: `${BIN} statusline`, padding: 0 });
    expect(a.text!.endsWith("}\n")).toBe(true);
    expect(parsed(uninstall(a.text).text)).toEqual({});
  });
});

function isVigilGroupValue(g: unknown): boolean {
  return inspectSettings({ hooks: { E: [g] } }, MARKS).vigilEvents.length === 1;
}

describe("per-version event sets", () => {
  test.each([
    ["2.0.76", 12, ["PreCompact"], ["PostCompact", "PostToolBatch", "Setup"]],
    ["2.1.88", 27, ["PostCompact", "Setup"], ["PostToolBatch", "MessageDisplay"]],
    ["2.1.220", 31, ["PostToolBatch"], ["PreModelSwitch"]],
    ["2.1.328", 33, ["PreModelSwitch"], []],
  ])("%s registers %i events", (version, n, has, lacks) => {
    const hooks = parsed(install(null, { claudeVersion: version }).text).hooks;
    expect(Object.keys(hooks).length).toBe(n);
    for (const e of has) expect(hooks[e]).toBeDefined();
    for (const e of lacks) expect(hooks[e]).toBeUndefined();
  });

  test("after a downgrade, install removes vigil's entries for events the version does not know", () => {
    const newer = install(FILES["two-space, existing hooks for the same events"]).text;
    const older = install(newer, { claudeVersion: "2.0.76" });
    expect(older.removed.sort()).toEqual(
      eventsFor("2.1.328").events.filter((e) => !eventsFor("2.0.76").events.includes(e)).sort(),
    );
    const facts = inspectSettings(parsed(older.text), MARKS);
    expect(checkEvents(facts, "2.0.76")).toEqual({ unknown: [], missing: [], basis: "tested" });
    // The user's hooks survive the round trip.
    expect(parsed(older.text).hooks.PreToolUse[0].matcher).toBe("Bash");
  });

  test("an upgrade adds the new events and keeps the old entries in place", () => {
    const old = install(FILES["two-space, existing hooks for the same events"], { claudeVersion: "2.1.88" });
    const up = install(old.text, { claudeVersion: "2.1.328" });
    expect(up.added.sort()).toEqual(
      ["DirectoryAdded", "MessageDisplay", "PostModelSwitch", "PostToolBatch", "PreModelSwitch", "UserPromptExpansion"],
    );
    expect(up.updated).toEqual([]);
    expect(up.text!.startsWith(old.text!.slice(0, old.text!.lastIndexOf('"FileChanged"')))).toBe(true);
  });

  test("a user's event the version does not know is kept and reported", () => {
    const user = '{\n  "hooks": {\n    "PostCompact": [{"hooks": [{"type": "command", "command": "x"}]}]\n  }\n}\n';
    const a = install(user, { claudeVersion: "2.0.76" });
    expect(parsed(a.text).hooks.PostCompact).toEqual([{ hooks: [{ type: "command", command: "x" }] }]);
    expect(checkEvents(a.facts, "2.0.76").unknown).toEqual(["PostCompact"]);
  });
});

describe("HTTP hooks", () => {
  test("every event that allows them posts to serve; SessionStart and Setup stay commands", () => {
    const hooks = parsed(install(null, { httpPort: 9999 }).text).hooks;
    expect(hooks.PreToolUse[0].hooks).toEqual([{ type: "http", url: "http://127.0.0.1:9999/hook" }]);
    expect(hooks.SessionStart[0].hooks).toEqual([{ type: "command", command: `${BIN} hook` }]);
    expect(hooks.Setup[0].hooks).toEqual([{ type: "command", command: `${BIN} hook` }]);
  });

  test("switching between command and HTTP hooks replaces vigil's entries in place", () => {
    const cmd = install(FILES["two-space, existing hooks for the same events"]);
    const http = install(cmd.text, { httpPort: 8787 });
    expect(http.updated.length).toBe(31);
    expect(http.added).toEqual([]);
    const back = install(http.text);
    expect(back.text).toBe(cmd.text);
    expect(uninstall(http.text).text).toBe(FILES["two-space, existing hooks for the same events"]);
  });
});

describe("statusLine", () => {
  const user = FILES["tabs and an existing statusLine"];

  test("a user's statusLine is left alone without --wrap-statusline", () => {
    const a = install(user);
    expect(a.statusLine).toBe("left-user");
    expect(a.userStatusLine).toBe("bash ~/.claude/statusline.sh");
    expect(parsed(a.text).statusLine).toEqual(parsed(user).statusLine);
  });

  test("wrapping runs vigil's line, then the user's; uninstall unwraps exactly", () => {
    const a = install(user, { wrapStatusline: true });
    expect(a.statusLine).toBe("wrapped");
    const sl = parsed(a.text).statusLine;
    expect(sl).toEqual({
      type: "command",
      command: `${BIN} statusline --then 'bash ~/.claude/statusline.sh'`,
      padding: 1,
    });
    expect(install(a.text, { wrapStatusline: true }).changed).toBe(false);
    expect(install(a.text).changed).toBe(false); // still vigil's; no flag needed to keep it
    const u = uninstall(a.text);
    expect(u.statusLine).toBe("unwrapped");
    expect(u.text).toBe(user);
  });

  test("a new binary path updates vigil's statusLine and hooks, wrapped or not", () => {
    const a = install(user, { wrapStatusline: true });
    const moved = install(a.text, { bin: "/opt/vigil/vigil-linux-x64" });
    expect(moved.statusLine).toBe("updated");
    expect(parsed(moved.text).statusLine.command).toBe(
      "/opt/vigil/vigil-linux-x64 statusline --then 'bash ~/.claude/statusline.sh'",
    );
    expect(moved.updated.length).toBe(33);
    expect(uninstall(moved.text).text).toBe(user);
  });
});

describe("recognising vigil's entries", () => {
  test.each([
    [{ type: "command", command: "/usr/local/bin/vigil hook" }, true],
    [{ type: "command", command: "'/Users/me/My Tools/vigil' hook" }, true],
    [{ type: "command", command: "/opt/dist/vigil-linux-x64 hook" }, true],
    [{ type: "command", command: "vigil hook" }, true],
    [{ type: "command", command: "/usr/local/bin/vigil hook --debug" }, false],
    [{ type: "command", command: "/usr/local/bin/vigilant hook" }, false],
    [{ type: "command", command: "node vigil.js hook" }, false],
    [{ type: "command", command: "echo vigil hook" }, false],
    [{ type: "http", url: "http://127.0.0.1:8787/hook" }, true],
    [{ type: "http", url: "http://127.0.0.1:8787/other" }, false],
    [{ type: "http", url: "https://example.com/hook" }, false],
    ["vigil hook", false],
  ])("%j → %p", (h, want) => {
    expect(isVigilHandler(h, MARKS)).toBe(want);
  });

  test("an exact recorded command with another program name is vigil's", () => {
    const marks = { commands: [hookCommand("/opt/bin/vg")] };
    expect(isVigilHandler({ type: "command", command: "/opt/bin/vg hook" }, marks)).toBe(true);
    expect(isVigilHandler({ type: "command", command: "/opt/bin/vg hook" }, MARKS)).toBe(false);
  });

  test("a user's group that also calls vigil is theirs and stays", () => {
    const text = JSON.stringify({
      hooks: {
        Stop: [{ hooks: [{ type: "command", command: "say hi" }, { type: "command", command: "vigil hook" }] }],
      },
    });
    expect(uninstall(text).changed).toBe(false);
  });

  test.each<[string, ReturnType<typeof statusLineKind>]>([
    ["/a/vigil statusline", { kind: "vigil" }],
    [statuslineCommand("/a b/vigil", "echo 'x' | cat"), { kind: "wrapped", then: "echo 'x' | cat" }],
    ["~/bin/line.sh", { kind: "other" }],
    ["/a/vigil statusline --then", { kind: "other" }],
  ])("statusLine %j", (cmd, want) => {
    expect(statusLineKind(cmd, MARKS)).toEqual(want);
  });

  test.each([
    ["'/a b/c' hook", { program: "/a b/c", rest: "hook" }],
    [`'it'\\''s' x`, { program: "it's", rest: "x" }],
    ['"/q d/v" statusline', { program: "/q d/v", rest: "statusline" }],
    ["'unterminated hook", null],
  ])("splitProgram(%j)", (cmd, want) => {
    expect(splitProgram(cmd)).toEqual(want);
  });
});

describe("files vigil will not edit", () => {
  test.each([
    ["not JSON", "{ hooks: {} }", /not valid JSON \(InvalidSymbol at line 1 column 3\)/],
    ["a comment", '{\n  // mine\n  "a": 1\n}', /not valid JSON \(InvalidCommentToken at line 2/],
    ["trailing comma", '{"a": 1,}', /not valid JSON/],
    ["an array", "[]", /top level is not a JSON object/],
    ["hooks not an object", '{"hooks": []}', /"hooks" is not an object/],
    ["an event not an array", '{"hooks": {"Stop": {}}}', /"hooks.Stop" is not an array/],
    ["statusLine a string", '{"statusLine": "x"}', /"statusLine" is not an object/],
  ])("%s", (_name, text, err) => {
    const r = planInstall(text, spec());
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(err);
  });
});
