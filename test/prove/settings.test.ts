/**
 * The proof's settings: vigil's own entries from the user's file and nothing else of theirs
 * (their hooks, their statusLine command, their keys); HTTP hooks stay HTTP hooks as installed,
 * pointed at the proof's own serve (the user's serve and database stay untouched); no vigil in
 * the file means the install planner's settings for that version.
 */
import { expect, test } from "bun:test";
import { httpStatuslineCommand } from "../../src/core/install/entries.ts";
import { planInstall } from "../../src/core/install/plan.ts";
import { proveSettings, usesServe } from "../../src/prove/settings.ts";

const BIN = "/opt/vigil/bin/vigil";
const spec = { bin: BIN, claudeVersion: "2.1.332", marks: { commands: [] }, servePort: null };
const vigilGroup = { matcher: "*", hooks: [{ type: "command", command: `${BIN} hook`, timeout: 10 }] };
const userGroup = { matcher: "Bash", hooks: [{ type: "command", command: "my-linter --check" }] };

test("keeps only vigil's groups and statusLine from the user's file", () => {
  const user = {
    model: "opus",
    hooks: { PreToolUse: [userGroup, vigilGroup], Stop: [vigilGroup], PostToolUse: [userGroup] },
    statusLine: { type: "command", command: `${BIN} statusline`, padding: 0 },
  };
  const p = proveSettings(JSON.stringify(user), spec);
  expect(p.source).toBe("user");
  expect(p.settings).toEqual({
    hooks: { PreToolUse: [vigilGroup], Stop: [vigilGroup] },
    statusLine: { type: "command", command: `${BIN} statusline`, padding: 0 },
    skipDangerousModePermissionPrompt: true,
  });
  expect(p.registered).toEqual(["PreToolUse", "Stop"]);
  expect(p.statusLine).toBe(true);
});

test("a wrapped statusLine keeps vigil's half only; a user's own statusLine is not vigil's", () => {
  const wrapped = { statusLine: { type: "command", command: `${BIN} statusline --then 'my-line --fancy'` } };
  expect(proveSettings(JSON.stringify({ hooks: { Stop: [vigilGroup] }, ...wrapped }), spec).settings.statusLine)
    .toEqual({ type: "command", command: `${BIN} statusline` });
  const own = { hooks: { Stop: [vigilGroup] }, statusLine: { type: "command", command: "my-line" } };
  const p = proveSettings(JSON.stringify(own), spec);
  expect([p.statusLine, p.settings.statusLine]).toEqual([false, undefined]);
});

// Issue 32: the proof turned HTTP hooks into command hooks, so an --http install was never proven as installed.
test("an --http install stays HTTP, as installed, pointed at the proof's own serve", () => {
  const planned = planInstall(null, { ...spec, httpPort: 8787, statusLine: "vigil", failClosed: true });
  if (!planned.ok || planned.value.text === null) throw new Error("planner failed");
  const user = JSON.parse(planned.value.text);
  // the statusLine install writes when serve answers it (bash asks serve, falls back to the binary)
  user.statusLine = { type: "command", command: httpStatuslineCommand("/bin/bash", 8787, BIN) };
  const text = JSON.stringify(user);
  expect(usesServe(text, spec.marks)).toBe(true);
  const p = proveSettings(text, { ...spec, servePort: 4242 });
  const pre = (p.settings.hooks as Record<string, { hooks: Record<string, unknown>[] }[]>).PreToolUse[0].hooks[0];
  const installed = user.hooks.PreToolUse[0].hooks[0];
  expect(pre).toEqual({ ...installed, url: "http://127.0.0.1:4242/hook" });
  expect(pre.type).toBe("http");
  expect(p.http).toContain("PreToolUse");
  expect(p.http).not.toContain("SessionStart");
  expect(p.failClosed).toEqual(["PreToolUse", "PreSkillShellCommand"]);
  // the --http statusLine asks the proof's serve too
  expect(p.settings.statusLine).toEqual({ type: "command", command: httpStatuslineCommand("/bin/bash", 4242, BIN) });
  expect(usesServe(JSON.stringify({ hooks: { Stop: [vigilGroup] } }), spec.marks)).toBe(false);
});

test.each([
  ["no file", null],
  ["a file without vigil", JSON.stringify({ hooks: { PreToolUse: [userGroup] } })],
  ["a broken file", "{ not json"],
])("%s: the settings `vigil install` would write", (_name, text) => {
  const p = proveSettings(text, spec);
  const planned = planInstall(null, { ...spec, httpPort: null, statusLine: "vigil" });
  if (!planned.ok || planned.value.text === null) throw new Error("planner failed");
  expect(p.source).toBe("planned");
  expect(p.settings).toEqual({ ...JSON.parse(planned.value.text), skipDangerousModePermissionPrompt: true });
  expect(p.registered).toEqual(planned.value.added);
  expect(p.expected).toEqual(planned.value.added);
  expect(p.statusLine).toBe(true);
});

test("expected events come from the planner for the version, whatever the file holds", () => {
  const p88 = proveSettings(JSON.stringify({ hooks: { Stop: [vigilGroup] } }), { ...spec, claudeVersion: "2.1.88" });
  expect(p88.expected).toContain("PreToolUse");
  expect(p88.expected).not.toContain("PreSkillShellCommand");
  expect(p88.registered).toEqual(["Stop"]);
});
