/**
 * `liveStore`, the store a long-lived process keeps (vigil serve): the same handle while the file
 * is the one it opened, a fresh handle once another process replaced the file (a recovery moves
 * a broken database aside and renames a fresh one over it), and `waitingFor` / `holdWriteLock`,
 * the fail-closed wait and the failure `doctor --prove` induces. Real SQLite files.
 */
import { afterAll, expect, test } from "bun:test";
import { existsSync, linkSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { liveStore, openStore } from "../../src/edge/store.ts";

const dir = mkdtempSync(join(tmpdir(), "vigil-live-store-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("the same handle while the file is unchanged; a fresh one after the file was replaced", () => {
  const file = join(dir, "replaced.db");
  const live = liveStore(file);
  const first = live.get();
  first.appendEvent(1, null, "hook_error", { error: "before" });
  expect(live.get()).toBe(first);
  expect(first.replaced()).toBe(false);

  // What a recovery in another process does (store.ts moveAside): the old file and its -wal and
  // -shm go under an aside name, and a fresh database is renamed over the file.
  const fresh = openStore(join(dir, "fresh.db"));
  fresh.appendEvent(2, null, "hook_error", { error: "fresh" });
  fresh.close();
  const aside = join(dir, "replaced.db.corrupt-1");
  linkSync(file, aside);
  for (const ext of ["-wal", "-shm"]) if (existsSync(file + ext)) renameSync(file + ext, aside + ext);
  renameSync(join(dir, "fresh.db"), file);
  expect(first.replaced()).toBe(true);
  const next = live.get();
  expect(next).not.toBe(first);
  next.appendEvent(3, null, "hook_error", { error: "after" });
  expect(next.events({}).map((e) => JSON.parse(e.detail).error)).toEqual(["fresh", "after"]);
  live.close();
});

test("a held write lock fails another writer; once released, a write goes through (inside waitingFor too)", () => {
  const file = join(dir, "locked.db");
  const holder = openStore(file);
  const other = openStore(file, { busyTimeoutMs: 50 });
  const release = holder.holdWriteLock();
  expect(() => other.appendEvent(1, null, "hook_error", { error: "x" })).toThrow(/locked|busy/);
  release();
  const wrote = other.waitingFor(5_000, () => (other.appendEvent(2, null, "hook_error", { error: "y" }), "written"));
  expect(wrote).toBe("written");
  expect(holder.events({}).map((e) => JSON.parse(e.detail).error)).toEqual(["y"]);
  holder.close();
  other.close();
});
