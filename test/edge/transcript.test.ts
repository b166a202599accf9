import { afterAll, describe, expect, test } from "bun:test";
import {
  appendFileSync,
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  measureTranscript,
  type MeterState,
  readTranscriptFacts,
  transcriptFactsReader,
} from "../../src/edge/transcript.ts";
import { refView, view } from "../fixtures/transcripts/memory.ts";
import {
  assistant,
  attachment,
  boundary,
  jsonl,
  prompt,
  summary,
  toolResult,
} from "../fixtures/transcripts/records.ts";
import { reference } from "../fixtures/transcripts/reference.ts";

const FIX = join(import.meta.dir, "../fixtures/claude-code-2.1.328");
const fixtures = [
  ...readdirSync(join(FIX, "transcripts")).map((f) => join(FIX, "transcripts", f)),
  join(FIX, "demo-session/transcript.jsonl"),
];
const dir = mkdtempSync(join(tmpdir(), "vigil-meter-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const tmp = () => join(dir, `t${n++}.jsonl`);
const bytesOf = (p: string) => new Uint8Array(readFileSync(p));
const A = (id: string, input: number, output = 10) => assistant(id, { input, cacheRead: 1000, output });

describe("measureTranscript", () => {
  test.each(fixtures)("%s equals the reference", (f) => {
    expect(view(measureTranscript(f, null))).toEqual(refView(reference(bytesOf(f))));
  });

  test.each([
    ["a missing file", join(dir, "nope.jsonl")],
    ["a directory", dir],
  ])("%s is none, not a throw", (_name, p) => {
    const r = measureTranscript(p, null);
    expect(r.measurement).toEqual({ tokens: null, estimate: null, window: null, source: "none" });
    expect(r.info.reason).toContain(p);
  });

  test("appends in steps, partial lines included, equal the reference at every step", () => {
    const p = tmp();
    writeFileSync(p, "");
    let state: MeterState | null = measureTranscript(p, null).state;
    const all = new TextEncoder().encode(readFileSync(join(FIX, "demo-session/transcript.jsonl"), "utf8"));
    for (let at = 0; at < all.length; at += 3001) {
      const part = all.subarray(at, Math.min(all.length, at + 3001));
      appendFileSync(p, part);
      const r = measureTranscript(p, state);
      const ref = reference(bytesOf(p), { calibrate: true });
      expect(view(r)).toEqual(refView(ref));
      expect(r.info.mode).toBe("append");
      state = r.state;
    }
    expect(state?.anchor).toMatchObject({ kind: "assistant", tokens: 330000 });
  });

  // Built anew each time: same size, new uuids, as a rewritten transcript would be.
  const build = () => jsonl([A("m1", 7000), toolResult("x".repeat(4000)), A("m2", 9000), toolResult("abc")]);
  test.each(
    [
      ["file shrank", (p: string) => truncateSync(p, 700)],
      ["file replaced", (p: string) => {
        writeFileSync(p + ".new", build());
        renameSync(p + ".new", p);
      }],
      ["file rewritten", (p: string) => writeFileSync(p, build())],
    ] as const,
  )("%s between calls: measured fresh", (reason, change) => {
    const p = tmp();
    writeFileSync(p, build());
    const first = measureTranscript(p, null);
    expect(first.measurement.tokens).toBe(10000);
    change(p);
    const r = measureTranscript(p, first.state);
    expect([r.info.mode, r.info.reason]).toEqual(["fresh", reason]);
    expect(view(r)).toEqual(refView(reference(bytesOf(p))));
  });

  test("a 1.5 MB file: the newest record spans the 1 MiB read", () => {
    const p = tmp();
    writeFileSync(p, jsonl([A("m1", 5000), toolResult("y".repeat(400_000))]));
    appendFileSync(p, jsonl([A("m2", 9000, 77), toolResult("z".repeat(520_000))]));
    const r = measureTranscript(p, null);
    expect([r.measurement.tokens, r.info.outputTokens, r.state.growthBytes]).toEqual([10000, 77, 520_000]);
    expect(r.info.bytesRead).toBeGreaterThan(1 << 20);
  });
});

describe("readTranscriptFacts", () => {
  test.each(
    [
      ["transcripts/bg.jsonl", "task-notification", "system", false, "<task-notification>", undefined],
      ["transcripts/deny-stop.jsonl", null, null, true, "Stop hook feedback:", undefined],
      ["transcripts/tui2.jsonl", "human", "typed", false, "do the task", undefined],
      ["transcripts/autocompact.jsonl", null, null, false, "This session is being continued", true],
      ["transcripts/basic.jsonl", null, null, false, "<local-command-stdout>", false],
    ] as const,
  )("%s", (f, originKind, promptSource, isMeta, text, restoreLanded) => {
    const facts = readTranscriptFacts(join(FIX, f));
    expect(facts.lastUser).toMatchObject({ originKind, promptSource, isMeta });
    expect(facts.lastUser?.text?.startsWith(text)).toBe(true);
    expect(facts.restoreLanded).toBe(restoreLanded);
  });

  const ctx = (event: string) => attachment("hook_additional_context", "restored state", event);
  test.each([
    [
      "tool results and sidechain prompts are not the last prompt",
      [prompt("real"), A("m1", 5), toolResult("out"), prompt("sub", { sidechain: true })],
      "real",
      undefined,
    ],
    [
      "context after the newest boundary landed",
      [boundary(100), summary("s"), ctx("SessionStart"), prompt("go")],
      "go",
      true,
    ],
    [
      "context only before the newest boundary did not",
      [ctx("SessionStart"), boundary(100), summary("s"), prompt("go")],
      "go",
      false,
    ],
    [
      "context from another event did not",
      [boundary(100), summary("s"), ctx("UserPromptSubmit")],
      "This session",
      false,
    ],
  ])("%s", (_name, records, text, restoreLanded) => {
    const p = tmp();
    writeFileSync(p, jsonl(records));
    const facts = readTranscriptFacts(p);
    expect(facts.lastUser?.text?.includes(text)).toBe(true);
    expect(facts.restoreLanded).toBe(restoreLanded);
  });

  test("a prompt glued to a tool result on one line is still found", () => {
    const p = tmp();
    writeFileSync(p, JSON.stringify(prompt("glued")) + JSON.stringify(toolResult("out")) + "\n");
    expect(readTranscriptFacts(p).lastUser?.text).toBe("glued");
  });

  test("a boundary beyond maxScanBytes is out of reach", () => {
    const p = tmp();
    writeFileSync(p, jsonl([boundary(100), ctx("SessionStart"), prompt("x".repeat(5000))]));
    expect(readTranscriptFacts(p, { maxScanBytes: 4000 }).restoreLanded).toBeUndefined();
    expect(readTranscriptFacts(p).restoreLanded).toBe(true);
  });

  test("a missing file has no facts", () => {
    mkdirSync(join(dir, "empty"), { recursive: true });
    expect(readTranscriptFacts(join(dir, "empty/none.jsonl"))).toEqual({});
  });
});

describe("transcriptFactsReader: a serve's reader that continues from its last read", () => {
  test.each(fixtures.map((f) => [f.slice(FIX.length + 1), f]))(
    "%s written in pieces, each cut anywhere: the same facts as a fresh read, bounded or not",
    (_name, f) => {
      const bytes = readFileSync(f);
      const p = tmp();
      writeFileSync(p, "");
      const read = transcriptFactsReader();
      let at = 0, seed = 7;
      while (at < bytes.length) {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        const next = Math.min(bytes.length, at + 1 + (seed % 6000));
        appendFileSync(p, bytes.subarray(at, next));
        at = next;
        // the meter's offset can lag the file (the hook bounds the read by it)
        const upTo = seed % 3 === 0 ? Math.max(0, at - (seed % 900)) : undefined;
        expect(read(p, upTo)).toEqual(readTranscriptFacts(p, {}, upTo));
      }
    },
  );

  test("a replaced, truncated or vanished file is read afresh", () => {
    const p = tmp();
    const read = transcriptFactsReader();
    writeFileSync(
      p,
      jsonl([prompt("first"), boundary(100), attachment("hook_additional_context", "r", "SessionStart")]),
    );
    expect(read(p)).toMatchObject({ lastUser: { text: "first" }, restoreLanded: true });
    const q = tmp();
    writeFileSync(q, jsonl([prompt("second")]));
    renameSync(q, p);
    expect(read(p)).toEqual(readTranscriptFacts(p));
    expect(read(p).restoreLanded).toBeUndefined();
    truncateSync(p, 0);
    appendFileSync(p, jsonl([prompt("third"), boundary(100)]));
    expect(read(p)).toMatchObject({ lastUser: { text: "third" }, restoreLanded: false });
    rmSync(p);
    expect(read(p)).toEqual({});
  });

  // A prompt rewritten in place (same inode, the sealed last bytes unchanged) shows whether a
  // file's last read was kept: kept, the appended line is all that is read and the old text
  // stays; dropped, the file is read afresh. Claude Code only appends, so the first is right.
  test("it keeps at most its limit of files, the least recently read dropped first", () => {
    const read = transcriptFactsReader(2);
    const files = [tmp(), tmp(), tmp()];
    const rewrite = (f: string) => {
      const fd = openSync(f, "r+");
      const at = readFileSync(f).indexOf("aaaa");
      writeSync(fd, "bbbb", at);
      closeSync(fd);
      appendFileSync(f, jsonl([A("m9", 5)]));
    };
    for (const f of files) writeFileSync(f, jsonl([prompt("aaaa"), A("m1", 5)]));
    for (const f of [files[0], files[1], files[0], files[2]]) read(f);
    for (const f of files) rewrite(f);
    // files[1] was read least recently: dropped when files[2] came in
    // (the kept ones first: reading the dropped one brings it back and drops another)
    expect([files[2], files[0], files[1]].map((f) => read(f).lastUser?.text)).toEqual(["aaaa", "aaaa", "bbbb"]);
  });
});
