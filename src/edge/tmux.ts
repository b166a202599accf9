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

/** How long sendPrompt waits for the box to change after each Ctrl+U. */
const CLEAR_WAIT_MS = 5_000;

/** Text compared as a TUI draws it: wrapped and indented, so whitespace does not count. */
const flat = (s: string) => s.replace(/\s+/g, "");

/** The box holds `text` once or more and nothing else: what earlier sends left, drawn late (never a person's draft). */
function onlyCopiesOf(box: string, text: string): boolean {
  const b = flat(box), t = flat(text);
  return t !== "" && b.length % t.length === 0 && b === t.repeat(b.length / t.length);
}

/** Poll the pane's input box until `done` holds on it (null: no box drawn), or `ms` pass; the last reading. */
async function watchBox(
  paneId: string,
  opts: TmuxOptions,
  ms: number,
  done: (box: InputBox | null) => boolean,
): Promise<{ box: InputBox | null; held: boolean; readable: boolean }> {
  for (const end = Date.now() + ms;; await Bun.sleep(40)) {
    const screen = await capturePane(paneId, opts, true);
    if (screen === null) return { box: null, held: false, readable: false };
    const box = inputBox(screen);
    if (done(box)) return { box, held: true, readable: true };
    if (Date.now() >= end) return { box, held: false, readable: true };
  }
}

const failed = (stderr: string): TmuxResult => ({ code: 1, stdout: "", stderr });

/**
 * Send `text` as a prompt into Claude Code's input box in a pane: sendLine's wait for the echo, with the box read
 * first, so nothing typed goes where it does not belong (known gap D1: text a pane drew only after sendLine gave up
 * stayed in the box, and the next send was appended to it and went as one line, or a person found vigil's words in
 * their input).
 * - No box within `waitMs` (a dialog or menu is open, or the CLI is still starting): nothing is typed. A dialog drops
 *   typed keys and a menu may take letters as its shortcuts; /resume's search draws them, so an echo proves nothing.
 * - The box holds only what earlier sends of this text left (the caret after it): cleared with Ctrl+U, one press per
 *   screen row (2.1.337, 2.1.332 and 2.1.88 kill back to the start of the row), checked empty before typing.
 * - The box holds anything else (a person's draft, vigil's text with a person's edits, or the caret moved into it):
 *   nothing is typed or cleared.
 * - Enter goes once the box holds exactly `text`; the send counts only when the box then empties within `waitMs`.
 * Every failure says why (code 1, stderr); text of this send left in the box is cleared by the next send.
 */
export async function sendPrompt(
  paneId: string,
  text: string,
  opts: TmuxOptions = {},
  waitMs = ECHO_WAIT_MS,
): Promise<TmuxResult> {
  const first = await watchBox(paneId, opts, waitMs, (b) => b !== null);
  if (!first.readable) return failed(`pane ${paneId} could not be read`);
  let box = first.box;
  if (box === null) {
    return failed(
      `no input box in pane ${paneId} within ${secs(waitMs)} (a dialog or menu is open, or Claude Code is starting); ` +
        "nothing typed",
    );
  }
  if (box.text !== "") {
    if (!onlyCopiesOf(box.text, text)) {
      return failed(`the input box in pane ${paneId} holds text vigil did not type (a person's draft?); nothing typed`);
    }
    if (!box.caretAtEnd) {
      return failed(
        `the input box in pane ${paneId} holds this text with the caret inside it (a person at the pane?); nothing typed`,
      );
    }
    // Ctrl+U kills back to the start of the caret's row: one press per row, each checked to have taken only ours.
    for (let presses = 0; box !== null && box.text !== "" && presses <= box.rows; presses++) {
      const before: string = box.text;
      const r = await tmux(["send-keys", "-t", paneId, "C-u"], opts);
      if (r.code !== 0) return r;
      box = (await watchBox(paneId, opts, CLEAR_WAIT_MS, (b) => b === null || b.text !== before)).box;
      const left = flat(text).repeat(Math.ceil(flat(before).length / flat(text).length));
      if (box !== null && !left.startsWith(flat(box.text))) break;
    }
    if (box === null || box.text !== "") {
      return failed(
        `the input box in pane ${paneId} held an earlier send of this text and did not clear; nothing typed`,
      );
    }
  }
  const r = await tmux(["send-keys", "-t", paneId, "-l", "--", text], opts);
  if (r.code !== 0) return r;
  const drawn = await watchBox(paneId, opts, waitMs, (b) => b !== null && flat(b.text) === flat(text));
  if (!drawn.held) {
    return failed(
      `the typed text was not drawn in the input box of pane ${paneId} within ${secs(waitMs)}; Enter not pressed ` +
        "(if drawn later, the next send clears it)",
    );
  }
  const enter = await tmux(["send-keys", "-t", paneId, "Enter"], opts);
  if (enter.code !== 0) return enter;
  // a CLI slow to read its terminal may still take it later: then it was sent, and the next send finds the box empty
  const took = await watchBox(paneId, opts, waitMs, (b) => b === null || flat(b.text) !== flat(text));
  if (!took.held) {
    return failed(
      `Enter was pressed but the input box of pane ${paneId} still held the text after ${
        secs(waitMs)
      }; not counted as sent`,
    );
  }
  return { code: 0, stdout: "", stderr: "" };
}

const secs = (ms: number) => `${Math.round(ms / 1000)} s`;

/** The visible text of a pane, or null when it cannot be read; `styled` keeps the SGR escapes (`capture-pane -e`). */
export async function capturePane(
  paneId: string,
  opts: TmuxOptions = {},
  styled = false,
): Promise<string | null> {
  const r = await tmux(["capture-pane", "-p", ...(styled ? ["-e"] : []), "-t", paneId], opts);
  return r.code === 0 ? r.stdout : null;
}

/** One drawn cell of a styled capture: its character, and whether it is dim (SGR 2) or inverse (SGR 7). */
interface Cell {
  ch: string;
  dim: boolean;
  inverse: boolean;
}

// deno-lint-ignore no-control-regex -- matching the escape byte is the point
const CSI = /^\x1b\[([0-?]*)[ -\/]*([@-~])/;
// deno-lint-ignore no-control-regex -- matching the escape byte is the point
const OSC = /^\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/;

/**
 * The cells of one line of `capture-pane -e` output. SGR parameters are read in order (38/48 colour sub-parameters
 * skipped, so the 2 of `38;2;r;g;b` is not dim); every other escape (cursor, OSC hyperlinks) draws nothing.
 */
function cellsOf(line: string): Cell[] {
  const out: Cell[] = [];
  let dim = false, inverse = false;
  for (let i = 0; i < line.length;) {
    if (line[i] === "\x1b") {
      const csi = CSI.exec(line.slice(i, i + 64));
      if (csi) {
        if (csi[2] === "m") {
          const ps = csi[1] === "" ? [0] : csi[1].split(/[;:]/).map(Number);
          for (let k = 0; k < ps.length; k++) {
            const p = ps[k];
            if (p === 38 || p === 48 || p === 58) k += ps[k + 1] === 5 ? 2 : ps[k + 1] === 2 ? 4 : 0;
            else if (p === 0) dim = inverse = false;
            else if (p === 2) dim = true;
            else if (p === 22) dim = false;
            else if (p === 7) inverse = true;
            else if (p === 27) inverse = false;
          }
        }
        i += csi[0].length;
        continue;
      }
      const osc = OSC.exec(line.slice(i));
      i += osc ? osc[0].length : 2;
      continue;
    }
    const ch = String.fromCodePoint(line.codePointAt(i)!);
    out.push({ ch, dim, inverse });
    i += ch.length;
  }
  // tmux trims a trailing space even when inverse, leaving only the escape that turned inverse on: the caret at the end.
  if (inverse && out.at(-1)?.inverse !== true) out.push({ ch: " ", dim, inverse });
  return out;
}

/**
 * What Claude Code's input box holds, read from a styled capture (`capturePane(…, true)`). Measured on 2.1.337, 2.1.332
 * and 2.1.88 (docs/claude-code-contract.md, Part G): the box is a line opening with `❯` and a
 * no-break space between two rules of `─`, wrapped lines indented by two spaces; past prompts above it open with `❯`
 * and a plain space. A dialog or menu (a permission prompt, /model, /resume) replaces the box: null. A placeholder
 * (e.g. a prompt suggestion) is drawn dim after an inverse first letter, the TUI's caret: not text.
 */
export interface InputBox {
  /** What was typed in the box, its rows joined with "\n" ("" when empty). */
  text: string;
  /** Screen rows the box's text takes. */
  rows: number;
  /** The caret (the TUI's inverse cell) is after the last typed character, so typing appends and Ctrl+U clears. */
  caretAtEnd: boolean;
}

const RULE = /^─{8,}/;
const BOX_PROMPT = "❯\u00a0";

/** The input box on a styled screen, or null when none is drawn. */
export function inputBox(screen: string): InputBox | null {
  const lines = screen.split("\n").map(cellsOf);
  const plain = lines.map((l) => l.map((c) => c.ch).join(""));
  let top = -1;
  for (let i = plain.length - 1; i > 0 && top < 0; i--) {
    if (plain[i].startsWith(BOX_PROMPT) && RULE.test(plain[i - 1])) top = i;
  }
  if (top < 0) return null;
  let end = top + 1;
  while (end < plain.length && !RULE.test(plain[end])) end++;
  if (end >= plain.length) return null;
  const rows = lines.slice(top, end).map((l) => l.slice(2));
  const cells = rows.flatMap((r, i) => i === 0 ? r : [{ ch: "\n", dim: false, inverse: false }, ...r]);
  const caret = cells.findIndex((c) => c.inverse);
  // An inverse first letter followed only by dim text is a placeholder with the caret on it.
  const placeholder = caret >= 0 && cells.slice(0, caret).every((c) => c.ch.trim() === "") &&
    cells.slice(caret + 1).every((c) => c.dim || c.ch.trim() === "") && cells.slice(caret + 1).some((c) => c.dim);
  const typed = cells.map((c, i) => placeholder && i === caret ? " " : c.dim ? " " : c.ch);
  const text = typed.join("").split("\n").map((l) => l.trimEnd()).join("\n").trim();
  const lastTyped = typed.findLastIndex((ch) => ch.trim() !== "");
  return { text, rows: rows.length, caretAtEnd: caret < 0 ? lastTyped < 0 : caret > lastTyped };
}
