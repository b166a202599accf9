/**
 * The restarter: `claude --resume <id>` in the session's own cwd, through tmux.
 *
 * Where it runs, decided per pane state:
 * - the session's pane still exists and its foreground is a shell (claude exited back to the
 *   prompt it was started from): type the command line into that pane, so the session comes
 *   back where the person left it;
 * - the pane exists but is dead (`remain-on-exit`): `respawn-pane` it with the command;
 * - otherwise (no pane known, pane gone, or something else now runs in it, which typing would
 *   disturb): a new detached session `vigil-<first 8 of the id>`.
 *
 * The command line unsets every variable that ties a child to a parent session (`CLAUDECODE`,
 * `CLAUDE_CODE_*` including the messaging socket and token, and PARENT_VARS) itself, in the
 * shell that runs it: a child that inherits them stops writing its transcript
 * (`CLAUDE_CODE_CHILD_SESSION`), and the pane's shell or the tmux server may hold them even
 * when vigil's own environment is clean. It then sets `CLAUDE_CODE_FORCE_SESSION_PERSISTENCE=1`,
 * which 2.1.332 checks before anything else when deciding to persist (docs/claude-code-contract.md).
 */
import { paneInfo, sendLine, sendPrompt, tmux, type TmuxOptions } from "./tmux.ts";

export interface RestartTarget {
  sessionId: string;
  cwd: string;
  /** tmux pane id (`%3`) from the registry or the pane lookup, when known. */
  pane: string | null;
}

export interface RestartOptions {
  /** The claude binary: from config, else found on PATH, else `claude`. */
  claudeBin?: string;
  /** Environment to search PATH in and to hand tmux (Claude variables are removed). */
  env?: Record<string, string | undefined>;
  /** A first prompt for the resumed session (e.g. the nudge text), so it does not sit idle. */
  prompt?: string | null;
  tmux?: TmuxOptions;
}

export interface RestartOutcome {
  ok: boolean;
  method: "send-keys" | "respawn-pane" | "new-session";
  /** Pane or tmux session the command went to. */
  target: string;
  /** The pane the resumed session runs in, when known (a new session's is printed by tmux). */
  pane?: string;
  command: string;
  error: string | null;
}

const SHELLS = new Set(["bash", "zsh", "sh", "dash", "ksh", "mksh", "fish", "tcsh", "csh", "ash", "-bash", "-zsh"]);

/** Quote a word for any POSIX-like shell (and fish): single quotes, `'` spelt `'\''`. */
export function shellQuote(s: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(s) ? s : `'${s.replaceAll("'", `'\\''`)}'`;
}

/** Variables outside `CLAUDE_CODE_*` that name the parent session's process, files or job. */
export const PARENT_VARS = [
  "CLAUDECODE",
  "CLAUDE_PID",
  "CLAUDE_ENV_FILE",
  "CLAUDE_PROJECT_DIR",
  "CLAUDE_JOB_DIR",
  "CLAUDE_EFFORT",
] as const;
const PARENT: ReadonlySet<string> = new Set(PARENT_VARS);

/** The environment without the parent-session variables and `CLAUDE_CODE_*`, for a child claude. */
export function scrubClaudeEnv(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined || PARENT.has(k) || k.startsWith("CLAUDE_CODE_")) continue;
    out[k] = v;
  }
  return out;
}

/**
 * The shell command line a restart types or runs: cd, strip Claude's variables from whatever
 * environment that shell has, then exec claude. `env -u` exists in GNU and BSD env alike.
 */
export function restartCommand(
  target: Pick<RestartTarget, "sessionId" | "cwd">,
  claudeBin: string,
  prompt: string | null = null,
): string {
  const strip = `$(env | sed -n 's/^\\(CLAUDE_CODE_[A-Za-z0-9_]*\\)=.*/-u \\1/p')`;
  const args = ["--resume", target.sessionId, ...(prompt ? [prompt] : [])].map(shellQuote).join(" ");
  const unset = PARENT_VARS.map((v) => `-u ${v}`).join(" ");
  return `cd ${shellQuote(target.cwd)} && env ${unset} ${strip} CLAUDE_CODE_FORCE_SESSION_PERSISTENCE=1 ${
    shellQuote(claudeBin)
  } ${args}`;
}

/** The claude binary to run: configured, else on the given PATH, else the bare name. */
export function resolveClaude(opts: Pick<RestartOptions, "claudeBin" | "env">): string {
  if (opts.claudeBin) return opts.claudeBin;
  return Bun.which("claude", { PATH: opts.env?.PATH ?? "" }) ?? "claude";
}

/** Restart a session with `claude --resume`; see the file comment for where it runs. */
export async function restartSession(target: RestartTarget, opts: RestartOptions = {}): Promise<RestartOutcome> {
  const env = scrubClaudeEnv(opts.env ?? {});
  const t: TmuxOptions = { ...opts.tmux, env: opts.tmux?.env ? scrubClaudeEnv(opts.tmux.env) : env };
  const command = restartCommand(target, resolveClaude(opts), opts.prompt ?? null);
  const pane = target.pane ? await paneInfo(target.pane, t) : null;
  if (pane && !pane.dead && SHELLS.has(pane.command)) {
    const r = await sendLine(pane.paneId, command, t);
    return {
      ok: r.code === 0,
      method: "send-keys",
      target: pane.paneId,
      pane: pane.paneId,
      command,
      error: r.code === 0 ? null : r.stderr,
    };
  }
  if (pane && pane.dead) {
    const r = await tmux(["respawn-pane", "-t", pane.paneId, "-c", target.cwd, command], t);
    return {
      ok: r.code === 0,
      method: "respawn-pane",
      target: pane.paneId,
      pane: pane.paneId,
      command,
      error: r.code === 0 ? null : r.stderr,
    };
  }
  let name = `vigil-${target.sessionId.slice(0, 8).replace(/[^A-Za-z0-9_-]/g, "_")}`;
  // A session left from an earlier restart keeps its name; take a fresh one beside it.
  if ((await tmux(["has-session", "-t", `=${name}`], t)).code === 0) name += `-${Date.now().toString(36)}`;
  const r = await tmux(["new-session", "-d", "-P", "-F", "#{pane_id}", "-s", name, "-c", target.cwd, command], t);
  const printed = r.code === 0 && /^%\d+$/.test(r.stdout.trim()) ? { pane: r.stdout.trim() } : {};
  return {
    ok: r.code === 0,
    method: "new-session",
    target: name,
    command,
    error: r.code === 0 ? null : r.stderr,
    ...printed,
  };
}

/**
 * Type a nudge into the input box of a stalled session's pane (literal text, then Enter): only into an empty box, or
 * one holding nothing but earlier copies of this text, which are cleared first (src/edge/tmux.ts, `sendPrompt`).
 */
export async function nudge(
  pane: string,
  text: string,
  opts: { tmux?: TmuxOptions; waitMs?: number } = {},
): Promise<{ ok: boolean; error: string | null }> {
  const r = await sendPrompt(pane, text, opts.tmux, opts.waitMs);
  return { ok: r.code === 0, error: r.code === 0 ? null : r.stderr };
}
