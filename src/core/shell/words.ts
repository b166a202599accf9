/**
 * Static evaluation of shell words: quote removal where the result is known without running
 * anything, and a `dynamic` mark where it is not (expansions, globs, braces, tilde). The
 * allow-list only trusts what it can read; a dynamic word is never matched as a name.
 */
import type { ArrayValue, Assignment, DoubleQuotedChild, Word, WordPart } from "unbash";

/** A word after quote removal. `value` holds the source text of parts that are dynamic. */
export interface ShellWord {
  value: string;
  dynamic: boolean;
}

/** A literal word, for words vigil itself makes (e.g. the stdin arguments of xargs). */
export function staticWord(value: string): ShellWord {
  return { value, dynamic: false };
}

/** Placeholder for arguments only known at run time (xargs input, find's `{}`). */
export const RUNTIME_WORD: ShellWord = Object.freeze({ value: "…", dynamic: true });

function part(p: WordPart | DoubleQuotedChild): ShellWord {
  switch (p.type) {
    case "Literal":
    case "SingleQuoted":
    case "AnsiCQuoted":
      return { value: p.value, dynamic: false };
    case "DoubleQuoted":
    case "LocaleString":
      return join(p.parts.map(part));
    default:
      // Parameter, command, arithmetic and process substitution, globs, brace expansion:
      // all depend on the environment or the file system at run time.
      return { value: p.text, dynamic: true };
  }
}

function join(words: ShellWord[]): ShellWord {
  return { value: words.map((w) => w.value).join(""), dynamic: words.some((w) => w.dynamic) };
}

/** Evaluate one parsed word statically. */
export function wordValue(word: Word): ShellWord {
  // An unquoted leading tilde expands to a home directory the core cannot know.
  const tilde = word.text.startsWith("~");
  if (!word.parts) return { value: word.value, dynamic: tilde };
  const w = join(word.parts.map(part));
  return tilde ? { value: w.value, dynamic: true } : w;
}

/** An assignment used as an argument (`export A=b`, `env A=b`) seen as one word. */
export function assignmentWord(a: Assignment): ShellWord {
  const v = assignmentValue(a.value);
  const head = `${a.name}${a.index ? `[${a.index.text}]` : ""}${a.append ? "+=" : "="}`;
  return { value: head + v.value, dynamic: v.dynamic || a.index !== undefined };
}

/** The value an assignment stores; array values are dynamic (they are never argv). */
export function assignmentValue(v: Word | ArrayValue): ShellWord {
  if (v.type === "Word") return wordValue(v);
  return { value: `(${v.elements.map((e) => e.text).join(" ")})`, dynamic: true };
}
