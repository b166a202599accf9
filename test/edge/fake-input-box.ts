/**
 * A stand-in for Claude Code's input box in a real tmux pane, drawn as 2.1.337, 2.1.332 and 2.1.88 draw it
 * (docs/claude-code-contract.md, Part G): a rule of `─`, `❯` and a no-break space, the text wrapped
 * at the pane's width with two-space indents, the caret as an inverse cell, a closing rule. Keys, in raw mode: printable
 * text is added at the caret, Ctrl+U kills back to the start of the caret's row, Enter submits (appends the line to
 * `submitted.jsonl`, and a `user` record to a transcript when one is given). With `dialog`, a dialog is drawn instead
 * and keys are dropped, as a permission prompt does; `startMs` delays the first drawing (keys typed meanwhile are drawn
 * late, as a starting CLI draws them); `draft` opens with text in the box; `ignoreEnter` leaves Enter unanswered.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { PrivateTmux } from "./private-tmux.ts";
import { eventually } from "./private-tmux.ts";

export interface FakeBoxOptions {
  startMs?: number;
  dialog?: boolean;
  draft?: string;
  ignoreEnter?: boolean;
  transcript?: string;
}

export interface FakeBox {
  pane: string;
  /** Lines submitted with Enter, in order. */
  submitted(): string[];
  /** Every chunk the program read, in order. */
  reads(): string[];
}

const PROGRAM = String.raw`
import { appendFileSync } from "node:fs";
const [dir, optsJson] = process.argv.slice(2);
const o = JSON.parse(optsJson);
let text = o.draft ?? "";
const width = () => (process.stdout.columns || 80) - 2;
const rows = () => {
  const out = [];
  for (let s = text; ; s = s.slice(width())) { out.push(s.slice(0, width())); if (s.length <= width()) break; }
  return out;
};
const rule = () => "─".repeat(width() + 2);
function draw() {
  let screen = "\x1b[2J\x1b[H" + "history\r\n❯ an earlier prompt\r\n";
  if (o.dialog) screen += rule() + "\r\n Do you want to proceed?\r\n ❯ 1. Yes\r\n   2. No\r\n";
  else {
    const r = rows();
    screen += rule() + "\r\n" + r.map((l, i) => (i === 0 ? "❯\u00a0" : "  ") + l).join("\r\n");
    screen += (r.at(-1).length === width() ? "\r\n  " : "") + "\x1b[7m \x1b[0m \r\n" + rule() + "\r\n  ? for shortcuts";
  }
  process.stdout.write(screen);
}
process.stdin.setRawMode(true);
process.stdout.write("starting\r\n");
let started = false;
const pending = [];
function onKeys(s) {
  appendFileSync(dir + "/reads.jsonl", JSON.stringify(s) + "\n");
  if (o.dialog) return;
  for (const ch of s) {
    if (ch === "\r") {
      if (o.ignoreEnter) continue;
      appendFileSync(dir + "/submitted.jsonl", JSON.stringify(text) + "\n");
      if (o.transcript) {
        appendFileSync(o.transcript, JSON.stringify({ type: "user", timestamp: new Date().toISOString() }) + "\n");
      }
      text = "";
    } else if (ch === "\x15") {
      text = text.slice(0, text.length - rows().at(-1).length);
    } else if (ch >= " ") text += ch;
  }
  draw();
}
process.stdin.on("data", (b) => (started ? onKeys(b.toString()) : pending.push(b.toString())));
setTimeout(() => {
  started = true;
  draw();
  if (pending.length > 0) onKeys(pending.join(""));
}, o.startMs ?? 0);
`;

let n = 0;

/** Write the stand-in's program into `dir`; its argv: `<bun> <script> <dir> <options as JSON>`, files in `<dir>`. */
export function writeFakeBoxProgram(dir: string): string {
  const script = join(dir, "box.js");
  writeFileSync(script, PROGRAM);
  return script;
}

/** Start the stand-in in a new window of `tm`, files in `dir`; resolves once it reads keys raw (drawn, without startMs). */
export async function fakeBox(tm: PrivateTmux, dir: string, o: FakeBoxOptions = {}): Promise<FakeBox> {
  const sub = join(dir, `box-${++n}`);
  Bun.spawnSync(["mkdir", "-p", sub]);
  const script = writeFakeBoxProgram(sub);
  const argv = [process.execPath, script, sub, JSON.stringify(o)].map((a) => `'${a.replaceAll("'", `'\\''`)}'`);
  const pane = tm.run("new-window", "-P", "-F", "#{pane_id}", argv.join(" "));
  // keys typed before raw mode would be echoed by the terminal itself; without startMs, wait for the first drawing
  const shows = (s: string) => tm.run("capture-pane", "-p", "-t", pane).includes(s) || null;
  await eventually(() => shows(o.startMs ? "starting" : "history"));
  const lines = (f: string) =>
    existsSync(join(sub, f))
      ? readFileSync(join(sub, f), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as string)
      : [];
  return { pane, submitted: () => lines("submitted.jsonl"), reads: () => lines("reads.jsonl") };
}
