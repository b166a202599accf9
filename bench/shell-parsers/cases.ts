/**
 * The hard cases every candidate parser must get right: the command names (after quote
 * removal) of every simple command the line would run, nested ones included, or null when
 * bash itself rejects the line (a parser that accepts it would let a guess through).
 */
export interface ParserCase {
  id: string;
  line: string;
  names: string[] | null;
}

const COMMIT = `git commit -m "$(cat <<'EOF'
Fix the thing

Use \`rm -rf\` with care; $(whoami) is literal here
EOF
)"`;

export const CASES: ParserCase[] = [
  { id: "commit-heredoc", line: COMMIT, names: ["git", "cat"] },
  { id: "plain", line: "git status", names: ["git"] },
  { id: "and", line: 'git commit -m "msg" && git push', names: ["git", "git"] },
  { id: "quoted-name", line: "g'i't push", names: ["git"] },
  { id: "dq-name", line: '"rm" -rf /', names: ["rm"] },
  { id: "heredoc-unquoted", line: "cat <<EOF\n$(rm -rf x)\nEOF", names: ["cat", "rm"] },
  { id: "dq-subst", line: 'echo "$(rm -rf x)"', names: ["echo", "rm"] },
  { id: "backtick", line: "echo `rm -rf x`", names: ["echo", "rm"] },
  { id: "assign-subst", line: "FOO=$(rm x) git status", names: ["rm", "git"] },
  { id: "subshell", line: "(cd sub && npm test)", names: ["cd", "npm"] },
  { id: "group", line: "{ git add .; npm publish; }", names: ["git", "npm"] },
  { id: "procsubst", line: "diff <(ls a) <(ls b)", names: ["diff", "ls", "ls"] },
  { id: "if", line: "if true; then rm x; fi", names: ["true", "rm"] },
  { id: "for", line: 'for f in *; do rm "$f"; done', names: ["rm"] },
  { id: "case", line: "case x in x) rm y;; esac", names: ["rm"] },
  { id: "function", line: "f() { rm x; }; f", names: ["rm", "f"] },
  { id: "pipe-bg", line: "git push | tee -a log &", names: ["git", "tee"] },
  { id: "sq-literal", line: "echo 'a $(rm x) b'", names: ["echo"] },
  { id: "dq-escaped-bt", line: 'echo "\\`rm x\\`"', names: ["echo"] },
  { id: "nested-dq", line: 'echo "$(echo "$(rm x)")"', names: ["echo", "echo", "rm"] },
  { id: "nested-bt", line: "echo `echo \\`rm x\\``", names: ["echo", "echo", "rm"] },
  { id: "param-default", line: "echo ${x:-$(rm y)}", names: ["echo", "rm"] },
  { id: "array-assign", line: "arr=(a $(rm b))", names: ["rm"] },
  { id: "arith", line: "echo $((1 + $(rm x)))", names: ["echo", "rm"] },
  { id: "dbl-bracket", line: "[[ -f $(rm x) ]]", names: ["rm"] },
  { id: "continuation", line: "echo a\\\nb && rm c", names: ["echo", "rm"] },
  { id: "dq-escape", line: 'echo "a\\"b" ; rm x', names: ["echo", "rm"] },
  {
    id: "handoff-heredoc",
    line: "cat > HANDOFF.md <<'EOF'\n# Handoff\n$(not run)\nEOF",
    names: ["cat"],
  },
  {
    id: "while-redirect",
    line: 'while read l; do echo "$l"; done < f.txt',
    names: ["read", "echo"],
  },
  { id: "time-neg", line: "time git push; ! rm x", names: ["git", "rm"] },
  { id: "err-dangling-and", line: "git push &&", names: null },
  { id: "err-unterminated", line: 'echo "unterminated', names: null },
  { id: "err-open-subst", line: "echo $(git status", names: null },
  { id: "err-escaped-paren", line: "echo \\$(rm x)", names: null },
  { id: "err-stray-fi", line: "git push; fi", names: null },
];
