import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { type Config, DEFAULT_CONFIG } from "../../src/core/config.ts";
import { type HookPayload, isObject, type JsonObject, parseHookPayload } from "../../src/core/payload.ts";
import { checkToolAtHard } from "../../src/core/policies/hard.ts";
import { globMatch, isHandoffPath } from "../../src/core/policies/hard/handoff-path.ts";
import { analyzeCommandLine } from "../../src/core/shell.ts";

const CWD = "/home/dev/work/repo";
const CONFIG: Config = { ...DEFAULT_CONFIG, reportCommands: ["tk report"], allowedCommands: ["make handoff"] };

/** A real recorded 2.1.328 PreToolUse payload with its tool call replaced. */
const RECORDED: JsonObject = (() => {
  const file = join(import.meta.dir, "..", "fixtures", "claude-code-2.1.328", "hooks", "basic", "PreToolUse.jsonl");
  const first: unknown = JSON.parse(readFileSync(file, "utf8").split("\n")[0]);
  if (!isObject(first) || !isObject(first.stdin)) throw new Error("fixture shape changed");
  return first.stdin;
})();

function call(tool: string, input: JsonObject): HookPayload {
  const p = parseHookPayload(JSON.stringify({ ...RECORDED, cwd: CWD, tool_name: tool, tool_input: input }));
  if (!p.ok) throw new Error(p.error);
  return p.value;
}
/** This session's processes: Claude Code at 900, its shells and what they started. */
const TREE = { root: 900, descendants: [12, 1234, 1240, 1300] };
const bash = (command: string) =>
  checkToolAtHard(call("Bash", { command }), CONFIG, { tree: TREE, analyze: analyzeCommandLine });

const COMMIT = `git commit -m "$(cat <<'EOF'
Handoff: parser done, tests pending

Co-Authored-By: Claude <noreply@anthropic.com>
EOF
)"`;

describe("Bash at HARD: every simple command must be allowed", () => {
  test.each(
    [
      // allowed
      ["git status", true, "bash-allowed"],
      ["git add -A && git commit -m 'wip' && git push", true, "bash-allowed"],
      ['git commit -m "msg" && git push', true, "bash-allowed"],
      [COMMIT, true, "bash-allowed"],
      [`${COMMIT} && git push origin HEAD`, true, "bash-allowed"],
      ["git -C ../other push", true, "bash-allowed"],
      ["git --no-pager log --oneline -5", true, "bash-allowed"],
      ["git diff --stat; git show HEAD", true, "bash-allowed"],
      ["git diff > HANDOFF.md", true, "handoff-write"],
      ["git diff --output=docs/HANDOFF-diff.md", true, "handoff-write"],
      ["g'i't push", true, "bash-allowed"],
      ["gh pr comment 12 --body 'ready for review'", true, "bash-allowed"],
      ["gh issue comment 7 -b \"$(cat <<'EOF'\nnew session needed\nEOF\n)\"", true, "bash-allowed"],
      ["tk report --status done", true, "bash-allowed"],
      ["make handoff", true, "bash-allowed"],
      ["kill 1234; kill -9 %1", true, "bash-allowed"],
      ["kill 1234 && sleep 1; wait", true, "bash-allowed"],
      ["vigil state save < state.md", true, "bash-allowed"],
      ["./dist/vigil status --json", true, "bash-allowed"],
      ["vigil recall 'parser fix'", true, "bash-allowed"],
      ["vigil uninstall --user", false, "bash-forbidden:vigil"],
      ["vigil night off", false, "bash-forbidden:vigil"],
      ["vigil install --user && git push", false, "bash-forbidden:vigil"],
      ["vigil state skill --dir .", false, "bash-forbidden:vigil"],
      ["vigil $CMD", false, "bash-forbidden:vigil"],
      ["cat > HANDOFF.md <<'EOF'\n# Handoff\n$(not run)\nEOF", true, "handoff-write"],
      ["cat >> docs/handoff/notes.md <<EOF\nmore\nEOF", true, "handoff-write"],
      ["echo done > .vigil/handoff/state.md", true, "handoff-write"],
      ["echo x | tee docs/HANDOFF-2.md", true, "handoff-write"],
      ["echo x | tee -a HANDOFF.md >/dev/null", true, "handoff-write"],
      ["echo x | tee -ai --output-error=warn HANDOFF.md", true, "handoff-write"],
      ["git push 2>/dev/null || echo 'push failed' >&2", true, "bash-allowed"],
      ["cd sub && git status", true, "bash-allowed"],
      ["(git add . && git commit -m x)", true, "bash-allowed"],
      ["GIT_AUTHOR_NAME=bot git commit -m x", true, "bash-allowed"],
      ["msg='done'; git commit -m \"$msg\"", true, "bash-allowed"],
      ["timeout 60 git push", true, "bash-allowed"],
      ["bash -c 'git status && git push'", true, "bash-allowed"],
      ["true", true, "bash-allowed"],
      // forbidden commands, alone or chained
      ["npm test", false, "bash-forbidden:npm"],
      ["FOO=1 npm test", false, "bash-env:FOO"],
      ["git commit -m x && rm -rf build", false, "bash-forbidden:rm"],
      ["git status; npm publish", false, "bash-forbidden:npm"],
      ["git push || curl -X POST example.invalid", false, "bash-forbidden:curl"],
      ["git log | grep fix", false, "bash-forbidden:grep"],
      ["git push & npm test", false, "bash-forbidden:npm"],
      ['"rm" -rf /', false, "bash-forbidden:rm"],
      ["r\\m -rf x", false, "bash-forbidden:rm"],
      ['git commit -m "$(rm -rf x)"', false, "bash-forbidden:rm"],
      ['git commit -m "`npm test`"', false, "bash-forbidden:npm"],
      ['git commit -m "$(cat <<EOF\n$(rm x)\nEOF\n)"', false, "bash-forbidden:rm"],
      ["FOO=$(rm x) git status", false, "bash-env:FOO"],
      ["sh -c 'git push && rm -rf x'", false, "bash-forbidden:rm"],
      ["bash -lc 'npm test'", false, "bash-forbidden:npm"],
      ['bash -c "$CMD"', false, "bash-forbidden:bash"],
      ["eval 'npm test'", false, "bash-forbidden:npm"],
      ['eval "$X"', false, "bash-forbidden:eval"],
      ["ls | xargs rm", false, "bash-forbidden:ls"],
      ["git ls-files | xargs git add", false, "bash-forbidden:git"],
      ["find . -name '*.tmp' -exec rm {} \\;", false, "bash-forbidden:find"],
      ["(cd sub && npm test)", false, "bash-forbidden:npm"],
      ["{ git add .; make; }", false, "bash-forbidden:make"],
      ["git diff <(npm ls)", false, "bash-forbidden:npm"],
      ["if git diff --quiet; then npm test; fi", false, "bash-forbidden:npm"],
      ["sudo git push", true, "bash-allowed"],
      ["sudo rm -rf /", false, "bash-forbidden:rm"],
      ["nohup npm start &", false, "bash-forbidden:npm"],
      ["$GIT push", false, "bash-dynamic"],
      ["cat src/secret.ts", false, "bash-forbidden:cat"],
      ["python3 -c 'print(1)'", false, "bash-forbidden:python3"],
      ["git fetch", false, "bash-forbidden:git"],
      ["git reset --hard", false, "bash-forbidden:git"],
      ["git -c core.hooksPath=/tmp/h commit -m x", false, "bash-forbidden:git"],
      ["git -c alias.x='!rm -rf ~' x", false, "bash-forbidden:git"],
      ["git --exec-path=/tmp push", false, "bash-forbidden:git"],
      ["git push --receive-pack='rm -rf ~' ../r", false, "bash-forbidden:git"],
      ["GIT_SSH_COMMAND='rm -rf ~' git push", false, "bash-env:GIT_SSH_COMMAND"],
      ["PATH=./evil:$PATH; git push", false, "bash-env:PATH"],
      ["gh pr merge 12", false, "bash-forbidden:gh"],
      ["printf -v 'a[$(rm x)]' x", false, "bash-forbidden:printf"],
      // redirections may only write handoff documents
      ["echo x > src/a.ts", false, "bash-redirect"],
      ["git diff >> notes.txt", false, "bash-redirect"],
      ["git log &> log.txt", false, "bash-redirect"],
      ["echo x | tee src/a.ts", false, "bash-redirect"],
      ["echo x | tee HANDOFF.md src/a.ts", false, "bash-redirect"],
      ["echo x | tee -ax src/a.ts", false, "bash-redirect"],
      ["echo x > HANDOFF.md/../src/a.ts", false, "bash-redirect"],
      ["echo x > docs/handoff/../../src/a.ts", false, "bash-redirect"],
      ["echo x > ~/HANDOFF.md", false, "bash-redirect"],
      ['echo x > "$OUT"', false, "bash-redirect"],
      ["echo x > /tmp/HANDOFF.md", false, "bash-redirect"],
      ["git diff --output=src/a.ts", false, "bash-redirect"],
      ["exec 3> out.txt", false, "bash-redirect"],
      // unparseable and hidden-code constructs
      ["git push &&", false, "unparseable"],
      ['git commit -m "unterminated', false, "unparseable"],
      ["cat > HANDOFF.md <<EOF\nno terminator", false, "unparseable"],
      ["x='a[$(rm y)]'; (( x ))", false, "bash-construct:arithmetic"],
      ["[[ -f x ]] && git push", false, "bash-construct:test-expression"],
    ] as const,
  )("%j → %p", (line, allowed, rule) => {
    const v = bash(line);
    expect([v.allowed, v.rule]).toEqual([allowed, rule]);
  });

  test("the detail names the refused command or path", () => {
    expect(bash("git commit -m x && npm test").detail).toBe('"npm" is not allowed at the hard limit');
    expect(bash("echo x > src/a.ts").detail).toBe('"src/a.ts" is not a handoff document');
    expect(bash("git push &&").detail).toStartWith("cannot parse command line: ");
  });

  test("an allowed line's detail lists what it ran", () => {
    expect(bash(COMMIT).detail).toBe("git commit, cat");
  });
});

describe("tools at HARD", () => {
  test.each<[string, JsonObject, boolean, string]>(
    [
      ["Write", { file_path: `${CWD}/HANDOFF.md`, content: "x" }, true, "handoff-write"],
      ["Write", { file_path: "HANDOFF-2026-11-30.md", content: "x" }, true, "handoff-write"],
      ["Write", { file_path: `${CWD}/docs/handoff/ticket-12.md`, content: "x" }, true, "handoff-write"],
      ["Write", { file_path: `${CWD}/.vigil/handoff/state.md`, content: "x" }, true, "handoff-write"],
      ["Edit", { file_path: `${CWD}/sub/dir/Handoff.md`, old_string: "a", new_string: "b" }, true, "handoff-write"],
      ["MultiEdit", { file_path: `${CWD}/HANDOFF.md`, edits: [] }, true, "handoff-write"],
      ["NotebookEdit", { notebook_path: `${CWD}/handoff/n.ipynb`, new_source: "" }, true, "handoff-write"],
      ["Write", { file_path: `${CWD}/src/a.ts`, content: "x" }, false, "handoff-only"],
      ["Edit", { file_path: `${CWD}/HANDOFF.md.ts`, old_string: "a", new_string: "b" }, false, "handoff-only"],
      ["Write", { file_path: `${CWD}/docs/handoff/../../src/a.ts`, content: "x" }, false, "handoff-only"],
      ["Write", { file_path: "/etc/HANDOFF.md", content: "x" }, false, "handoff-only"],
      ["Write", { file_path: `${CWD}/../other/HANDOFF.md`, content: "x" }, false, "handoff-only"],
      ["Write", { content: "x" }, false, "handoff-only"],
      ["TaskStop", { task_id: "b1" }, true, "tool-allowed"],
      ["KillShell", { shell_id: "b1" }, true, "tool-allowed"],
      ["KillBash", { shell_id: "b1" }, true, "tool-allowed"],
      ["Read", { file_path: `${CWD}/src/a.ts` }, false, "handoff-only"],
      ["Read", { file_path: `${CWD}/HANDOFF.md` }, true, "handoff-read"],
      ["Read", { file_path: "docs/handoff/ticket-51.md" }, true, "handoff-read"],
      ["Read", { file_path: `${CWD}/docs/handoff/../../src/a.ts` }, false, "handoff-only"],
      ["Read", {}, false, "handoff-only"],
      ["Grep", { pattern: "x" }, false, "handoff-only"],
      ["Grep", { pattern: "TODO", path: `${CWD}/HANDOFF.md` }, true, "handoff-read"],
      ["Grep", { pattern: "TODO", path: ".vigil/handoff/w1" }, true, "handoff-read"],
      ["Grep", { pattern: "TODO", path: `${CWD}/src` }, false, "handoff-only"],
      ["Glob", { pattern: "**/HANDOFF*.md" }, true, "handoff-read"],
      ["Glob", { pattern: "HANDOFF*.md", path: `${CWD}/docs` }, true, "handoff-read"],
      ["Glob", { pattern: "**/*.md" }, false, "handoff-only"],
      ["Glob", { pattern: "*", path: `${CWD}/docs/handoff` }, true, "handoff-read"],
      ["Glob", { pattern: "**/HANDOFF*.md", path: "/etc" }, false, "handoff-only"],
      ["Agent", { prompt: "do more" }, false, "tool-denied"],
      ["WebFetch", { url: "https://example.invalid" }, false, "tool-denied"],
      ["Bash", { description: "no command" }, false, "unparseable"],
    ],
  )("%s %j", (tool, input, allowed, rule) => {
    const v = checkToolAtHard(call(tool, input), CONFIG, { analyze: analyzeCommandLine });
    expect([v.allowed, v.rule]).toEqual([allowed, rule]);
  });

  test("the cwd option overrides the payload's cwd", () => {
    const p = call("Write", { file_path: "/elsewhere/docs/HANDOFF.md", content: "x" });
    expect(checkToolAtHard(p, CONFIG).allowed).toBe(false);
    expect(checkToolAtHard(p, CONFIG, { cwd: "/elsewhere" }).allowed).toBe(true);
  });

  test("configured globs, absolute ones included, replace the defaults", () => {
    const config = { ...CONFIG, handoffGlobs: ["notes/*.md", "/var/handoffs/**"] };
    const write = (file_path: string) => checkToolAtHard(call("Write", { file_path, content: "" }), config).allowed;
    expect([write("notes/a.md"), write("notes/x/a.md"), write("/var/handoffs/w1/a.md"), write("HANDOFF.md")])
      .toEqual([true, false, true, false]);
  });
});

describe("glob matching", () => {
  test.each(
    [
      ["**/HANDOFF*.md", "HANDOFF.md", true],
      ["**/HANDOFF*.md", "a/b/HANDOFF-2.md", true],
      ["**/HANDOFF*.md", "a/HANDOFF.md/x", false],
      ["**/handoff/**", "handoff/a.md", true],
      ["**/handoff/**", "x/handoff/y/z.md", true],
      ["**/handoff/**", "x/handoffs/z.md", false],
      [".vigil/handoff/**", ".vigil/handoff/a/b.md", true],
      [".vigil/handoff/**", "x/.vigil/handoff/b.md", false],
      ["docs/?.md", "docs/a.md", true],
      ["docs/?.md", "docs/ab.md", false],
      ["docs/[ab].md", "docs/b.md", true],
      ["docs/[!ab].md", "docs/b.md", false],
      ["a.md", "a_md", false],
    ] as const,
  )("%s ~ %s", (glob, path, want) => {
    expect(globMatch(glob, path)).toBe(want);
  });

  test.each(
    [
      ["HANDOFF.md", true],
      ["./HANDOFF.md", true],
      ["src/../HANDOFF.md", true],
      ["../repo/HANDOFF.md", true],
      ["../HANDOFF.md", false],
      ["handoff/../../../etc/passwd", false],
      ["", false],
    ] as const,
  )("isHandoffPath(%j)", (path, want) => {
    expect(isHandoffPath(path, DEFAULT_CONFIG.handoffGlobs, CWD)).toBe(want);
  });
});

describe("kill, pkill and tmux at HARD reach only this session's processes", () => {
  test.each(
    [
      ["kill 1234", true, "bash-allowed"],
      ["kill -9 1234 1240", true, "bash-allowed"],
      ["kill -s TERM 1300", true, "bash-allowed"],
      ["kill -TERM -- 1300", true, "bash-allowed"],
      ["kill %1 %2", true, "bash-allowed"],
      ["kill -l", true, "bash-allowed"],
      ["pkill -P 900 -f vite", true, "bash-allowed"],
      ["pkill -P 1234,1240 node", true, "bash-allowed"],
      ["pkill --parent=1300 node", true, "bash-allowed"],
      ["pgrep -f vite", true, "bash-allowed"],
      // another session's process, the session itself by number, groups, everyone
      ["kill 4242", false, "bash-forbidden:kill"],
      ["kill -9 1234 4242", false, "bash-forbidden:kill"],
      ["kill 900", false, "bash-forbidden:kill"],
      ["kill 0", false, "bash-forbidden:kill"],
      ["kill -9 -1", false, "bash-forbidden:kill"],
      ["kill -- -1234", false, "bash-forbidden:kill"],
      ["kill -9", false, "bash-forbidden:kill"],
      // a pid vigil cannot see before it runs
      ["kill $(pgrep -f vite)", false, "bash-forbidden:kill"],
      ['kill "$PID"', false, "bash-forbidden:kill"],
      ["pgrep -f vite | xargs kill", false, "bash-forbidden:kill"],
      // patterns and names reach every session on the machine
      ["pkill -f 'npm run dev'", false, "bash-forbidden:pkill"],
      ["pkill node", false, "bash-forbidden:pkill"],
      ["pkill -P 4242 node", false, "bash-forbidden:pkill"],
      ["pkill -P 900 -u dev node", false, "bash-forbidden:pkill"],
      ["pkill -P $PPID node", false, "bash-forbidden:pkill"],
      ["killall node", false, "bash-forbidden:killall"],
      ["sudo killall -9 claude", false, "bash-forbidden:killall"],
      ["tmux kill-session -t work-3", false, "bash-forbidden:tmux kill-session"],
      ["tmux ls | grep worker | cut -d: -f1 | xargs -n1 tmux kill-session -t", false, "bash-forbidden:tmux"],
      ["tmux -L fleet kill-server", false, "bash-forbidden:tmux kill-server"],
      ["tmux kill-pane -a", false, "bash-forbidden:tmux kill-pane"],
      ["tmux send-keys -t w1 C-c", false, "bash-forbidden:tmux"],
    ] as const,
  )("%j → %p", (line, allowed, rule) => {
    const v = bash(line);
    expect([v.allowed, v.rule]).toEqual([allowed, rule]);
  });

  test("without a known process tree only job specs may be killed", () => {
    const noTree = (command: string) =>
      checkToolAtHard(call("Bash", { command }), CONFIG, { analyze: analyzeCommandLine }).allowed;
    expect([noTree("kill %1"), noTree("kill 1234"), noTree("pkill -P 900 node")]).toEqual([true, false, false]);
  });
});

describe("property: an allowed command joined with a forbidden one is denied", () => {
  // Not kill: `kill 12 $(…)` names a pid vigil cannot see, which is denied on its own.
  const ALLOWED = ["git status", "git push", 'git commit -m "wip"', "echo hi", "pgrep vite", "gh pr comment 1 -b ok"];
  const FORBIDDEN = [
    "npm test",
    "rm -rf x",
    '"rm" x',
    "r''m x",
    "curl example.invalid",
    "python3 x.py",
    "git reset --hard",
  ];
  const shQuote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;
  const JOINS: ((a: string, b: string) => string)[] = [
    (a, b) => `${a} && ${b}`,
    (a, b) => `${a} || ${b}`,
    (a, b) => `${a}; ${b}`,
    (a, b) => `${a} | ${b}`,
    (a, b) => `${a} & ${b}`,
    (a, b) => `${a}\n${b}`,
    (a, b) => `(${a}; ${b})`,
    (a, b) => `{ ${a}; ${b}; }`,
    (a, b) => `${a} "$(${b})"`,
    (a, b) => `${a} $(${b})`,
    (a, b) => `${a} \`${b}\``,
    (a, b) => `${a} <(${b})`,
    (a, b) => `if ${a}; then ${b}; fi`,
    (a, b) => `while ${b}; do ${a}; done`,
    (a, b) => `for x in 1; do ${a}; ${b}; done`,
    (a, b) => `case y in y) ${a};; *) ${b};; esac`,
    (a, b) => `f() { ${b}; }; ${a}`,
    (a, b) => `X="$(${b})" ${a}`,
  ];
  const WRAPS: ((s: string) => string)[] = [
    (s) => `bash -c ${shQuote(s)}`,
    (s) => `sh -lc ${shQuote(s)}`,
    (s) => `eval ${shQuote(s)}`,
    (s) => `(${s})`,
    (s) => `{ ${s}; }`,
    (s) => `echo "$(${s})"`,
    (s) => `timeout 5 ${s}`,
    (s) => `sudo ${s}`,
    (s) => `nohup ${s}`,
  ];
  const line = (order: boolean) =>
    fc.tuple(
      fc.constantFrom(...ALLOWED),
      fc.constantFrom(...FORBIDDEN),
      fc.constantFrom(...JOINS),
      fc.array(fc.tuple(fc.constantFrom(...WRAPS), fc.boolean()), { maxLength: 3 }),
    ).map(([a, f, join, wraps]) => {
      // Wrap the forbidden side, the whole line, or both, up to three layers deep.
      let bad = f;
      for (const [wrap, inner] of wraps) if (inner) bad = wrap(bad);
      let out = order ? join(a, bad) : join(bad, a);
      for (const [wrap, inner] of wraps) if (!inner) out = wrap(out);
      return out;
    });

  test("denied whatever the operator, nesting and order", () => {
    fc.assert(
      fc.property(fc.boolean().chain(line), (l) => {
        expect(bash(l).allowed).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  test("control: the same joins of two allowed commands are allowed", () => {
    // All but the env-prefix join: `X=… cmd` is refused for any X not known to be harmless.
    const safe = JOINS.slice(0, -1);
    fc.assert(
      fc.property(fc.constantFrom(...ALLOWED), fc.constantFrom(...ALLOWED), fc.constantFrom(...safe), (a, b, join) => {
        expect(bash(join(a, b))).toMatchObject({ allowed: true });
      }),
      { numRuns: 200 },
    );
  });
});
