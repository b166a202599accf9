// Writes a small file through Bun.write.
await Bun.write(process.env.PROBE_OUT! + "-" + process.pid % 4, '{"line":"abc"}');

export {};
