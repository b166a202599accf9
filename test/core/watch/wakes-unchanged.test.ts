/** A pending turn in a transcript the previous pass read as it is now is not read again (core/watch/wakes.ts). */
import { afterAll, expect, test } from "bun:test";
import { appendFileSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EMPTY_MEMO, type WatchMemo } from "../../../src/core/watch/memo.ts";
import { planWakes, type WakeReader } from "../../../src/core/watch/wakes.ts";
import { readAppended, readTail } from "../../../src/edge/transcript-append.ts";

const dir = mkdtempSync(join(tmpdir(), "vigil-wakes-unchanged-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const T0 = Date.UTC(2026, 11, 5, 1, 0);
const line = (o: unknown) => JSON.stringify(o) + "\n";
const at = (min: number) => new Date(T0 + min * 60_000).toISOString();
const prompt = (min: number, text: string) =>
  line({ type: "user", timestamp: at(min), message: { role: "user", content: text } });
const answer = (min: number, text: string) =>
  line({
    type: "assistant",
    timestamp: at(min),
    message: { id: `m${min}`, stop_reason: "end_turn", content: [{ type: "text", text }] },
  });

/** The real reader, counting what it reads. */
function reader() {
  const reads = { appended: 0, tail: 0 };
  const io: WakeReader = {
    appended: (path, from, mid) => (reads.appended++, readAppended(path, from, { mid })),
    tail: (path, bytes) => (reads.tail++, readTail(path, bytes)),
  };
  return { io, reads };
}

test("an unchanged transcript with a pending turn: the same cursor and no wakes, without reading it; a death reads it", () => {
  const path = join(dir, "s1.jsonl");
  writeFileSync(
    path,
    prompt(0, "step one") + answer(1, "done with step one") + line({ type: "system", timestamp: at(2) }),
  );
  const size = statSync(path).size;
  const first = planWakes(path, size, { ...EMPTY_MEMO }, reader().io, { now: T0 + 3 * 60_000, down: false });
  expect(first.cursor?.pendingEndAt).toBe(T0 + 60_000);
  const memo: WatchMemo = { ...EMPTY_MEMO, wake: first.cursor };
  const opts = { now: T0 + 10 * 60_000, down: false, alive: true, lastPass: T0 + 3 * 60_000 };
  const full = reader(), skipped = reader();
  const read = planWakes(path, size, memo, full.io, opts);
  const kept = planWakes(path, size, memo, skipped.io, { ...opts, unchanged: true });
  expect(full.reads.appended).toBe(1);
  expect(skipped.reads).toEqual({ appended: 0, tail: 0 });
  expect(kept).toEqual(read);
  expect(kept.events).toEqual([]);
  // Found dead this pass, the turn is closed from a read of the file, unchanged or not.
  const dead = reader();
  const down = { ...opts, down: true, restartMayFollow: false };
  expect(planWakes(path, size, memo, dead.io, { ...down, unchanged: true })).toEqual(
    planWakes(path, size, memo, reader().io, down),
  );
  expect(dead.reads.appended).toBe(1);
  // A prompt appended: read again, and the turn is woken.
  appendFileSync(path, prompt(20, "next"));
  const grown = planWakes(path, statSync(path).size, memo, reader().io, opts);
  expect(grown.events.map((e) => e.kind)).toEqual(["wake"]);
});
