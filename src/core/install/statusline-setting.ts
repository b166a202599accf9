/**
 * vigil's statusLine in a settings.json. With no statusLine, vigil's is added. With the user's
 * own, the mode decides: `wrap` (the default) has Claude Code run `vigil statusline --wrap
 * '<theirs>'`, which records the numbers and prints their line unchanged; `vigil` puts vigil's
 * line in its place; `keep` leaves it alone (vigil then never learns the window). Uninstall puts
 * back exactly what was there before install: the statusLine value's own bytes from the backup
 * when it still says the same, else the unwrapped command.
 */
import type { Node } from "jsonc-parser";
import { statuslineCommand, statusLineKind, type VigilMarks } from "./entries.ts";
import { appendProperty, type Doc, propertyNode, removeChild, replaceValue } from "./json-text.ts";
import { indexOfProp, load, reload } from "./settings-doc.ts";

/** What install does with a statusLine the user already has. */
export type StatusLineMode = "wrap" | "vigil" | "keep";

export const STATUS_LINE_MODES: readonly StatusLineMode[] = ["wrap", "vigil", "keep"];

export type StatusLineOutcome =
  | "added"
  | "unchanged"
  | "updated"
  | "wrapped"
  | "replaced"
  | "left-user"
  | "removed"
  | "unwrapped"
  | "restored"
  | "absent";

export interface StatusLineEdit {
  text: string;
  outcome: StatusLineOutcome;
  /** The user's own command (left alone, wrapped, replaced or given back), else null. */
  user: string | null;
}

function commandOf(node: Node | null): { node: Node; command: string } | null {
  const c = node ? propertyNode(node, "command") : null;
  return c?.type === "string" ? { node: c, command: String(c.value) } : null;
}

/**
 * Install's statusLine step for binary `bin`; `mine` is vigil's own line (`vigil statusline`,
 * or the HTTP client of an `--http` install). A user's line is wrapped by the binary itself.
 */
export function setStatusLine(
  text: string,
  bin: string,
  mode: StatusLineMode,
  marks: VigilMarks,
  mine = statuslineCommand(bin),
): StatusLineEdit {
  const doc = reload(text);
  const node = propertyNode(doc.root, "statusLine");
  if (!node) {
    return {
      text: appendProperty(doc, doc.root, "statusLine", { type: "command", command: mine, padding: 0 }),
      outcome: "added",
      user: null,
    };
  }
  const cmd = commandOf(node);
  if (cmd === null) return { text, outcome: "left-user", user: null };
  const kind = statusLineKind(cmd.command, marks);
  if (kind.kind === "other" && mode === "keep") return { text, outcome: "left-user", user: cmd.command };
  const user = kind.kind === "wrapped" ? kind.then : kind.kind === "other" ? cmd.command : null;
  // A wrapped line stays wrapped (pointed at this binary) unless "vigil" is asked for.
  const wanted = user === null || mode === "vigil" ? mine : statuslineCommand(bin, user);
  if (wanted === cmd.command) return { text, outcome: "unchanged", user };
  const outcome: StatusLineOutcome = kind.kind !== "other" ? "updated" : mode === "vigil" ? "replaced" : "wrapped";
  return { text: replaceValue(doc, cmd.node, wanted), outcome, user };
}

/** The statusLine value node of a document before install, with its raw text. */
function originalLine(original: string | null): { doc: Doc; node: Node } | null {
  if (original === null) return null;
  const loaded = load(original);
  if (!loaded.ok) return null;
  const node = propertyNode(loaded.value.root, "statusLine");
  return node ? { doc: loaded.value, node } : null;
}

/**
 * Uninstall's statusLine step. `original` is the file's text before vigil first wrote it (the
 * backup), when known: a statusLine vigil replaced or wrapped goes back to those exact bytes.
 */
export function unsetStatusLine(text: string, marks: VigilMarks, original: string | null = null): StatusLineEdit {
  const doc = reload(text);
  const node = propertyNode(doc.root, "statusLine");
  const cmd = commandOf(node);
  if (!node || cmd === null) return { text, outcome: "absent", user: null };
  const kind = statusLineKind(cmd.command, marks);
  if (kind.kind === "other") return { text, outcome: "left-user", user: cmd.command };
  const before = originalLine(original);
  const beforeCmd = before ? commandOf(before.node) : null;
  const beforeKind = beforeCmd ? statusLineKind(beforeCmd.command, marks).kind : null;
  // The backup's own statusLine, when it was the user's and is the one vigil wrapped.
  if (before && beforeCmd && beforeKind === "other" && (kind.kind === "vigil" || beforeCmd.command === kind.then)) {
    const raw = before.doc.text.slice(before.node.offset, before.node.offset + before.node.length);
    const restored = doc.bom + doc.text.slice(0, node.offset) + raw + doc.text.slice(node.offset + node.length);
    return { text: restored, outcome: "restored", user: beforeCmd.command };
  }
  if (kind.kind === "wrapped") {
    return { text: replaceValue(doc, cmd.node, kind.then), outcome: "unwrapped", user: kind.then };
  }
  return { text: removeChild(doc, doc.root, indexOfProp(doc, "statusLine")), outcome: "removed", user: null };
}
