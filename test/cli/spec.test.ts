/** `vigil spec` through the compiled binary. */
import { describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN, testEnv, vigil } from "../support/vigil.ts";

const FILLED = `# Task spec

## Locus
<!-- Where the work starts -->
src/chain/

## Signal
test/chain.test.ts fails

## Done
test/chain.test.ts passes

## Constraints
- Do not touch module X
`;

function project(env: Record<string, string>): string {
  const dir = join(env.HOME, "project");
  mkdirSync(dir, { recursive: true });
  return dir;
}

describe("vigil spec", () => {
  test("init writes the template in the current directory and never overwrites it", () => {
    const env = testEnv();
    const cwd = project(env);
    const run = (args: string[]) => Bun.spawnSync([BIN, ...args], { env, cwd });
    const first = run(["spec", "init"]);
    expect(first.exitCode).toBe(0);
    const file = join(cwd, ".vigil", "spec.md");
    expect(readFileSync(file, "utf8")).toContain("## Constraints");
    writeFileSync(file, FILLED);
    const again = run(["spec", "init"]);
    expect(again.exitCode).toBe(1);
    expect(again.stderr.toString()).toBe(`vigil: ".vigil/spec.md" already exists; not overwriting it\n`);
    expect(readFileSync(file, "utf8")).toBe(FILLED);
  });

  test("check: the fresh template fails with one line per empty field", () => {
    const env = testEnv();
    const dir = project(env);
    expect(vigil(["spec", "init", "--dir", dir], "", env).code).toBe(0);
    const r = vigil(["spec", "check", "--dir", dir], "", env);
    const path = join(dir, ".vigil", "spec.md");
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      ["Locus", "Signal", "Done", "Constraints"].map((f) => `vigil: spec "${path}": field "${f}" is empty\n`).join(""),
    );
  });

  test("check passes a filled spec; show prints it without comments, --raw as it is", () => {
    const env = testEnv();
    const dir = project(env);
    mkdirSync(join(dir, ".vigil"));
    writeFileSync(join(dir, ".vigil", "spec.md"), FILLED);
    const e = { ...env, CLAUDE_PROJECT_DIR: dir };
    expect(vigil(["spec", "check"], "", e)).toMatchObject({
      code: 0,
      stdout: `spec ok: ${join(dir, ".vigil", "spec.md")}\n`,
    });
    expect(vigil(["spec", "show"], "", e).stdout).toBe(FILLED.replace("<!-- Where the work starts -->\n", ""));
    expect(vigil(["spec", "show", "--raw"], "", e).stdout).toBe(FILLED);
  });

  test.each([
    [["spec", "show"], 1, /no spec at ".*\.vigil\/spec\.md" \(vigil spec init writes one\)/],
    [["spec", "check"], 1, /no spec at/],
    [["spec"], 2, /missing subcommand/],
    [["spec", "edit"], 2, /unknown subcommand "edit"/],
  ])("%p → exit %p", (args, code, why) => {
    const env = testEnv();
    const r = vigil([...args, "--dir", project(env)], "", env);
    expect(r.code).toBe(code);
    expect(r.stderr).toMatch(why);
  });
});
