/**
 * `scanBackward`'s `only` (src/core/meter/lines.ts): lines that hold none of the needles are
 * skipped by native searches instead of being visited. Held to the plain walk over generated
 * files at every chunk size and floor: the lines that hold a needle are visited in the same
 * order, nothing else is visited that the plain walk would not, and an early stop on a line
 * stops both walks at the same place.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { type ByteSource, needle, scanBackward } from "../../src/core/meter/lines.ts";
import { memSource } from "../fixtures/transcripts/memory.ts";

const WORDS = ["alpha", '"user"', "compact_boundary", "beta", "hook_additional_context", "é", "}{", ""];
const NEEDLES = ['"user"', "compact_boundary", "hook_additional_context"];
const ONLY = NEEDLES.map(needle);

/** A file of lines made of words (some of them needles), maybe without a final newline. */
const file = fc.record({
  lines: fc.array(fc.array(fc.constantFrom(...WORDS), { maxLength: 6 }).map((w) => w.join(" ")), { maxLength: 30 }),
  torn: fc.boolean(),
});

const bytesOf = (f: { lines: string[]; torn: boolean }) =>
  new TextEncoder().encode(f.lines.join("\n") + (f.torn || f.lines.length === 0 ? "" : "\n"));
const text = (b: Uint8Array) => new TextDecoder().decode(b);
const held = (line: string) => NEEDLES.some((n) => line.includes(n));

type Opts = { floor: number; floorIsLineStart: boolean; chunkBytes: number; maxLineBytes: number };

/** The lines visited, newest first, stopping (visit answers false) at the `stopAt`-th needle line. */
function walk(src: ByteSource, opts: Opts, only: boolean, stopAt: number) {
  const seen: string[] = [];
  let needleLines = 0;
  const r = scanBackward(src, (b, start) => {
    const line = text(b);
    // each line is given with the offset it starts at, just past a newline (or at the floor)
    expect(src.read(start, b.length)).toEqual(b);
    expect(start === opts.floor || src.read(start - 1, 1)[0] === 10).toBe(true);
    seen.push(line);
    return !(held(line) && ++needleLines === stopAt);
  }, only ? { ...opts, only: ONLY } : opts);
  return { seen, ...r };
}

describe("scanBackward with only", () => {
  test("visits every line that holds a needle, in order, and stops where the plain walk stops", () => {
    fc.assert(
      fc.property(
        file,
        fc.integer({ min: 1, max: 64 }),
        fc.nat(),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 0, max: 8 }),
        fc.boolean(),
        (f, chunkBytes, rawFloor, maxLineBytes, stopAt, asBuffer) => {
          const bytes = bytesOf(f);
          const src = memSource(asBuffer ? Buffer.from(bytes) : bytes);
          const floor = rawFloor % (bytes.length + 1);
          const opts = { floor, floorIsLineStart: floor === 0, chunkBytes, maxLineBytes };
          const plain = walk(src, opts, false, stopAt);
          const fast = walk(src, opts, true, stopAt);
          expect(fast.seen.filter(held)).toEqual(plain.seen.filter(held));
          expect(fast.end).toBe(plain.end);
          expect(fast.read).toBe(plain.read);
          // Whatever else it visits (lines cut by a chunk edge), the plain walk visited too, in order.
          let i = 0;
          for (const line of fast.seen) {
            while (i < plain.seen.length && plain.seen[i] !== line) i++;
            expect(i).toBeLessThan(plain.seen.length);
            i++;
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  test("within one chunk only the lines that hold a needle are visited", () => {
    const lines = Array.from({ length: 60 }, (_, i) => (i % 7 === 0 ? `x "user" ${i}` : `plain ${i}`));
    const bytes = new TextEncoder().encode(lines.join("\n") + "\n");
    const seen: string[] = [];
    const opts = { floor: 0, floorIsLineStart: true, chunkBytes: 1 << 20, maxLineBytes: 100, only: ONLY };
    scanBackward(memSource(bytes), (b) => (seen.push(text(b)), true), opts);
    expect(seen).toEqual(lines.filter(held).reverse());
  });

  test("a chunk with no needle visits only the line its edge cuts", () => {
    const bytes = new TextEncoder().encode(["a b", '"user" c', "d", "e", "f", ""].join("\n"));
    const seen: string[] = [];
    const opts = { floor: 0, floorIsLineStart: true, chunkBytes: 4, maxLineBytes: 100, only: ONLY };
    scanBackward(memSource(bytes), (b) => (seen.push(text(b)), true), opts);
    expect(seen.filter(held)).toEqual(['"user" c']);
    expect(seen.length).toBeLessThan(5);
  });
});
