/** Every effect the session machine can return has a case in the one effect runner. */
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..");

/** The `type` names of the SessionEffect union, read from the machine's source. */
function effectTypes(src: string): string[] {
  const start = src.indexOf("export type SessionEffect =");
  const end = src.indexOf(";\n\n", start);
  if (start < 0 || end < 0) throw new Error("SessionEffect union not found in machines/session-model.ts");
  return [...src.slice(start, end).matchAll(/type:\s*"([A-Za-z]+)"/g)].map((m) => m[1]);
}

test("each SessionEffect type has a case in the session step (src/core/step.ts), and the switch is closed", () => {
  const types = effectTypes(readFileSync(join(ROOT, "machines", "session-model.ts"), "utf8"));
  const runner = readFileSync(join(ROOT, "src", "core", "step.ts"), "utf8");
  expect(types.length).toBeGreaterThan(5);
  const cases = new Set([...runner.matchAll(/case\s+"([A-Za-z]+)":/g)].map((m) => m[1]));
  expect(types.filter((t) => !cases.has(t))).toEqual([]);
  expect(runner).toMatch(/default:\s*\n\s*return e satisfies never;/);
});

test("the hook, the statusline and the watch record a transition through the session step", () => {
  for (const f of ["app/run-hook.ts", "app/run-statusline.ts", "watch/machine.ts"]) {
    const src = readFileSync(join(ROOT, "src", f), "utf8");
    expect(src).toMatch(/\bstep(Session|Records)\(/);
    expect(src).not.toMatch(/effectRecords?\(|e\.type\.replace\(/);
  }
});

test("each RecoveryEffect type has a case in src/watch/recover.ts, and the switch is closed", () => {
  const src = readFileSync(join(ROOT, "src", "core", "watch", "recovery.ts"), "utf8");
  const start = src.indexOf("export type RecoveryEffect =");
  const end = src.indexOf(";\n\n", start);
  const types = [...src.slice(start, end).matchAll(/type:\s*"([A-Za-z]+)"/g)].map((m) => m[1]);
  expect(types.sort()).toEqual(["held", "notify", "nudge", "restart"]);
  const runner = readFileSync(join(ROOT, "src", "watch", "recover.ts"), "utf8");
  const cases = new Set([...runner.matchAll(/case\s+"([A-Za-z]+)":/g)].map((m) => m[1]));
  expect(types.filter((t) => !cases.has(t))).toEqual([]);
  expect(runner).toMatch(/default:\s*\n\s*return e satisfies never;/);
});
