/**
 * The HARD allow-list against hostile Bash lines (product.md section 8: a chained command must
 * not slip through). Lines are generated from allowed commands, joined and nested by every
 * construct bash runs a command through (lists, pipes, subshells, groups, `$(…)`, backticks,
 * `<(…)`, control flow, functions, `bash -c`, `eval`, wrappers such as sudo/env/timeout/xargs,
 * `find -exec`, unquoted heredocs, `${v:-$(…)}`), with one forbidden command placed anywhere
 * and its name quoted any way bash removes. Such a line is never allowed. The same structure
 * with only allowed commands is allowed often enough for the property to mean something.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { DEFAULT_CONFIG } from "../../src/core/config.ts";
import { parseHookPayload } from "../../src/core/payload.ts";
import { checkToolAtHard } from "../../src/core/policies/hard.ts";
import { report, size, TIMEOUT } from "./harness.ts";
import { analyzeCommandLine } from "../../src/core/shell.ts";

const ALLOWED = [
  "git status",
  "git add -A",
  "git commit -m wip",
  "git push",
  "echo ok",
  "printf '%s\\n' done",
  "true",
  ":",
  "pwd",
  "sleep 1",
  "kill %1",
  "gh pr comment 1 --body ready",
  "echo note >> HANDOFF.md",
  "vigil status",
];

/** Forbidden commands: [name, arguments]. */
const FORBIDDEN: [string, string][] = [
  ["rm", "-rf build"],
  ["npm", "install"],
  ["curl", "-s http://127.0.0.1:9/x"],
  ["python3", "-c 1"],
  ["node", "x.js"],
  ["cat", "secrets.txt"],
  ["sed", "-i s/a/b/ src/main.ts"],
  ["mv", "a b"],
  ["chmod", "777 f"],
  ["dd", "if=/dev/zero of=f"],
  ["git", "reset --hard"],
  ["git", "-c core.pager=sh log"],
  ["make", "deploy"],
  ["bun", "test"],
  ["tee", "src/main.ts"],
  ["echo", "x > src/main.ts"],
];

/** Spellings of a command name that bash reads as the same word. */
const spell = (name: string) =>
  fc.constantFrom(
    name,
    `"${name}"`,
    `'${name}'`,
    `\\${name}`,
    `${name[0]}''${name.slice(1)}`,
    `${name[0]}"${name.slice(1)}"`,
    ...(["rm", "cat", "mv", "chmod", "dd"].includes(name) ? [`/bin/${name}`, `/usr/bin/${name}`] : []),
  );

const forbidden = fc.constantFrom(...FORBIDDEN).chain(([name, args]) => spell(name).map((n) => `${n} ${args}`));

const sq = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/** A construct that runs `x`: [name, build, needs a simple command]. */
const WRAPS: [string, (x: string) => string, boolean][] = [
  ["and", (x) => `git status && ${x}`, false],
  ["or", (x) => `${x} || echo failed`, false],
  ["list", (x) => `pwd; ${x}`, false],
  ["pipe in", (x) => `echo ok | ${x}`, false],
  ["pipe out", (x) => `${x} | tee -a HANDOFF.md`, false],
  ["background", (x) => `${x} & wait`, false],
  ["subshell", (x) => `(${x})`, false],
  ["group", (x) => `{ ${x}; }`, false],
  ["command substitution", (x) => `echo "$(${x})"`, false],
  ["backticks", (x) => (x.includes("`") ? `echo "$(${x})"` : `echo \`${x}\``), false],
  ["process substitution", (x) => `echo <(${x})`, false],
  ["substitution as the command", (x) => `$(${x})`, false],
  ["assignment", (x) => `v=$(${x}); echo "$v"`, false],
  ["default expansion", (x) => `echo "\${v:-$(${x})}"`, false],
  ["commit message", (x) => `git commit -m "$(${x})"`, false],
  ["unquoted heredoc", (x) => `cat > HANDOFF.md <<EOF\n$(${x})\nEOF`, false],
  ["if body", (x) => `if true; then ${x}; fi`, false],
  ["if condition", (x) => `if ${x}; then echo y; fi`, false],
  ["for", (x) => `for i in 1 2; do ${x}; done`, false],
  ["while", (x) => `while false; do ${x}; done`, false],
  ["case", (x) => `case a in a) ${x};; esac`, false],
  ["function", (x) => `f() { ${x}; }; f`, false],
  ["bash -c", (x) => `bash -c ${sq(x)}`, false],
  ["sh -lc", (x) => `sh -lc ${sq(x)}`, false],
  ["eval", (x) => `eval ${sq(x)}`, false],
  ["sudo", (x) => `sudo ${x}`, true],
  ["env", (x) => `env FOO=1 ${x}`, true],
  ["timeout", (x) => `timeout 5 ${x}`, true],
  ["nohup", (x) => `nohup ${x}`, true],
  ["nice", (x) => `nice -n 5 ${x}`, true],
  ["command", (x) => `command ${x}`, true],
  ["exec", (x) => `exec ${x}`, true],
  ["time", (x) => `time ${x}`, true],
  ["xargs", (x) => `echo a | xargs ${x}`, true],
  ["find -exec", (x) => `find . -name '*.md' -exec ${x} {} \\;`, true],
];

interface Built {
  line: string;
  /** The same structure with the forbidden command swapped for an allowed one. */
  control: string;
  path: string[];
}

/** Allowed commands joined by operators, one of them forbidden, wrapped up to three deep. */
const lines: fc.Arbitrary<Built> = fc
  .record({
    before: fc.array(fc.constantFrom(...ALLOWED), { maxLength: 3 }),
    after: fc.array(fc.constantFrom(...ALLOWED), { maxLength: 3 }),
    ops: fc.array(fc.constantFrom(" && ", " || ", "; ", " | ", "\n"), { minLength: 6, maxLength: 6 }),
    bad: forbidden,
    good: fc.constantFrom(...ALLOWED),
    wraps: fc.array(fc.nat(WRAPS.length - 1), { maxLength: 3 }),
  })
  .map(({ before, after, ops, bad, good, wraps }) => {
    const build = (core: string) => {
      let x = core, simple = true;
      const path: string[] = [];
      for (const w of wraps) {
        const [name, wrap, needsSimple] = WRAPS[w];
        if (needsSimple && !simple) continue;
        x = wrap(x);
        simple = false;
        path.push(name);
      }
      const parts = [...before, x, ...after];
      return { line: parts.map((p, i) => (i ? ops[i - 1] : "") + p).join(""), path };
    };
    const { line, path } = build(bad);
    return { line, control: build(good).line, path };
  });

function verdict(command: string) {
  const parsed = parseHookPayload(JSON.stringify({
    session_id: "s",
    transcript_path: "/t",
    cwd: "/work/proj",
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command },
  }));
  if (!parsed.ok) throw new Error(parsed.error);
  return checkToolAtHard(parsed.value, DEFAULT_CONFIG, { analyze: analyzeCommandLine });
}

describe("HARD allow-list against hostile lines", () => {
  test("a line with a forbidden command anywhere, however nested or quoted, is never allowed", () => {
    const runs = size(2_000, 50_000);
    let controlsAllowed = 0, worst = 0;
    fc.assert(
      fc.property(lines, ({ line, control }) => {
        const t0 = performance.now();
        const v = verdict(line);
        worst = Math.max(worst, performance.now() - t0);
        if (verdict(control).allowed) controlsAllowed++;
        return !v.allowed;
      }),
      { numRuns: runs },
    );
    console.log(`reliability | allow-list: ${controlsAllowed} of ${runs} all-allowed controls were allowed`);
    report({ fault: "shell lines with a forbidden command (allow-list)", tries: runs, lost: 0, worstMs: worst });
    // Without this the property could hold because everything is refused.
    expect(controlsAllowed).toBeGreaterThan(runs / 4);
  }, TIMEOUT);

  // Each construct alone: the forbidden command is refused, and an allowed one is not
  // refused for the construct's sake where vigil looks through it.
  test.each(WRAPS.map(([name, wrap]) => [name, wrap] as const))("%s: rm inside is refused", (_, wrap) => {
    expect(verdict(wrap("rm -rf build")).allowed).toBe(false);
    expect(verdict(wrap("r''m -rf build")).allowed).toBe(false);
  });
});
