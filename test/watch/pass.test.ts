import { afterEach, describe, expect, test } from "bun:test";
import { renderText } from "../../src/core/notify-format.ts";
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { applyEvents, loadSnapshot, newRow, saveSnapshot } from "../../src/core/step.ts";
import { NIGHT_KEY } from "../../src/night/setting.ts";
import { classifyPrompt } from "../../src/core/classify.ts";
import { DEFAULT_CONFIG } from "../../src/core/config.ts";
import { restartSession } from "../../src/edge/restart.ts";
import { probe } from "../../src/edge/proc.ts";
import { findPaneForPid } from "../../src/edge/tmux.ts";
import { eventually, privateTmux } from "../edge/private-tmux.ts";
import { appendTo, type Harness, harness, records, touch } from "./harness.ts";
import { withRawDb } from "../raw-db.ts";
import { seedDetail } from "../support/audit-seed.ts";
import { snapshotFacts } from "../../src/core/status-view.ts";
import { between, byUuid, jsonl, recorded, retimed, timeOf } from "../support/recorded-turns.ts";

const MIN = 60_000;
let h: Harness;
// The recorded 2.1.328 deny-stop transcript: the blocked turn's end, Claude Code's records of
// the block (isMeta feedback, hook_blocking_error attachment, stop_hook_summary), the answer.
const DENY = recorded("2.1.328", "deny-stop.jsonl");
const BLOCKED_END = "2cfca537-6f65-423a-9dfe-19dd4391ce91", SUMMARY = "b1f7bbc6-092b-4ce6-89c3-06193881fb64";
const WORDS = "45adcb6e-89db-415a-898a-b40062128b16", LAST = "fdbc521f-562d-4e79-8b59-e625d8b17c0f";
const TOOL_CALL = "7195180c-f810-448c-8115-93a548d74710";
/** vigil's Stop gate blocked the session's stop at `at` (its audit record). */
const block = (s: { id: string }, at: number) =>
  h.store.appendEvent(at, s.id, "stop_gate", seedDetail("stop_gate", { decision: "block", gate: "announcement" }));

afterEach(() => h?.close());

/** Every audit row of a session as stored (id, kind, detail text), oldest first. */
function rawDetails(id: string): string[] {
  return withRawDb(h.store.file, (db) =>
    db.query<{ id: number; kind: string; detail: string }, [string]>(
      "SELECT id, kind, detail FROM events WHERE session_id = ? ORDER BY id",
    ).all(id).map((r) => `${r.id} ${r.kind} ${r.detail}`));
}

describe("DOWN", () => {
  test("a killed session is recorded once, with samples and delay; the machine is dead", async () => {
    h = harness();
    const s = h.session("sess-down", { name: "vinylstudio-70" });
    await h.pass();
    expect(h.events("died")).toEqual([]);
    h.advance(5 * MIN);
    await h.kill(s);
    const first = await h.pass();
    expect(first.down).toBe(1);
    // One record per fact: the machine's `died`, with what the watch saw of the death.
    const deaths = h.events("died", s.id);
    expect(deaths.length).toBe(1);
    const d = deaths[0].detail;
    expect([d.by, d.verdict, d.reason, d.pid, d.name, d.sinceAliveMs]).toEqual([
      "watch",
      "down",
      "process gone",
      s.pid,
      "vinylstudio-70",
      5 * MIN,
    ]);
    expect(Array.isArray(d.samples) && d.samples.length).toBe(1);
    expect(typeof d.delayMs).toBe("number");
    expect(h.state(s.id)).toBe("dead");
    expect(h.events("down", s.id).length).toBe(0);
    h.advance(5 * MIN);
    await h.pass();
    expect(h.events("died", s.id).length).toBe(1);
    expect(h.calls.notify.map((n) => n.kind)).toEqual(["down"]);
  });

  // Known gap 'messages in ko/ja': the alert a person reads carries the configured language.
  test("the DOWN alert is sent in the configured language", async () => {
    h = harness({ config: { language: "ko" } });
    const s = h.session("sess-down-ko", { name: "vinylstudio-70" });
    await h.pass();
    h.advance(5 * MIN);
    await h.kill(s);
    await h.pass();
    const [alert] = h.calls.notify;
    expect(alert.language).toBe("ko");
    expect(renderText(alert).title).toBe('vigil: 세션 "vinylstudio-70" — 다운: 프로세스가 사라졌습니다');
  });

  test("a registry entry whose live pid has another start time is not mistaken for life", async () => {
    h = harness();
    const s = h.session("sess-reuse");
    // The file claims the pid, but the process at that pid started at another time.
    writeFileSync(
      s.registryFile,
      JSON.stringify({
        pid: s.pid,
        sessionId: s.id,
        cwd: s.cwd,
        startedAt: h.now(),
        procStart: String(Number(s.procStart) - 100),
      }),
    );
    await h.pass();
    const d = h.events("died", s.id);
    expect(d.map((e) => [e.detail.verdict, e.detail.reason])).toEqual([
      ["reuse-down", `pid ${s.pid} belongs to another process`],
    ]);
    expect(h.state(s.id)).toBe("dead");
  });

  test("a session ended by SessionEnd is never reported DOWN nor restarted", async () => {
    h = harness({ config: { recovery: "restart", recoverOutsideNight: true } });
    const s = h.session("sess-ended");
    // The row the hook pipeline keeps (SessionStart recorded CLAUDE_PID).
    const row = { ...newRow(s.id, h.now()), cwd: s.cwd, transcript_path: s.transcript, pid: s.pid };
    h.store.saveSession(row);
    await h.pass();
    const applied = applyEvents(loadSnapshot(row, h.now()).snapshot, [
      { type: "sessionEnded", at: h.now(), reason: "prompt_input_exit" },
    ]);
    saveSnapshot(h.store, row, applied, h.now());
    await h.kill(s);
    h.advance(5 * MIN);
    await h.pass();
    h.advance(5 * MIN);
    await h.pass();
    // The machine was already dead (by the hook): a process found gone after it is no death.
    expect(h.events("died", s.id).filter((e) => e.detail.by === "watch")).toEqual([]);
    expect([h.calls.restart.length, h.calls.notify.length]).toEqual([0, 0]);
  });

  test("a night snapshot keeps a session watched after its registry file is gone", async () => {
    h = harness();
    const s = h.session("sess-night");
    h.store.setSetting(
      NIGHT_KEY,
      JSON.stringify({
        on: true,
        scope: [],
        until: null,
        since: h.now(),
        snapshot: [{ sessionId: s.id, pid: s.pid, procStart: s.procStart, cwd: s.cwd, transcriptPath: s.transcript }],
      }),
    );
    await h.kill(s);
    await h.pass();
    expect(h.events("died", s.id).length).toBe(1);
  });
});

describe("STALE", () => {
  test("recorded once per stall, never updated in place; growth revives the machine and its revived ends it", async () => {
    h = harness();
    const s = h.session("sess-stale");
    const frozenAt = h.now() - 120 * MIN;
    touch(s.transcript, frozenAt);
    const p1 = await h.pass();
    expect(p1.stale).toBe(1);
    expect(h.state(s.id)).toBe("stalled");
    // One record per fact: the machine's `stalled`, with what the watch saw of the stall.
    const seen = h.events("stalled", s.id).map((e) => [e.detail.idleMs, e.detail.lastGrowthAt, e.detail.pid]);
    expect(seen).toEqual([[120 * MIN, frozenAt, s.pid]]);
    expect(h.events("stale", s.id)).toEqual([]);
    const before = rawDetails(s.id);
    h.advance(5 * MIN);
    const p2 = await h.pass();
    expect([p2.stale, p2.stalled]).toEqual([0, 1]);
    // Append-only: a later pass adds no line for the same stall and changes none.
    expect(rawDetails(s.id).slice(0, before.length)).toEqual(before);
    expect(h.events("stalled", s.id).map((e) => e.detail.idleMs)).toEqual([120 * MIN]);
    appendTo(s.transcript, records(h.now(), "prompt", "more work"));
    touch(s.transcript, h.now() + MIN);
    h.advance(5 * MIN);
    const p3 = await h.pass();
    expect(p3.revived).toBe(1);
    expect(h.state(s.id)).toBe("normal");
    expect(h.events("revived", s.id).map((e) => e.detail.at)).toEqual([h.now() - 4 * MIN]);
    expect(rawDetails(s.id).slice(0, before.length)).toEqual(before);
    // A new stall later is a new line.
    h.advance(50 * MIN);
    await h.pass();
    expect(h.events("stalled", s.id).length).toBe(2);
  });

  test("a stall with a known tmux pane is nudged once; its first tool call after it is the follow-up", async () => {
    h = harness({ config: { nudgeText: "Continue with the ticket", recoverOutsideNight: true } });
    const s = h.session("sess-nudge", { tmux: "night:@1.%7" });
    touch(s.transcript, h.now() - 60 * MIN);
    await h.pass();
    h.advance(5 * MIN);
    await h.pass();
    expect(h.calls.nudge).toEqual([["%7", "Continue with the ticket"]]);
    expect(h.events("nudge", s.id).map((e) => [e.detail.ok, e.detail.pane])).toEqual([[true, "%7"]]);
    const nudgedAt = h.now() - 5 * MIN;
    // The nudge's prompt is 1 min later, its first tool call 2 min, the newest write 4 min: the
    // follow-up runs to the tool call, the first work.
    appendTo(s.transcript, records(nudgedAt + MIN, "prompt", "Continue with the ticket"));
    appendTo(s.transcript, jsonl(retimed([byUuid(DENY, TOOL_CALL)], nudgedAt + 2 * MIN)));
    appendTo(s.transcript, records(nudgedAt + 4 * MIN, "end", "Working on it."));
    touch(s.transcript, nudgedAt + 4 * MIN);
    h.advance(5 * MIN);
    await h.pass();
    expect(h.events("followup", s.id).map((e) => [e.detail.intervention, e.detail.resumed, e.detail.afterMs])).toEqual([
      ["nudge", true, 2 * MIN],
    ]);
  });

  // 2.1.88's registry names no pane, and `night on` only learns one for the sessions it read:
  // it writes each entry with a plain writeFile, so the file is empty for a moment after it
  // appears, and a session read then (or started after `night on`) is in no snapshot.
  test("a stall whose registry entry names no pane and no snapshot holds is nudged in the pane found by its pid", async () => {
    let tm: ReturnType<typeof privateTmux> | null = null;
    h = harness({ config: { nudgeText: "Continue with the ticket" } });
    try {
      // The night is on for the session's directory, and its snapshot does not hold it.
      const night = { on: true, scope: [join(h.root, "work")], until: null, since: h.now() - 90 * MIN, snapshot: [] };
      h.store.setSetting(NIGHT_KEY, JSON.stringify(night));
      tm = privateTmux({ PATH: "/usr/bin:/bin", HOME: h.root, TERM: "xterm" });
      const server = tm.opts;
      const [pane, pid] = tm.run("new-window", "-d", "-P", "-F", "#{pane_id} #{pane_pid}", "sleep 1000").split(" ");
      const s = h.session("sess-unlisted");
      // The session is the pane's process: its registry file, as 2.1.88 writes it (no tmux field).
      rmSync(s.registryFile);
      const procStart = probe(Number(pid))?.procStart ?? null;
      writeFileSync(
        join(h.claudeDir, "sessions", `${pid}.json`),
        JSON.stringify({ pid: Number(pid), sessionId: s.id, cwd: s.cwd, startedAt: h.now(), procStart }),
      );
      // It read its TODO.md, reported step 1 of 3 and stopped with two steps open.
      writeFileSync(join(s.cwd, "TODO.md"), "- [x] one\n- [ ] two\n- [ ] three\n");
      appendTo(s.transcript, records(h.now() - 60 * MIN, "end", "Step 1 of 3 is done."));
      touch(s.transcript, h.now() - 60 * MIN);
      h.deps.paneOf = (p) => findPaneForPid(p, server).then((found) => found?.paneId ?? null);
      const passes = [await h.pass()];
      h.advance(5 * MIN);
      passes.push(await h.pass());
      // STALE once; before the lookup, that stall had no way in: no nudge, not even a held one.
      expect(passes.map((p) => p.stale)).toEqual([1, 0]);
      expect(h.calls.nudge).toEqual([[pane, "Continue with the ticket"]]);
      expect(h.events("nudge", s.id).map((e) => [e.detail.ok, e.detail.pane])).toEqual([[true, pane]]);
      // The pane found is the watch's from now on (no second lookup is needed for the next stall).
      const row = withRawDb(
        h.store.file,
        (db) => db.query<{ pane: string | null }, [string]>("SELECT pane FROM watch WHERE session_id = ?").get(s.id),
      );
      expect(row?.pane).toBe(pane);
    } finally {
      tm?.kill();
    }
  });

  test("a stall the registry does not list (headless) has no pane looked up: nothing is typed into a pane it runs under", async () => {
    h = harness({ config: { nudgeText: "Continue with the ticket", recoverOutsideNight: true } });
    const asked: number[] = [];
    h.deps.paneOf = (pid) => (asked.push(pid), Promise.resolve("%9"));
    const s = h.session("sess-headless");
    // Known from its hooks only (SessionStart recorded CLAUDE_PID), as a `claude -p` run is.
    rmSync(s.registryFile);
    h.store.saveSession({ ...newRow(s.id, h.now()), cwd: s.cwd, transcript_path: s.transcript, pid: s.pid });
    appendTo(s.transcript, records(h.now() - 60 * MIN, "end", "Step 1 of 3 is done."));
    touch(s.transcript, h.now() - 60 * MIN);
    const passes = [await h.pass()];
    h.advance(5 * MIN);
    passes.push(await h.pass());
    expect(passes.map((p) => p.stale)).toEqual([1, 0]);
    expect([asked, h.calls.nudge, h.events("nudge", s.id)]).toEqual([[], [], []]);
  });
});

describe("samples", () => {
  test("every pass samples every live session; a day later they are gone", async () => {
    h = harness();
    h.session("a");
    h.session("b");
    await h.pass();
    h.advance(5 * MIN);
    const p = await h.pass();
    expect(p.samples).toBe(2);
    const count = () =>
      withRawDb(h.store.file, (db) => db.query<{ n: number }, []>("SELECT count(*) AS n FROM samples").get()?.n);
    expect(count()).toBe(4);
    h.advance(24 * 60 * MIN + MIN);
    await h.pass();
    expect(count()).toBe(2);
  });
});

describe("who woke it", () => {
  test.each(
    [
      ["a person", "prompt", "human", true],
      ["the Stop gate", "feedback", "stop-gate", false],
    ] as const,
  )("a turn ended, then %s", async (_name, kind, waker, idle) => {
    h = harness();
    const s = h.session("sess-wake");
    const endAt = h.now() - 30_000;
    appendTo(s.transcript, records(endAt, "end", "I'll continue with the parser."));
    await h.pass();
    expect(h.events("wake")).toEqual([]);
    appendTo(s.transcript, records(endAt + 20_000, kind, "go on"));
    h.advance(5 * MIN);
    const p = await h.pass();
    expect(p.wakes).toBe(1);
    expect(h.events("wake", s.id).map((e) => e.detail)).toEqual([
      { waker, idleMs: 20_000, endAt, resumedAt: endAt + 20_000, idle, cause: null },
    ]);
    h.advance(5 * MIN);
    await h.pass();
    expect(h.events("wake", s.id).length).toBe(1);
  });

  test("a turn nobody resumed before the session died counts as woken by nobody", async () => {
    h = harness();
    const s = h.session("sess-nobody");
    const endAt = h.now() - 10_000;
    appendTo(s.transcript, records(endAt, "end", "Done for now."));
    await h.pass();
    await h.kill(s);
    h.advance(5 * MIN);
    await h.pass();
    expect(h.events("wake", s.id).map((e) => [e.detail.waker, e.detail.idleMs, e.detail.ended])).toEqual([
      ["nobody", 5 * MIN + 10_000, "down"],
    ]);
  });

  test("a Stop block answered with words only did not resume work: the block's own records never close it as resumed", async () => {
    h = harness();
    const s = h.session("sess-block-words");
    await h.pass();
    const endAt = h.now() + 1000;
    const recs = retimed(between(DENY, BLOCKED_END, LAST), endAt);
    block(s, endAt + 20);
    appendTo(s.transcript, jsonl(recs));
    touch(s.transcript, timeOf(recs.at(-1) ?? {}));
    h.advance(5 * MIN);
    await h.pass();
    expect(h.events("followup", s.id).map((e) => e.detail)).toEqual([{
      intervention: "stop_block",
      interventionAt: endAt + 20,
      resumed: false,
      resumedAt: null,
      afterMs: null,
      proof: "words_only",
      proofUuid: WORDS,
      proofAt: timeOf(byUuid(recs, WORDS)),
    }]);
  });

  test("a Stop block whose answer the previous pass already read still gets its follow-up", async () => {
    h = harness();
    const s = h.session("sess-block-race");
    await h.pass();
    h.advance(MIN);
    // The block's audit record is stamped after this pass's start, while the pass reads the
    // transcript, its answer included: only the next pass reads the block from the log.
    const endAt = h.now() + 1000;
    const recs = retimed(between(DENY, BLOCKED_END, LAST), endAt);
    appendTo(s.transcript, jsonl(recs));
    touch(s.transcript, timeOf(recs.at(-1) ?? {}));
    await h.pass();
    block(s, endAt + 20);
    h.advance(MIN);
    await h.pass();
    expect(h.events("followup", s.id).map((e) => [e.detail.resumed, e.detail.proof, e.detail.proofUuid])).toEqual([
      [false, "words_only", WORDS],
    ]);
  });

  test("a Stop block stamped before a pass began but committed after it read the log still gets its follow-up", async () => {
    h = harness();
    const s = h.session("sess-block-late");
    await h.pass();
    h.advance(MIN);
    const endAt = h.now() - 1_020;
    const recs = retimed(between(DENY, BLOCKED_END, LAST), endAt);
    appendTo(s.transcript, jsonl(recs));
    touch(s.transcript, timeOf(recs.at(-1) ?? {}));
    await h.pass();
    // The Stop hook took its time `at` before that pass's start, and its transaction committed
    // after the pass had read the log (a loaded machine): the block lands behind the pass's clock.
    block(s, endAt + 20);
    h.advance(MIN);
    await h.pass();
    expect(h.events("followup", s.id).map((e) => [e.detail.resumed, e.detail.proof])).toEqual([
      [false, "words_only"],
    ]);
  });

  test("a Stop block answered by a tool call resumed work at that call, not at the block's bookkeeping", async () => {
    h = harness();
    const s = h.session("sess-block-tool");
    await h.pass();
    const endAt = h.now() + 1000;
    const blockAt = endAt + 20;
    block(s, blockAt);
    const call = retimed([byUuid(DENY, TOOL_CALL)], blockAt + 2 * MIN, { suffix: "b" });
    appendTo(s.transcript, jsonl([...retimed(between(DENY, BLOCKED_END, SUMMARY), endAt), ...call]));
    touch(s.transcript, blockAt + 2 * MIN);
    h.advance(5 * MIN);
    await h.pass();
    expect(h.events("followup", s.id).map((e) => [e.detail.resumed, e.detail.afterMs, e.detail.proofUuid])).toEqual([
      [true, 2 * MIN, `${TOOL_CALL}-b`],
    ]);
  });
});

describe("who woke it: vigil's own wakes however Claude Code wraps them", () => {
  /** A session that ended its turn, was killed, and found DOWN (and restarted) by a pass. */
  async function diedWaiting(id: string) {
    h = harness({ config: { recovery: "restart", recoverOutsideNight: true, nudgeText: "Continue the ticket." } });
    const s = h.session(id);
    const endAt = h.now() - 2 * MIN;
    appendTo(s.transcript, records(endAt, "end", "Step one is finished."));
    touch(s.transcript, endAt);
    await h.pass();
    await h.kill(s);
    h.advance(MIN);
    await h.pass();
    return { s, endAt, deadAt: h.now() };
  }
  /** The resumed session's first prompt is the restart's marked one, then it works. */
  function resumes(s: { transcript: string }, at: number) {
    appendTo(s.transcript, records(at, "prompt", h.calls.restartPrompts[0] ?? ""));
    appendTo(s.transcript, jsonl(retimed([byUuid(DENY, TOOL_CALL)], at + 3000)));
    touch(s.transcript, at + 3000);
  }

  test("a nudge delivered through the inbox (a peer envelope) is woken by vigil's nudge, not a notification", async () => {
    h = harness({ config: { nudgeText: "Continue with the ticket", recoverOutsideNight: true } });
    const s = h.session("sess-inbox-wake", { tmux: "night:@1.%7" });
    const endAt = h.now() - 60 * MIN;
    appendTo(s.transcript, records(endAt, "end", "Next, I will write part two."));
    touch(s.transcript, endAt);
    await h.pass();
    h.advance(MIN);
    await h.pass();
    expect(h.calls.nudge.length).toBe(1);
    const at = h.now() + 1000;
    // What 2.1.332 writes for a delivered inbox message (contract Part D): queue operations,
    // then the user record with the envelope, origin "peer".
    const text =
      `<cross-session-message from="vigil" from-mode="bypass">\n[vigil nudge] Continue with the ticket\n</cross-session-message>`;
    const queued = {
      type: "queue-operation",
      operation: "enqueue",
      timestamp: new Date(at).toISOString(),
      content: text,
    };
    const user = {
      type: "user",
      timestamp: new Date(at + 5).toISOString(),
      isSidechain: false,
      origin: { kind: "peer" },
      message: { role: "user", content: text },
    };
    appendTo(s.transcript, jsonl([queued, user, ...retimed([byUuid(DENY, TOOL_CALL)], at + 2000)]));
    touch(s.transcript, at + 2000);
    h.advance(5 * MIN);
    await h.pass();
    expect(h.events("wake", s.id).map((e) => [e.detail.waker, e.detail.endAt])).toEqual([["nudge", endAt]]);
  });

  test("a Stop vigil's gate blocked is vigil's wake even when Claude Code's attachment names another command", async () => {
    h = harness();
    const s = h.session("sess-gate-wake");
    await h.pass();
    const endAt = h.now() + 1000;
    const recs = retimed(between(DENY, BLOCKED_END, LAST), endAt);
    block(s, endAt + 20);
    appendTo(s.transcript, jsonl(recs));
    touch(s.transcript, timeOf(recs.at(-1) ?? {}));
    h.advance(5 * MIN);
    await h.pass();
    expect(h.events("wake", s.id).map((e) => [e.detail.waker, e.detail.idle])).toEqual([["stop-gate", false]]);
  });

  test("a restarted session's marked first prompt wakes the turn it died waiting on; nobody is not counted too", async () => {
    const { s, endAt, deadAt } = await diedWaiting("sess-restart-wake");
    expect(h.calls.restart.length).toBe(1);
    expect(h.events("wake", s.id)).toEqual([]);
    // The resumed session's first prompt is the restart's marked one, then it works.
    const back = deadAt + 20_000;
    resumes(s, back);
    h.advance(MIN);
    await h.pass();
    expect(h.events("wake", s.id).map((e) => e.detail)).toEqual([
      { waker: "restart", idleMs: deadAt - endAt, endAt, resumedAt: back, idle: true, cause: null },
    ]);
  });

  test("a restart verified before its first prompt is written still wakes the turn; nobody is not counted", async () => {
    const { s, endAt, deadAt } = await diedWaiting("sess-restart-slow");
    // The resumed process is up and has written only Claude Code's resume bookkeeping (no time
    // on it): the restart is verified, the prompt comes a pass later.
    const child = Bun.spawn(["sleep", "1000"], { stdin: "ignore", stdout: "ignore", stderr: "ignore" });
    try {
      writeFileSync(
        join(h.claudeDir, "sessions", `${child.pid}.json`),
        JSON.stringify({
          pid: child.pid,
          sessionId: s.id,
          cwd: s.cwd,
          startedAt: h.now(),
          procStart: probe(child.pid)?.procStart,
        }),
      );
      appendTo(s.transcript, jsonl([{ type: "file-history-snapshot", messageId: "m", snapshot: {} }]));
      h.advance(MIN);
      await h.pass();
      expect(h.events("restart_check", s.id).map((e) => e.detail.verified)).toEqual([true]);
      expect(h.events("wake", s.id)).toEqual([]);
      const back = h.now() + 5000;
      resumes(s, back);
      h.advance(MIN);
      await h.pass();
      expect(h.events("wake", s.id).map((e) => [e.detail.waker, e.detail.idleMs, e.detail.resumedAt])).toEqual([
        ["restart", deadAt - endAt, back],
      ]);
    } finally {
      child.kill("SIGKILL");
    }
  });

  test("a session whose transcript appears after a pass has the blocked stop it already went through recorded", async () => {
    h = harness();
    const s = h.session("sess-late-file");
    // Claude Code creates the transcript with the first prompt: the first pass finds none.
    rmSync(s.transcript);
    await h.pass();
    h.advance(MIN);
    const endAt = h.now() - 20_000;
    const recs = retimed(between(DENY, BLOCKED_END, LAST), endAt);
    appendTo(s.transcript, records(endAt - 5000, "prompt", "start the ticket") + jsonl(recs));
    block(s, endAt + 20);
    await h.pass();
    expect(h.events("wake", s.id).map((e) => [e.detail.waker, e.detail.endAt])).toEqual([["stop-gate", endAt]]);
  });

  test("a death with restarts failing is woken by nobody once, never again by what was written before it", async () => {
    h = harness({ config: { recovery: "restart", recoverOutsideNight: true, nudgeText: "Go." } });
    const s = h.session("sess-restart-fails");
    const endAt = h.now() - 2 * MIN;
    appendTo(s.transcript, records(endAt, "end", "Step one is finished."));
    touch(s.transcript, endAt);
    await h.pass();
    await h.kill(s);
    // Restarts are sent and never come up: each fails its check after the window.
    for (let i = 0; i < 8; i++) {
      h.advance(MIN);
      await h.pass();
    }
    expect(h.events("restart_check", s.id).map((e) => e.detail.verified)).toEqual([false, false]);
    expect(h.events("wake", s.id).map((e) => e.detail.waker)).toEqual(["nobody"]);
  });

  test("a death no restart follows closes the waiting turn as woken by nobody, idle to the death", async () => {
    h = harness({ config: { recovery: "restart", recoverOutsideNight: true } });
    const s = h.session("sess-restart-none");
    const endAt = h.now() - 2 * MIN;
    appendTo(s.transcript, records(endAt, "end", "Step one is finished."));
    touch(s.transcript, endAt);
    await h.pass();
    await h.kill(s);
    h.advance(MIN);
    const deadAt = h.now();
    // The restart cannot be tried (tmux refuses): the next pass knows none will bring it back.
    h.deps.restart = () =>
      Promise.resolve({ ok: false, method: "new-session", target: "", command: "", error: "no server" });
    await h.pass();
    h.advance(MIN);
    await h.pass();
    expect(h.events("wake", s.id).map((e) => [e.at, e.detail.waker, e.detail.idleMs, e.detail.ended])).toEqual([
      [deadAt, "nobody", deadAt - endAt, "down"],
    ]);
  });
});

describe("awaiting is known to the machine whether or not unattended mode is on", () => {
  test("a turn that asks for approval, read by the watch, sets the machine's awaiting; a person's prompt clears it", async () => {
    h = harness();
    const s = h.session("sess-awaits");
    await h.pass();
    const endAt = h.now() + 1000;
    appendTo(
      s.transcript,
      records(endAt, "end", "The migration is ready. Please approve it before I run it on staging."),
    );
    touch(s.transcript, endAt);
    h.advance(MIN);
    await h.pass();
    expect(snapshotFacts(h.store.loadSession(s.id)).awaiting).toBe("approval");
    expect(h.events("stalled", s.id)).toEqual([]);
    h.advance(90 * MIN);
    await h.pass();
    // Awaiting is not stalled: no STALE, no nudge, however long it waits.
    expect([h.events("stalled", s.id).length, h.calls.nudge.length]).toEqual([0, 0]);
    // The person answers; the watch reads the prompt (no hook told the machine).
    appendTo(s.transcript, records(h.now(), "prompt", "Approved, go ahead."));
    touch(s.transcript, h.now());
    h.advance(MIN);
    await h.pass();
    expect(snapshotFacts(h.store.loadSession(s.id)).awaiting).toBe(null);
  });
});

describe("the progress breaker over nudges", () => {
  const nudgeOutcomes = (id: string) =>
    h.events("nudge", id).map((e) => e.detail.ok === true ? "nudged" : String(e.detail.skipped));

  test("a nudge answered with words only is not repeated for the same stall; a new record lifts it", async () => {
    h = harness({ config: { nudgeText: "Continue with the ticket", recoverOutsideNight: true } });
    const s = h.session("sess-words-nudge", { tmux: "night:@1.%7" });
    const endAt = h.now() - 60 * MIN;
    appendTo(s.transcript, records(endAt, "end", "Next, I will fix the flaky parser test."));
    touch(s.transcript, endAt);
    await h.pass();
    expect(nudgeOutcomes(s.id)).toEqual(["nudged"]);
    // The nudge's turn: its prompt, then words only.
    const at = h.now() + 1000;
    appendTo(s.transcript, records(at, "prompt", "[vigil nudge] Continue with the ticket"));
    appendTo(s.transcript, records(at + 4000, "end", "Next, I will fix the flaky parser test."));
    touch(s.transcript, at + 4000);
    h.advance(MIN);
    await h.pass();
    expect(h.events("followup", s.id).map((e) => [e.detail.intervention, e.detail.resumed])).toEqual([
      ["nudge", false],
    ]);
    h.advance(60 * MIN);
    await h.pass();
    expect(nudgeOutcomes(s.id)).toEqual(["nudged", "answered-without-work"]);
    expect(h.calls.nudge.length).toBe(1);
    // A person's prompt and a new turn: something changed, the next stall may be nudged.
    const later = h.now();
    appendTo(s.transcript, records(later, "prompt", "also check the docs"));
    appendTo(s.transcript, records(later + 5000, "end", "Next, I will update the docs."));
    touch(s.transcript, later + 5000);
    h.advance(MIN);
    await h.pass();
    h.advance(60 * MIN);
    await h.pass();
    expect(nudgeOutcomes(s.id)).toEqual(["nudged", "answered-without-work", "nudged"]);
  });

  test.each(
    [
      ["with nothing pending is left alone", null, "finished"],
      ["with open checklist items is nudged", "- [x] parser\n- [ ] docs\n", "nudged"],
    ] as const,
  )("a session that ended on a report %s", async (_name, checklist, want) => {
    h = harness({ config: { nudgeText: "Continue with the ticket", recoverOutsideNight: true } });
    const s = h.session(`sess-report-${want}`, { tmux: "night:@1.%7" });
    if (checklist !== null) writeFileSync(join(s.cwd, "TODO.md"), checklist);
    const endAt = h.now() - 60 * MIN;
    appendTo(s.transcript, records(endAt, "end", "The parser is fixed and all 212 tests pass."));
    touch(s.transcript, endAt);
    await h.pass();
    expect(nudgeOutcomes(s.id)).toEqual([want]);
  });
});

describe("recovery", () => {
  test("a restart's first prompt is marked as vigil's, so the session's SOFT guard passes it", async () => {
    h = harness({ config: { recovery: "restart", recoverOutsideNight: true, nudgeText: "Continue the ticket." } });
    const s = h.session("sess-restart-prompt");
    await h.pass();
    await h.kill(s);
    h.advance(5 * MIN);
    await h.pass();
    expect(h.calls.restartPrompts.length).toBe(1);
    const prompt = h.calls.restartPrompts[0] ?? "";
    expect(prompt).toContain("Continue the ticket.");
    expect(classifyPrompt(prompt, { passCommands: DEFAULT_CONFIG.passCommands }).verdict).not.toBe("instruction");
    // The unmarked text is an instruction: the mark is what passes it.
    expect(classifyPrompt("Continue the ticket.", { passCommands: DEFAULT_CONFIG.passCommands }).verdict).toBe(
      "instruction",
    );
  });

  test("a restart that never comes back fails twice, then restarts hold for the night with one alert", async () => {
    h = harness({ config: { recovery: "restart", recoverOutsideNight: true } });
    const s = h.session("sess-loop");
    await h.pass();
    await h.kill(s);
    for (let i = 0; i < 6; i++) {
      h.advance(5 * MIN);
      await h.pass();
    }
    // tmux accepted both commands; neither came back, so neither counts as restarted.
    expect(h.calls.restart.length).toBe(2);
    expect(h.events("restart", s.id).map((e) => e.detail.attempt)).toEqual([1, 2]);
    expect(h.events("restart_check", s.id).map((e) => [e.detail.verified, e.detail.alive, e.detail.grew])).toEqual([
      [false, false, false],
      [false, false, false],
    ]);
    expect(h.calls.notify.map((n) => n.kind)).toEqual(["down", "restart-failed", "breaker-open"]);
    const held = h.calls.notify.at(-1)?.detail ?? "";
    expect(held).toContain("process not running and transcript not written");
    expect(h.events("died", s.id).length).toBe(1);
  });

  test("a held session is restarted again after night off", async () => {
    h = harness({ config: { recovery: "restart", recoverOutsideNight: true } });
    const s = h.session("sess-held");
    await h.pass();
    await h.kill(s);
    for (let i = 0; i < 3; i++) {
      h.advance(5 * MIN);
      await h.pass();
    }
    expect(h.calls.restart.length).toBe(2);
    h.store.setSetting("night", JSON.stringify({ on: false, scope: [], since: 0, snapshot: [], offAt: h.now() + 1 }));
    h.advance(5 * MIN);
    await h.pass();
    expect(h.calls.restart.length).toBe(3);
  });

  test("off records the death and does nothing else", async () => {
    h = harness({ config: { recovery: "off" } });
    const s = h.session("sess-off");
    await h.pass();
    await h.kill(s);
    await h.pass();
    expect([h.events("died", s.id).length, h.calls.notify.length, h.events("notify").length]).toEqual([1, 0, 0]);
  });
});

describe("restart through a private tmux server", () => {
  test("claude --resume comes back, registers, writes; the next pass sees it and follows up", async () => {
    const bin = join(process.env.TMPDIR ?? "/tmp", `vigil-claude-${process.pid}`);
    mkdirSync(bin, { recursive: true });
    let tm: ReturnType<typeof privateTmux> | null = null;
    h = harness({ config: { recovery: "restart", recoverOutsideNight: true } });
    try {
      const sessions = join(h.claudeDir, "sessions");
      // A stand-in claude: registers itself as Claude Code does, appends to the transcript, stays up.
      writeFileSync(
        join(bin, "claude"),
        `#!/bin/sh
[ "$1" = --resume ] || exit 64
t="$(pwd)"; ps=$(cut -d' ' -f22 /proc/$$/stat)
printf '{"pid":%s,"sessionId":"%s","cwd":"%s","startedAt":%s000,"procStart":"%s"}' $$ "$2" "$t" "$(date +%s)" "$ps" > '${sessions}'/$$.json
printf '%s\\n' '{"type":"user","timestamp":"2030-01-01T00:00:00.000Z","message":{"content":"resumed"}}' >> "$VIGIL_TEST_TRANSCRIPT"
printf '%s\\n' '{"type":"assistant","timestamp":"2030-01-01T00:00:01.000Z","isSidechain":false,"uuid":"a1","message":{"id":"m1","stop_reason":"tool_use","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{}}]}}' >> "$VIGIL_TEST_TRANSCRIPT"
exec sleep 1000
`,
      );
      chmodSync(join(bin, "claude"), 0o755);
      const s = h.session("sess-restart");
      const env = { PATH: `${bin}:/usr/bin:/bin`, HOME: h.root, TERM: "xterm", VIGIL_TEST_TRANSCRIPT: s.transcript };
      tm = privateTmux(env);
      const server = tm.opts;
      h.deps.restart = (target, prompt) => restartSession(target, { env, prompt, tmux: server });
      await h.pass();
      await h.kill(s);
      // No clock advance: the stand-in's writes (real time) must come after the restart.
      await h.pass();
      expect(h.events("restart", s.id).map((e) => [e.detail.ok, e.detail.method, e.detail.attempt])).toEqual([
        [true, "new-session", 1],
      ]);
      expect(h.state(s.id)).toBe("dead");
      await eventually(() => readdirSync(sessions).length > 0 || null);
      await eventually(() => existsSync(s.transcript) && Bun.file(s.transcript).size > 200 || null);
      h.advance(5 * MIN);
      await h.pass();
      expect(h.events("restart_check", s.id).map((e) => [e.detail.grew, e.detail.alive])).toEqual([[true, true]]);
      expect(h.state(s.id)).toBe("restoring");
      expect(h.events("followup", s.id).map((e) => e.detail.intervention)).toContain("restart");
      expect(h.events("died", s.id).length).toBe(1);
    } finally {
      tm?.kill();
    }
  });
});
