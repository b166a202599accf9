/**
 * A settings.json as vigil edits it: strict JSON whose top level is an object and whose
 * `hooks` and `statusLine`, when present, are objects; anything else is refused untouched.
 */
import { type Doc, parseDoc, properties, propertyNode, type TextResult } from "./json-text.ts";

/** Parse, or report why the file cannot be edited safely. */
export function load(text: string): TextResult<Doc> {
  const d = parseDoc(text);
  if (!d.ok) return d;
  if (d.value.root.type !== "object") return { ok: false, error: "the top level is not a JSON object" };
  const hooks = propertyNode(d.value.root, "hooks");
  if (hooks && hooks.type !== "object") return { ok: false, error: `"hooks" is not an object` };
  const sl = propertyNode(d.value.root, "statusLine");
  if (sl && sl.type !== "object") return { ok: false, error: `"statusLine" is not an object` };
  return d;
}

/** Reparse after each edit: every edit works on fresh offsets. */
export function reload(text: string): Doc {
  const d = load(text);
  if (!d.ok) throw new Error(`vigil produced invalid JSON: ${d.error}`);
  return d.value;
}

/** Index of a top-level property (-1: absent). */
export function indexOfProp(doc: Doc, key: string): number {
  return properties(doc.root).findIndex((p) => p.children?.[0]?.value === key);
}
