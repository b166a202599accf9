/**
 * Edits of JSON text that touch nothing but what they add or remove: a user's settings.json
 * keeps its tabs, CRLF line ends, key order, escapes and odd spacing. Appending a child and
 * removing that same last child are exact inverses, so install followed by uninstall gives the
 * original bytes back. Offsets come from jsonc-parser's tree (strict JSON: no comments, no
 * trailing commas); the edits themselves are written here because its own `modify` reformats
 * the lines it touches and drops a comma wrongly when removing the last array item.
 */
import { type Node, type ParseError, parseTree, printParseErrorCode } from "jsonc-parser";

export type TextResult<T> = { ok: true; value: T } | { ok: false; error: string };

export interface Doc {
  /** The text without a leading byte-order mark. */
  text: string;
  bom: string;
  root: Node;
}

/** Line and column (1-based) of an offset, for error messages. */
function position(text: string, offset: number): string {
  const before = text.slice(0, offset).split("\n");
  return `line ${before.length} column ${before[before.length - 1].length + 1}`;
}

/** Parse strictly; errors name the place. */
export function parseDoc(raw: string): TextResult<Doc> {
  const bom = raw.startsWith("\uFEFF") ? "\uFEFF" : "";
  const text = raw.slice(bom.length);
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  if (errors.length > 0 || root === undefined) {
    const e = errors[0];
    const what = e ? printParseErrorCode(e.error) : "empty document";
    return { ok: false, error: `not valid JSON (${what} at ${position(text, e?.offset ?? 0)})` };
  }
  try {
    JSON.parse(text);
  } catch (err) {
    return { ok: false, error: `not valid JSON (${err instanceof Error ? err.message : String(err)})` };
  }
  return { ok: true, value: { text, bom, root } };
}

/** The value a node holds, as plain data. */
export function valueOf(doc: Doc, node: Node): unknown {
  const parsed: unknown = JSON.parse(doc.text.slice(node.offset, node.offset + node.length));
  return parsed;
}

/** The value node of property `key` of an object node, or null. */
export function propertyNode(obj: Node, key: string): Node | null {
  if (obj.type !== "object") return null;
  const prop = (obj.children ?? []).find((p) => p.children?.[0]?.value === key);
  return prop?.children?.[1] ?? null;
}

/** The property nodes of an object (each has the key and the value as children). */
export function properties(obj: Node): Node[] {
  return obj.type === "object" ? obj.children ?? [] : [];
}

const end = (n: Node) => n.offset + n.length;

/** Leading whitespace of the line `offset` is on. */
function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))?.[0] ?? "";
}

function eolOf(text: string): string {
  return text.includes("\r\n") ? "\r\n" : "\n";
}

/** The indent unit the file uses (its first indented line), else two spaces. */
function unitOf(text: string): string {
  const m = /\n([ \t]+)\S/.exec(text);
  if (!m) return "  ";
  return m[1].startsWith("\t") ? "\t" : m[1];
}

interface Layout {
  /** Text between the last existing child and the new one (includes the comma). */
  sep: string;
  /** Indentation of the children, or null when the container is written on one line. */
  indent: string | null;
}

function layoutOf(doc: Doc, c: Node): Layout {
  const { text } = doc;
  const kids = c.children ?? [];
  if (kids.length === 0) return { sep: "", indent: null };
  const lead = text.slice(c.offset + 1, kids[0].offset);
  if (kids.length >= 2) {
    const sep = text.slice(end(kids[kids.length - 2]), kids[kids.length - 1].offset);
    const nl = sep.lastIndexOf("\n");
    return { sep, indent: nl >= 0 ? sep.slice(nl + 1) : null };
  }
  const nl = lead.lastIndexOf("\n");
  if (nl >= 0) return { sep: "," + eolOf(text) + lead.slice(nl + 1), indent: lead.slice(nl + 1) };
  return { sep: "," + lead, indent: null };
}

/** Whether the document is written on one line (then additions stay on one line too). */
function inlineDoc(doc: Doc): boolean {
  const kids = doc.root.children ?? [];
  return kids.length > 0 && !doc.text.slice(doc.root.offset + 1, kids[0].offset).includes("\n");
}

function serialize(doc: Doc, value: unknown, indent: string | null): string {
  if (indent === null) return JSON.stringify(value);
  return JSON.stringify(value, null, unitOf(doc.text)).split("\n").join(eolOf(doc.text) + indent);
}

/** The `": "` between key and value, as the file writes it. */
function colonOf(doc: Doc, obj: Node): string {
  const props = properties(obj).length > 0 ? properties(obj) : properties(doc.root);
  const p = props[0];
  const key = p?.children?.[0], val = p?.children?.[1];
  return key && val ? doc.text.slice(end(key), val.offset) : inlineDoc(doc) ? ":" : ": ";
}

function splice(doc: Doc, from: number, to: number, insert: string): string {
  return doc.bom + doc.text.slice(0, from) + insert + doc.text.slice(to);
}

function append(doc: Doc, c: Node, render: (indent: string | null) => string): string {
  const kids = c.children ?? [];
  if (kids.length > 0) {
    const { sep, indent } = layoutOf(doc, c);
    return splice(doc, end(kids[kids.length - 1]), end(kids[kids.length - 1]), sep + render(indent));
  }
  if (inlineDoc(doc)) return splice(doc, c.offset + 1, end(c) - 1, render(null));
  const outer = lineIndent(doc.text, c.offset);
  const inner = outer + unitOf(doc.text);
  const eol = eolOf(doc.text);
  return splice(doc, c.offset + 1, end(c) - 1, eol + inner + render(inner) + eol + outer);
}

/** Add `"key": value` as the last property of `obj`. */
export function appendProperty(doc: Doc, obj: Node, key: string, value: unknown): string {
  const colon = colonOf(doc, obj);
  return append(doc, obj, (indent) => JSON.stringify(key) + colon + serialize(doc, value, indent));
}

/** Add `value` as the last element of `arr`. */
export function appendElement(doc: Doc, arr: Node, value: unknown): string {
  return append(doc, arr, (indent) => serialize(doc, value, indent));
}

/** Replace the value at `node` (laid out at the node's own indentation). */
export function replaceValue(doc: Doc, node: Node, value: unknown): string {
  const multiline = doc.text.slice(node.offset, end(node)).includes("\n") || !inlineDoc(doc);
  const indent = multiline ? lineIndent(doc.text, node.offset) : null;
  return splice(doc, node.offset, end(node), serialize(doc, value, indent));
}

/** Remove child `index` (an element, or a property node) of `c` with its separator. */
export function removeChild(doc: Doc, c: Node, index: number): string {
  const kids = c.children ?? [];
  if (kids.length === 1) return splice(doc, c.offset + 1, end(c) - 1, "");
  if (index === kids.length - 1) return splice(doc, end(kids[index - 1]), end(kids[index]), "");
  return splice(doc, kids[index].offset, kids[index + 1].offset, "");
}

/** A new document holding `value`, two-space indented, newline at the end. */
export function newDocument(value: unknown): string {
  return JSON.stringify(value, null, 2) + "\n";
}
