/**
 * Option scanning for the wrappers vigil looks through (`sudo`, `timeout`, `xargs`, …). It
 * finds where the wrapped command starts. An option it does not know, or an option word it
 * cannot read, ends the scan with null: the wrapper is then kept as written and denied.
 */
import type { ShellWord } from "./words.ts";

export interface OptionSpec {
  /** Short options without a value, e.g. "vE". */
  flags?: string;
  /** Short options with a value, attached (`-uroot`) or next (`-u root`). */
  values?: string;
  /** Short options whose value may only be attached (`-i{}`, `-l5`). */
  optional?: string;
  /** Long options: true when a value is required, false for a flag (`--x=v` still allowed). */
  long?: Record<string, boolean>;
  /** `-10` style numeric options (nice). */
  numeric?: boolean;
}

export interface Scanned {
  /** Index of the first operand. */
  index: number;
  /** Options seen, by name (short letter or long name), with their value or "". */
  opts: Map<string, string>;
}

function scanLong(args: ShellWord[], i: number, spec: OptionSpec, opts: Map<string, string>): number | null {
  const body = args[i].value.slice(2);
  const eq = body.indexOf("=");
  const name = eq < 0 ? body : body.slice(0, eq);
  const needs = spec.long?.[name];
  if (needs === undefined) return null;
  if (eq >= 0) {
    opts.set(name, body.slice(eq + 1));
    return i + 1;
  }
  if (!needs) {
    opts.set(name, "");
    return i + 1;
  }
  const v = args[i + 1];
  if (!v || v.dynamic) return null;
  opts.set(name, v.value);
  return i + 2;
}

function scanShort(args: ShellWord[], i: number, spec: OptionSpec, opts: Map<string, string>): number | null {
  const cluster = args[i].value.slice(1);
  if (spec.numeric && /^\d+$/.test(cluster)) {
    opts.set("n", cluster);
    return i + 1;
  }
  for (let k = 0; k < cluster.length; k++) {
    const c = cluster[k];
    const rest = cluster.slice(k + 1);
    if (spec.flags?.includes(c)) {
      opts.set(c, "");
    } else if (spec.optional?.includes(c)) {
      opts.set(c, rest);
      return i + 1;
    } else if (spec.values?.includes(c)) {
      if (rest) {
        opts.set(c, rest);
        return i + 1;
      }
      const v = args[i + 1];
      if (!v || v.dynamic) return null;
      opts.set(c, v.value);
      return i + 2;
    } else {
      return null;
    }
  }
  return i + 1;
}

/** Scan options from `start`; the index of the first operand, or null when unsure. */
export function scanOptions(args: ShellWord[], start: number, spec: OptionSpec): Scanned | null {
  const opts = new Map<string, string>();
  let i = start;
  while (i < args.length) {
    const a = args[i];
    if (a.dynamic) return null; // might be an option we would have refused
    if (a.value === "--") return { index: i + 1, opts };
    if (!a.value.startsWith("-") || a.value === "-") return { index: i, opts };
    const next = a.value.startsWith("--") ? scanLong(args, i, spec, opts) : scanShort(args, i, spec, opts);
    if (next === null) return null;
    i = next;
  }
  return { index: i, opts };
}
