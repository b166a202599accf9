import { afterAll, expect, test } from "bun:test";
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readAppended, readTail, statTranscript } from "../../src/edge/transcript-append.ts";

const dir = mkdtempSync(join(tmpdir(), "vigil-append-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const line = (n: number) => JSON.stringify({ type: "user", n }) + "\n";

test("reads complete lines from an offset and stops before a line still being written", () => {
  const f = join(dir, "a.jsonl");
  writeFileSync(f, line(1) + line(2) + '{"type":"us');
  const r = readAppended(f, 0);
  expect(r?.records.map((x) => [x.offset, x.record.n])).toEqual([[0, 1], [line(1).length, 2]]);
  expect(r?.end).toBe(line(1).length + line(2).length);
  appendFileSync(f, 'er","n":3}\n');
  expect(readAppended(f, r?.end ?? 0)?.records.map((x) => x.record.n)).toEqual([3]);
});

test("a line longer than the read cap is stepped over, and reading resumes after it", () => {
  const f = join(dir, "b.jsonl");
  const big = JSON.stringify({ type: "user", n: 0, pad: "x".repeat(5000) }) + "\n";
  writeFileSync(f, big + line(1));
  const first = readAppended(f, 0, { cap: 1024 });
  expect([first?.records.length, first?.mid, first?.end]).toEqual([0, true, 1024]);
  let at = first?.end ?? 0, mid = first?.mid ?? false;
  const seen: unknown[] = [];
  for (let i = 0; i < 10 && at < big.length + line(1).length; i++) {
    const r = readAppended(f, at, { cap: 1024, mid });
    seen.push(...(r?.records.map((x) => x.record.n) ?? []));
    at = r?.end ?? at;
    mid = r?.mid ?? false;
  }
  expect(seen).toEqual([1]);
});

test("a file replaced by a shorter one is read from the start; a missing file is null", () => {
  const f = join(dir, "c.jsonl");
  writeFileSync(f, line(7));
  expect(readAppended(f, 10_000)?.records.map((x) => x.record.n)).toEqual([7]);
  expect([readAppended(join(dir, "none"), 0), statTranscript(join(dir, "none"))]).toEqual([null, null]);
});

test("the tail starts at a line boundary", () => {
  const f = join(dir, "d.jsonl");
  writeFileSync(f, line(1) + line(2) + line(3));
  expect(readTail(f, line(3).length + 3)?.records.map((x) => x.record.n)).toEqual([3]);
});
