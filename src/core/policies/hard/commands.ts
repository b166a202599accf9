/**
 * The HARD allow-list for one simple command: git's handoff subcommands, PR/issue comments,
 * configured report and allowed commands, `kill` within the session (`kill.ts`), `vigil`, and
 * builtins with no effect.
 * A command is judged by its static words only; anything else is denied by name.
 */
import type { ShellWord, SimpleCommand } from "../../shell.ts";
import { commandName } from "../../shell/wrappers.ts";
import { checkKill, checkPkill, checkTmux, type ProcessTree } from "./kill.ts";
import { type CommandVerdict, deny } from "./verdict.ts";
export type { CommandVerdict };

const allow = (rule: string, writes: ShellWord[] = []): CommandVerdict => ({ allowed: true, rule, writes });

/**
 * Commands that change nothing outside the shell (`printf -v` assigns, so it is checked apart).
 * `sleep` and `wait` let a worker wait for what it killed to exit.
 */
const HARMLESS = new Set(["echo", "printf", "true", "false", ":", "pwd", "cd", "sleep", "wait"]);
const GIT_SUBCOMMANDS = new Set(["add", "commit", "push", "status", "diff", "log", "show"]);
/** git global options that do not change what git runs; `-c`, `--exec-path` etc. can. */
const GIT_GLOBAL_FLAGS = new Set([
  "--no-pager",
  "-P",
  "-p",
  "--paginate",
  "--bare",
  "--no-replace-objects",
  "--literal-pathspecs",
  "--glob-pathspecs",
  "--noglob-pathspecs",
  "--icase-pathspecs",
  "--no-optional-locks",
  "--no-advice",
]);
const GIT_GLOBAL_VALUES = new Set(["-C", "--git-dir", "--work-tree", "--namespace"]);

/** Variables that may prefix an allowed command: none of them makes git or gh run a program. */
const SAFE_ENV =
  /^(GIT_(AUTHOR|COMMITTER)_(NAME|EMAIL|DATE)|LANG|LC_[A-Z]+|TZ|NO_COLOR|FORCE_COLOR|TERM|COLUMNS|GIT_TERMINAL_PROMPT|GH_PROMPT_DISABLED|GH_NO_UPDATE_NOTIFIER|HUSKY)$/;
/** Variables a bare assignment may not set: exported ones that steer how later commands run. */
const STEERING_ENV =
  /^(PATH|HOME|IFS|ENV|BASH_ENV|SHELLOPTS|BASHOPTS|CDPATH|PS4|PROMPT_COMMAND|PAGER|EDITOR|VISUAL|SHELL|TMPDIR|(LD|DYLD|GIT|GH|XDG|NODE|BUN|NPM)_[A-Z0-9_]*)$/;

function git(args: ShellWord[]): CommandVerdict {
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i];
    if (a.dynamic) return deny("bash-forbidden:git", { k: "not-static", what: a.value, noun: "git option" });
    if (!a.value.startsWith("-")) break;
    const [flag] = a.value.split("=", 1);
    if (GIT_GLOBAL_FLAGS.has(a.value)) continue;
    if (GIT_GLOBAL_VALUES.has(flag)) {
      if (!a.value.includes("=")) i++;
      continue;
    }
    return deny("bash-forbidden:git", { k: "not-allowed", what: flag, noun: "git option" });
  }
  const sub = args[i];
  if (!sub || !GIT_SUBCOMMANDS.has(sub.value)) {
    return deny("bash-forbidden:git", { k: "not-allowed", what: `git ${sub?.value ?? ""}` });
  }
  const rest = args.slice(i + 1);
  const writes: ShellWord[] = [];
  for (let k = 0; k < rest.length; k++) {
    const v = rest[k].value;
    // push --receive-pack/--exec name a program to run; on a local remote it runs here.
    if (sub.value === "push" && /^--(receive-pack|exec)(=|$)/.test(v)) {
      return deny("bash-forbidden:git", { k: "not-allowed", what: v.split("=")[0], noun: "git push option" });
    }
    // diff/log/show --output writes a file: it must be a handoff document like a redirection.
    if (/^--output(=|$)/.test(v)) {
      const target = v.includes("=") ? { value: v.slice(9), dynamic: rest[k].dynamic } : rest[++k];
      writes.push(target ?? { value: "", dynamic: true });
    }
  }
  return allow(`bash-allowed:git ${sub.value}`, writes);
}

function tee(args: ShellWord[]): CommandVerdict {
  const files = args.filter((a) =>
    a.dynamic || !/^-([aip]+|-append|-ignore-interrupts|-output-error(=.*)?)$/.test(a.value)
  );
  return allow("bash-allowed:tee", files);
}

/** `argv` starts with the words of `prefix` (split on blanks), all of them static. */
export function hasPrefix(argv: ShellWord[], prefix: string): boolean {
  const words = prefix.trim().split(/\s+/).filter(Boolean);
  return words.length > 0 && words.every((w, i) => argv[i] && !argv[i].dynamic && argv[i].value === w);
}

function envVerdict(cmd: SimpleCommand): CommandVerdict | null {
  for (const e of cmd.env) {
    const bad = cmd.argv.length === 0 ? STEERING_ENV.test(e.name) : !SAFE_ENV.test(e.name);
    if (bad) return deny(`bash-env:${e.name}`, { k: "not-allowed", what: e.name, noun: "setting" });
  }
  return null;
}

/** vigil subcommands a worker at HARD may run (first word, then an optional second). */
const VIGIL_AT_HARD: Record<string, readonly string[] | null> = {
  state: ["save", "show"],
  spec: ["show", "check"],
  recall: null,
  status: null,
  report: null,
  config: null,
  "--version": null,
  "--help": null,
};

/**
 * The vigil commands that pass at HARD, each as a worker would type it (the flags left out):
 * the deny reason names these, so the worker is never told that any vigil command passes.
 */
export const VIGIL_COMMANDS_AT_HARD: readonly string[] = Object.entries(VIGIL_AT_HARD)
  .filter(([sub]) => !sub.startsWith("-"))
  .flatMap(([sub, actions]) => actions === null ? [`vigil ${sub}`] : actions.map((a) => `vigil ${sub} ${a}`));

function vigil(args: ShellWord[]): CommandVerdict {
  const [sub, action] = args;
  const allowed = sub && !sub.dynamic ? VIGIL_AT_HARD[sub.value] : undefined;
  if (allowed === undefined) {
    return deny("bash-forbidden:vigil", { k: "not-allowed", what: `vigil ${sub?.value ?? ""}` });
  }
  if (allowed !== null && (!action || action.dynamic || !allowed.includes(action.value))) {
    return deny("bash-forbidden:vigil", { k: "not-allowed", what: `vigil ${sub.value} ${action?.value ?? ""}` });
  }
  return allow(`bash-allowed:vigil ${sub.value}`);
}

/**
 * Whether one simple command may run at HARD, and which files it writes besides redirections.
 * `tree` is the session's process tree, for `kill`; without it only job specs may be killed.
 */
export function checkCommand(
  cmd: SimpleCommand,
  lists: { reportCommands: string[]; allowedCommands: string[] },
  opts: { tree?: ProcessTree | null } = {},
): CommandVerdict {
  const envBad = envVerdict(cmd);
  if (envBad) return envBad;
  const { argv } = cmd;
  if (argv.length === 0) return allow("bash-allowed:assignment");
  const name = commandName(argv[0]);
  if (name === null) return deny("bash-dynamic", { k: "not-static", what: argv[0].value, noun: "command name" });
  if (lists.reportCommands.some((p) => hasPrefix(argv, p))) return allow("bash-allowed:report");
  if (lists.allowedCommands.some((p) => hasPrefix(argv, p))) return allow("bash-allowed:configured");
  const args = argv.slice(1);
  const static1 = args[0] && !args[0].dynamic ? args[0].value : null;
  switch (name) {
    case "git":
      return git(args);
    case "gh":
      if ((static1 === "pr" || static1 === "issue") && args[1]?.value === "comment" && !args[1].dynamic) {
        return allow(`bash-allowed:gh ${static1} comment`);
      }
      return deny("bash-forbidden:gh", { k: "not-allowed", what: `gh ${static1 ?? ""}` });
    // Stopping this session's processes, and finding them: `pgrep` only lists pids.
    case "kill":
      return checkKill(args, opts.tree ?? null);
    case "pkill":
      return checkPkill(args, opts.tree ?? null);
    case "pgrep":
      return allow("bash-allowed:pgrep");
    case "killall":
      return deny("bash-forbidden:killall", { k: "reaches-others", what: "killall", how: "by-name" });
    case "tmux":
      return checkTmux(args);
    case "tee":
      return tee(args);
    case "cat":
      // Only as the pipe end of a heredoc (`cat > HANDOFF.md <<'EOF'`, `$(cat <<'EOF' …)`).
      if (args.every((a) => !a.dynamic && a.value.startsWith("-"))) return allow("bash-allowed:cat");
      return deny("bash-forbidden:cat", { k: "heredoc-only", what: "cat" });
    case "printf":
      if (args[0] && (args[0].dynamic || args[0].value.startsWith("-v"))) {
        return deny("bash-forbidden:printf", { k: "not-allowed", what: "printf -v" });
      }
      return allow("bash-allowed:printf");
  }
  if (HARMLESS.has(name)) return allow(`bash-allowed:${name}`);
  // vigil itself, by any path (`./dist/vigil`, `/usr/local/bin/vigil`), for what a handing-over
  // worker needs: saving and reading its state, recall, status. Not the commands that would
  // switch the guard off (`uninstall`, `night off`, `install`, `serve` …).
  if (name === "vigil" || name.endsWith("/vigil")) return vigil(args);
  return deny(`bash-forbidden:${name}`, { k: "not-allowed", what: name });
}
