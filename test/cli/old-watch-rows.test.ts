/**
 * After an upgrade, a store still holds what older versions of the watch wrote: its own `down`
 * and `stale` rows, the stall's end patched into the `stale` row (`endedAt`). The watch no longer
 * writes those (a death and a stall are the machine's `died` and `stalled`, a stall's end its
 * `revived`), and every reader must still count them as the facts they recorded: `night status`'s
 * ledger, `report` and `/metrics`. Through the compiled binary, over a real SQLite file holding
 * rows in the older shapes.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { startServe, testEnv, vigil } from "../support/vigil.ts";

const MIN = 60_000;
const procs: { kill(): void }[] = [];
afterAll(() => {
  for (const p of procs) p.kill();
});

test(
  "an older version's down and stale rows read as a death and stalls in night status, report and /metrics",
  async () => {
    const env = testEnv();
    const t0 = Date.now() - 2 * 60 * MIN;
    const at = (t: number) => ({ ...env, VIGIL_NOW: String(t) });
    const cwd = join(env.HOME, "work");
    mkdirSync(cwd, { recursive: true });
    const transcript = join(env.HOME, "t.jsonl");
    writeFileSync(transcript, "");
    const ids = ["sess-old-dead", "sess-old-open", "sess-old-ended"];
    for (const id of ids) {
      const prompt = { hook_event_name: "UserPromptSubmit", session_id: id, transcript_path: transcript, cwd };
      expect(vigil(["hook"], JSON.stringify({ ...prompt, prompt: "go" }), at(t0)).code).toBe(0);
    }
    expect(vigil(["night", "on", "--force", "--scope", cwd], "", at(t0)).code).toBe(0);

    // Rows as the watch wrote them before: a death, an open stall, a stall its end was patched into.
    const db = new Database(join(env.VIGIL_HOME, "vigil.db"));
    const row = db.query("INSERT INTO events (at, session_id, kind, detail) VALUES (?, ?, ?, ?)");
    const identity = { pid: 4242, name: null, cwd };
    row.run(
      t0 + 30 * MIN,
      ids[0],
      "down",
      JSON.stringify({
        verdict: "down",
        reason: "process gone",
        ...identity,
        procStart: "123",
        lastActivityAt: t0 + 20 * MIN,
        delayMs: 10 * MIN,
        aliveAt: t0 + 25 * MIN,
        sinceAliveMs: 5 * MIN,
        samples: [],
      }),
    );
    const stale = (lastGrowthAt: number) => ({ idleMs: 45 * MIN, lastGrowthAt, ...identity, checkedAt: t0 + 60 * MIN });
    row.run(t0 + 60 * MIN, ids[1], "stale", JSON.stringify(stale(t0 + 15 * MIN)));
    row.run(t0 + 60 * MIN, ids[2], "stale", JSON.stringify({ ...stale(t0 + 15 * MIN), endedAt: t0 + 70 * MIN }));
    db.close();

    const until = t0 + 100 * MIN;
    const status = vigil(["night", "status", "--json"], "", at(until));
    expect(status.code).toBe(0);
    const ledger = JSON.parse(status.stdout).ledger;
    // One death (dead from +30 to the end: 70 min); the open stall from its last growth (+15) to the
    // end (85 min); the one whose end was patched in is no longer stalled.
    expect([ledger.deaths.map((d: { sessionId: string }) => d.sessionId), ledger.idleMinutes.dead]).toEqual([
      [ids[0]],
      70,
    ]);
    expect(ledger.idleMinutes.stalled).toBe(85);

    const report = JSON.parse(
      vigil(["report", "--json", "--since", new Date(t0 - MIN).toISOString()], "", at(until)).stdout,
    );
    const marks = (id: string) =>
      (report.sessions.find((x: { session_id: string }) => x.session_id === id)?.marks ?? [])
        .map((m: { category: string }) => m.category)
        .filter((c: string) => c === "down" || c === "stale");
    expect(ids.map(marks)).toEqual([["down"], ["stale"], ["stale"]]);

    const serve = await startServe(env);
    procs.push(serve.proc);
    const text = await (await fetch(`${serve.url}/metrics`)).text();
    expect(text.split("\n").filter((l) => l.startsWith("vigil_watch_detections_total{")).sort()).toEqual([
      'vigil_watch_detections_total{kind="down"} 1',
      'vigil_watch_detections_total{kind="stale"} 2',
    ]);
  },
  60_000,
);
