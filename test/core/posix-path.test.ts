import { describe, expect, test } from "bun:test";
import { posix } from "node:path";
import { dirnamePath, joinPath, normalizePath } from "../../src/core/posix-path.ts";

// Segments that exercise every rule: empty, ".", "..", repeated and trailing slashes.
const PARTS = ["", ".", "..", "a", "bc", "/", "//", "a/", "/a", "../a", "./", "a/..", "..//b/", "x.y", "~"];

/** A deterministic generator, so a failure names a seed that reproduces it. */
function* cases(seed: number, n: number): Generator<string[]> {
  let s = seed;
  const next = () => (s = (s * 1103515245 + 12345) % 2 ** 31);
  for (let i = 0; i < n; i++) {
    const len = next() % 6;
    yield Array.from({ length: len }, () => PARTS[next() % PARTS.length]);
  }
}

describe("joinPath", () => {
  test("equals node:path's posix join over 20,000 generated segment lists", () => {
    let checked = 0;
    for (const segs of cases(7, 20_000)) {
      expect([segs, joinPath(...segs)]).toEqual([segs, posix.join(...segs)]);
      checked++;
    }
    expect(checked).toBe(20_000);
  });

  test("equals node:path's posix normalize on every single and paired part", () => {
    for (const a of PARTS) {
      expect(normalizePath(a)).toBe(posix.normalize(a));
      for (const b of PARTS) expect(normalizePath(a + b)).toBe(posix.normalize(a + b));
    }
  });

  test("the state paths vigil builds", () => {
    expect(joinPath("/home/u/.local/state", "vigil")).toBe("/home/u/.local/state/vigil");
    expect(joinPath("/srv/vigil/", "hook.sock")).toBe("/srv/vigil/hook.sock");
    expect(joinPath("rel/dir", "vigil.db")).toBe("rel/dir/vigil.db");
  });
});

describe("dirnamePath", () => {
  test("equals node:path's posix dirname over 20,000 generated paths", () => {
    let checked = 0;
    for (const segs of cases(11, 20_000)) {
      const path = segs.join("");
      expect([path, dirnamePath(path)]).toEqual([path, posix.dirname(path)]);
      checked++;
    }
    expect(checked).toBe(20_000);
  });

  test("the folders vigil makes", () => {
    expect(dirnamePath("/home/u/.local/state/vigil/vigil.db")).toBe("/home/u/.local/state/vigil");
    expect(dirnamePath("/srv/vigil/vigil.log")).toBe("/srv/vigil");
    expect(dirnamePath("vigil.db")).toBe(".");
    expect(dirnamePath("/vigil.db")).toBe("/");
  });
});
