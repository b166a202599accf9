/**
 * Items from a Claude Code terminal transcript saved as text (the `/export` command, or the
 * terminal pasted into a Markdown note). There each assistant block starts with `⏺`, a tool
 * call's block names the tool and is followed by `⎿` result lines, and a user prompt starts with
 * `>` or `❯`. Records are line numbers (`line:N`, of the block's `⏺`), the text is the block's
 * words with the terminal's soft wraps undone. Terminals without that glyph (Linux, WSL, Windows)
 * draw the block's mark as `●`; a file with no `⏺` block and some `●` block is read with `●` as
 * the mark (a file that has `⏺` blocks is read exactly as before, so its `●` lines stay text).
 */
import type { Item } from "./transcript.ts";

const ASSISTANT = /^\s{0,4}⏺\s?/;
const ASSISTANT_DOT = /^\s{0,4}●\s?/;
const HAS_DOT_BLOCK = /^\s{0,4}●\s/m;
const HAS_MARK_BLOCK = /^\s{0,4}⏺/m;
/** A user prompt; notes that keep a session as Markdown sometimes make it a heading (`##### ❯ …`). */
const PROMPT = /^\s{0,4}(?:#{1,6}\s+)?[>❯](?:\s|$)/;
const FENCE = /^\s*```\s*$/;
/**
 * A Markdown heading at the line's start: the terminal renders Claude's own headings without their
 * `#`s and indents its text, so this is the note's own section title around the transcript.
 */
const NOTE_HEADING = /^#{1,6}\s/;
/**
 * A note's own rule between turns: `---` at the line's start, as the block's last line. (Inside a
 * message a rule may stand at the line's start too, in notes that do not keep the terminal's
 * indent, so only a trailing one is the note's.)
 */
const NOTE_RULE = /^-{3,}\s*$/;
/** The terminal's task list (`Todos` above ☐/☒ lines): screen chrome under a message, not its text. */
const TODOS_WIDGET = /^\s*Todos\s*$/;
/** A tool's result line, also under a tree of grouped agents (`│ ⎿  Done`). */
const RESULT = /^\s*(?:│\s*)?⎿/;
/** A tool call's first line: `Read(…)`, `Bash(…)`, `server - tool (MCP)(…)`, or a grouped summary. */
const TOOL_LINE =
  /^(?:[A-Z][A-Za-z]*(?: [A-Z][A-Za-z]*)?\(|[\w.-]+ - [\w\\.-]+ \(MCP\)|Update Todos|Searched for|Read \d+ files?|Listed \d+|Ran \d+|User approved|Reading \d+|Wrote \d+)/;
const INTERRUPTED = /Interrupted by user/;
/** The terminal's own chrome (welcome box, status lines): it ends a block, it is not Claude's text. */
const CHROME = /^\s*(?:`{3}\w*\s*)?[╭╰✻※]/;
/** The welcome box opens with `╭` and closes with `╰`; its `│` lines are chrome too. */
const BOX_OPEN = /^\s*(?:`{3}\w*\s*)?╭/;
const BOX_CLOSE = /^\s*╰/;
/**
 * A `│` line outside the welcome box: a row of a table Claude drew with box characters (the
 * terminal renders a Markdown table that way). Inside a message it is the message's text; cutting
 * there lost every word after a table.
 */
const BOX_ROW = /^\s*│/;
const LIST_OR_BREAK = /^\s*(?:[-*+•]|\d+[.)]|#{1,6}\s|\||```|[│┌├└])/;

type Block = { who: "assistant"; line: number; lines: string[] } | { who: "prompt" } | { who: "result"; text: string };

/** The mark of an assistant block in this file: `⏺`, or `●` when the file has no `⏺` block. */
function assistantMark(text: string): RegExp {
  return !HAS_MARK_BLOCK.test(text) && HAS_DOT_BLOCK.test(text) ? ASSISTANT_DOT : ASSISTANT;
}

function blocks(text: string): Block[] {
  const mark = assistantMark(text);
  const out: Block[] = [];
  let current: Block | null = null;
  let inBox = false;
  text.split("\n").forEach((raw, i) => {
    const line = raw.replace(/\s+$/, "");
    // A box cut short (a pasted fragment) ends at the first line that is not one of its rows.
    if (inBox && !BOX_ROW.test(line) && !BOX_CLOSE.test(line)) inBox = false;
    if (inBox || BOX_OPEN.test(line)) {
      inBox = !BOX_CLOSE.test(line);
      current = null;
    } else if (mark.test(line)) {
      current = { who: "assistant", line: i + 1, lines: [line.replace(mark, "")] };
      out.push(current);
    } else if (PROMPT.test(line)) {
      current = { who: "prompt" };
      out.push(current);
    } else if (RESULT.test(line)) {
      current = { who: "result", text: line };
      out.push(current);
    } else if (
      CHROME.test(line) || NOTE_HEADING.test(line) || TODOS_WIDGET.test(line) ||
      (BOX_ROW.test(line) && current?.who !== "assistant")
    ) {
      current = null;
    } else if (current?.who === "assistant") {
      current.lines.push(line);
    }
  });
  return out;
}

/** Undo soft wraps: a wrapped line continues the sentence; lists, headings and blank lines stay. */
function unwrap(lines: string[]): string {
  let out = "";
  let prevBlank = true;
  for (const raw of lines) {
    const line = raw.replace(/^ {2}/, "");
    if (line.trim() === "") {
      out += "\n\n";
      prevBlank = true;
      continue;
    }
    if (prevBlank || LIST_OR_BREAK.test(line)) out += (out === "" || out.endsWith("\n") ? "" : "\n") + line;
    else out += " " + line.trim();
    prevBlank = false;
  }
  return out.replace(/\n{3,}/g, "\n\n").trim();
}

/**
 * A block's lines without a closing fence that belongs to the note around the block: notes that
 * wrap each turn in a code fence open it before the `⏺` line, so the block holds an odd number of
 * fence lines and the last one is the note's, not Claude's.
 */
function withoutNoteRule(lines: string[]): string[] {
  let end = lines.length;
  while (end > 0 && (lines[end - 1].trim() === "" || NOTE_RULE.test(lines[end - 1]))) {
    if (NOTE_RULE.test(lines[end - 1])) return lines.slice(0, end - 1);
    end--;
  }
  return lines;
}

function withoutNoteFence(lines: string[]): string[] {
  const fences = lines.filter((l) => FENCE.test(l)).length;
  if (fences % 2 === 0) return lines;
  const last = lines.findLastIndex((l) => FENCE.test(l));
  return lines.filter((_, i) => i !== last);
}

function isTool(b: Block, next: Block | undefined): boolean {
  if (b.who !== "assistant") return false;
  return TOOL_LINE.test(b.lines[0] ?? "") || (next?.who === "result" && b.lines.filter((l) => l.trim()).length <= 2);
}

/** Pre-tool and end-of-turn items of a terminal transcript; text the user interrupted is skipped. */
export function findExportItems(text: string): Item[] {
  const all = blocks(text);
  const items: Item[] = [];
  all.forEach((b, i) => {
    if (b.who !== "assistant" || isTool(b, all[i + 1])) return;
    const words = unwrap(withoutNoteFence(withoutNoteRule(b.lines)));
    if (words === "") return;
    const next = all[i + 1];
    const record = `line:${b.line}`;
    if (next?.who === "result" && INTERRUPTED.test(next.text)) return;
    if (next?.who === "assistant" && isTool(next, all[i + 2])) {
      items.push({ kind: "pre-tool", record, block: 0, text: words });
    } else if (next === undefined || next.who === "prompt") {
      items.push({ kind: "end-turn", record, block: 0, text: words });
    }
  });
  return items;
}
