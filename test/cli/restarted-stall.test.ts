/**
 * Issue 30's leftover, through the compiled binary: a session the watch restarted stalls later,
 * is nudged, and works again; its stall must end then. Claude Code's own hooks see the work
 * first (the tool call's PostToolUse reaches vigil before the watch's next pass), so a stall
 * that only the watch could close (a patched `endedAt` once the watch saw growth in a session
 * still `stalled`) stayed open to the end of the night. The stall's end is the machine's
 * `revived`, whoever applied the activity. Real processes: a stand-in session killed for real,
 * a restart through a private tmux server into a stand-in `claude` that draws a stand-in input box (a nudge is
 * typed only into a pane drawing one, src/edge/tmux.ts `sendPrompt`), `vigil watch --once` and
 * `vigil hook` as children at a pinned clock, the store read back from its SQLite file.
 */
import { afterEach, expect, test } from "bun:test";
import { appendFileSync, existsSync, readFileSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { readAuditRecords } from "../../src/core/audit-details.ts";
import { type Kit, nightKit } from "../support/night-kit.ts";
import { startServe } from "../support/vigil.ts";

const MIN = 60_000;
const NUDGE = "Carry on with the ticket";
const CONFIG = [
  `recovery = "restart"`,
  `recover_outside_night = true`,
  `restart_verify_minutes = 2`,
  `stale_after_minutes = 10`,
  `nudge_text = "${NUDGE}"`,
].join("\n");
let kit: Kit | null = null;
afterEach(() => {
  kit?.close();
  kit = null;
});

/** The lines the restarted session's stand-in input box took with Enter (what a nudge typed and submitted). */
function submitted(k: Kit, id: string): string[] {
  const f = join(k.env.HOME, `box-${id}`, "submitted.jsonl");
  return existsSync(f) ? readFileSync(f, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as string) : [];
}

/** The session's records as this version reads them (an older binary's rows included), oldest first. */
function records(k: Kit, id: string) {
  const db = new Database(join(k.env.VIGIL_HOME, "vigil.db"), { readonly: true });
  try {
    return db.query<{ at: number; kind: string; detail: string }, [string]>(
      "SELECT at, kind, detail FROM events WHERE session_id = ? ORDER BY id",
    ).all(id).flatMap((r) => readAuditRecords(r.kind, r.detail, r.at));
  } finally {
    db.close();
  }
}

test(
  "a restarted session's later stall ends when work resumes after its nudge, though a hook saw the work first",
  async () => {
    const k = kit = nightKit(CONFIG);
    k.claude("comes-back-with-box");
    const s = await k.session("sess-restarted");
    const t0 = Date.now();
    expect((await k.run(["night", "on", "--force", "--scope", s.cwd], t0 - 1000)).code).toBe(0);
    await k.pass(t0);
    await s.kill();
    await k.pass(t0 + 3 * MIN);
    // The stand-in registers and writes on the real clock; wait for it before the next pass.
    for (let i = 0; i < 200 && Bun.file(s.transcript).size < 100; i++) await Bun.sleep(25);
    await k.pass(t0 + 4 * MIN);
    expect(k.events("restart_check", s.id).map((e) => e.verified)).toEqual([true]);

    // Quiet past the threshold: STALE, and nudged into the restart's pane through its input box. The
    // session answers the submitted nudge with work (a tool call) while the pass waits for the nudge's receipt.
    const workAt = t0 + 16 * MIN;
    const tool = { type: "tool_use", id: "tu-1", name: "Bash", input: { command: "npm test" } };
    const stale = k.pass(t0 + 15 * MIN);
    let done = false;
    void stale.finally(() => (done = true));
    while (!done && !submitted(k, s.id).some((l) => l.includes(NUDGE))) await Bun.sleep(50);
    appendFileSync(
      s.transcript,
      JSON.stringify({
        type: "assistant",
        timestamp: new Date(workAt).toISOString(),
        isSidechain: false,
        message: { id: "m-1", role: "assistant", stop_reason: "tool_use", content: [tool] },
      }) + "\n",
    );
    utimesSync(s.transcript, workAt / 1000, workAt / 1000);
    await stale;
    const stalls = records(k, s.id).filter((r) => r.kind === "stalled");
    expect(stalls.map((r) => r.at)).toEqual([t0 + 15 * MIN]);
    expect(k.events("nudge", s.id).map((e) => e.ok)).toEqual([true]);
    expect(submitted(k, s.id)).toEqual([`[vigil nudge] ${NUDGE}`]);
    expect(k.events("nudge_receipt", s.id).map((e) => e.firstRecordAt)).toEqual([workAt]);

    // Its PostToolUse reaches vigil before the watch's next pass, as Claude Code's hooks do.
    const hook = {
      hook_event_name: "PostToolUse",
      session_id: s.id,
      transcript_path: s.transcript,
      cwd: s.cwd,
      tool_name: "Bash",
      tool_input: tool.input,
      tool_response: { stdout: "ok" },
    };
    expect((await k.run(["hook"], workAt, JSON.stringify(hook))).code).toBe(0);
    await k.pass(t0 + 17 * MIN);
    await k.pass(t0 + 20 * MIN);

    // The stall ended at the work, once, and no second stall was opened for the same quiet.
    const after = records(k, s.id).filter((r) => r.at >= t0 + 15 * MIN);
    expect(after.filter((r) => r.kind === "stalled" || r.kind === "revived").map((r) => [r.kind, r.at])).toEqual([
      ["stalled", t0 + 15 * MIN],
      ["revived", workAt],
    ]);
    // The night's ledger does not count the ended stall as stalled to the night's end.
    const status = await k.run(["night", "status", "--json"], t0 + 60 * MIN);
    const stalled: unknown = JSON.parse(status.stdout).ledger?.idleMinutes?.stalled;
    expect(typeof stalled).toBe("number");
    expect(Number(stalled)).toBeLessThanOrEqual(16);

    // `report` and `/metrics` read the same facts: one death and one stall the watch found.
    const report = await k.run(["report", "--json", "--since", new Date(t0 - MIN).toISOString()], t0 + 60 * MIN);
    const mine = JSON.parse(report.stdout).sessions.find((x: { session_id: string }) => x.session_id === s.id);
    const marks: { category: string; kind: string }[] = mine?.marks ?? [];
    expect(marks.filter((m) => m.category === "down" || m.category === "stale").map((m) => [m.category, m.kind]))
      .toEqual([["down", "died"], ["stale", "stalled"]]);
    const serve = await startServe(k.env);
    try {
      const text = await (await fetch(`${serve.url}/metrics`)).text();
      const detections = text.split("\n").filter((l) => l.startsWith("vigil_watch_detections_total{"));
      expect(detections.sort()).toEqual([
        'vigil_watch_detections_total{kind="down"} 1',
        'vigil_watch_detections_total{kind="stale"} 1',
      ]);
    } finally {
      serve.proc.kill();
      await serve.proc.exited;
    }
  },
  90_000,
);
