/**
 * tmux, for the watcher: list panes, find the pane a session runs in, inspect a pane, type
 * into it. A socket name (`-L`) or path (`-S`) can be given so tests run a private server and
 * never touch a user's tmux.
 */
import { readFileSync } from "node:fs";
import { ancestry, type ProbeOptions } from "./proc.ts";

export interface TmuxOptions {
  /** The tmux binary (default `tmux` on PATH). */
  bin?: string;
  /** `-L` socket name. */
  socket?: string;
  /** `-S` socket path; wins over `socket`. */
  socketPath?: string;
  /** Environment for the tmux client (and a server it starts); default: inherited. */
  env?: Record<string, string | undefined>;
}

export interface TmuxResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface Pane {
  paneId: string;
  panePid: number;
  session: string;
  dead: boolean;
  /** The pane's foreground command, e.g. `bash` or `claude`. */
  command: string;
}

function cleanEnv(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  return out;
}

/** Run one tmux command; a missing binary is reported as exit code 127, never thrown. */
export async function tmux(args: readonly string[], opts: TmuxOptions = {}): Promise<TmuxResult> {
  const sock = opts.socketPath ? ["-S", opts.socketPath] : opts.socket ? ["-L", opts.socket] : [];
  try {
    const p = Bun.spawn([opts.bin ?? "tmux", ...sock, ...args], {
      stdin: "ignore",
      stdout: "pipe",
      stderr: "pipe",
      env: opts.env ? cleanEnv(opts.env) : undefined,
    });
    const [stdout, stderr, code] = await Promise.all([
      new Response(p.stdout).text(),
      new Response(p.stderr).text(),
      p.exited,
    ]);
    return { code, stdout, stderr: stderr.trim() };
  } catch (e) {
    return { code: 127, stdout: "", stderr: e instanceof Error ? e.message : String(e) };
  }
}

// tmux prints a tab as "_" when the client's locale is not UTF-8, so fields are split on a
// printable token instead, one with a colon: tmux never allows a colon in a session name.
const SEP = "|:|";
const PANE_FORMAT = ["#{pane_id}", "#{pane_pid}", "#{pane_dead}", "#{pane_current_command}", "#{session_name}"].join(
  SEP,
);

function parsePane(line: string): Pane | null {
  const [paneId, pid, dead, command, ...session] = line.split(SEP);
  if (!paneId?.startsWith("%") || !/^\d+$/.test(pid ?? "")) return null;
  return { paneId, panePid: Number(pid), dead: dead === "1", command: command ?? "", session: session.join(SEP) };
}

/** Every pane on the server; empty when no server runs. */
export async function listPanes(opts: TmuxOptions = {}): Promise<Pane[]> {
  const r = await tmux(["list-panes", "-a", "-F", PANE_FORMAT], opts);
  if (r.code !== 0) return [];
  return r.stdout.split("\n").map(parsePane).filter((p) => p !== null);
}

/** One pane by id, or null when it no longer exists. */
export async function paneInfo(paneId: string, opts: TmuxOptions = {}): Promise<Pane | null> {
  const r = await tmux(["display-message", "-p", "-t", paneId, "-F", PANE_FORMAT], opts);
  if (r.code !== 0) return null;
  const p = parsePane(r.stdout.trim());
  // display-message falls back to the current pane for a bad target on some versions.
  return p?.paneId === paneId ? p : null;
}

/**
 * The pane whose process tree holds `pid` (walk its ancestors until one is a pane's shell), when
 * `pid` is that terminal's foreground: what is typed into the pane reaches it.
 */
export async function findPaneForPid(pid: number, opts: TmuxOptions & ProbeOptions = {}): Promise<Pane | null> {
  const panes = await listPanes(opts);
  return panes.length === 0 ? null : paneHolding(pid, panes, opts);
}

/** findPaneForPid on panes already listed (`night on` looks up many pids with one listing). */
export function paneHolding(pid: number, panes: readonly Pane[], opts: ProbeOptions = {}): Pane | null {
  const byPid = new Map(panes.map((p) => [p.panePid, p]));
  for (const p of ancestry(pid, opts)) {
    const hit = byPid.get(p);
    if (hit) return inForeground(pid, opts) ? hit : null;
  }
  return null;
}

/**
 * Whether `pid` is in its terminal's foreground process group (/proc stat: pgrp = tpgid): text
 * typed into the pane reaches it, not a shell it was backgrounded or suspended under. Not checked
 * off Linux (as before); a stat that cannot be read, or no controlling terminal (tpgid -1), is no.
 */
function inForeground(pid: number, opts: ProbeOptions): boolean {
  if ((opts.platform ?? process.platform) !== "linux") return true;
  try {
    const text = readFileSync(`${opts.procRoot ?? "/proc"}/${pid}/stat`, "utf8");
    const f = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return Number(f[2]) === Number(f[5]);
  } catch {
    return false;
  }
}

/**
 * How many times `text` shows on `screen`, judged by its last non-space characters: a TUI wraps
 * and indents what it echoes, so whitespace is dropped on both sides.
 */
export function echoCount(screen: string, text: string): number {
  const tail = text.replace(/\s+/g, "").slice(-ECHO_TAIL);
  if (tail === "") return 0;
  const flat = screen.replace(/\s+/g, "");
  let n = 0;
  for (let i = flat.indexOf(tail); i >= 0; i = flat.indexOf(tail, i + 1)) n++;
  return n;
}

const ECHO_TAIL = 24;
/**
 * How long sendLine waits for the typed text to be drawn. 2.1.88 starting on a loaded two-core machine took 3.2–4.5 s
 * to draw a line; the 3 s this was before pressed Enter into it, the CLI read both as a paste, and the line sat unsent.
 */
export const ECHO_WAIT_MS = 10_000;

/**
 * Type text literally into a pane, then press Enter once the pane shows the text. A program
 * that is slow to read its terminal (Claude Code under load) gets both in one read, takes
 * them for a paste, and the line sits in its input box unsent; so Enter goes only after the
 * text was drawn. Text not drawn within `waitMs` went somewhere else (a dialog or menu that
 * takes keys, a frozen program): Enter would answer that dialog for a person, so it is not
 * pressed and the send is reported failed (code 1, the reason in stderr).
 */
export async function sendLine(
  paneId: string,
  text: string,
  opts: TmuxOptions = {},
  waitMs = ECHO_WAIT_MS,
): Promise<TmuxResult> {
  const before = echoCount((await capturePane(paneId, opts)) ?? "", text);
  const r = await tmux(["send-keys", "-t", paneId, "-l", "--", text], opts);
  if (r.code !== 0) return r;
  for (const end = Date.now() + waitMs;; await Bun.sleep(40)) {
    const screen = await capturePane(paneId, opts);
    if (screen === null) break;
    if (echoCount(screen, text) > before) return tmux(["send-keys", "-t", paneId, "Enter"], opts);
    if (Date.now() >= end) break;
  }
  const why = `the typed text was not drawn in pane ${paneId} within ${Math.round(waitMs / 1000)} s; Enter not pressed`;
  return { code: 1, stdout: "", stderr: why };
}

/** The visible text of a pane, or null when it cannot be read. */
export async function capturePane(paneId: string, opts: TmuxOptions = {}): Promise<string | null> {
  const r = await tmux(["capture-pane", "-p", "-t", paneId], opts);
  return r.code === 0 ? r.stdout : null;
}
