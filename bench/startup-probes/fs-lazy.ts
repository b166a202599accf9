// node:fs behind a require that never runs (what edge/node-fs.ts costs when unused).
function f(): boolean {
  return (require("node:fs") as typeof import("node:fs")).existsSync("/x");
}
if (process.argv.length > 5) f();

export {};
