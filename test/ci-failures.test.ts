/**
 * `.ci/failures` prints why each failed test failed, from bun's output, so that the end of CI's
 * output names the error and not only the test (last round's CI ended on "1 tests failed" and a
 * name, with the error scrolled out of what was kept).
 */
import { expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

function failures(log: string): string {
  const f = join(mkdtempSync(join(tmpdir(), "ci-failures-")), "test.log");
  writeFileSync(f, log);
  const p = Bun.spawnSync(["bash", join(import.meta.dir, "..", ".ci", "failures"), f]);
  expect(p.exitCode).toBe(0);
  return p.stdout.toString();
}

test("each failed test is printed with its error, and the summary's repeat of the name is not", () => {
  const noise = Array.from({ length: 40 }, (_, i) => `(pass) earlier ${i}`);
  const out = failures([
    ...noise,
    "error: box: the night's behaviours did not happen in time",
    "== announce",
    "at runNight (night-box-night.ts:103:11)",
    "(fail) a night in a box (2.1.88) [37349.36ms]",
    "(pass) another",
    "error: expect(received).toBe(expected)",
    "(fail) a store locked past the timeout blocks the tool [12.00ms]",
    "",
    "2 tests failed:",
    "(fail) a night in a box (2.1.88) [37349.36ms]",
  ].join("\n"));
  expect(out.match(/^=== /gm)).toHaveLength(2);
  expect(out).toContain("=== a night in a box (2.1.88)");
  expect(out).toContain("the night's behaviours did not happen in time");
  expect(out).toContain("expect(received).toBe(expected)");
  // The second failure's block starts at its own error, not at the first's.
  const second = out.slice(out.indexOf("=== a store locked"));
  expect(second).not.toContain("did not happen in time");
  expect(out).not.toContain("earlier 1");
});

test("npm test's two bun runs in one log: a failure after the first run's summary is explained too", () => {
  const run = (name: string, why: string) => [
    "bun test v1.4.5 (a7733435c)",
    "(pass) before",
    `error: ${why}`,
    `(fail) ${name} [5.00ms]`,
    "",
    "1 tests failed:",
    `(fail) ${name} [5.00ms]`,
  ];
  const out = failures([
    ...run("a unit test", "the first run's reason"),
    ...run("a night in a box (2.1.88)", "the second run's reason"),
  ].join("\n"));
  expect(out.match(/^=== /gm)).toHaveLength(2);
  expect(out).toContain("=== a night in a box (2.1.88)");
  expect(out).toContain("the second run's reason");
});

test("a long error keeps its start and its end, and says how much it left out", () => {
  const detail = Array.from({ length: 200 }, (_, i) => `detail ${i}`);
  const out = failures(["error: first line", ...detail, "(fail) long [1ms]", "", "1 tests failed:"].join("\n"));
  expect(out).toContain("error: first line");
  expect(out).toContain("detail 199");
  expect(out).toMatch(/\[\.\.\. \d+ lines \.\.\.\]/);
  expect(out.split("\n").length).toBeLessThan(80);
});

test("no failure: nothing printed", () => {
  expect(failures("(pass) a\n(pass) b\n\n 2 pass\n")).toBe("");
});
