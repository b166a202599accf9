/** The last proof: parsed defensively, and judged against the installed version. */
import { expect, test } from "bun:test";
import { describeProof, type LastProof, parseLastProof, proofState } from "../../src/core/prove/last-proof.ts";

const AT = Date.UTC(2026, 11, 1, 19, 40);
const ok: LastProof = { version: "2.1.332", at: AT, ok: true, failed: [], durationMs: 20_000, binary: null };

test.each([
  ["absent", null, null],
  ["not JSON", "{", null],
  ["missing fields", JSON.stringify({ version: "2.1.332" }), null],
  ["whole", JSON.stringify({ ...ok, binary: { path: "/c", size: 1, mtimeMs: 2 } }), {
    ...ok,
    binary: { path: "/c", size: 1, mtimeMs: 2 },
  }],
  ["junk in lists", JSON.stringify({ ...ok, failed: ["worktree", 3], binary: { path: 1 } }), {
    ...ok,
    failed: ["worktree"],
  }],
])("parse: %s", (_name, text, want) => {
  expect(parseLastProof(text)).toEqual(want);
});

test.each([
  ["never", null, "2.1.332", "none", "never proven on this machine"],
  ["this version", ok, "2.1.332", "fresh", "proven on Claude Code 2.1.332 at 2026-12-01 19:40 UTC"],
  ["version unknown", ok, null, "fresh", "proven on Claude Code 2.1.332 at 2026-12-01 19:40 UTC"],
  [
    "updated since",
    ok,
    "2.1.333",
    "stale",
    "stale: last proven on Claude Code 2.1.332 at 2026-12-01 19:40 UTC, 2.1.333 is installed",
  ],
  [
    "failed",
    { ...ok, ok: false, failed: ["stop-block", "worktree"] },
    "2.1.332",
    "failed",
    "failed on Claude Code 2.1.332 at 2026-12-01 19:40 UTC (stop-block, worktree)",
  ],
])("state: %s", (_name, last, installed, kind, text) => {
  const s = proofState(last, installed);
  expect([s.kind, describeProof(s)]).toEqual([kind, text]);
});
