// Reads a small JSON file through Bun.file().text() (asynchronous).
const t = await Bun.file(process.env.PROBE_STATE!).text();
JSON.parse(t);

export {};
