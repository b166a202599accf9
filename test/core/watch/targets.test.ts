import { expect, test } from "bun:test";
import { newRow } from "../../../src/core/step.ts";
import type { SnapshotEntry } from "../../../src/night/setting.ts";
import { gatherTargets, transcriptPathFor } from "../../../src/core/watch/targets.ts";
import type { RegistryEntry } from "../../../src/edge/registry.ts";
import type { SessionRow } from "../../../src/edge/store.ts";
import type { WatchRow } from "../../../src/edge/store/watch.ts";

const T = 1_796_000_000_000;
const reg = (pid: number, procStart: string): RegistryEntry => ({
  pid,
  sessionId: "s",
  cwd: "/w",
  startedAt: T,
  procStart,
  version: null,
  kind: null,
  entrypoint: null,
  name: "reg-name",
  status: null,
  updatedAt: null,
  tmux: { raw: "x:@1.%3", session: "x", window: "@1", pane: "%3" },
  file: `/c/sessions/${pid}.json`,
});
const row = (pid: number | null, state = "normal", updated = T): SessionRow => ({
  ...newRow("s", T),
  pid,
  state,
  cwd: "/w",
  transcript_path: "/t/s.jsonl",
  updated_at: updated,
});
const watch = (pid: number, checked: number): WatchRow => ({
  session_id: "s",
  pid,
  proc_start: "learned",
  started_at: T - 5,
  cwd: "/w",
  transcript_path: "/t/s.jsonl",
  name: null,
  pane: null,
  size: null,
  mtime: null,
  last_growth_at: null,
  alive_at: null,
  memo: "{}",
  seen_at: checked,
  checked_at: checked,
});
const snap: SnapshotEntry = {
  sessionId: "s",
  pid: 40,
  procStart: "snap",
  startedAt: T - 9,
  name: "night-name",
  cwd: "/w",
  transcriptPath: null,
  pane: "%9",
};

test.each(
  [
    ["the live registry wins", [row(10)], [watch(20, T)], [reg(30, "r")], [snap], [30, "r", T]],
    ["then what the watcher learned", [row(20)], [watch(20, T)], [], [snap], [20, "learned", T - 5]],
    ["a hook's newer pid beats the watcher's memory", [row(10, "normal", T + 9)], [watch(20, T)], [], [], [
      10,
      null,
      T + 9,
    ]],
    ["then the night snapshot", [], [], [], [snap], [40, "snap", T - 9]],
    ["then the pid a hook recorded, alive at its last hook", [row(10)], [], [], [], [10, null, T]],
    ["no pid anywhere", [row(null)], [], [], [], [null, null, null]],
  ] as const,
)("identity: %s", (_name, rows, watches, registry, snapshot, want) => {
  const [t] = gatherTargets({
    rows: [...rows],
    watch: new Map(watches.map((w) => [w.session_id, w])),
    registry: [...registry],
    snapshot: [...snapshot],
    configDir: "/c",
  });
  expect([t.pid, t.procStart, t.startedAt]).toEqual([...want]);
});

test.each([
  ["ended by SessionEnd: not watched", "dead", "hook", false, 0],
  ["dead by the watcher's own report: still watched", "dead", "watch", false, 1],
  ["ended, but running again in the registry: watched", "dead", "hook", true, 1],
  ["alive: watched", "normal", null, false, 1],
])("%s", (_name, state, endedBy, inRegistry, n) => {
  // Who saw the end is the machine's (context.endedBy), not a flag in the watch table.
  const machine = { ...row(10, state), snapshot: JSON.stringify({ value: state, context: { endedBy } }) };
  const targets = gatherTargets({
    rows: [machine],
    watch: new Map([["s", watch(10, T)]]),
    registry: inRegistry ? [reg(30, "r")] : [],
    snapshot: [],
    configDir: "/c",
  });
  expect(targets.length).toBe(n);
});

test("a session only in the registry gets Claude Code's transcript path, name and pane", () => {
  const [t] = gatherTargets({ rows: [], watch: new Map(), registry: [reg(30, "r")], snapshot: [], configDir: "/c/" });
  expect([t.transcriptPath, t.name, t.pane, t.sources]).toEqual(["/c/projects/-w/s.jsonl", "reg-name", "%3", [
    "registry",
  ]]);
  expect(transcriptPathFor("/home/u/.claude", "/home/u/work/my.repo", "id")).toBe(
    "/home/u/.claude/projects/-home-u-work-my-repo/id.jsonl",
  );
});

test("an id the registry listed for a moment, with no transcript, is not watched once its pid serves another session", () => {
  // 2.1.88 registers a resumed process under a fresh id first, then rewrites the entry to the
  // resumed session's: the fresh id never held a conversation, so nothing of it died.
  const transient = { ...watch(719, T), session_id: "fresh", transcript_path: "/t/fresh.jsonl" };
  const resumed = { ...reg(719, "r") };
  const targets = gatherTargets({
    rows: [{ ...row(null, "normal", T), session_id: "fresh", transcript_path: "/t/fresh.jsonl" }],
    watch: new Map([["fresh", transient]]),
    registry: [resumed],
    snapshot: [],
    configDir: "/c",
  });
  expect(targets.map((t) => t.sessionId)).toEqual(["s"]);
  // One that wrote a transcript is a session that ended (e.g. /clear): still looked at.
  const wrote = { ...transient, size: 1200 };
  const kept = gatherTargets({
    rows: [],
    watch: new Map([["fresh", wrote]]),
    registry: [resumed],
    snapshot: [],
    configDir: "/c",
  });
  expect(kept.map((t) => t.sessionId).sort()).toEqual(["fresh", "s"]);
});
