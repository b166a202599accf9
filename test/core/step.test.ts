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
