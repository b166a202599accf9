/**
 * What every command gets from main: the environment, output sinks and a clock. Commands
 * return an exit code (0 ok, 1 negative answer, 2 usage or internal error) and never call
 * process.exit themselves.
 */
import type { CommandIo } from "../core/command-io.ts";

export { Refusal, UsageError } from "../core/command-io.ts";

/** The command's I/O (`CommandIo`, what the work it calls gets), and what only commands use. */
export interface Ctx extends CommandIo {
  /** All of a command's output at once, at its end, without loading node:fs (the hot path). */
  print: (text: string) => Promise<void>;
  isTTY: boolean;
}
