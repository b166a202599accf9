/**
 * vigil's statusLine in a settings.json: added when there is none, kept pointing at the current
 * binary, wrapped around a user's own only when asked (`vigil statusline --then '<theirs>'`),
 * and on uninstall removed or unwrapped back to exactly the user's command.
 */
import { statuslineCommand, statusLineKind, type VigilMarks } from "./entries.ts";
import { appendProperty, propertyNode, removeChild, replaceValue } from "./json-text.ts";
import { indexOfProp, reload } from "./settings-doc.ts";

export type StatusLineOutcome =
  | "added"
  | "unchanged"
  | "updated"
  | "wrapped"
  | "left-user"
  | "removed"
  | "unwrapped"
  | "absent";

export interface StatusLineEdit {
  text: string;
  outcome: StatusLineOutcome;
  /** The user's own command (left alone, wrapped or unwrapped), else null. */
  user: string | null;
}

/** Install's statusLine step for binary `bin`. */
export function setStatusLine(text: string, bin: string, wrap: boolean, marks: VigilMarks): StatusLineEdit {
  const doc = reload(text);
  const node = propertyNode(doc.root, "statusLine");
  const mine = statuslineCommand(bin);
  if (!node) {
    return {
      text: appendProperty(doc, doc.root, "statusLine", { type: "command", command: mine, padding: 0 }),
      outcome: "added",
      user: null,
    };
  }
  const cmdNode = propertyNode(node, "command");
  const cmd = cmdNode?.type === "string" ? String(cmdNode.value) : null;
  if (cmdNode === null || cmd === null) return { text, outcome: "left-user", user: null };
  const kind = statusLineKind(cmd, marks);
  const wanted = kind.kind === "vigil"
    ? mine
    : kind.kind === "wrapped"
    ? statuslineCommand(bin, kind.then)
    : wrap
    ? statuslineCommand(bin, cmd)
    : null;
  if (wanted === null) return { text, outcome: "left-user", user: cmd };
  const user = kind.kind === "wrapped" ? kind.then : kind.kind === "other" ? cmd : null;
  if (wanted === cmd) return { text, outcome: "unchanged", user };
  return { text: replaceValue(doc, cmdNode, wanted), outcome: kind.kind === "other" ? "wrapped" : "updated", user };
}

/** Uninstall's statusLine step: vigil's goes, a wrapped one goes back to the user's command. */
export function unsetStatusLine(text: string, marks: VigilMarks): StatusLineEdit {
  const doc = reload(text);
  const node = propertyNode(doc.root, "statusLine");
  const cmdNode = node ? propertyNode(node, "command") : null;
  if (!node || cmdNode?.type !== "string") return { text, outcome: "absent", user: null };
  const cmd = String(cmdNode.value);
  const kind = statusLineKind(cmd, marks);
  if (kind.kind === "vigil") {
    return { text: removeChild(doc, doc.root, indexOfProp(doc, "statusLine")), outcome: "removed", user: null };
  }
  if (kind.kind === "wrapped") {
    return { text: replaceValue(doc, cmdNode, kind.then), outcome: "unwrapped", user: kind.then };
  }
  return { text, outcome: "left-user", user: cmd };
}
