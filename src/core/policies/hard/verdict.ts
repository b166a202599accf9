/** What the HARD allow-list says about one simple command. */
import type { ShellWord } from "../../shell.ts";

export type CommandVerdict =
  | { allowed: true; rule: string; writes: ShellWord[] }
  | { allowed: false; rule: string; detail: string };
