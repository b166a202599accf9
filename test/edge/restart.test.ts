import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { nudge, restartCommand, restartSession, scrubClaudeEnv, shellQuote } from "../../src/edge/restart.ts";
import { fakeBox } from "./fake-input-box.ts";
import { eventually, privateTmux } from "./private-tmux.ts";

const root = mkdtempSync(join(tmpdir(), "vigil-restart-"));
const bin = join(root, "bin");
const runs = join(root, "runs");
const cwd = join(root, "work dir's");
mkdirSync(bin);
mkdirSync(runs);
mkdirSync(cwd);
// A stand-in claude: records argv, cwd and the Claude/test variables it was given, then exits.
writeFileSync(
  join(bin, "claude"),
  `#!/bin/sh
f='${runs}'/$$
{ printf 'cwd=%s\\n' "$(pwd)"; for a in "$@"; do printf 'arg=%s\\n' "$a"; done
  env | grep -E '^(CLAUDE|VIGIL_TEST)' | sort | sed 's/^/env=/'; } > "$f.tmp" && mv "$f.tmp" "$f.rec"
`,
);
chmodSync(join(bin, "claude"), 0o755);

const PATH = `${bin}:/usr/local/bin:/usr/bin:/bin`;
// The tmux server (and so every pane's shell) holds Claude's variables, as it does when tmux
// was started from inside a Claude Code session.
const polluted = {
  PATH,
  HOME: root,
  TERM: "xterm",
  CLAUDECODE: "1",
  CLAUDE_CODE_ENTRYPOINT: "cli",
  CLAUDE_CODE_SESSION_ID: "old",
  CLAUDE_CODE_MESSAGING_SOCKET: "/tmp/cc-socks/1.sock",
  CLAUDE_CODE_MESSAGING_TOKEN: "t",
  CLAUDE_PID: "1",
  CLAUDE_ENV_FILE: "/tmp/env",
  CLAUDE_PROJECT_DIR: "/old",
  CLAUDE_JOB_DIR: "/tmp/job",
  CLAUDE_EFFORT: "high",
  VIGIL_TEST_KEEP: "yes",
};
const tm = privateTmux(polluted);
afterAll(() => {
  tm.kill();
  rmSync(root, { recursive: true, force: true });
});

const done = new Set<string>();
/** The next record the stand-in writes. */
async function nextRun(): Promise<string[]> {
  const f = await eventually(() => readdirSync(runs).find((n) => n.endsWith(".rec") && !done.has(n)));
  done.add(f);
  return readFileSync(join(runs, f), "utf8").trim().split("\n");
}
const expected = (id: string, extra: string[] = []) => [
  `cwd=${cwd}`,
  "arg=--resume",
  `arg=${id}`,
  ...extra,
  "env=CLAUDE_CODE_FORCE_SESSION_PERSISTENCE=1",
  "env=VIGIL_TEST_KEEP=yes",
];
const opts = { env: polluted, tmux: tm.opts };

describe("restartSession in a real tmux server", () => {
  test("no pane known: a new detached session, Claude variables gone", async () => {
    const out = await restartSession({ sessionId: "9d219e11-aaaa", cwd, pane: null }, opts);
    expect([out.ok, out.method, out.target]).toEqual([true, "new-session", "vigil-9d219e11"]);
    expect(await nextRun()).toEqual(expected("9d219e11-aaaa"));
  });

  test("the pane's shell is at its prompt: the command is typed into it", async () => {
    const pane = tm.run("new-window", "-P", "-F", "#{pane_id}", "sh");
    const out = await restartSession({ sessionId: "sess-pane", cwd, pane }, { ...opts, prompt: "carry on, it's late" });
    expect([out.ok, out.method, out.target]).toEqual([true, "send-keys", pane]);
    expect(await nextRun()).toEqual(expected("sess-pane", ["arg=carry on, it's late"]));
  });

  test("the pane is dead (remain-on-exit): it is respawned", async () => {
    const pane = tm.run("new-window", "-P", "-F", "#{pane_id}", "sleep 300");
    tm.run("set-option", "-p", "-t", pane, "remain-on-exit", "on");
    tm.run("respawn-pane", "-k", "-t", pane, "true");
    await eventually(() => tm.run("display-message", "-p", "-t", pane, "#{pane_dead}") === "1" || null);
    const out = await restartSession({ sessionId: "sess-dead", cwd, pane }, opts);
    expect([out.ok, out.method]).toEqual([true, "respawn-pane"]);
    expect(await nextRun()).toEqual(expected("sess-dead"));
  });

  test("something else runs in the pane: leave it alone, use a new session", async () => {
    const pane = tm.run("new-window", "-P", "-F", "#{pane_id}", "sleep 300");
    // tmux starts the command through a shell: until it execs sleep, the pane's foreground is
    // that shell, and a restart rightly types into it (seen under load in a full run).
    await eventually(() => tm.run("display-message", "-p", "-t", pane, "#{pane_current_command}") === "sleep" || null);
    const out = await restartSession({ sessionId: "sess-busy", cwd, pane }, opts);
    expect([out.ok, out.method]).toEqual([true, "new-session"]);
    expect(await nextRun()).toEqual(expected("sess-busy"));
  });

  test("a vanished pane falls back to a new session", async () => {
    const out = await restartSession({ sessionId: "sess-gone", cwd, pane: "%9999" }, opts);
    expect(out.method).toBe("new-session");
    expect(await nextRun()).toEqual(expected("sess-gone"));
  });

  test("a missing tmux is a failed outcome, not a throw", async () => {
    const out = await restartSession({ sessionId: "x", cwd, pane: null }, {
      ...opts,
      tmux: { bin: join(root, "no-tmux") },
    });
    expect(out.ok).toBe(false);
  });
});

describe("nudge, into an input box drawn as Claude Code draws it (a stand-in in a real pane)", () => {
  const text = "[vigil nudge] Continue with the ticket; -l keeps 'quotes' & $VARS literal";
  // Longer than the pane is wide (200): two copies take three rows, each cleared by its own Ctrl+U.
  const long = `[vigil nudge] ${"carry on with the work you announced and write it down as you go ".repeat(3)}`.trim();

  test("types the text literally into an empty box, then Enter", async () => {
    const box = await fakeBox(tm, root);
    expect(await nudge(box.pane, text, { tmux: tm.opts })).toEqual({ ok: true, error: null });
    expect(box.submitted()).toEqual([text]);
  });

  // Gap D1: a send the pane drew only after sendLine gave up stayed in the box, and the next one joined it.
  test("clears what earlier sends left in the box (drawn late), then sends the text once", async () => {
    const box = await fakeBox(tm, root);
    tm.run("send-keys", "-t", box.pane, "-l", long + long);
    await eventually(() => tm.run("capture-pane", "-p", "-t", box.pane).includes("write it down as you go") || null);
    expect(await nudge(box.pane, long, { tmux: tm.opts })).toEqual({ ok: true, error: null });
    expect(box.submitted()).toEqual([long]);
    expect(box.reads().filter((r) => r === "\x15").length).toBe(3);
  }, 30_000);

  test(
    "a CLI still starting when the wait ends gets nothing typed, so nothing is left for the next nudge",
    async () => {
      const box = await fakeBox(tm, root, { startMs: 1_500 });
      const r = await nudge(box.pane, text, { tmux: tm.opts, waitMs: 500 });
      expect(r).toEqual({
        ok: false,
        error: `no input box in pane ${box.pane} within 1 s (a dialog or menu is open, or Claude Code is starting); ` +
          "nothing typed",
      });
      await eventually(() => tm.run("capture-pane", "-p", "-t", box.pane).includes("for shortcuts") || null);
      expect(await nudge(box.pane, text, { tmux: tm.opts })).toEqual({ ok: true, error: null });
      expect(box.submitted()).toEqual([text]);
    },
    30_000,
  );

  test("never types into a person's draft, and says so", async () => {
    const box = await fakeBox(tm, root, { draft: "a reply I am still writing" });
    expect(await nudge(box.pane, text, { tmux: tm.opts })).toEqual({
      ok: false,
      error: `the input box in pane ${box.pane} holds text vigil did not type (a person's draft?); nothing typed`,
    });
    await Bun.sleep(300);
    expect([box.reads(), box.submitted()]).toEqual([[], []]);
  });

  test("a person's words after an earlier nudge's text are theirs: nothing is cleared or typed", async () => {
    const box = await fakeBox(tm, root, { draft: `${text} and also check the logs` });
    const r = await nudge(box.pane, text, { tmux: tm.opts });
    expect(r.ok).toBe(false);
    await Bun.sleep(300);
    expect(box.reads()).toEqual([]);
  });

  test("types nothing while a dialog replaces the box (it would drop the keys or take them as its answer)", async () => {
    const box = await fakeBox(tm, root, { dialog: true });
    const r = await nudge(box.pane, text, { tmux: tm.opts, waitMs: 500 });
    expect(r.error).toStartWith(`no input box in pane ${box.pane} within 1 s`);
    await Bun.sleep(300);
    expect(box.reads()).toEqual([]);
  });

  test("Enter the program does not take is a failed send, not a sent one", async () => {
    const box = await fakeBox(tm, root, { ignoreEnter: true });
    expect(await nudge(box.pane, text, { tmux: tm.opts, waitMs: 1_000 })).toEqual({
      ok: false,
      error:
        `Enter was pressed but the input box of pane ${box.pane} still held the text after 1 s; not counted as sent`,
    });
  }, 30_000);
});

test.each([
  ["plain", "abc-1.2", "abc-1.2"],
  ["space", "a b", "'a b'"],
  ["quote", "it's", `'it'\\''s'`],
  ["dollar", "$HOME", "'$HOME'"],
])("shellQuote: %s", (_name, s, want) => {
  expect(shellQuote(s)).toBe(want);
});

test("restartCommand strips Claude variables in the shell that runs it", () => {
  expect(restartCommand({ sessionId: "abc", cwd: "/w d" }, "/usr/bin/claude")).toBe(
    `cd '/w d' && env -u CLAUDECODE -u CLAUDE_PID -u CLAUDE_ENV_FILE -u CLAUDE_PROJECT_DIR -u CLAUDE_JOB_DIR -u CLAUDE_EFFORT $(env | sed -n 's/^\\(CLAUDE_CODE_[A-Za-z0-9_]*\\)=.*/-u \\1/p') CLAUDE_CODE_FORCE_SESSION_PERSISTENCE=1 /usr/bin/claude --resume abc`,
  );
});

test("scrubClaudeEnv keeps everything but the parent-session variables and CLAUDE_CODE_*", () => {
  expect(scrubClaudeEnv({
    CLAUDECODE: "1",
    CLAUDE_CODE_X: "a",
    CLAUDE_PID: "9",
    CLAUDE_JOB_DIR: "/j",
    CLAUDE_CONFIG_DIR: "/c",
    PATH: "/b",
    GONE: undefined,
  }))
    .toEqual({
      CLAUDE_CONFIG_DIR: "/c",
      PATH: "/b",
    });
});
