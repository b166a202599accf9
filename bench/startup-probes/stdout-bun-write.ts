// Writes one line to stdout through Bun.write(Bun.stdout).
await Bun.write(Bun.stdout, '{"decision":"x"}');

export {};
