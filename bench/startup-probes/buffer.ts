// Touches the Buffer global (loads node:buffer).
const b = Buffer.allocUnsafe(10);
b[0] = 1;
process.exitCode = b.length > 100 ? 1 : 0;

export {};
