import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { measure, type MeterState, parseMeterState } from "../../src/core/meter.ts";
import type { Measurement } from "../../src/core/policy.ts";
import { transcript } from "../fixtures/transcripts/arbitrary.ts";
import { memSource, refView, view } from "../fixtures/transcripts/memory.ts";
import {
  assistant,
  attachment,
  bookkeeping,
  boundary,
  concat,
  jsonl,
  oldSummary,
  prompt,
  summary,
  toolResult,
  utf8,
} from "../fixtures/transcripts/records.ts";
import { reference } from "../fixtures/transcripts/reference.ts";

const FIX = join(import.meta.dir, "../fixtures/claude-code-2.1.328");
const fixtures = [
  ...readdirSync(join(FIX, "transcripts")).map((f) => join("transcripts", f)),
  "demo-session/transcript.jsonl",
];
const load = (f: string) => new Uint8Array(readFileSync(join(FIX, f)));

describe("fresh measure equals the whole-file reference", () => {
  test.each(fixtures.flatMap((f) => [1 << 20, 4096, 97].map((c) => [f, c] as const)))(
    "%s, %i-byte chunks",
    (f, chunkBytes) => {
      const bytes = load(f);
      expect(view(measure(memSource(bytes), null, { chunkBytes }))).toEqual(refView(reference(bytes)));
    },
  );

  // Literal answers, so the meter and the reference cannot be wrong together.
  test.each(
    [
      ["transcripts/basic.jsonl", 2675, "boundary"],
      ["transcripts/tui.jsonl", 2890, "boundary"],
      ["transcripts/autocompact.jsonl", 5000, "transcript"],
      ["transcripts/tui2.jsonl", 260000, "transcript"],
      ["demo-session/transcript.jsonl", 330000, "transcript"],
      ["transcripts/upsblock.jsonl", null, "none"],
      ["transcripts/agents__agent-ac87cb4e30382a659.jsonl", null, "none"],
    ] as const,
  )("%s measures %p from %s", (f, tokens, source) => {
    const m = measure(memSource(load(f)), null).measurement;
    expect([m.tokens, m.source]).toEqual([tokens, source]);
  });
});

const A = (id: string, input: number, output = 10) => assistant(id, { input, cacheRead: 1000, output });
// 9 UTF-8 bytes per repeat, with 2-, 3- and 4-byte characters
const big = (k: number) => "é😀ab\n".repeat(k);

// name, bytes, expected tokens, expected source, expected growth bytes (null: don't care)
const cases: [string, Uint8Array, number | null, Measurement["source"], number | null][] = [
  ["empty file", utf8(""), null, "none", null],
  ["only a partial line", utf8(JSON.stringify(A("m1", 5))), null, "none", null],
  [
    "exact boundary wins over older response",
    utf8(jsonl([A("m1", 90000), boundary(2675), summary("S"), prompt("go")])),
    2675,
    "boundary",
    0,
  ],
  [
    "boundary without postTokens estimates from the summary",
    utf8(jsonl([A("m1", 90000), boundary(null), summary("x".repeat(2937)), prompt("go on")])),
    1000,
    "boundary",
    5,
  ],
  ["response after a boundary wins", utf8(jsonl([boundary(2675), summary("S"), A("m2", 4000)])), 5000, "transcript", 0],
  [
    "trailing sidechain records are skipped",
    utf8(
      jsonl([
        A("m1", 7000),
        prompt("sub", { sidechain: true }),
        assistant("s1", { input: 99999 }, { sidechain: true }),
      ]),
    ),
    8000,
    "transcript",
    0,
  ],
  [
    "complete JSON without its newline is still being written",
    utf8(jsonl([A("m1", 7000)]) + JSON.stringify(A("m2", 9000))),
    8000,
    "transcript",
    0,
  ],
  [
    "partial last line is ignored",
    concat(utf8(jsonl([A("m1", 7000)])), utf8(JSON.stringify(A("m2", 9000)).slice(0, 150))),
    8000,
    "transcript",
    0,
  ],
  [
    "glued objects on one line are both taken",
    utf8(JSON.stringify(toolResult("12345")) + JSON.stringify(A("m2", 9000)) + "\n" + jsonl([toolResult("abc")])),
    10000,
    "transcript",
    3,
  ],
  ["a line over 1 MB counts", utf8(jsonl([A("m1", 7000), toolResult(big(166_667))])), 8000, "transcript", 1_500_003],
  [
    "synthetic, api-error and zero-usage records are skipped",
    utf8(
      jsonl([
        A("m1", 7000),
        assistant("e1", { input: 5 }, { model: "<synthetic>" }),
        assistant("e2", { input: 5 }, { apiError: true }),
        assistant("e3", { input: 0 }),
      ]),
    ),
    8000,
    "transcript",
    0,
  ],
  [
    "split message ids count once, newest wins, tool results between count",
    utf8(
      jsonl([
        A("m0", 100),
        toolResult("zz"),
        A("m1", 7000, 5),
        toolResult("1234567"),
        A("m1", 7000, 50),
        toolResult("abc"),
      ]),
    ),
    8000,
    "transcript",
    10,
  ],
  [
    "unknown types, old summaries and garbage lines are skipped",
    utf8(
      jsonl([A("m1", 7000), oldSummary(), { type: "brand-new", x: 1 }, bookkeeping("cost-state")]) +
        "not json at all\n{broken\n",
    ),
    8000,
    "transcript",
    0,
  ],
  [
    "attachments count their rendered text only",
    utf8(jsonl([A("m1", 7000), attachment("date", "12345678"), attachment("prompt_snapshot", null)])),
    8000,
    "transcript",
    8,
  ],
  [
    "invalid UTF-8 becomes replacement characters",
    concat(
      utf8(jsonl([A("m1", 7000)])),
      utf8('{"type":"user","isSidechain":false,"message":{"content":"a'),
      new Uint8Array([0xff, 0xfe]),
      utf8('b"}}\n'),
      new Uint8Array([0xc3, 0x28, 10]),
    ),
    8000,
    "transcript",
    8,
  ],
];

describe("generated transcripts", () => {
  test.each(cases)("%s", (_name, bytes, tokens, source, growth) => {
    // Tiny chunks put every line across chunk boundaries; too slow for the megabyte line.
    for (const chunkBytes of bytes.length > 100_000 ? [1 << 20, 4096] : [1 << 20, 64, 7]) {
      const r = measure(memSource(bytes), null, { chunkBytes });
      expect(view(r)).toEqual(refView(reference(bytes)));
      expect(r.measurement.tokens).toBe(tokens);
      expect(r.measurement.source).toBe(source);
      if (growth !== null) expect(r.state.growthBytes).toBe(growth);
    }
  });

  test.each(cases)("%s, with CRLF line endings", (_name, bytes) => {
    const crlf = utf8(new TextDecoder().decode(bytes).replaceAll("\n", "\r\n"));
    expect(view(measure(memSource(crlf), null, { chunkBytes: 64 }))).toEqual(view(measure(memSource(bytes), null)));
  });

  test("a record spanning the 1 MiB chunk boundary", () => {
    const head = utf8(jsonl([A("m1", 5000), toolResult("y".repeat(300_000))]));
    const m2 = utf8(jsonl([A("m2", 9000)]));
    // The tool result's text is in the line twice (content and toolUseResult).
    const n = ((1 << 20) - Math.floor(m2.length / 2) - utf8(jsonl([toolResult("")])).length) / 2;
    const bytes = concat(head, m2, utf8(jsonl([toolResult("x".repeat(Math.floor(n)))])));
    const cut = bytes.length - (1 << 20);
    expect(cut > head.length && cut < head.length + m2.length).toBe(true); // m2 straddles it
    const r = measure(memSource(bytes), null);
    expect([r.measurement.tokens, r.state.growthBytes]).toEqual([10000, Math.floor(n)]);
    expect(r.info.bytesRead).toBeGreaterThan(1 << 20);
  });

  test("timestamps that go backwards do not matter: file order is truth", () => {
    const late = { ...A("m1", 7000), timestamp: "2030-01-01T00:00:00.000Z" };
    const early = { ...A("m2", 3000), timestamp: "2020-01-01T00:00:00.000Z" };
    expect(measure(memSource(utf8(jsonl([late, early]))), null).measurement.tokens).toBe(4000);
  });

  test("nothing qualifying within maxScanBytes is none", () => {
    const bytes = utf8(jsonl([A("m1", 7000), toolResult("x".repeat(5000))]));
    expect(measure(memSource(bytes), null, { maxScanBytes: 4000 }).measurement.source).toBe("none");
  });

  test("lines over maxLineBytes are skipped", () => {
    const bytes = utf8(jsonl([A("m1", 7000), A("m2", 9000, 0)]));
    const r = measure(memSource(bytes), null, { maxLineBytes: 100, chunkBytes: 64 });
    expect(r.measurement.source).toBe("none");
  });
});

const turn = (i: number, resultBytes: number, tokensPerTurn: number) => [
  A(`m${i}`, 10000 + i * tokensPerTurn, 0),
  toolResult("r".repeat(resultBytes)),
];

// Same size, different last record: what a rewrite in place looks like.
function rewriteLastUuid(b: Uint8Array): Uint8Array {
  const text = new TextDecoder().decode(b);
  const at = text.lastIndexOf('"uuid":"') + 9;
  return utf8(text.slice(0, at) + (text[at] === "f" ? "e" : "f") + text.slice(at + 1));
}

describe("incremental", () => {
  test.each(fixtures)("%s appended in steps equals the reference at every step", (f) => {
    const bytes = load(f);
    let state: MeterState | null = null;
    const cuts = Array.from({ length: Math.ceil(bytes.length / 1777) }, (_, i) => i * 1777);
    for (const cut of [...cuts, bytes.length]) {
      const part = bytes.subarray(0, cut);
      const r = measure(memSource(part), state);
      expect(view(r)).toEqual(refView(reference(part, { calibrate: true })));
      expect(r.state.calibration).toEqual(reference(part, { calibrate: true }).calibration);
      state = r.state;
    }
  });

  test("new bytes without a response keep the measurement and add growth", () => {
    const first = utf8(jsonl([A("m1", 7000)]));
    const s1 = measure(memSource(first), null).state;
    const r = measure(memSource(concat(first, utf8(jsonl([toolResult("x".repeat(3000))])))), s1);
    expect([r.info.mode, r.measurement.tokens, r.measurement.estimate]).toEqual(["append", 8000, 8000 + 10 + 1000]);
  });

  test.each(
    [
      ["file replaced", (b: Uint8Array) => memSource(b, "other")],
      ["file shrank", (b: Uint8Array) => memSource(b.subarray(0, 300))],
      ["file rewritten", (b: Uint8Array) => memSource(rewriteLastUuid(b))],
      ["large append", (b: Uint8Array) => memSource(concat(b, utf8(jsonl([toolResult("x".repeat(5000))]))))],
    ] as const,
  )("%s: measured fresh, calibration kept", (reason, next) => {
    const bytes = utf8(jsonl(Array.from({ length: 6 }, (_, i) => turn(i, 8000, 2000)).flat()));
    const s = measure(memSource(utf8("")), null).state;
    const s1 = measure(memSource(bytes), s).state;
    expect(s1.calibration.samples).toBe(5);
    const r = measure(next(bytes), s1, { maxAppendBytes: 4000 });
    expect([r.info.mode, r.info.reason]).toEqual(["fresh", reason]);
    expect(r.state.calibration).toEqual(s1.calibration);
    const all = next(bytes).read(0, next(bytes).size);
    expect(view(r)).toEqual(refView(reference(all, { startCalibration: s1.calibration })));
  });

  test("a read that comes back short reports none and starts over", () => {
    const r = measure(memSource(utf8(jsonl([A("m1", 7000)])), "mem", 5), null);
    expect([r.measurement.source, r.state.offset, r.info.reason]).toEqual(["none", 0, "file shrank while reading"]);
  });

  test.each([[4, 2000, 3.8, 4.01], [2, 4000, 1.99, 2.3]])(
    "calibration converges to %p bytes per token",
    (ratio, tokens, lo, hi) => {
      let state = measure(memSource(utf8("")), null).state;
      let bytes = utf8("");
      for (let i = 0; i < 40; i++) {
        bytes = concat(bytes, utf8(jsonl(turn(i, ratio * tokens, tokens))));
        state = measure(memSource(bytes), state).state;
      }
      const bpt = measure(memSource(bytes), state).info.bytesPerToken;
      expect(bpt).toBeGreaterThan(lo);
      expect(bpt).toBeLessThan(hi);
    },
  );
});

describe("MeterState", () => {
  test("round-trips through JSON", () => {
    const s = measure(memSource(utf8(jsonl([A("m1", 7000), toolResult("abc")]))), null).state;
    expect(parseMeterState(JSON.parse(JSON.stringify(s)))).toEqual(s);
  });

  test.each([null, 5, {}, { version: 2 }, { version: 1, fileId: "x", offset: -1 }])("rejects %p", (v) => {
    expect(parseMeterState(v)).toBeNull();
  });
});

describe("properties", () => {
  test("fresh measure at any chunk size equals the reference", () => {
    fc.assert(
      fc.property(transcript, fc.integer({ min: 1, max: 300 }), (t, chunkBytes) => {
        const bytes = utf8(t);
        expect(view(measure(memSource(bytes), null, { chunkBytes }))).toEqual(refView(reference(bytes)));
      }),
      { numRuns: 300 },
    );
  });

  test("appends split at random points equal the reference at every step", () => {
    fc.assert(
      fc.property(transcript, fc.array(fc.nat()), fc.integer({ min: 1, max: 300 }), (t, raw, chunkBytes) => {
        const bytes = utf8(t);
        const cuts = [0, ...raw.map((c) => c % (bytes.length + 1)).sort((a, b) => a - b), bytes.length];
        let state: MeterState | null = null;
        for (const cut of cuts) {
          const part = bytes.subarray(0, cut);
          const r = measure(memSource(part), state, { chunkBytes });
          const ref = reference(part, { calibrate: true });
          expect(view(r)).toEqual(refView(ref));
          expect(r.state.calibration).toEqual(ref.calibration);
          state = r.state;
        }
      }),
      { numRuns: 300 },
    );
  });
});
