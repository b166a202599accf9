/** judgeRestart: when a sent restart counts, and when it has failed (product.md section 7). */
import { expect, test } from "bun:test";
import { judgeRestart, type PendingRestart, RESTART_VERIFY_MS } from "../../../src/core/watch/restart-check.ts";

const rc: PendingRestart = { at: 1_000_000, size: 500, mtime: 900_000, pane: "%7" };
const unchanged = { size: 500, mtimeMs: 900_000 };
const grown = { size: 900, mtimeMs: 1_010_000 };
const at = (ms: number) => ({ now: rc.at + ms, growthAt: rc.at + ms });

test("alive and written: verified, with the delay to the first write", () => {
  const j = judgeRestart(rc, { alive: true, stat: grown, ...at(20_000), growthAt: rc.at + 12_000 });
  expect(j).toMatchObject({ resolved: true, verified: true, detail: { afterMs: 12_000, verified: true } });
});

test("neither yet, inside the window, pane still there: still open", () => {
  expect(judgeRestart(rc, { alive: false, stat: unchanged, ...at(30_000), exited: false })).toEqual({
    resolved: false,
  });
});

test("the restart's pane exited without a write: failed at once, inside the window", () => {
  const j = judgeRestart(rc, { alive: false, stat: unchanged, ...at(15_000), exited: true });
  expect(j).toMatchObject({ resolved: true, verified: false });
  if (j.resolved) expect(j.detail.failed).toBe("process exited without writing its transcript (seen 15 s after)");
});

test("a pane gone after the transcript was written, or while the process runs, is not an early failure", () => {
  expect(judgeRestart(rc, { alive: false, stat: grown, ...at(15_000), exited: true })).toEqual({ resolved: false });
  // Alive and written wins over a pane that went away (the session was moved to another pane).
  expect(judgeRestart(rc, { alive: true, stat: grown, ...at(15_000), exited: true })).toMatchObject({ verified: true });
});

test("the window passed without both: failed, saying what was missing", () => {
  const j = judgeRestart(rc, { alive: true, stat: unchanged, ...at(RESTART_VERIFY_MS) });
  expect(j).toMatchObject({ resolved: true, verified: false });
  if (j.resolved) expect(j.detail.failed).toBe("transcript not written within 3 min");
});
