/**
 * Commands that run another command: `sudo`, `env`, `timeout`, `nohup`, `xargs`, `find -exec`,
 * and those that run a script string: `sh -c`, `bash -lc`, `eval`. vigil looks through them
 * so `sudo rm` is seen as `rm` and `bash -c 'git push && rm x'` as two commands. When it
 * cannot tell what they run (a dynamic script, an unknown option), `unwrap` returns null and
 * the wrapper stays as written, which the allow-list never admits.
 */
import { type OptionSpec, scanOptions } from "./options.ts";
import { RUNTIME_WORD, type ShellWord } from "./words.ts";

export type Unwrapped =
  | { kind: "command"; argv: ShellWord[]; env: { name: string; value: ShellWord }[]; via: string }
  | { kind: "script"; source: string; via: string }
  | { kind: "find"; self: ShellWord[]; execs: ShellWord[][] }
  | { kind: "nothing" };

/** The name a command word runs: absolute paths count by their base name (`/usr/bin/env`). */
export function commandName(w: ShellWord | undefined): string | null {
  if (!w || w.dynamic) return null;
  return w.value.startsWith("/") ? w.value.slice(w.value.lastIndexOf("/") + 1) : w.value;
}

/** Wrappers whose operands are simply the wrapped command. */
const SIMPLE = new Map<string, OptionSpec>(Object.entries<OptionSpec>({
  nohup: {},
  builtin: {},
  setsid: { flags: "cfw", long: { ctty: false, fork: false, wait: false } },
  nice: { values: "n", numeric: true, long: { adjustment: true } },
  ionice: { values: "cn", flags: "t", long: { class: true, classdata: true, ignore: false } },
  stdbuf: { values: "ioe", long: { input: true, output: true, error: true } },
  sudo: {
    flags: "AbEHnPSkB",
    values: "ugpCDrtTUR",
    long: { user: true, group: true, "preserve-env": false, "non-interactive": false },
  },
  doas: { flags: "n", values: "u" },
  command: { flags: "p" },
  exec: { flags: "cl", values: "a" },
  time: { flags: "pvq", values: "f", long: { portability: false, verbose: false, format: true } },
}));

const TIMEOUT: OptionSpec = {
  values: "sk",
  flags: "v",
  long: { signal: true, "kill-after": true, foreground: false, "preserve-status": false, verbose: false },
};
const ENV: OptionSpec = {
  flags: "i0v",
  values: "uC",
  long: { "ignore-environment": false, null: false, unset: true, chdir: true, debug: false },
};
const XARGS: OptionSpec = {
  flags: "0prtxo",
  values: "aEILnPsd",
  optional: "ile",
  long: {
    null: false,
    "arg-file": true,
    delimiter: true,
    "max-args": true,
    "max-procs": true,
    "max-chars": true,
    "max-lines": false,
    replace: false,
    eof: false,
    interactive: false,
    verbose: false,
    "no-run-if-empty": false,
    exit: false,
    "open-tty": false,
    "process-slot-var": true,
  },
};
const SHELLS = new Set(["sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "busybox-sh"]);

function shell(args: ShellWord[], name: string): Unwrapped | null {
  let hasC = false;
  let i = 1;
  for (; i < args.length; i++) {
    const a = args[i];
    if (a.dynamic) return null;
    if (a.value === "--" || a.value === "-") {
      i++;
      break;
    }
    if (/^--(rcfile|init-file)$/.test(a.value)) i++;
    else if (a.value.startsWith("--")) continue;
    else if (/^[-+][A-Za-z]+$/.test(a.value)) {
      if (a.value[0] === "-" && a.value.includes("c")) hasC = true;
      if (/[oO]/.test(a.value)) i++;
    } else break;
  }
  // Without -c the shell runs a file or its stdin, which vigil cannot read.
  const script = args[i];
  if (!hasC || !script || script.dynamic) return null;
  return { kind: "script", source: script.value, via: `${name} -c` };
}

function env(args: ShellWord[]): Unwrapped | null {
  const s = scanOptions(args, 1, ENV);
  if (!s) return null;
  const vars: { name: string; value: ShellWord }[] = [];
  let i = s.index;
  for (; i < args.length; i++) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(args[i].value);
    if (!m) break;
    vars.push({ name: m[1], value: { value: args[i].value.slice(m[0].length), dynamic: args[i].dynamic } });
  }
  if (i >= args.length) return null; // `env` alone prints the environment
  return { kind: "command", argv: args.slice(i), env: vars, via: "env" };
}

function xargs(args: ShellWord[]): Unwrapped | null {
  const s = scanOptions(args, 1, XARGS);
  if (!s) return null;
  const replace = s.opts.get("I") || s.opts.get("i") || s.opts.get("replace") ||
    (s.opts.has("i") || s.opts.has("replace") ? "{}" : null);
  const inner = args.slice(s.index);
  const argv = inner.length ? inner : [{ value: "echo", dynamic: false }];
  // Input lines become arguments: appended, or substituted where the replace string appears.
  const withInput = replace
    ? argv.map((w) => (w.value.includes(replace) ? { value: w.value, dynamic: true } : w))
    : [...argv, RUNTIME_WORD];
  return { kind: "command", argv: withInput, env: [], via: "xargs" };
}

function find(args: ShellWord[]): Unwrapped | null {
  const self: ShellWord[] = [];
  const execs: ShellWord[][] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a.dynamic || !/^-(exec|execdir|ok|okdir)$/.test(a.value)) {
      self.push(a);
      continue;
    }
    const end = args.findIndex((w, k) => k > i && !w.dynamic && (w.value === ";" || w.value === "+"));
    if (end < 0) return null;
    execs.push(args.slice(i + 1, end).map((w) => (w.value.includes("{}") ? RUNTIME_WORD : w)));
    i = end;
  }
  return { kind: "find", self, execs };
}

/** What a wrapper command runs, or null when `argv` is no wrapper vigil can see through. */
export function unwrap(argv: ShellWord[]): Unwrapped | null {
  const name = commandName(argv[0]);
  if (name === null) return null;
  if (SHELLS.has(name)) return shell(argv, name);
  if (name === "eval") {
    if (argv.slice(1).some((w) => w.dynamic)) return null;
    return { kind: "script", source: argv.slice(1).map((w) => w.value).join(" "), via: "eval" };
  }
  if (name === "env") return env(argv);
  if (name === "xargs") return xargs(argv);
  if (name === "find") return find(argv);
  if (name === "timeout") {
    const s = scanOptions(argv, 1, TIMEOUT);
    if (!s || s.index + 1 >= argv.length) return null;
    return { kind: "command", argv: argv.slice(s.index + 1), env: [], via: "timeout" };
  }
  const spec = SIMPLE.get(name);
  if (!spec) return null;
  const s = scanOptions(argv, 1, spec);
  if (!s) return null;
  if (s.index >= argv.length) return name === "exec" ? { kind: "nothing" } : null;
  return { kind: "command", argv: argv.slice(s.index), env: [], via: name };
}
