/**
 * Stopping processes at HARD (product.md section 4): a worker may stop what it started, never
 * what another session runs. `kill` is allowed for job specs and for pids in the session's
 * own process tree (descendants of `CLAUDE_PID`); `pkill` only with `-P` naming parents in
 * that tree. Patterns (`pkill -f`, `killall`), process groups and `tmux kill-*` are denied: a
 * worker that ran `tmux kill-session` on a pattern killed 40 sessions elsewhere.
 */
import type { ShellWord } from "../../shell.ts";
import { type CommandVerdict, deny } from "./verdict.ts";

/** The session's own processes: its Claude Code pid and every descendant seen when asked. */
export interface ProcessTree {
  root: number;
  descendants: readonly number[];
}

const allow = (rule: string): CommandVerdict => ({ allowed: true, rule, writes: [] });

/** `kill` options that take the signal as the next word. */
const KILL_SIGNAL_VALUE = new Set(["-s", "-n", "--signal"]);

function outside(name: "kill" | "pkill", what: string, tree: ProcessTree | null): CommandVerdict {
  return deny(`bash-forbidden:${name}`, { k: "not-own", cmd: name, target: what, treeKnown: tree !== null });
}

/** `kill [-SIG | -s SIG] pid|%job …`: every target must be a job or a pid of this session. */
export function checkKill(args: ShellWord[], tree: ProcessTree | null): CommandVerdict {
  const mine = new Set(tree?.descendants ?? []);
  let targets = 0;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a.dynamic) return deny("bash-forbidden:kill", { k: "not-static", what: a.value, noun: "kill target" });
    const v = a.value;
    if (v === "-l" || v === "-L" || v === "--list") return allow("bash-allowed:kill -l");
    if (KILL_SIGNAL_VALUE.has(v)) {
      i++;
      continue;
    }
    if (v === "--") continue;
    if (/^%/.test(v)) {
      targets++;
      continue;
    }
    // `-9`, `-KILL`, `-SIGTERM`; a negative number after a signal is a process group.
    if (/^-[A-Za-z0-9+]+$/.test(v) && targets === 0 && i === 0) continue;
    if (!/^\d+$/.test(v)) return deny("bash-forbidden:kill", { k: "not-pid", what: v });
    const pid = Number(v);
    if (pid === 0) return deny("bash-forbidden:kill", { k: "reaches-others", what: "kill 0", how: "group" });
    if (!mine.has(pid)) return outside("kill", `pid ${pid}`, tree);
    targets++;
  }
  return targets > 0 ? allow("bash-allowed:kill") : deny("bash-forbidden:kill", { k: "no-target" });
}

/** `pkill` options that select by something other than the parent: each could reach anyone. */
const PKILL_VALUE = new Set(["-g", "-G", "-s", "-t", "-u", "-U", "--pgroup", "--group", "--session"]);

/** `pkill -P ppid[,ppid] [pattern]`: only children of this session's processes. */
export function checkPkill(args: ShellWord[], tree: ProcessTree | null): CommandVerdict {
  const parents: number[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a.dynamic) return deny("bash-forbidden:pkill", { k: "not-static", what: a.value, noun: "pkill argument" });
    const v = a.value;
    const inline = /^(?:-P|--parent=)(.+)$/.exec(v);
    if (v === "-P" || v === "--parent" || inline) {
      const list = inline ? inline[1] : args[++i]?.value;
      if (list === undefined || args[i]?.dynamic) return deny("bash-forbidden:pkill", { k: "needs-pid" });
      for (const s of list.split(",")) parents.push(/^\d+$/.test(s) ? Number(s) : -1);
      continue;
    }
    if (PKILL_VALUE.has(v.split("=")[0])) {
      return deny("bash-forbidden:pkill", { k: "reaches-others", what: v.split("=")[0], how: "by-option" });
    }
  }
  if (parents.length === 0) {
    return deny("bash-forbidden:pkill", { k: "reaches-others", what: "pkill", how: "by-pattern" });
  }
  const mine = new Set(tree === null ? [] : [tree.root, ...tree.descendants]);
  const stranger = parents.find((p) => !mine.has(p));
  if (stranger !== undefined) return outside("pkill", `parent ${stranger < 0 ? "?" : stranger}`, tree);
  return allow("bash-allowed:pkill -P");
}

/** `tmux kill-server|kill-session|kill-window|kill-pane`: all could end other sessions. */
export function checkTmux(args: ShellWord[]): CommandVerdict {
  // Any word: `tmux -L sock kill-server` puts an option value before the subcommand.
  const kill = args.find((a) => !a.dynamic && a.value.startsWith("kill-"));
  if (kill) {
    return deny(`bash-forbidden:tmux ${kill.value}`, {
      k: "reaches-others",
      what: `tmux ${kill.value}`,
      how: "ends-sessions",
    });
  }
  return deny("bash-forbidden:tmux", { k: "not-allowed", what: "tmux" });
}
