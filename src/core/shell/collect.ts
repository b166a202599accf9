/**
 * One walk over a parsed script that finds every simple command wherever bash would run it
 * (lists, pipelines, compound commands, function bodies, `$(…)`, backticks, `<(…)`, heredoc
 * bodies, parameter operands, `[[ ]]` words) and every redirection, and notes the constructs
 * whose evaluation can run code that no simple command shows.
 */
import { type Command, forEachChild, type Redirection as AstRedirection, type SyntaxNode } from "unbash";
import { assignmentValue, assignmentWord, type ShellWord, wordValue } from "./words.ts";

/** A simple command as written, before wrappers such as `sudo` or `sh -c` are unwrapped. */
export interface RawCommand {
  argv: ShellWord[];
  env: { name: string; value: ShellWord }[];
}

/** A redirection with its target evaluated statically. */
export interface Redirection {
  op: string;
  fd: number | null;
  /** The file or descriptor word; null for heredocs, whose body is input. */
  target: ShellWord | null;
  /** The redirection can create or change a file. */
  writes: boolean;
}

/**
 * Constructs that evaluate code implicitly: arithmetic (array subscripts in it run `$(…)` held
 * in variables), `[[ ]]` (arithmetic comparisons, `-v a[…]`), subscripted assignments and
 * expansions, `${x@P}` prompt expansion and `${!x}` indirection.
 */
export type Hazard =
  | "arithmetic"
  | "test-expression"
  | "array-subscript"
  | "prompt-expansion"
  | "indirect-expansion";

export interface Collected {
  commands: RawCommand[];
  redirections: Redirection[];
  hazards: Hazard[];
  errors: string[];
}

const WRITE_OPS = new Set([">", ">>", ">|", "&>", "&>>", "<>"]);

function redirection(r: AstRedirection): Redirection {
  const fd = r.descriptor?.type === "FileDescriptor" ? r.descriptor.value : null;
  if (r.type === "HereDoc") return { op: r.operator, fd, target: null, writes: false };
  const target = r.target ? wordValue(r.target) : null;
  // `>&word` duplicates a descriptor when word is a number or "-", else it writes a file.
  const dup = target !== null && !target.dynamic && /^(\d+|-)$/.test(target.value);
  const writes = WRITE_OPS.has(r.operator) || (r.operator === ">&" && !dup);
  return { op: r.operator, fd, target, writes };
}

function command(c: Command): RawCommand {
  const argv: ShellWord[] = c.name ? [wordValue(c.name)] : [];
  for (const s of c.suffix) {
    if (s.type === "Word") argv.push(wordValue(s));
    else if (s.type === "Assignment") argv.push(assignmentWord(s));
  }
  const env = c.prefix.flatMap((p) =>
    p.type === "Assignment" ? [{ name: p.name, value: assignmentValue(p.value) }] : []
  );
  return { argv, env };
}

function note(n: SyntaxNode, out: Collected): void {
  switch (n.type) {
    case "Script":
      if ("errors" in n && n.errors) out.errors.push(...n.errors.map((e) => e.message));
      break;
    case "Command":
      out.commands.push(command(n));
      break;
    case "Redirect":
    case "HereString":
      out.redirections.push(redirection(n));
      break;
    case "HereDoc":
      out.redirections.push(redirection(n));
      // bash runs an unterminated heredoc to end of input; refuse to guess where it ends.
      if (!n.closing) out.errors.push("unterminated here-document");
      break;
    case "ArithmeticCommand":
    case "ArithmeticFor":
    case "ArithmeticExpansion":
      out.hazards.push("arithmetic");
      break;
    case "TestCommand":
      out.hazards.push("test-expression");
      break;
    case "Assignment":
      if (n.index) out.hazards.push("array-subscript");
      break;
    case "ParameterExpansion":
      if (n.index && n.index.text !== "@" && n.index.text !== "*") out.hazards.push("array-subscript");
      if (n.prefix === "!") out.hazards.push("indirect-expansion");
      // `${x@P}` expands the value as a prompt string, which runs `$(…)` inside it.
      if (n.operation?.type === "Transform" && n.operation.operand.value === "P") {
        out.hazards.push("prompt-expansion");
      }
      break;
  }
}

/** Walk a parsed script (and every script nested in it) and collect what it would run. */
export function collect(root: SyntaxNode): Collected {
  const out: Collected = { commands: [], redirections: [], hazards: [], errors: [] };
  const visit = (n: SyntaxNode): void => {
    note(n, out);
    forEachChild(n, visit);
  };
  visit(root);
  out.hazards = [...new Set(out.hazards)];
  return out;
}
