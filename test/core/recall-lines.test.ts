import { describe, expect, test } from "bun:test";
import { Buffer } from "node:buffer";
import fc from "fast-check";
import { LineSplitter } from "../../src/core/recall/lines.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();

/** Feed `text` (starting at file offset `start`) in chunks of `size`; collect lines with offsets. */
function split(text: string, size: number, opts: { start?: number; max?: number } = {}) {
  const bytes = enc.encode(text);
  const s = new LineSplitter(opts.start ?? 0, opts.max ?? 1 << 20);
  const lines: [number, string][] = [];
  for (let i = 0; i < bytes.length; i += size) {
    // A Node Buffer reused for the next read, as the file reader does: carried bytes must be
    // copies (Buffer#slice is a view: regression test for lines lost across chunks).
    const chunk = Buffer.from(bytes.slice(i, i + size));
    s.push(chunk, (line, off) => lines.push([off, dec.decode(line)]));
    chunk.fill(0);
  }
  return { lines, end: s.end, skipped: s.skipped };
}

describe("LineSplitter", () => {
  test.each([1, 2, 3, 7, 64])("chunks of %i bytes give the same lines and offsets", (size) => {
    const text = '{"a":1}\n{"b":"인계"}\n\n{"c":3}\n';
    expect(split(text, size)).toEqual({
      lines: [[0, '{"a":1}'], [8, '{"b":"인계"}'], [23, ""], [24, '{"c":3}']],
      end: 32,
      skipped: 0,
    });
  });

  test("a line still being written is not handed out and end stays before it", () => {
    const r = split('{"a":1}\n{"b":', 4);
    expect(r.lines).toEqual([[0, '{"a":1}']]);
    expect(r.end).toBe(8);
  });

  test("offsets count from the resume point", () => {
    expect(split("x\ny\n", 3, { start: 1000 }).lines).toEqual([[1000, "x"], [1002, "y"]]);
  });

  test("a line over the cap is skipped, whatever the chunking, and the next line is intact", () => {
    for (const size of [1, 5, 100]) {
      const r = split(`${"z".repeat(50)}\nok\n`, size, { max: 20 });
      expect(r).toEqual({ lines: [[51, "ok"]], end: 54, skipped: 1 });
    }
  });

  test("any text, any chunking: lines equal a plain split", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), fc.integer({ min: 1, max: 50 }), (text, size) => {
        const bytes = enc.encode(text);
        const want: [number, string][] = [];
        let start = 0;
        for (let nl = bytes.indexOf(10); nl >= 0; nl = bytes.indexOf(10, start)) {
          want.push([start, dec.decode(bytes.subarray(start, nl))]);
          start = nl + 1;
        }
        const got = split(text, size);
        expect(got.lines).toEqual(want);
        expect(got.end).toBe(start);
      }),
      { numRuns: 300 },
    );
  });
});
