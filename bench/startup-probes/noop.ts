// The reference: starts and exits.
process.exitCode = 0;

export {};
