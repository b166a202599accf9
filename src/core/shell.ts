/**
 * Bash command-line analysis for the HARD allow-list: every simple command a line would run,
 * wherever it hides (pipelines, lists, subshells, groups, `$(…)`, backticks, `<(…)`, control
 * flow, function bodies, `sh -c '…'`, `eval`, `sudo`, `xargs`, `find -exec`, …), with its
 * argv after quote removal, and every redirection. Parsing is unbash's (docs/shell-parser.md);
 * a line it reports any error for is refused, never guessed at.
 */
import { parse } from "unbash";
import { collect, type Hazard, type RawCommand, type Redirection } from "./shell/collect.ts";
import { unwrap } from "./shell/wrappers.ts";
import type { ShellWord } from "./shell/words.ts";

export type { Hazard, Redirection, ShellWord };
export { commandName } from "./shell/wrappers.ts";

/** One simple command the line would run. */
export interface SimpleCommand {
  /** Words after quote removal; a word bash would expand at run time is `dynamic`. */
  argv: ShellWord[];
  /** Assignments in front of it (`FOO=1 cmd`, `env FOO=1 cmd`); alone when argv is empty. */
  env: { name: string; value: ShellWord }[];
  /** Wrappers looked through to reach it, outermost first (e.g. `["sudo", "bash -c"]`). */
  via: string[];
}

export type LineAnalysis =
  | { ok: true; commands: SimpleCommand[]; redirections: Redirection[]; hazards: Hazard[] }
  | { ok: false; error: string };

/** Bound on `bash -c "eval '…'"` nesting and on input size: beyond either, refuse. */
const MAX_DEPTH = 8;
const MAX_LENGTH = 100_000;

interface Acc {
  commands: SimpleCommand[];
  redirections: Redirection[];
  hazards: Set<Hazard>;
}

function script(source: string, via: string[], depth: number, acc: Acc): string | null {
  if (depth > MAX_DEPTH) return `cannot analyse command line: nesting deeper than ${MAX_DEPTH}`;
  const found = collect(parse(source));
  if (found.errors.length > 0) return `cannot parse command line: ${found.errors[0]}`;
  acc.redirections.push(...found.redirections);
  for (const h of found.hazards) acc.hazards.add(h);
  for (const raw of found.commands) {
    const err = command(raw, via, depth, acc);
    if (err) return err;
  }
  return null;
}

function command(raw: RawCommand, via: string[], depth: number, acc: Acc): string | null {
  if (depth > MAX_DEPTH) return `cannot analyse command line: nesting deeper than ${MAX_DEPTH}`;
  const w = unwrap(raw.argv);
  if (w === null) {
    acc.commands.push({ argv: raw.argv, env: raw.env, via });
    return null;
  }
  switch (w.kind) {
    case "nothing":
      return null;
    case "command":
      return command({ argv: w.argv, env: [...raw.env, ...w.env] }, [...via, w.via], depth + 1, acc);
    case "script":
      // Assignments in front of `bash -c` reach the inner commands' environment.
      if (raw.env.length) acc.commands.push({ argv: [], env: raw.env, via });
      return script(w.source, [...via, w.via], depth + 1, acc);
    case "find": {
      acc.commands.push({ argv: w.self, env: raw.env, via });
      for (const argv of w.execs) {
        const err = command({ argv, env: [] }, [...via, "find -exec"], depth + 1, acc);
        if (err) return err;
      }
      return null;
    }
  }
}

/** Parse a Bash command line and list every simple command and redirection in it. */
export function analyzeCommandLine(line: string): LineAnalysis {
  if (line.length > MAX_LENGTH) {
    return { ok: false, error: `cannot analyse command line: longer than ${MAX_LENGTH} characters` };
  }
  const acc: Acc = { commands: [], redirections: [], hazards: new Set() };
  let err: string | null;
  try {
    err = script(line, [], 0, acc);
  } catch (e) {
    // unbash is tolerant and should not throw; if it does, the line is not understood.
    err = `cannot parse command line: ${e instanceof Error ? e.message : String(e)}`;
  }
  if (err) return { ok: false, error: err };
  return { ok: true, commands: acc.commands, redirections: acc.redirections, hazards: [...acc.hazards] };
}
