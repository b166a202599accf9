// The reference: a compiled Bun program that only starts and exits.
process.exitCode = 0;
