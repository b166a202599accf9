/**
 * node:fs, loaded on first use. Loading it costs a hot-path process about a fifth of a compiled
 * no-op's whole run (bench/RESULTS.md, issue 18), so the statusline's common path uses Bun's
 * own stdin, stdout and file writes, and every edge that needs node:fs (the writing store,
 * transcript preads, the log, /proc, a non-empty config file) asks for it here, when it runs.
 */
import type * as fs from "node:fs";

let loaded: typeof fs | null = null;

export function nodeFs(): typeof fs {
  // A require, not an import: the bundler keeps it a runtime load of the built-in module.
  loaded ??= require("node:fs") as typeof fs;
  return loaded;
}
