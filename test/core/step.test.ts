import { expect, test } from "bun:test";
import { applyEvents, loadSnapshot, newRow, snapshotRow } from "../../src/core/step.ts";

test("a version-1 snapshot keeps its state and counters and gains the version-2 fields", () => {
  const fresh = loadSnapshot(null, 0).snapshot;
  const applied = applyEvents(fresh, [
    { type: "identified", at: 1, role: "worker", agentType: "worker" },
    { type: "stopBlocked", at: 2 },
    { type: "idle", at: 3, idleMs: 60_000 },
  ]);
  const v2 = snapshotRow(newRow("s1", 0), applied, 3);
  // What MACHINE_VERSION 1 stored: the same snapshot without awaiting, asleep or host.
  const old = JSON.parse(v2.snapshot);
  for (
    const k of [
      "awaiting",
      "asleepUntil",
      "asleepCause",
      "crons",
      "stoppedAt",
      "host",
      "hardAt",
      "handoffAt",
      "handoffAsked",
    ]
  ) delete old.context[k];
  const { snapshot, migrated } = loadSnapshot({ ...v2, machine_version: 1, snapshot: JSON.stringify(old) }, 4);
  expect(migrated).toBe(null);
  expect(snapshot.value).toBe("stalled");
  expect(snapshot.context.stopBlocks).toBe(1);
  expect([snapshot.context.awaiting, snapshot.context.asleepUntil, snapshot.context.host]).toEqual([null, null, null]);
  const next = applyEvents(snapshot, [{
    type: "stopped",
    at: 5,
    awaiting: "question",
    asleepUntil: null,
    cause: null,
    crons: [],
  }]);
  expect(next.context.awaiting).toBe("question");
});

test("a current snapshot reads as written; one lacking a field gets that field's initial value", () => {
  const applied = applyEvents(loadSnapshot(null, 0).snapshot, [
    { type: "identified", at: 1, role: "worker", agentType: "worker" },
    { type: "stopBlocked", at: 2 },
  ]);
  const row = snapshotRow(newRow("s1", 0), applied, 2);
  const read = loadSnapshot(row, 3).snapshot;
  expect(read).toEqual(applied.snapshot);
  // Saved again unchanged, the row's text is the same (the statusline compares it to skip a write).
  expect(snapshotRow(row, { ...applied, snapshot: read }, 2).snapshot).toBe(row.snapshot);
  const lacking = JSON.parse(row.snapshot);
  delete lacking.context.restarts;
  delete lacking.context.host;
  const filled = loadSnapshot({ ...row, snapshot: JSON.stringify(lacking) }, 3).snapshot;
  expect(filled.context.restarts).toEqual([]);
  expect(filled.context.host).toBe(null);
  expect(filled.context.stopBlocks).toBe(1);
  expect(filled.context).toEqual(applied.snapshot.context);
});
