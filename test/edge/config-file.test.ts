/**
 * config.toml for a long-lived process (src/edge/config-file.ts): `liveConfigFile` reads the file
 * again after any edit (size, mtime or inode) and not otherwise; `configResolver` gives the same
 * frozen configuration for the same file and the same variables, and resolves again when either changes.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { configResolver, liveConfigFile, readConfigFile } from "../../src/edge/config-file.ts";

const root = mkdtempSync(join(tmpdir(), "vigil-config-file-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = () => join(root, `config-${++n}.toml`);

describe("liveConfigFile", () => {
  test("unchanged: the same object; missing, then created: read", () => {
    const file = fresh();
    const live = liveConfigFile(file);
    const none = live();
    expect(none.present).toBe(false);
    expect(live()).toBe(none);
    writeFileSync(file, "soft_tokens = 100000\n");
    const first = live();
    expect(first.parsed).toEqual({ soft_tokens: 100000 });
    expect(live()).toBe(first);
  });

  test("an in-place edit of the same size is read once its mtime moves", () => {
    const file = fresh();
    writeFileSync(file, "soft_tokens = 100000\n");
    const when = statSync(file).mtime;
    const live = liveConfigFile(file);
    expect(live().parsed).toEqual({ soft_tokens: 100000 });
    writeFileSync(file, "soft_tokens = 200000\n");
    utimesSync(file, when, new Date(when.getTime() + 2_000));
    expect(live().parsed).toEqual({ soft_tokens: 200000 });
  });

  test("a file replaced by rename, same size and same mtime, is read (its inode changed)", () => {
    const file = fresh();
    writeFileSync(file, "soft_tokens = 100000\n");
    // Whole milliseconds, so that the replacement can carry exactly the same mtime.
    const when = new Date(Math.floor(statSync(file).mtimeMs) - 5_000);
    utimesSync(file, when, when);
    const live = liveConfigFile(file);
    expect(live().parsed).toEqual({ soft_tokens: 100000 });
    const next = `${file}.new`;
    writeFileSync(next, "soft_tokens = 300000\n");
    utimesSync(next, when, when);
    renameSync(next, file);
    expect(statSync(file).mtimeMs).toBe(when.getTime());
    expect(live().parsed).toEqual({ soft_tokens: 300000 });
  });

  test("a deleted file reads as absent again", () => {
    const file = fresh();
    writeFileSync(file, "soft_tokens = 100000\n");
    const live = liveConfigFile(file);
    expect(live().present).toBe(true);
    rmSync(file);
    expect(live().present).toBe(false);
  });
});

describe("configResolver", () => {
  const file = fresh();
  writeFileSync(file, "soft_tokens = 100000\nhard_tokens = 150000\n");
  const env = { HOME: "/h", PATH: "/bin", LANG: "C", CLAUDE_PID: "42" };

  test("the same file and the same variables: the same configuration, frozen", () => {
    const resolve = configResolver();
    const f = readConfigFile(file);
    const a = resolve(f, env);
    expect(a.config.softTokens).toBe(100000);
    // Variables the resolution does not read do not matter.
    expect(resolve(f, { ...env, PATH: "/usr/bin", CLAUDE_PID: "43" })).toBe(a);
    expect(Object.isFrozen(a) && Object.isFrozen(a.config) && Object.isFrozen(a.warnings)).toBe(true);
    expect(() => {
      (a.config as { softTokens: number }).softTokens = 1;
    }).toThrow(TypeError);
    expect(resolve(f, env).config.softTokens).toBe(100000);
  });

  test("a VIGIL_* variable, the locale or a new file: resolved again", () => {
    const resolve = configResolver();
    const f = readConfigFile(file);
    const a = resolve(f, env);
    const b = resolve(f, { ...env, VIGIL_SOFT_TOKENS: "120000" });
    expect(b).not.toBe(a);
    expect(b.config.softTokens).toBe(120000);
    expect(b.sources.softTokens).toBe("env");
    // An unset variable and an empty one are different environments.
    expect(resolve(f, { ...env, VIGIL_SOFT_TOKENS: "" })).not.toBe(a);
    expect(resolve(f, { ...env, LANG: "ko_KR.UTF-8" }).config.language).toBe("ko");
    expect(resolve(f, env)).toBe(a);
    writeFileSync(file, "soft_tokens = 110000\nhard_tokens = 150000\n");
    const edited = resolve(readConfigFile(file), env);
    expect(edited.config.softTokens).toBe(110000);
  });

  test("past its bound it forgets and still answers right", () => {
    const resolve = configResolver(2);
    const f = readConfigFile(file);
    const got = [1, 2, 3, 4, 1].map((k) =>
      resolve(f, { ...env, VIGIL_SOFT_TOKENS: String(100000 + k) }).config.softTokens
    );
    expect(got).toEqual([100001, 100002, 100003, 100004, 100001]);
  });
});
