/**
 * What every command gets from main: the environment, output sinks and a clock. Commands
 * return an exit code (0 ok, 1 negative answer, 2 usage or internal error) and never call
 * process.exit themselves.
 */
export interface Ctx {
  env: Record<string, string | undefined>;
  out: (text: string) => void;
  /** All of a command's output at once, at its end, without loading node:fs (the hot path). */
  print: (text: string) => Promise<void>;
  err: (text: string) => void;
  now: () => number;
  isTTY: boolean;
}

/** A wrong invocation: main prints `vigil: <message>` and exits 2. */
export class UsageError extends Error {}

/** A negative answer with a one-line reason: main prints it and exits 1. */
export class Refusal extends Error {}
