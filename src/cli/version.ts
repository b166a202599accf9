/** vigil's version, in a module of its own so `--version` and the hot path do not load the help text. */
export const VERSION = "0.1.0";
