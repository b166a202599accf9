/** Goldens: `UPDATE_GOLDEN=1` rewrites the file, otherwise the text must equal it. */
import { expect } from "bun:test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Compare `actual` with the golden `dir/name`. */
export function golden(dir: string, name: string, actual: string): void {
  const file = join(dir, name);
  if (process.env.UPDATE_GOLDEN === "1") {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, actual);
  }
  expect(actual).toBe(readFileSync(file, "utf8"));
}
