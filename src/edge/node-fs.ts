/**
 * node:fs, loaded on first use. Loading it costs a hot-path process about a fifth of a compiled
 * no-op's whole run (bench/RESULTS.md, issue 18), so the statusline's common path reads through
 * file-read.ts and Bun's own stdin and stdout, and code that needs node:fs only on a rare path
 * (creating the state folder, the error log, /proc) asks for it here.
 */
import type * as fs from "node:fs";

let loaded: typeof fs | null = null;

export function nodeFs(): typeof fs {
  // A require, not an import: the bundler keeps it a runtime load of the built-in module.
  loaded ??= require("node:fs") as typeof fs;
  return loaded;
}
