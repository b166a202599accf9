/** What the HARD allow-list says about one simple command. */
import { type HardWhy, hardWhyText } from "../../messages/hard-why.ts";
import type { ShellWord } from "../../shell.ts";

export type CommandVerdict =
  | { allowed: true; rule: string; writes: ShellWord[] }
  | { allowed: false; rule: string; detail: string; why: HardWhy };

/** A refusal: the English detail for the audit, the reason as data for the worker's language. */
export const deny = (rule: string, why: HardWhy): CommandVerdict => ({
  allowed: false,
  rule,
  detail: hardWhyText("en", why),
  why,
});
