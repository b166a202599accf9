// Reads stdin through Bun.stdin.bytes().
const b = await Bun.stdin.bytes();
JSON.parse(new TextDecoder().decode(b));

export {};
