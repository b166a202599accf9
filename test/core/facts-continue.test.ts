/**
 * `continueFacts` (src/core/meter/facts.ts): a transcript that only grew is read from where
 * the last read ended, and must answer what `readFacts` answers from scratch. Held to it over
 * generated transcripts cut at arbitrary bytes (a record half written, then finished), with a
 * reach small enough that prompts and boundaries fall out of it, at several chunk sizes; and
 * a replaced or rewritten file is read afresh.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { continueFacts, type FactsOptions, type FactsState, readFacts } from "../../src/core/meter/facts.ts";
import type { ByteSource } from "../../src/core/meter/lines.ts";
import { memSource } from "../fixtures/transcripts/memory.ts";
import {
  assistant,
  attachment,
  bookkeeping,
  boundary,
  prompt,
  summary,
  toolResult,
} from "../fixtures/transcripts/records.ts";

const line = (r: unknown) => JSON.stringify(r) + "\n";
const KINDS: Record<string, (n: number) => string> = {
  prompt: (n) => line(prompt(`prompt ${n}`)),
  harness: (n) => line(prompt(`<task-notification>${n}</task-notification>`, { origin: "task-notification" })),
  meta: (n) => line(prompt(`meta ${n}`, { meta: true })),
  sidePrompt: (n) => line(prompt(`side ${n}`, { sidechain: true })),
  toolResult: (n) => line(toolResult(`out ${n}`)),
  assistant: (n) => line(assistant(`msg_${n}`, { input: n, output: 5 })),
  padding: (n) => line(assistant(`pad_${n}`, { input: n }, { text: "p".repeat(900) })),
  restore: (n) => line(attachment("hook_additional_context", `restore ${n}`, "SessionStart")),
  otherHook: (n) => line(attachment("hook_additional_context", `ctx ${n}`, "UserPromptSubmit")),
  boundary: () => line(boundary(4000)),
  summary: (n) => line(summary(`summary ${n}`)),
  bookkeeping: () => line(bookkeeping("last-prompt", 40)),
  glued: (n) => JSON.stringify(toolResult(`t ${n}`)) + JSON.stringify(prompt(`glued ${n}`)) + "\n",
  garbage: (n) => `{"type":"user","message":{"content":"cut ${n}"\n`,
};

const encode = (s: string) => new TextEncoder().encode(s);

/** Counts the bytes a scan reads. */
function counted(src: ByteSource): ByteSource & { bytes: () => number } {
  let n = 0;
  return {
    ...src,
    read: (p, l) => {
      n += l;
      return src.read(p, l);
    },
    bytes: () => n,
  };
}

const transcript = fc.array(fc.constantFrom(...Object.keys(KINDS)), { minLength: 1, maxLength: 60 });
const opts = fc.record({
  maxScanBytes: fc.constantFrom(700, 2500, 256 * 1024),
  chunkBytes: fc.constantFrom(64, 509, 1024 * 1024),
});

describe("continueFacts answers what readFacts answers", () => {
  test("over a transcript read at growing, arbitrary cuts", () => {
    fc.assert(
      fc.property(transcript, opts, fc.array(fc.nat(), { minLength: 1, maxLength: 25 }), (kinds, o, steps) => {
        const full = encode(kinds.map((k, i) => KINDS[k](i)).join(""));
        const cuts = steps.map((s) => s % (full.length + 1)).sort((a, b) => a - b);
        let prev: FactsState | null = null;
        for (const cut of cuts) {
          const src = memSource(full.subarray(0, cut), "same-file");
          const next = continueFacts(src, prev, o as FactsOptions);
          expect(next.facts).toEqual(readFacts(src, o as FactsOptions));
          prev = next.state;
        }
      }),
      { numRuns: 400 },
    );
  });

  test("a replaced file, or one rewritten before where the last read ended, is read afresh", () => {
    fc.assert(
      fc.property(transcript, transcript, opts, (a, b, o) => {
        const first = encode(a.map((k, i) => KINDS[k](i)).join(""));
        const other = encode(b.map((k, i) => KINDS[k](i + 1000)).join(""));
        const prev = continueFacts(memSource(first, "f"), null, o as FactsOptions).state;
        // the same bytes at the start of a new inode, then a rewrite in place of the same inode
        const grown = new Uint8Array([...other, ...first]);
        const replaced = memSource(grown, "g");
        expect(continueFacts(replaced, prev, o as FactsOptions).facts).toEqual(readFacts(replaced, o as FactsOptions));
        const rewritten = new Uint8Array([...first.subarray(0, Math.max(0, prev.end - 1)), 0x20, ...other]);
        const same = memSource(rewritten, "f");
        expect(continueFacts(same, prev, o as FactsOptions).facts).toEqual(readFacts(same, o as FactsOptions));
      }),
      { numRuns: 200 },
    );
  });
});

test("a file that grew by one record is read from where the last read ended, not from its reach", () => {
  const body = Array.from({ length: 300 }, (_, i) => KINDS[i % 7 === 0 ? "prompt" : "padding"](i)).join("");
  const before = encode(body);
  const after = encode(body + KINDS.toolResult(999));
  const prev = continueFacts(memSource(before, "f"), null).state;
  const fresh = counted(memSource(after, "f"));
  const cont = counted(memSource(after, "f"));
  expect(continueFacts(cont, prev).facts).toEqual(readFacts(fresh));
  expect(fresh.bytes()).toBeGreaterThan(200 * 1024);
  // the appended record, the seal checked and the seal kept
  expect(cont.bytes()).toBeLessThan(after.length - before.length + 128);
});

test("a prompt that falls out of reach is dropped, as a fresh read drops it", () => {
  const o = { maxScanBytes: 3000 };
  let text = KINDS.prompt(1) + KINDS.boundary(0) + KINDS.restore(2);
  let prev = continueFacts(memSource(encode(text), "f"), null, o);
  expect(prev.facts).toMatchObject({ lastUser: { text: "prompt 1" }, restoreLanded: true });
  for (let i = 0; i < 6; i++) {
    text += KINDS.padding(i);
    const src = memSource(encode(text), "f");
    prev = continueFacts(src, prev.state, o);
    expect(prev.facts).toEqual(readFacts(src, o));
  }
  expect(prev.facts).toEqual({});
});

describe("a line that starts exactly at the reach's edge is out of reach, as for a fresh read", () => {
  const kinds = ["prompt", "assistant", "boundary", "restore", "toolResult", "prompt", "padding", "harness"];
  const text = encode(Array.from({ length: 24 }, (_, i) => KINDS[kinds[i % kinds.length]](i)).join(""));
  const ends = [...text.keys()].filter((i) => text[i] === 10).map((i) => i + 1);
  for (const maxScanBytes of [700, 2500]) {
    const o = { maxScanBytes, chunkBytes: 64 };
    test(`grown a byte at a time, reach ${maxScanBytes}`, () => {
      let prev: FactsState | null = null;
      for (let cut = 0; cut <= text.length; cut++) {
        const src = memSource(text.subarray(0, cut), "f");
        const next = continueFacts(src, prev, o);
        expect(next.facts).toEqual(readFacts(src, o));
        prev = next.state;
      }
    });
    test(`grown by exactly the reach after a line end, reach ${maxScanBytes}`, () => {
      for (const e of ends.filter((e) => e + maxScanBytes <= text.length)) {
        const prev = continueFacts(memSource(text.subarray(0, e), "f"), null, o).state;
        const src = memSource(text.subarray(0, e + maxScanBytes), "f");
        expect(continueFacts(src, prev, o).facts).toEqual(readFacts(src, o));
      }
    });
  }
});

// Round 20: a hook call that checks no restore wants only the prompt's record, and stops reading at it (the rest of the
// 256 KiB, scanned for a compact boundary, cost a UserPromptSubmit ~0.8 MiB of its own-process peak RSS).
describe("promptOnly", () => {
  test("finds the prompt a whole read finds, reading no more", () => {
    fc.assert(
      fc.property(transcript, opts, (kinds, o) => {
        const bytes = encode(kinds.map((k, i) => KINDS[k](i)).join(""));
        const [whole, only] = [counted(memSource(bytes)), counted(memSource(bytes))];
        const all = readFacts(whole, o as FactsOptions);
        const first = readFacts(only, { ...o, promptOnly: true } as FactsOptions);
        expect(first.lastUser).toEqual(all.lastUser);
        expect(only.bytes()).toBeLessThanOrEqual(whole.bytes());
      }),
      { numRuns: 400 },
    );
  });

  test("stops at a prompt near the end instead of reading the whole reach for a boundary", () => {
    const body = Array.from({ length: 300 }, (_, i) => KINDS.padding(i)).join("") + KINDS.prompt(1) +
      KINDS.toolResult(2);
    const [whole, only] = [counted(memSource(encode(body))), counted(memSource(encode(body)))];
    expect(readFacts(only, { promptOnly: true }).lastUser?.text).toBe("prompt 1");
    expect(readFacts(whole).lastUser?.text).toBe("prompt 1");
    expect(whole.bytes()).toBeGreaterThan(200 * 1024);
    expect(only.bytes()).toBeLessThanOrEqual(64 * 1024);
  });
});
