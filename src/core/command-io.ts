/**
 * What a command's work gets from its caller, and the two ways it says no. The commands in
 * `src/cli/` parse their arguments and hand this (their Ctx is one) to the one function that
 * does the work, in `src/app/` or a feature folder; main maps the errors to exit codes.
 */
export interface CommandIo {
  env: Record<string, string | undefined>;
  out: (text: string) => void;
  err: (text: string) => void;
  now: () => number;
}

/** A wrong invocation: main prints `vigil: <message>` and exits 2. */
export class UsageError extends Error {}

/** A negative answer with a one-line reason: main prints it and exits 1. */
export class Refusal extends Error {}
