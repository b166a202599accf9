/**
 * Hono and the dashboard load only with `vigil serve` (architecture.md rule 9): bundling the
 * hook command's import graph must not pull them in, while bundling serve's must.
 */
import { describe, expect, test } from "bun:test";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..", "..");

async function bundle(entry: string, splitting = false): Promise<{ path: string; kind: string; text: string }[]> {
  const r = await Bun.build({ entrypoints: [join(ROOT, entry)], target: "bun", format: "esm", splitting });
  if (!r.success) throw new Error(r.logs.map(String).join("\n"));
  return Promise.all(r.outputs.map(async (o) => ({ path: o.path, kind: o.kind, text: await o.text() })));
}

/** Traces of the HTTP stack in bundled code: Hono's module paths, its classes, the dashboard. */
const TRACES = [/node_modules\/hono\//, /class Hono\b|HonoRequest/, /\/assets\/dashboard\.js/, /text\/event-stream/];
const traces = (text: string) => TRACES.filter((t) => t.test(text)).map(String);

describe("lazy loading", () => {
  test("the serve command's bundle has the HTTP stack (the probe can see it)", async () => {
    const [out] = await bundle("src/cli/serve.ts");
    expect(traces(out.text)).toEqual(TRACES.map(String));
  });

  test.each(["src/cli/hook.ts", "src/cli/statusline.ts"])("%s bundles without Hono or the dashboard", async (entry) => {
    const [out] = await bundle(entry);
    expect(traces(out.text)).toEqual([]);
  });

  test("main's entry chunk leaves Hono to a lazily imported chunk", async () => {
    const outs = await bundle("src/main.ts", true);
    const entry = outs.find((o) => o.kind === "entry-point");
    expect(entry && traces(entry.text)).toEqual([]);
    expect(outs.some((o) => o.kind === "chunk" && traces(o.text).length > 0)).toBe(true);
  });
});
