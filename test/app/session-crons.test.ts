import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { keepOwnCrons, readOwnCrons } from "../../src/app/session-crons.ts";
import { parseHookPayload } from "../../src/core/payload.ts";
import { openStore } from "../../src/edge/store.ts";

const BASE = { session_id: "s1", transcript_path: "/t.jsonl", cwd: "/w" };
function payload(raw: Record<string, unknown>) {
  const p = parseHookPayload(JSON.stringify({ ...BASE, ...raw }));
  if (!p.ok) throw new Error(p.error);
  return p.value;
}
// The shape 2.1.332 sent on Stop after a ScheduleWakeup (observed; ids and times ours).
const STOP = payload({
  hook_event_name: "Stop",
  session_crons: [{ id: "c1", schedule: "35 19 * * *", recurring: false, prompt: "/loop check the CI run" }, {
    id: "c2",
    schedule: "* * * * *",
  }],
});

test("the last Stop's crons are kept in a real store, replaced by the next Stop and forgotten at SessionEnd", () => {
  const dir = mkdtempSync(join(tmpdir(), "vigil-crons-"));
  const store = openStore(join(dir, "vigil.db"));
  try {
    expect(readOwnCrons(store, "s1")).toEqual([]);
    keepOwnCrons(store, STOP);
    expect(readOwnCrons(store, "s1")).toEqual(["/loop check the CI run"]);
    expect(readOwnCrons(store, "s2")).toEqual([]);
    // a Stop of an older version without the field says nothing about crons
    keepOwnCrons(store, payload({ hook_event_name: "Stop" }));
    expect(readOwnCrons(store, "s1")).toEqual(["/loop check the CI run"]);
    // other events neither
    keepOwnCrons(store, payload({ hook_event_name: "UserPromptSubmit", prompt: "x" }));
    expect(readOwnCrons(store, "s1")).toEqual(["/loop check the CI run"]);
    keepOwnCrons(store, payload({ hook_event_name: "Stop", session_crons: [] }));
    expect(readOwnCrons(store, "s1")).toEqual([]);
    keepOwnCrons(store, STOP);
    keepOwnCrons(store, payload({ hook_event_name: "SessionEnd", reason: "other" }));
    expect(readOwnCrons(store, "s1")).toEqual([]);
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
