/**
 * The statusLine's line cache (src/edge/line-cache.ts) and the config file's read
 * (src/edge/config-file.ts), now that neither loads node:fs on a render: real files, a real
 * FIFO, real folders.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/edge/config-file.ts";
import { fileLineCache } from "../../src/edge/line-cache.ts";

const root = mkdtempSync(join(tmpdir(), "vigil-fileread-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the line cache", () => {
  test("a written line reads back, per session and in the shared slot; a new one replaces it", async () => {
    const dir = join(root, "state");
    mkdirSync(dir);
    const cache = fileLineCache(dir);
    cache.write("s1", "line one");
    await cache.settled();
    const file = join(dir, "lines", "s1");
    expect(readFileSync(file, "utf8")).toBe("line one");
    expect(cache.read("s1")).toBe("line one");
    expect(cache.read(null)).toBe("line one");
    cache.write("s1", "line two");
    await cache.settled();
    expect(cache.read("s1")).toBe("line two");
    expect(cache.read("other")).toBeNull();
    // An id that is not a plain file name uses the shared slot only.
    cache.write("../escape", "line three");
    await cache.settled();
    expect(cache.read(null)).toBe("line three");
    expect(cache.read("../escape")).toBe("line three");
  });

  test("a cache that cannot be written costs nothing but the fallback", async () => {
    const file = join(root, "not-a-folder");
    writeFileSync(file, "");
    const cache = fileLineCache(file);
    cache.write("s1", "x");
    await cache.settled();
    expect(cache.read("s1")).toBeNull();
  });
});

describe("the config file", () => {
  test("missing, empty, a FIFO, too large, broken, and read", () => {
    const dir = join(root, "config");
    mkdirSync(dir);
    const f = join(dir, "config.toml");
    expect(loadConfig(f, {})).toMatchObject({ file: null, warnings: [] });
    writeFileSync(f, "");
    expect(loadConfig(f, {})).toMatchObject({ file: null, warnings: [] });
    writeFileSync(f, "soft_tokens = 123456\n");
    const read = loadConfig(f, {});
    expect(read.file).toBe(f);
    expect(read.config.softTokens).toBe(123456);
    writeFileSync(f, "soft_tokens = [\n");
    expect(loadConfig(f, {}).warnings.join(" ")).toContain(`cannot read config "${f}"`);
    writeFileSync(f, "# " + "x".repeat(1024 * 1024) + "\n");
    expect(loadConfig(f, {}).warnings.join(" ")).toContain("larger than 1 MiB");
    const fifo = join(dir, "fifo.toml");
    expect(Bun.spawnSync(["mkfifo", fifo]).exitCode).toBe(0);
    // Opening a FIFO with no writer would block this test forever.
    expect(loadConfig(fifo, {}).warnings.join(" ")).toContain("not a regular file");
  });
});
