import { FAIL_CLOSED_HEADER } from "../../src/core/fail-closed.ts";
import { describe, expect, test } from "bun:test";
import { checkWiring } from "../../src/core/doctor/wiring.ts";
import {
  FAIL_CLOSED_EVENTS,
  hookCommand,
  httpEnvHeaders,
  httpStatuslineCommand,
  httpStatuslineOf,
  isVigilHandler,
  splitProgram,
  statuslineCommand,
  statusLineKind,
  type VigilMarks,
} from "../../src/core/install/entries.ts";
import { ALL_EVENTS, eventsFor, TESTED_TABLES } from "../../src/core/install/events.ts";
import { HANDLED, isHandled, NEVER, registeredEvents, timeoutFor } from "../../src/core/install/handled.ts";
import { checkEvents, inspectSettings } from "../../src/core/install/inspect.ts";
import { type InstallSpec, planInstall, planUninstall } from "../../src/core/install/plan.ts";

const BIN = "/home/dev/.local/bin/vigil";
const MARKS: VigilMarks = { commands: [] };
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
function uninstall(text: string | null, marks = MARKS, original: string | null = null) {
  const r = planUninstall(text, marks, original);
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
    for (const [k, v] of Object.entries(before)) if (k !== "hooks" && k !== "statusLine") expect(after[k]).toEqual(v);
    for (const [event, groups] of Object.entries(before.hooks ?? {})) {
      expect(after.hooks[event].slice(0, Array.isArray(groups) ? groups.length : 0)).toEqual(groups);
    }
    // vigil is wired to every event it handles that the version knows, once, with a timeout.
    for (const e of registeredEvents("2.1.332").events) {
      const mine = after.hooks[e].filter((g: unknown) => isVigilGroupValue(g));
      expect(mine).toEqual([{
        matcher: "*",
        hooks: [{ type: "command", command: `${BIN} hook`, timeout: timeoutFor(e) }],
      }]);
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

/** What an earlier vigil (before the handled-events table) wrote: every event, no timeouts. */
function olderInstall(version: string, user: string | null, o: { http?: number; wrapped?: string } = {}): string {
  const doc = user === null ? {} : parsed(user);
  const hooks: Record<string, unknown[]> = { ...(doc.hooks ?? {}) };
  for (const e of eventsFor(version).events) {
    const h = o.http !== undefined && e !== "SessionStart" && e !== "Setup"
      ? { type: "http", url: `http://127.0.0.1:${o.http}/hook` }
      : { type: "command", command: `${BIN} hook` };
    hooks[e] = [...(hooks[e] ?? []), { matcher: "*", hooks: [h] }];
  }
  const command = o.wrapped === undefined ? `${BIN} statusline` : `${BIN} statusline --then '${o.wrapped}'`;
  return JSON.stringify({ ...doc, hooks, statusLine: { type: "command", command, padding: 0 } }, null, 2) + "\n";
}

describe("per-version event sets: what vigil handles, of what the version knows", () => {
  const versions = [...TESTED_TABLES, "2.1.76", "2.1.219", "2.1.331", "2.2.0", "1.0.120"];

  test.each(versions)("%s registers exactly handled ∩ known, each with its timeout", (version) => {
    const hooks = parsed(install(null, { claudeVersion: version }).text).hooks;
    const known: readonly string[] = eventsFor(version).events;
    expect(Object.keys(hooks)).toEqual(ALL_EVENTS.filter((e) => isHandled(e) && known.includes(e)));
    for (const [e, groups] of Object.entries(hooks)) {
      expect(groups).toEqual([{ matcher: "*", hooks: [expect.objectContaining({ timeout: expect.any(Number) })] }]);
      expect(NEVER[e as keyof typeof NEVER]).toBeUndefined();
    }
  });

  test("counts: 10 on 2.0.76 (no PostCompact), 11 from 2.1.76, 12 from 2.1.88 (StopFailure), 14 from 2.1.328 (model switches), 15 from 2.1.332 (skill shell), 16 from 2.1.336 (Interrupt) and on 2.1.337", () => {
    expect(registeredEvents("2.0.76").events.length).toBe(10);
    expect(registeredEvents("2.1.76").events.length).toBe(11);
    for (const v of ["2.1.88", "2.1.220"]) expect(registeredEvents(v).events.length).toBe(12);
    expect(registeredEvents("2.1.328").events.length).toBe(14);
    expect(registeredEvents("2.1.332").events.length).toBe(15);
    expect(registeredEvents("2.1.336").events.length).toBe(16);
    expect(registeredEvents("2.1.337").events.length).toBe(16);
  });

  test("no registration is ever on an event whose hook replaces Claude Code's own behaviour", () => {
    for (
      const e of [
        "WorktreeCreate",
        "WorktreeRemove",
        "PermissionRequest",
        "Elicitation",
        "ElicitationResult",
        "MessageDisplay",
      ]
    ) {
      expect(NEVER[e as keyof typeof NEVER]).toBeString();
      expect(HANDLED.some((h) => h.event === e)).toBe(false);
    }
  });

  test("timeouts: short for the hot events, SessionEnd inside Claude Code's shared 1.5 s budget", () => {
    for (const e of ["PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop"] as const) {
      expect(timeoutFor(e)).toBeLessThanOrEqual(10);
    }
    expect(timeoutFor("SessionEnd")).toBeLessThan(1.5);
    for (const h of HANDLED) expect(h.timeout).toBeLessThan(600);
  });

  test.each([...TESTED_TABLES])(
    "re-install over an earlier vigil's %s install removes what it no longer registers, keeps the user's hooks",
    (version) => {
      const user = FILES["two-space, existing hooks for the same events"];
      const old = olderInstall(version, user);
      const a = install(old, { claudeVersion: version });
      const want = registeredEvents(version).events;
      expect(a.removed.sort()).toEqual(eventsFor(version).events.filter((e) => !isHandled(e)).sort());
      expect(a.updated.sort()).toEqual([...want].sort()); // the timeouts were added
      const hooks = parsed(a.text).hooks;
      expect(Object.keys(hooks).sort()).toEqual([...want].sort());
      expect(hooks.PreToolUse[0]).toEqual(parsed(user).hooks.PreToolUse[0]);
      expect(hooks.Stop[0]).toEqual(parsed(user).hooks.Stop[0]);
      expect(checkEvents(inspectSettings(parsed(a.text), MARKS), version)).toMatchObject({
        missing: [],
        unhandled: [],
        forbidden: [],
      });
      // Installing again changes nothing.
      expect(install(a.text, { claudeVersion: version }).changed).toBe(false);
    },
  );

  test("re-install over an earlier HTTP install and a --then statusLine repairs both", () => {
    const old = olderInstall("2.1.328", null, { http: 8787, wrapped: "bash ~/sl.sh" });
    const a = install(old, { httpPort: 8787 });
    expect(a.removed).toContain("WorktreeCreate");
    expect(parsed(a.text).hooks.PreToolUse).toEqual([{
      matcher: "*",
      hooks: [{ type: "http", url: "http://127.0.0.1:8787/hook", timeout: 10, ...httpEnvHeaders() }],
    }]);
    expect(parsed(a.text).statusLine.command).toBe(`${BIN} statusline --wrap 'bash ~/sl.sh'`);
  });

  test("after a downgrade, install removes vigil's entries for events the version does not know", () => {
    const newer = install(FILES["two-space, existing hooks for the same events"]).text;
    const older = install(newer, { claudeVersion: "2.0.76" });
    expect(older.removed).toEqual([
      "StopFailure",
      "PostCompact",
      "PreModelSwitch",
      "PostModelSwitch",
      "PreSkillShellCommand",
    ]);
    const facts = inspectSettings(parsed(older.text), MARKS);
    expect(checkEvents(facts, "2.0.76")).toEqual({
      unknown: [],
      missing: [],
      unhandled: [],
      forbidden: [],
      basis: "tested",
    });
    // The user's hooks survive the round trip.
    expect(parsed(older.text).hooks.PreToolUse[0].matcher).toBe("Bash");
  });

  test("an upgrade from 2.0.76 adds PostCompact (and 2.1.3xx's events) and keeps the old entries in place", () => {
    const old = install(FILES["two-space, existing hooks for the same events"], { claudeVersion: "2.0.76" });
    const up = install(old.text, { claudeVersion: "2.1.332" });
    expect(up.added).toEqual([
      "StopFailure",
      "PostCompact",
      "PreModelSwitch",
      "PostModelSwitch",
      "PreSkillShellCommand",
    ]);
    expect(up.updated).toEqual([]);
  });

  test("a user's event the version does not know is kept and reported", () => {
    const user = '{\n  "hooks": {\n    "PostCompact": [{"hooks": [{"type": "command", "command": "x"}]}]\n  }\n}\n';
    const a = install(user, { claudeVersion: "2.0.76" });
    expect(parsed(a.text).hooks.PostCompact).toEqual([{ hooks: [{ type: "command", command: "x" }] }]);
    expect(checkEvents(a.facts, "2.0.76").unknown).toEqual(["PostCompact"]);
  });

  test("a hand-written WorktreeCreate → vigil hook is forbidden, in vigil's own group or the user's", () => {
    const own = { hooks: { WorktreeCreate: [{ hooks: [{ type: "command", command: "vigil hook" }] }] } };
    const mixed = {
      hooks: {
        WorktreeCreate: [{
          hooks: [{ type: "command", command: "my-worktree.sh" }, { type: "command", command: "vigil hook" }],
        }],
      },
    };
    expect(checkEvents(inspectSettings(own, MARKS), "2.1.332").forbidden).toEqual(["WorktreeCreate"]);
    expect(checkEvents(inspectSettings(mixed, MARKS), "2.1.332").forbidden).toEqual(["WorktreeCreate"]);
    // install removes vigil's own group there; a user's group that calls vigil is theirs to fix.
    const a = install(JSON.stringify(own));
    expect(parsed(a.text).hooks.WorktreeCreate).toBeUndefined();
    expect(a.removed).toEqual(["WorktreeCreate"]);
  });
});

describe("HTTP hooks", () => {
  test("every event that allows them posts to serve; SessionStart stays a command", () => {
    const hooks = parsed(install(null, { httpPort: 9999 }).text).hooks;
    expect(hooks.PreToolUse[0].hooks).toEqual([
      { type: "http", url: "http://127.0.0.1:9999/hook", timeout: 10, ...httpEnvHeaders() },
    ]);
    expect(hooks.SessionStart[0].hooks).toEqual([{ type: "command", command: `${BIN} hook`, timeout: 15 }]);
  });

  test("switching between command and HTTP hooks replaces vigil's entries in place", () => {
    const cmd = install(FILES["two-space, existing hooks for the same events"]);
    const http = install(cmd.text, { httpPort: 8787 });
    // all but SessionStart (command hooks only) and PreCompact (its answer is text, which an HTTP hook cannot carry)
    expect(http.updated.length).toBe(13);
    expect(http.updated).not.toContain("PreCompact");
    expect(http.added).toEqual([]);
    const back = install(http.text);
    expect(back.text).toBe(cmd.text);
    expect(uninstall(http.text).text).toBe(FILES["two-space, existing hooks for the same events"]);
  });
});

describe("HTTP statusLine client", () => {
  const BASH = "/bin/bash";
  const line = (text: string | null) => parsed(text).statusLine.command as string;

  test("an --http install with bash has vigil's own statusLine ask serve, and knows it again", () => {
    const a = install(null, { httpPort: 9999, bash: BASH });
    expect(line(a.text)).toBe(httpStatuslineCommand(BASH, 9999, BIN));
    expect(httpStatuslineOf(line(a.text), MARKS)).toEqual({ port: 9999, bin: BIN, bash: BASH });
    expect(statusLineKind(line(a.text), MARKS)).toEqual({ kind: "vigil" });
    // doctor checks what it runs: its bash and the binary it falls back to.
    expect(inspectSettings(parsed(a.text), MARKS).statusLine).toEqual({
      kind: "vigil",
      command: line(a.text),
      programs: [BASH, BIN],
    });
    expect(install(a.text, { httpPort: 9999, bash: BASH }).changed).toBe(false);
    expect(uninstall(a.text).text).toBe(uninstall(install(null).text).text);
    expect(uninstall(a.text).statusLine).toBe("removed");
  });

  test("another port, a plain install or no bash give vigil's line back its other form, in place", () => {
    const a = install(FILES["two-space, existing hooks for the same events"], { httpPort: 9999, bash: BASH });
    const moved = install(a.text, { httpPort: 8787, bash: BASH });
    expect(moved.statusLine).toBe("updated");
    expect(httpStatuslineOf(line(moved.text), MARKS)?.port).toBe(8787);
    const plain = install(a.text);
    expect(plain.statusLine).toBe("updated");
    expect(line(plain.text)).toBe(statuslineCommand(BIN));
    expect(line(install(a.text, { httpPort: 9999, bash: null }).text)).toBe(statuslineCommand(BIN));
    expect(uninstall(moved.text).text).toBe(FILES["two-space, existing hooks for the same events"]);
  });

  test("a user's statusLine is still wrapped by the binary, not sent to serve", () => {
    const a = install(FILES["tabs and an existing statusLine"], { httpPort: 9999, bash: BASH });
    expect(a.statusLine).toBe("wrapped");
    expect(line(a.text)).toBe(statuslineCommand(BIN, "bash ~/.claude/statusline.sh"));
  });

  test.each([
    ["a path with spaces and quotes", "/opt/my tools/vigil's/vigil", "/usr/local/bin/bash"],
    ["a vigil-<os>-<arch> binary", "/opt/vigil/vigil-darwin-arm64", "/bin/bash"],
  ])("the binary and port are read back from %s", (_name, bin, bash) => {
    expect(httpStatuslineOf(httpStatuslineCommand(bash, 65535, bin), MARKS)).toEqual({ port: 65535, bin, bash });
  });

  test.each([
    ["a user's own bash line", "bash -c 'echo hi' vigil-statusline 9999 /usr/bin/vigil x"],
    ["another program under the client's name", `bash -c 'x' vigil-statusline 9999 /usr/bin/other`],
    ["not bash", `sh -c 'x' vigil-statusline 9999 ${BIN}`],
    ["no port", `bash -c 'x' vigil-statusline p ${BIN}`],
    ["an unclosed quote", `bash -c 'x vigil-statusline 9999 ${BIN}`],
  ])("%s is not taken for vigil's", (_name, command) => {
    expect(httpStatuslineOf(command, MARKS)).toBeNull();
    expect(statusLineKind(command, MARKS).kind).toBe("other");
  });
});

describe("statusLine", () => {
  const user = FILES["tabs and an existing statusLine"];

  test("by default a user's statusLine is wrapped: theirs is shown, vigil records; uninstall unwraps exactly", () => {
    const a = install(user);
    expect(a.statusLine).toBe("wrapped");
    expect(a.userStatusLine).toBe("bash ~/.claude/statusline.sh");
    expect(parsed(a.text).statusLine).toEqual({
      type: "command",
      command: `${BIN} statusline --wrap 'bash ~/.claude/statusline.sh'`,
      padding: 1,
    });
    expect(install(a.text).changed).toBe(false);
    expect(install(a.text, { statusLine: "keep" }).changed).toBe(false); // still vigil's wrapper
    const u = uninstall(a.text);
    expect(u.statusLine).toBe("unwrapped");
    expect(u.text).toBe(user);
  });

  test("keep leaves a user's statusLine alone", () => {
    const a = install(user, { statusLine: "keep" });
    expect(a.statusLine).toBe("left-user");
    expect(a.text).toContain('"command": "bash ~/.claude/statusline.sh"');
    expect(parsed(a.text).statusLine).toEqual(parsed(user).statusLine);
  });

  test("vigil replaces it; uninstall puts the user's back byte for byte from the backup", () => {
    const a = install(user, { statusLine: "vigil" });
    expect(a.statusLine).toBe("replaced");
    expect(parsed(a.text).statusLine.command).toBe(`${BIN} statusline`);
    // Someone edits the file after install, so uninstall cannot restore the whole file...
    const edited = a.text!.replace('"FOO": "bar"', '"FOO": "baz"');
    const u = uninstall(edited, MARKS, user);
    expect(u.statusLine).toBe("restored");
    // ...but the statusLine is the user's again, exactly.
    expect(u.text).toBe(user.replace('"FOO": "bar"', '"FOO": "baz"'));
  });

  test("a wrapped command written with unusual escapes comes back with those bytes", () => {
    const odd = '{\n  "statusLine": {"type": "command", "command": "bash \\u007e/sl.sh \\/x", "padding": 0}\n}\n';
    const a = install(odd);
    expect(parsed(a.text).statusLine.command).toBe(`${BIN} statusline --wrap 'bash ~/sl.sh /x'`);
    expect(uninstall(a.text + " ", MARKS, odd).text).toBe(odd + " ");
    // Without the backup the command is written canonically: same value, other bytes.
    expect(parsed(uninstall(a.text, MARKS).text).statusLine).toEqual(parsed(odd).statusLine);
  });

  test("an earlier vigil's --then wrapper is rewritten to --wrap and still unwraps", () => {
    const old = user.replace(
      '"bash ~/.claude/statusline.sh"',
      `"${BIN} statusline --then 'bash ~/.claude/statusline.sh'"`,
    );
    const a = install(old);
    expect(a.statusLine).toBe("updated");
    expect(parsed(a.text).statusLine.command).toBe(`${BIN} statusline --wrap 'bash ~/.claude/statusline.sh'`);
    expect(uninstall(a.text).text).toContain('"command": "bash ~/.claude/statusline.sh"');
  });

  test("a new binary path updates vigil's statusLine and hooks, wrapped or not", () => {
    const a = install(user);
    const moved = install(a.text, { bin: "/opt/vigil/vigil-linux-x64" });
    expect(moved.statusLine).toBe("updated");
    expect(parsed(moved.text).statusLine.command).toBe(
      "/opt/vigil/vigil-linux-x64 statusline --wrap 'bash ~/.claude/statusline.sh'",
    );
    expect(moved.updated.length).toBe(registeredEvents("2.1.332").events.length);
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
    const u = uninstall(closed.text);
    expect(u.text ?? "").not.toContain("onFailure");
    expect(u.text ?? "").not.toContain(`${BIN} hook`);
  });

  // Issue 33: serve cannot see the registration, so a fail-closed HTTP hook must say so itself.
  test("an HTTP fail-closed registration tells serve in a header with its timeout; switching back drops it", () => {
    const open = install(null, { httpPort: 8787 }).text;
    const closed = install(open, { httpPort: 8787, failClosed: true }).text;
    const told = Object.entries<{ hooks: { timeout?: number; headers?: Record<string, string> }[] }[]>(
      hooksOf(closed),
    )
      .flatMap(([e, groups]) => {
        const h = groups[0].hooks[0];
        return h.headers?.[FAIL_CLOSED_HEADER] === undefined ? [] : [[e, h.headers[FAIL_CLOSED_HEADER], h.timeout]];
      });
    expect(told.map(([e]) => e)).toEqual(["PreToolUse", "PreSkillShellCommand"]);
    for (const [, header, timeout] of told) expect(header).toBe(String(timeout));
    expect(install(closed, { httpPort: 8787 }).text).toBe(open);
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
    [
      "fail-closed over HTTP",
      { failClosed: true, httpPort: 8787 },
      /^info: fail-closed on PreToolUse, PreSkillShellCommand: /,
    ],
  ])("%s", (_name, o, want) => {
    const got = failure(install(null, o).text);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(want);
  });

  // Before serve could fail closed, install --http --fail-closed wrote onFailure without the
  // header: serve answered a failure 200-empty and the tool ran. doctor says to install again.
  test("fail-closed HTTP hooks from an older install, without the header, are a warning", () => {
    const doc = JSON.parse(install(null, { failClosed: true, httpPort: 8787 }).text ?? "{}");
    for (const e of ["PreToolUse", "PreSkillShellCommand"]) delete doc.hooks[e][0].hooks[0].headers[FAIL_CLOSED_HEADER];
    const got = failure(JSON.stringify(doc));
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(/^warn: fail-closed HTTP hooks on PreToolUse, PreSkillShellCommand do not tell vigil serve/);
  });
});
