/**
 * A replayed night through the compiled binary: real `sleep` processes stand in for Claude Code
 * sessions (registry files, real procStart), real transcripts grow as the night goes, the Stop
 * hook and `vigil watch --once` run as separate processes at pinned clock times (VIGIL_NOW),
 * one session dies. `night off` prints the ledger; the test counts the same figures itself,
 * from the transcripts and the timeline it wrote, and the two must agree.
 */
import { afterAll, expect, test } from "bun:test";
import { appendFileSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { transcriptPathFor } from "../../src/core/watch/targets.ts";
import { probe } from "../../src/edge/proc.ts";
import { records } from "../watch/harness.ts";
import { stopPayload, testEnv, vigil } from "../support/vigil.ts";

const MIN = 60_000;
const children: ReturnType<typeof Bun.spawn>[] = [];
afterAll(() => {
  for (const c of children) c.kill("SIGKILL");
});

interface Stand {
  id: string;
  cwd: string;
  transcript: string;
  registry: string;
  child: ReturnType<typeof Bun.spawn>;
}

type Rec = { type: string; timestamp: string; message: { content: unknown; stop_reason?: string } };
const timeOf = (r: Rec) => Date.parse(r.timestamp);
const textOf = (r: Rec) =>
  typeof r.message.content === "string"
    ? r.message.content
    : Array.isArray(r.message.content)
    ? r.message.content.map((b: { text?: string }) => b.text ?? "").join("")
    : "";

/** The test's own count of the night, from the transcripts alone plus what it knows it did. */
function countIndependently(
  transcripts: Record<string, string>,
  o: { since: number; until: number; blocks: { id: string; at: number }[]; deaths: Record<string, number> },
) {
  let vigilWakes = 0, personWakes = 0, nobodyWakes = 0, awaitingMs = 0, stalledMs = 0, resumed = 0;
  const stale = 10 * MIN;
  for (const [id, path] of Object.entries(transcripts)) {
    const recs: Rec[] = readFileSync(path, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    // Work after a block is a main-chain tool call; Claude Code's records of the block are not.
    const calls = recs.filter((r) =>
      r.type === "assistant" && Array.isArray(r.message.content) &&
      r.message.content.some((b: { type?: string }) => b.type === "tool_use")
    );
    for (const b of o.blocks.filter((b) => b.id === id)) if (calls.some((r) => timeOf(r) > b.at)) resumed++;
    // A prompt nothing answered: quiet from it to the end, a stall once past the threshold.
    const last = recs.at(-1);
    if (last !== undefined && last.type !== "assistant" && o.deaths[id] === undefined) {
      const gap = o.until - Math.max(timeOf(last), o.since);
      if (gap >= stale) stalledMs += gap;
    }
    recs.forEach((r, i) => {
      if (r.type !== "assistant" || r.message.stop_reason !== "end_turn" || timeOf(r) < o.since) return;
      const next = recs[i + 1];
      const awaiting = /AWAITING APPROVAL/.test(textOf(r));
      if (next === undefined) {
        // Nothing followed by the night's end: woken by nobody, whether it died (idle until the
        // death was seen) or is a stall still open at the night's end.
        const seen = o.deaths[id];
        const gap = (seen ?? o.until) - timeOf(r);
        nobodyWakes++;
        if (gap >= stale) stalledMs += gap;
        return;
      }
      const gap = timeOf(next) - timeOf(r);
      if (textOf(next).startsWith("Stop hook feedback:")) vigilWakes++;
      else {
        personWakes++;
        if (awaiting) awaitingMs += gap;
        else if (gap >= stale) stalledMs += gap;
      }
    });
  }
  const deadMs = Object.values(o.deaths).reduce((n, at) => n + (o.until - at), 0);
  return {
    blocked: o.blocks.length,
    resumed,
    vigilWakes,
    personWakes,
    nobodyWakes,
    awaiting: Math.round(awaitingMs / MIN),
    stalled: Math.round(stalledMs / MIN),
    dead: Math.round(deadMs / MIN),
  };
}

test("night off on a replayed night prints the ledger, and it equals an independent count", async () => {
  const base = testEnv({ VIGIL_STALE_AFTER_MINUTES: "10" });
  const claude = join(base.HOME, "claude");
  mkdirSync(join(claude, "sessions"), { recursive: true });
  const env: Record<string, string> = { ...base, CLAUDE_CONFIG_DIR: claude };
  let clock = Date.now() - 3 * 60 * MIN;
  const at = (t: number) => ({ ...env, VIGIL_NOW: String(t) });
  const run = (args: string[], stdin = "") => vigil(args, stdin, at(clock));

  const stand = (id: string): Stand => {
    const cwd = join(base.HOME, "work", id);
    mkdirSync(cwd, { recursive: true });
    const child = Bun.spawn(["sleep", "1000"], { stdin: "ignore", stdout: "ignore", stderr: "ignore" });
    children.push(child);
    const registry = join(claude, "sessions", `${child.pid}.json`);
    const entry = {
      pid: child.pid,
      sessionId: id,
      cwd,
      startedAt: clock - MIN,
      procStart: probe(child.pid)?.procStart,
    };
    writeFileSync(registry, JSON.stringify(entry));
    const transcript = transcriptPathFor(claude, cwd, id);
    if (transcript === null) throw new Error("no transcript path");
    mkdirSync(dirname(transcript), { recursive: true });
    writeFileSync(transcript, records(clock - 30_000, "prompt", "work through the ticket"));
    utimesSync(transcript, (clock - 30_000) / 1000, (clock - 30_000) / 1000);
    return { id, cwd, transcript, registry, child };
  };
  const write = (s: Stand, t: number, kind: "prompt" | "end" | "feedback", text: string) => {
    appendFileSync(s.transcript, records(t, kind, text));
    utimesSync(s.transcript, t / 1000, t / 1000);
  };
  const stop = (s: Stand, message: string) => JSON.parse(run(["hook"], stopPayload(s, message)).stdout || "{}");
  const pass = () => expect(run(["watch", "--once"]).code).toBe(0);

  const worker = stand("sess-worker"), waiter = stand("sess-waiter"), doomed = stand("sess-doomed");
  const quiet = stand("sess-quiet");
  const since = clock;
  expect(run(["night", "on", "--scope", join(base.HOME, "work"), "--force"]).code).toBe(0);
  pass();
  const blocks: { id: string; at: number }[] = [];

  // +1 min: the worker announces work and stops; the gate blocks; it resumes 5 s later.
  clock += MIN;
  write(worker, clock, "end", "Next, I will run the integration suite.");
  write(quiet, clock, "end", "Done with the first part.");
  expect(stop(worker, "Next, I will run the integration suite.").decision).toBe("block");
  blocks.push({ id: worker.id, at: clock });
  write(worker, clock + 5_000, "feedback", "Run the integration suite now.");
  // It does work after the push (a tool call), so the gate's progress breaker lets it be pushed again.
  appendFileSync(
    worker.transcript,
    JSON.stringify({
      type: "assistant",
      timestamp: new Date(clock + 8_000).toISOString(),
      isSidechain: false,
      message: {
        id: "m-tool",
        role: "assistant",
        stop_reason: "tool_use",
        content: [{ type: "tool_use", id: "tu1", name: "Bash", input: { command: "npm test" } }],
      },
    }) + "\n",
  );
  // +2 min: the waiter asks for approval and stops; the gate lets it.
  clock += MIN;
  write(waiter, clock, "end", "AWAITING APPROVAL: may I drop the staging table?");
  expect(stop(waiter, "AWAITING APPROVAL: may I drop the staging table?").decision).toBeUndefined();
  // +3 min: the doomed session ends a turn and goes quiet.
  clock += MIN;
  write(doomed, clock, "end", "Step one is finished.");
  clock += 2 * MIN; // +5
  pass();
  // +6 min: the worker stops again with a promise; blocked, and this time nothing follows.
  clock += MIN;
  write(worker, clock, "end", "Next, I will fix the flaky test.");
  expect(stop(worker, "Next, I will fix the flaky test.").decision).toBe("block");
  blocks.push({ id: worker.id, at: clock });
  clock += 9 * MIN; // +15: the doomed session and the quiet one are STALE by now
  pass();
  clock += 5 * MIN; // +20: the doomed session's process dies
  doomed.child.kill("SIGKILL");
  await doomed.child.exited;
  rmSync(doomed.registry, { force: true });
  clock += 5 * MIN; // +25
  pass();
  const deathSeenAt = clock;
  clock += 15 * MIN; // +40: a person answers the waiter
  write(waiter, clock, "prompt", "Yes, drop it.");
  clock += 5 * MIN; // +45
  pass();
  clock += 15 * MIN; // +60
  pass();
  const off = run(["night", "off"]);
  expect(off.code).toBe(0);

  const want = countIndependently(
    {
      [worker.id]: worker.transcript,
      [waiter.id]: waiter.transcript,
      [doomed.id]: doomed.transcript,
      [quiet.id]: quiet.transcript,
    },
    { since, until: clock, blocks, deaths: { [doomed.id]: deathSeenAt } },
  );
  // The counts the test arrived at itself: two blocks, one resumed; one wake each by vigil and a
  // person; three turns nothing answered by the end, woken by nobody (the doomed one's, the quiet
  // one's, the worker's after its second block); 38 min awaiting; stalls of 22 (the doomed one, until its death was seen),
  // 59 (the quiet one), 54 (the worker after its second, unanswered block) and 20 (the waiter
  // after the person's answer, which nothing followed).
  expect(want).toEqual({
    blocked: 2,
    resumed: 1,
    vigilWakes: 1,
    personWakes: 1,
    nobodyWakes: 3,
    awaiting: 38,
    stalled: 155,
    dead: 35,
  });
  const out = off.stdout;
  expect(out).toContain("unattended mode off; the night's ledger:");
  expect(out).toContain(
    `stops blocked: ${want.blocked}; work resumed after ${want.resumed}, not after 0, 1 not followed up yet`,
  );
  expect(out).toContain(
    `woken: by vigil ${want.vigilWakes} (1 session), by a person ${want.personWakes} (1 session), by nobody ${want.nobodyWakes} (3 sessions)`,
  );
  expect(out).toContain(
    `idle minutes: awaiting ${want.awaiting}, asleep 0, stalled ${want.stalled}, dead ${want.dead}`,
  );
  expect(out).toContain("deaths: 1 detected");
  expect(out).toContain("sess-doo: left (no restart); nobody was told; still dead at the end");

  // The same ledger through --json, and in `vigil report` over the night.
  const json = JSON.parse(vigil(["night", "status", "--json"], "", at(clock)).stdout);
  expect([json.ledger.stops.blocked, json.ledger.idleMinutes.dead]).toEqual([want.blocked, want.dead]);
  const report = vigil(["report", "--since", new Date(since - MIN).toISOString()], "", at(clock));
  expect(report.stdout).toContain(`idle minutes: awaiting ${want.awaiting}, asleep 0, stalled ${want.stalled}`);
}, 120_000);
