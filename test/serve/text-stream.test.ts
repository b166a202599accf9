import { describe, expect, test } from "bun:test";
import { textStream } from "../../src/serve/json-stream.ts";

describe("textStream", () => {
  test("pulls pieces only as the body is read, and writes them all in order", async () => {
    let pulled = 0;
    function* pieces(): Generator<string> {
      for (let i = 0; i < 1000; i++) (pulled++, yield `${String(i).padStart(4, "0")}${"x".repeat(996)}`);
    }
    const reader = textStream(pieces()).getReader();
    const first = await reader.read();
    // A pull gathers about 64 KiB (66 pieces of 1,000 characters); the stream may pull one
    // chunk ahead, never the whole 1,000.
    expect(pulled).toBeLessThan(200);
    let text = new TextDecoder().decode(first.value);
    for (let r = await reader.read(); !r.done; r = await reader.read()) text += new TextDecoder().decode(r.value);
    expect(pulled).toBe(1000);
    expect(text.length).toBe(1_000_000);
    expect(text.slice(0, 4)).toBe("0000");
    expect(text.slice(999_000, 999_004)).toBe("0999");
  });

  test("a cancelled body closes the source", async () => {
    let closed = false;
    function* pieces(): Generator<string> {
      try {
        for (;;) yield "y".repeat(1000);
      } finally {
        closed = true;
      }
    }
    const reader = textStream(pieces()).getReader();
    await reader.read();
    await reader.cancel();
    expect(closed).toBe(true);
  });
});
