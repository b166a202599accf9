import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore } from "../../../src/edge/store.ts";
import { acquireWatchLock, type LockHolder, releaseWatchLock } from "../../../src/edge/store/pass-lock.ts";

const dir = mkdtempSync(join(tmpdir(), "vigil-lock-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const A: LockHolder = { pid: 101, start: "5000" };
const B: LockHolder = { pid: 202, start: "6000" };
const T = 1_796_000_000_000;

test.each(
  [
    ["a free lock is taken", [], B, true],
    ["a live holder keeps it", [A], B, false],
    ["the same holder takes it again (a loop's next pass)", [A], A, true],
    ["a dead holder loses it", [{ pid: 101, start: "5000", dead: true }], B, true],
    ["an expired lease is taken over", [{ pid: 101, start: "5000", expired: true }], B, true],
  ] as const,
)("%s", (_name, held, who, ok) => {
  const store = openStore(join(dir, `${Math.random()}.db`));
  const dead = new Set<number>();
  for (const h of held) {
    const at = "expired" in h ? T - 60 * 60_000 : T;
    expect(acquireWatchLock(store, h, { now: at, isAlive: () => true }).ok).toBe(true);
    if ("dead" in h) dead.add(h.pid);
  }
  const r = acquireWatchLock(store, who, { now: T + 1000, isAlive: (h) => !dead.has(h.pid) });
  expect(r.ok).toBe(ok);
  if (!r.ok) expect([r.holder.pid, r.holder.start]).toEqual([A.pid, A.start]);
  store.close();
});

test("release frees it for the next pass, and never frees another holder's lock", () => {
  const store = openStore(join(dir, "release.db"));
  const alive = { now: T, isAlive: () => true };
  expect(acquireWatchLock(store, A, alive).ok).toBe(true);
  releaseWatchLock(store, B);
  expect(acquireWatchLock(store, B, alive).ok).toBe(false);
  releaseWatchLock(store, A);
  expect(acquireWatchLock(store, B, alive).ok).toBe(true);
  store.close();
});
