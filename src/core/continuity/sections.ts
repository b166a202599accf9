/**
 * Markdown split into named sections, for the state file and the task spec. Both are
 * forcing functions: a fixed set of headings that a person or an agent fills in, checked
 * mechanically. Headings inside fenced code blocks are content, and only headings at the
 * level of the first known one count, so `### Constraints` under `## Tasks` stays content.
 */

export interface Section {
  /** The canonical name the heading matched. */
  name: string;
  /** The heading line as written. */
  heading: string;
  /** Everything under the heading up to the next section, trimmed. */
  body: string;
  /** 1-based line of the heading. */
  line: number;
}

export interface Split {
  /** Text before the first section (a title, a marker comment). */
  preamble: string;
  /** Known sections in the order they appear (duplicates kept). */
  sections: Section[];
}

const HEADING = /^(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$/;
const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})/;

/** Case and hyphens do not matter: "Out-of-scope" is "out of scope". */
function norm(s: string): string {
  return s.trim().toLowerCase().replace(/[-_]/g, " ");
}

/** Whether a heading's text names `name`: exactly, or followed by a gloss such as "(…)" or ":". */
export function headingMatches(text: string, name: string): boolean {
  const t = norm(text), n = norm(name);
  if (!t.startsWith(n)) return false;
  const rest = t.slice(n.length);
  return rest === "" || /^[\s(:—–]/.test(rest);
}

function known(text: string, names: readonly string[]): string | null {
  // Longest name first, so "Files in flight" is never read as a shorter name.
  const sorted = [...names].sort((a, b) => b.length - a.length);
  return sorted.find((n) => headingMatches(text, n)) ?? null;
}

/** Split `text` into the sections named by `names` (matched case-insensitively). */
export function splitSections(text: string, names: readonly string[]): Split {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const marks: { index: number; name: string; heading: string }[] = [];
  let level = 0;
  let fence: string | null = null;
  lines.forEach((line, index) => {
    const f = FENCE.exec(line);
    if (f) {
      if (fence === null) fence = f[1][0];
      else if (f[1][0] === fence) fence = null;
      return;
    }
    if (fence !== null) return;
    const h = HEADING.exec(line);
    if (!h) return;
    const name = known(h[2], names);
    if (name === null) return;
    if (level === 0) level = h[1].length;
    if (h[1].length === level) marks.push({ index, name, heading: line });
  });
  const sections = marks.map((m, i) => {
    const end = i + 1 < marks.length ? marks[i + 1].index : lines.length;
    return {
      name: m.name,
      heading: m.heading,
      body: lines.slice(m.index + 1, end).join("\n").trim(),
      line: m.index + 1,
    };
  });
  const preamble = lines.slice(0, marks.length ? marks[0].index : lines.length).join("\n").trim();
  return { preamble, sections };
}

/** A body with HTML comments removed: template hints are not content. */
export function withoutComments(body: string): string {
  return body.replace(/<!--[\s\S]*?(?:-->|$)/g, "").trim();
}
