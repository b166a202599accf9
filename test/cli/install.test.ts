/**
 * `vigil install` / `vigil uninstall` through the compiled binary, with a stand-in `claude`
 * on PATH that prints a version, on realistic settings files.
 */
import { describe, expect, test } from "bun:test";
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { httpEnvHeaders, httpStatuslineOf } from "../../src/core/install/entries.ts";
import { registeredEvents } from "../../src/core/install/handled.ts";
import { startServe } from "../support/serve.ts";
import { BIN, type Run } from "../support/vigil.ts";

interface World {
  root: string;
  home: string;
  cwd: string;
  vigilHome: string;
  env: Record<string, string>;
  userSettings: string;
}

/** A scrubbed world whose `claude --version` prints `version` (null: no claude at all). */
function world(version: string | null = "2.1.88"): World {
  const root = mkdtempSync(join(tmpdir(), "vigil-install-"));
  const home = join(root, "home"), cwd = join(root, "project"), bin = join(root, "bin");
  for (const d of [home, cwd, bin, join(home, ".claude")]) mkdirSync(d, { recursive: true });
  if (version !== null) {
    writeFileSync(join(bin, "claude"), `#!/bin/sh\necho "${version} (Claude Code)"\n`, { mode: 0o755 });
  }
  const env = {
    PATH: `${bin}:/usr/bin:/bin`,
    HOME: home,
    VIGIL_HOME: join(root, "vigil"),
    TZ: "UTC",
    NO_COLOR: "1",
    LANG: "C",
  };
  return { root, home, cwd, vigilHome: env.VIGIL_HOME, env, userSettings: join(home, ".claude", "settings.json") };
}

function run(w: World, args: string[], opts: { stdin?: string; env?: Record<string, string> } = {}): Run {
  const p = Bun.spawnSync([BIN, ...args], {
    cwd: w.cwd,
    env: { ...w.env, ...opts.env },
    stdin: Buffer.from(opts.stdin ?? ""),
  });
  return { code: p.exitCode ?? -1, stdout: p.stdout.toString(), stderr: p.stderr.toString() };
}

const bytes = (path: string) => readFileSync(path);
const json = (path: string) => JSON.parse(readFileSync(path, "utf8").replace(/^\uFEFF/, ""));
const skill = (w: World) => join(w.home, ".claude", "skills", "pre-compact-save", "SKILL.md");

const FILES: Record<string, string> = {
  "existing hooks for the same events and a statusLine": `{
  "permissions": { "allow": ["Bash(npm test:*)"] },
  "hooks": {
    "PreToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "~/.claude/guard.sh" }] }],
    "Stop": [{ "hooks": [{ "type": "command", "command": "notify-send done" }] }]
  },
  "statusLine": { "type": "command", "command": "~/.claude/line.sh" }
}
`,
  "tabs, CRLF, odd key order, unicode":
    '{\r\n\t"zeta": "한국어 ✓",\r\n\t"alpha": "caf\\u00e9",\r\n\t"env": {"B": "2", "A": "1"}\r\n}\r\n',
  "one line, no newline at the end":
    '{"model":"sonnet","hooks":{"Notification":[{"hooks":[{"type":"command","command":"say hi"}]}]}}',
  "empty event list and empty hooks object": '{\n  "hooks": {\n    "Stop": []\n  }\n}\n',
  "just {}": "{}",
};

describe("install then uninstall", () => {
  test.each(Object.entries(FILES))("%s: byte-for-byte restorable, idempotent", (_name, original) => {
    const w = world("2.1.88");
    writeFileSync(w.userSettings, original);
    const a = run(w, ["install"]);
    expect(a.stderr).toBe("");
    expect(a.code).toBe(0);
    expect(a.stdout).toContain(`installed in "${w.userSettings}" for Claude Code 2.1.88: 12 events`);
    const installed = bytes(w.userSettings);
    const hooks = json(w.userSettings).hooks;
    const users = Object.keys(JSON.parse(original).hooks ?? {}).filter((e) => JSON.parse(original).hooks[e].length > 0);
    expect(Object.keys(hooks).sort()).toEqual([...new Set([...registeredEvents("2.1.88").events, ...users])].sort());
    expect(existsSync(skill(w))).toBe(true);
    // A backup of the original bytes, 0600.
    const backups = readdirSync(join(w.vigilHome, "backups"));
    expect(backups.length).toBe(1);
    expect(bytes(join(w.vigilHome, "backups", backups[0]))).toEqual(Buffer.from(original));
    // Again: nothing changes, nothing is backed up.
    const again = run(w, ["install"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("already installed");
    expect(bytes(w.userSettings)).toEqual(installed);
    expect(readdirSync(join(w.vigilHome, "backups")).length).toBe(1);
    // And back to the original bytes.
    const u = run(w, ["uninstall"]);
    expect(u.code).toBe(0);
    expect(u.stdout).toContain("restored the bytes from before install");
    expect(bytes(w.userSettings)).toEqual(Buffer.from(original));
    expect(existsSync(skill(w))).toBe(false);
  });

  test("no settings file before install: uninstall removes the file again", () => {
    const w = world("2.1.332");
    expect(run(w, ["install"]).code).toBe(0);
    expect(Object.keys(json(w.userSettings).hooks).length).toBe(15);
    expect(run(w, ["uninstall"]).code).toBe(0);
    expect(existsSync(w.userSettings)).toBe(false);
  });

  test("a file changed after install keeps the change; only vigil's entries go", () => {
    const w = world("2.1.88");
    writeFileSync(w.userSettings, FILES["existing hooks for the same events and a statusLine"]);
    run(w, ["install"]);
    const edited = json(w.userSettings);
    edited.model = "opus";
    edited.hooks.Stop.push({ hooks: [{ type: "command", command: "echo added-later" }] });
    writeFileSync(w.userSettings, JSON.stringify(edited, null, 2) + "\n");
    const u = run(w, ["uninstall"]);
    expect(u.code).toBe(0);
    expect(u.stdout).not.toContain("restored the bytes");
    const after = json(w.userSettings);
    expect(after.model).toBe("opus");
    expect(after.statusLine).toEqual({ type: "command", command: "~/.claude/line.sh" });
    expect(after.hooks).toEqual({
      PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "~/.claude/guard.sh" }] }],
      Stop: [
        { hooks: [{ type: "command", command: "notify-send done" }] },
        { hooks: [{ type: "command", command: "echo added-later" }] },
      ],
    });
  });

  test("a symlinked settings.json stays a link; its target gets the change", () => {
    const w = world("2.1.88");
    const target = join(w.root, "dotfiles-settings.json");
    writeFileSync(target, '{\n  "model": "opus"\n}\n');
    symlinkSync(target, w.userSettings);
    expect(run(w, ["install"]).code).toBe(0);
    expect(lstatSync(w.userSettings).isSymbolicLink()).toBe(true);
    expect(Object.keys(json(target).hooks).length).toBe(12);
    expect(run(w, ["uninstall"]).code).toBe(0);
    expect(lstatSync(w.userSettings).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, "utf8")).toBe('{\n  "model": "opus"\n}\n');
  });

  test("uninstall with nothing installed changes nothing", () => {
    const w = world("2.1.88");
    writeFileSync(w.userSettings, '{"a": 1}');
    const r = run(w, ["uninstall"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`vigil: not in "${w.userSettings}"; nothing changed\n`);
    expect(readFileSync(w.userSettings, "utf8")).toBe('{"a": 1}');
  });

  test("a read-only settings file: clear error, exit 1, nothing written", () => {
    const w = world("2.1.88");
    writeFileSync(w.userSettings, FILES["just {}"]);
    chmodSync(w.userSettings, 0o444);
    const r = run(w, ["install"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `vigil: "${w.userSettings}" is read-only: nothing was written (make it writable with chmod u+w "${w.userSettings}", then run again)\n`,
    );
    expect(bytes(w.userSettings).toString()).toBe("{}");
    expect(existsSync(w.vigilHome)).toBe(false);
    expect(existsSync(skill(w))).toBe(false);
  });

  test("a file that is not JSON is refused, untouched", () => {
    const w = world("2.1.88");
    writeFileSync(w.userSettings, '{\n  "hooks": {},\n}\n');
    const r = run(w, ["install"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^vigil: cannot install into ".*settings.json": not valid JSON \(.* at line 3 column 1\); nothing was written\n$/,
    );
    expect(bytes(w.userSettings).toString()).toBe('{\n  "hooks": {},\n}\n');
  });
});

describe("which events, where", () => {
  test.each([
    ["2.0.76", ["PreCompact"], ["PostCompact", "PostToolBatch"]],
    ["2.1.88", ["PostCompact"], ["PostToolBatch", "WorktreeCreate", "PermissionRequest"]],
    ["2.1.328", ["PostCompact", "PreModelSwitch"], [
      "PostToolBatch",
      "MessageDisplay",
      "WorktreeCreate",
      "PreSkillShellCommand",
    ]],
    ["2.1.332", ["PostCompact", "SessionEnd", "PreSkillShellCommand"], [
      "WorktreeCreate",
      "WorktreeRemove",
      "Elicitation",
      "MessageDisplay",
    ]],
  ])("claude --version %s", (version, has, lacks) => {
    const w = world(version);
    expect(run(w, ["install"]).code).toBe(0);
    const hooks = json(w.userSettings).hooks;
    expect(Object.keys(hooks)).toEqual([...registeredEvents(version).events]);
    for (const groups of Object.values<{ hooks: { timeout?: number }[] }[]>(hooks)) {
      expect(groups[0].hooks[0].timeout).toBeGreaterThan(0);
    }
    for (const e of has) expect(hooks[e]).toBeDefined();
    for (const e of lacks) expect(hooks[e]).toBeUndefined();
  });

  test("no claude: a clear refusal; --claude-version and CLAUDE_BIN work without it", () => {
    const w = world(null);
    const r = run(w, ["install"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`Claude Code not found: no "claude" on PATH (set CLAUDE_BIN`);
    expect(existsSync(w.userSettings)).toBe(false);
    expect(run(w, ["install", "--claude-version", "2.0.76"]).code).toBe(0);
    expect(Object.keys(json(w.userSettings).hooks).length).toBe(10);
    const fake = join(w.root, "my-claude");
    writeFileSync(fake, '#!/bin/sh\necho "2.1.220 (Claude Code)"\n', { mode: 0o755 });
    expect(run(w, ["install"], { env: { CLAUDE_BIN: fake } }).code).toBe(0);
    expect(Object.keys(json(w.userSettings).hooks).length).toBe(12);
  });

  test("--project writes .claude/settings.json in the working directory; CLAUDE_CONFIG_DIR moves the user file", () => {
    const w = world("2.1.88");
    expect(run(w, ["install", "--project"]).code).toBe(0);
    expect(Object.keys(json(join(w.cwd, ".claude", "settings.json")).hooks).length).toBe(12);
    expect(existsSync(join(w.cwd, ".claude", "skills", "pre-compact-save", "SKILL.md"))).toBe(true);
    expect(existsSync(w.userSettings)).toBe(false);
    const dir = join(w.root, "claude-config");
    expect(run(w, ["install", "--user"], { env: { CLAUDE_CONFIG_DIR: dir } }).code).toBe(0);
    expect(existsSync(join(dir, "settings.json"))).toBe(true);
    expect(run(w, ["install", "--user", "--project"]).code).toBe(2);
  });

  test("--dry-run prints the unified diff and writes nothing", () => {
    const w = world("2.1.88");
    writeFileSync(w.userSettings, '{\n  "model": "opus"\n}\n');
    const r = run(w, ["install", "--dry-run"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toStartWith(`--- a${w.userSettings}\n+++ b${w.userSettings}\n@@ -1,3 +1,`);
    expect(r.stdout).toContain('-  "model": "opus"\n+  "model": "opus",\n+  "hooks": {\n');
    expect(bytes(w.userSettings).toString()).toBe('{\n  "model": "opus"\n}\n');
    expect(existsSync(w.vigilHome)).toBe(false);
    expect(existsSync(skill(w))).toBe(false);
  });

  test("--http: HTTP hooks to serve, SessionStart stays a command; refused before 2.1.63", () => {
    const w = world("2.1.88");
    expect(run(w, ["install", "--http", "--port", "9911"]).code).toBe(0);
    const hooks = json(w.userSettings).hooks;
    expect(hooks.Stop[0].hooks).toEqual([
      { type: "http", url: "http://127.0.0.1:9911/hook", timeout: 10, ...httpEnvHeaders() },
    ]);
    expect(hooks.SessionStart[0].hooks[0].type).toBe("command");
    // The statusLine asks serve too, through bash: no Bun process per render.
    const sl = json(w.userSettings).statusLine.command;
    expect(httpStatuslineOf(sl, { commands: [] })).toEqual({
      port: 9911,
      bin: expect.stringContaining("vigil"),
      bash: "/bin/bash", // preferred to a bash on PATH
    });
    expect(run(w, ["install", "--http", "--port", "9911"]).stdout).toContain("statusLine: vigil's (unchanged)");
    const old = world("2.0.76");
    const r = run(old, ["install", "--http"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("has no HTTP hooks (they exist from 2.1.63)");
  });

  test("install says where the hooks will run: unchecked HTTP hooks warn, command hooks note serve", async () => {
    const w = world("2.1.88");
    // nothing listens on 9912 or on the hook socket yet
    const http = run(w, ["install", "--http", "--port", "9912"]);
    expect(http.code).toBe(0);
    expect(http.stderr).toContain("vigil: warning: nothing answers on 127.0.0.1:9912: no HTTP hook guards anything");
    const plain = run(w, ["install"]);
    expect(plain.stdout).toContain("hooks: each runs in its own process; with `vigil serve --install`");
    expect(plain.stderr).toBe("");
    // a serve on the store: its port answers, its hook socket is there
    const served = await startServe(["--listen", "127.0.0.1:0"], w.env);
    try {
      const port = served.line.match(/127\.0\.0\.1:(\d+)/)?.[1] ?? "";
      const up = run(w, ["install", "--http", "--port", port]);
      expect([up.code, up.stderr]).toEqual([0, ""]);
      const forwarded = run(w, ["install"]);
      expect(forwarded.stdout).not.toContain("hooks: each runs in its own process");
    } finally {
      await served.stop();
    }
  });
});

describe("a statusLine of the user's own", () => {
  const payload = (w: World, id: string) =>
    JSON.stringify({
      session_id: id,
      transcript_path: "/nonexistent.jsonl",
      cwd: w.cwd,
      model: { id: "claude-sonnet-4-5", display_name: "Sonnet" },
      context_window: {
        context_window_size: 1_000_000,
        current_usage: { input_tokens: 90_000, cache_creation_input_tokens: 0, cache_read_input_tokens: 30_000 },
      },
    });
  /** Run the statusLine the way Claude Code does: through a shell, the payload on stdin. */
  const render = (w: World, stdin: string) => {
    const command: string = json(w.userSettings).statusLine.command;
    const p = Bun.spawnSync(["/bin/sh", "-c", command], { env: w.env, cwd: w.cwd, stdin: Buffer.from(stdin) });
    return p.stdout.toString();
  };
  const status = (w: World) => JSON.parse(run(w, ["status", "--json"]).stdout);
  function withLine(script: string): World {
    const w = world("2.1.332");
    const user = join(w.root, "my line.sh");
    writeFileSync(user, `#!/bin/sh\n${script}\n`, { mode: 0o755 });
    writeFileSync(
      w.userSettings,
      JSON.stringify({ statusLine: { type: "command", command: `'${user}'`, padding: 2 } }),
    );
    return w;
  }

  test("is wrapped by default: the user's line is printed unchanged and vigil records the window", () => {
    const w = withLine(`printf '%s' "mine:$VIGIL_HOME:"; grep -o '"session_id":"[^"]*"'; printf 'line two\\n'`);
    const r = run(w, ["install"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    expect(r.stdout).toContain("statusLine: yours, shown unchanged; vigil records its numbers");
    const sl = json(w.userSettings).statusLine;
    expect(sl.command).toContain(" statusline --wrap ");
    expect(sl.padding).toBe(2);
    // Same stdin, same environment, exactly its bytes.
    expect(render(w, payload(w, "sess-wrap"))).toBe(`mine:${w.vigilHome}:"session_id":"sess-wrap"\nline two\n`);
    const s = status(w).find((x: { session_id: string }) => x.session_id === "sess-wrap");
    expect(s).toMatchObject({ tokens: 120_000, window: 1_000_000 });
    // Uninstall gives the user's statusLine back as it was.
    expect(run(w, ["uninstall"]).code).toBe(0);
    expect(json(w.userSettings).statusLine).toEqual({
      type: "command",
      command: expect.stringContaining("my line.sh"),
      padding: 2,
    });
  });

  test.each([
    ["fails", "echo partial; exit 3"],
    ["prints nothing", "cat >/dev/null"],
    ["hangs past the cap, with a child holding the pipe", "sleep 30; echo late"],
  ])("when the user's command %s, vigil's own line is shown and the numbers are still recorded", (_n, script) => {
    const w = withLine(script);
    expect(run(w, ["install"]).code).toBe(0);
    const started = Date.now();
    const out = render(w, payload(w, "sess-fail"));
    expect(Date.now() - started).toBeLessThan(20_000); // bounded: never the 30 s sleep
    expect(out).toMatch(/^vigil normal .*120k\/1\.0M/);
    expect(status(w).find((x: { session_id: string }) => x.session_id === "sess-fail").window).toBe(1_000_000);
  });

  test("past the cap on a loaded machine, the user's last line for the session stays on screen", () => {
    const w = world("2.1.332");
    const slow = join(w.root, "slow-now");
    const user = join(w.root, "line.sh");
    writeFileSync(user, `#!/bin/sh\ncat >/dev/null\n[ -e '${slow}' ] && sleep 30\necho "theirs $(date +%N)"\n`, {
      mode: 0o755,
    });
    writeFileSync(w.userSettings, JSON.stringify({ statusLine: { type: "command", command: user } }));
    expect(run(w, ["install"]).code).toBe(0);
    const first = render(w, payload(w, "sess-late"));
    expect(first).toStartWith("theirs ");
    writeFileSync(slow, "");
    expect(render(w, payload(w, "sess-late"))).toBe(first);
    // Another session has no line of theirs yet: vigil's own.
    expect(render(w, payload(w, "sess-other"))).toMatch(/^vigil normal /);
  });

  test("a command always slower than the cap: vigil's line only until a background run caches theirs", async () => {
    const w = world("2.1.332");
    const user = join(w.root, "slow-line.sh");
    writeFileSync(user, `#!/bin/sh\ncat >/dev/null\nsleep 0.6\necho "slow theirs"\n`, { mode: 0o755 });
    writeFileSync(w.userSettings, JSON.stringify({ statusLine: { type: "command", command: user } }));
    expect(run(w, ["install", "--no-serve"]).code).toBe(0);
    // Nothing cached yet: vigil's own line, and one run of theirs finishes in the background.
    expect(render(w, payload(w, "sess-slow"))).toMatch(/^vigil normal /);
    const cached = join(w.vigilHome, "user-lines", "sess-slow");
    for (let i = 0; i < 200 && !existsSync(cached); i++) await Bun.sleep(50);
    // Every later render is late too, and shows their line for the session, not vigil's.
    expect(render(w, payload(w, "sess-slow"))).toBe("slow theirs\n");
    for (let i = 0; i < 200 && existsSync(join(w.vigilHome, "user-lines", "sess-slow.refresh")); i++) {
      await Bun.sleep(50);
    }
    expect(readdirSync(join(w.vigilHome, "user-lines")).filter((f) => f.includes("."))).toEqual([]);
  });

  test("--statusline keep leaves it alone, with a warning that says what that costs", () => {
    const w = withLine("echo mine");
    const r = run(w, ["install", "--statusline", "keep"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("was left alone: vigil never learns the session's window");
    expect(json(w.userSettings).statusLine.command).toEndWith("my line.sh'");
  });

  test("--statusline vigil shows vigil's line instead; uninstall restores theirs", () => {
    const w = withLine("echo mine");
    const before = readFileSync(w.userSettings, "utf8");
    expect(run(w, ["install", "--statusline", "vigil"]).code).toBe(0);
    expect(render(w, payload(w, "sess-v"))).toMatch(/^vigil normal /);
    // An edit after install: uninstall cannot restore the whole file, but the statusLine is theirs.
    const edited = { ...json(w.userSettings), model: "opus" };
    writeFileSync(w.userSettings, JSON.stringify(edited));
    expect(run(w, ["uninstall"]).code).toBe(0);
    expect(json(w.userSettings).statusLine).toEqual(JSON.parse(before).statusLine);
    expect(json(w.userSettings).model).toBe("opus");
  });

  test("--wrap-statusline is the same as --statusline wrap; a bad mode is a usage error", () => {
    const w = withLine("echo mine");
    expect(run(w, ["install", "--wrap-statusline"]).code).toBe(0);
    expect(json(w.userSettings).statusLine.command).toContain(" statusline --wrap ");
    const bad = run(w, ["install", "--statusline", "both"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(`vigil: invalid --statusline "both" (one of: wrap, vigil, keep)\n`);
  });
});

describe("uninstall after a repairing install", () => {
  /** The user's own settings, and the same file as an earlier vigil left it (every event, WorktreeCreate too). */
  const USERS = `{
  "permissions": { "allow": ["Bash(npm test:*)"] },
  "hooks": {
    "PreToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "~/.claude/guard.sh" }] }],
    "Stop": [{ "hooks": [{ "type": "command", "command": "notify-send done" }] }]
  },
  "statusLine": { "type": "command", "command": "~/.claude/line.sh" }
}
`;
  const old = () => `[{ "matcher": "*", "hooks": [{ "type": "command", "command": "/opt/old/vigil hook" }] }]`;
  const EARLIER = `{
  "permissions": { "allow": ["Bash(npm test:*)"] },
  "hooks": {
    "PreToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "~/.claude/guard.sh" }] }, { "matcher": "*", "hooks": [{ "type": "command", "command": "/opt/old/vigil hook" }] }],
    "Stop": [{ "hooks": [{ "type": "command", "command": "notify-send done" }] }],
    "WorktreeCreate": ${old()},
    "WorktreeRemove": ${old()},
    "Notification": ${old()},
    "SessionStart": ${old()}
  },
  "statusLine": { "type": "command", "command": "/opt/old/vigil statusline --then '~/.claude/line.sh'" }
}
`;

  test("leaves the user's entries byte for byte and no vigil registration, today's or an earlier vigil's", () => {
    const w = world("2.1.332");
    writeFileSync(w.userSettings, EARLIER);
    const a = run(w, ["install"]);
    expect(a.code).toBe(0);
    expect(Object.keys(json(w.userSettings).hooks)).not.toContain("WorktreeCreate");
    const u = run(w, ["uninstall"]);
    expect(u.code).toBe(0);
    const text = readFileSync(w.userSettings, "utf8");
    expect(text).not.toContain("vigil");
    expect(text).not.toContain("Worktree");
    expect(json(w.userSettings)).toEqual(JSON.parse(USERS));
    // The user's own entries keep their bytes.
    for (const line of USERS.split("\\n").filter((l) => l.includes("command"))) expect(text).toContain(line.trim());
  });
});
