/** vigil's version, in a module of its own so `--version` and the hot path do not load the help text. */
export const VERSION = "0.1.0";

/** Set by compile.ts: a digest of the sources the binary was built from. */
declare const VIGIL_BUILD_ID: string | undefined;

/**
 * Which build this is, finer than VERSION: two binaries forward hook calls to each other only
 * when it is the same (src/core/forward.ts), so an upgrade while `vigil serve` runs never has
 * the old code answer for the new.
 */
export const BUILD: string = typeof VIGIL_BUILD_ID === "string" ? VIGIL_BUILD_ID : `${VERSION}+source`;
