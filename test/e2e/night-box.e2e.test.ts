/**
 * A night in a box (issue 30's "Done when"; product.md sections 6 and 7; seed 004): seven real
 * Claude Code TUIs of one release under one real tmux server, against the fake API, with vigil
 * installed by `vigil install --user`, alerts to a receiver on 127.0.0.1 and `vigil watch
 * --every` running with a one-minute threshold. Each session stands for one behaviour; the
 * test counts what happened from the outside (transcripts, the `claude` calls, its own kills,
 * the receiver's log: night-box-count.ts, which shares no code with vigil's ledger) and checks
 * each behaviour against that count.
 *
 * One night per version; the sessions run at once, so both nights together stay within a few
 * minutes of the suite's time.
 */
import { expect, test } from "bun:test";
import { type ClaudeVersion, NEWEST, OLDEST } from "./cli.ts";
import { type Alert, countNight, type NightCount } from "./night-box-count.ts";
import type { Box } from "./night-box.ts";
import { type NightEvidence, runNight, said, saidAt } from "./night-box-night.ts";
import { APPROVAL, DONE, REPORT, WORDS } from "./night-box-script.ts";

/** The box's stale threshold (night-box.ts writes `stale_after_minutes = 1`). */
const STALE_MS = 60_000;

/**
 * A night's bound: longer than the box's own deadlines together (90 s for the TUIs, 120 s for
 * the first turns, 330 s for the night), so a slow night fails with the box's message (which
 * step, the screens, the watch's log) rather than bun's bare timeout. It only stops a hung run.
 */
const NIGHT_TIMEOUT_MS = 11 * 60_000;

const alertsFor = (c: NightCount, id: string, event?: string): Alert[] =>
  c.alerts.filter((a) => a.sessionId === id && (event === undefined || a.event === event));

/** Watch passes finished so far (each prints one summary line). */
const passes = (box: Box) => box.watchLog().split("\n").filter((l) => l.startsWith("vigil watch: ")).length;

/**
 * What the night must show before it ends (conditions, never a fixed sleep): every session's
 * behaviour is in, and the report session, having answered its nudge, has gone a threshold and
 * two full passes since without another.
 */
function nightDone(): (box: Box) => boolean {
  let passesAtThreshold: number | null = null;
  return (box) => {
    const events = box.receiver.received.map((r) => String(r.body.event));
    const answered = saidAt(box, "report", REPORT);
    if (answered !== null && passesAtThreshold === null && Date.now() - answered > STALE_MS) {
      passesAtThreshold = passes(box);
    }
    return said(box, "announce", DONE) && said(box, "words", WORDS, 2) && said(box, "stall", DONE) &&
      said(box, "killed", DONE, 2) && events.includes("restarted") && events.includes("breaker-open") &&
      passesAtThreshold !== null && passes(box) >= passesAtThreshold + 2;
  };
}

function describeNight(ev: NightEvidence, c: NightCount): string {
  const per = Object.values(c.sessions).map((s) =>
    `${s.role}: ${s.marks.map((m) => m.kind).join(" ")} | restarts ${s.restarts}`
  );
  return [...per, ...c.alerts.map((a) => `alert ${a.event} ${a.sessionId?.slice(0, 8)}`), ev.watchLog.slice(-4000)]
    .join("\n");
}

/** A number at `path` of the ledger JSON (the test reads vigil's output, not its types). */
function num(v: unknown, ...path: string[]): number {
  let x = v;
  for (const k of path) x = typeof x === "object" && x !== null ? Reflect.get(x, k) : undefined;
  if (typeof x !== "number") throw new Error(`ledger: no number at ${path.join(".")}: ${JSON.stringify(v)}`);
  return x;
}

/**
 * `night off --json`'s ledger against the outside count. Idle minutes agree to the minute: the
 * watch sees a death at its next pass and an open stall from the transcript's last growth, the
 * count at the DOWN alert and at the end of the turn; every other figure is equal.
 * Woken by nobody is a turn nothing answered by night off (README, the ledger): each session's
 * last turn still waiting then, and the one a death cut off with nothing after it.
 */
function expectLedger(ledger: unknown, c: NightCount): void {
  const byKind: Record<string, number> = {};
  for (const a of c.alerts) byKind[a.event] = (byKind[a.event] ?? 0) + 1;
  const deaths = Reflect.get(Object(ledger), "deaths");
  const figures = (l: unknown) => ({
    stops: [num(l, "stops", "blocked"), num(l, "stops", "resumed"), num(l, "stops", "notResumed")],
    nudges: [num(l, "pushes", "nudge", "sent"), num(l, "pushes", "nudge", "resumed")],
    restarts: [
      num(l, "pushes", "restart", "sent"),
      num(l, "pushes", "restart", "verified"),
      num(l, "pushes", "restart", "resumed"),
    ],
    deaths: Array.isArray(deaths) ? deaths.length : -1,
    alerts: [num(l, "alerts", "sent"), Reflect.get(Object(Reflect.get(Object(l), "alerts")), "byKind")],
    woken: [
      num(l, "woken", "vigil", "turns"),
      num(l, "woken", "vigil", "sessions"),
      num(l, "woken", "person", "turns"),
      num(l, "woken", "nobody", "turns"),
      num(l, "woken", "nobody", "sessions"),
    ],
    asleep: num(l, "idleMinutes", "asleep"),
  });
  expect(figures(ledger)).toEqual({
    stops: [c.stops.blocked, c.stops.resumed, c.stops.notResumed],
    nudges: [c.pushes.nudge.sent, c.pushes.nudge.resumed],
    restarts: [c.pushes.restart.sent, c.pushes.restart.verified, c.pushes.restart.resumed],
    deaths: c.deaths,
    alerts: [c.alerts.length, byKind],
    woken: [
      c.wokenByVigil.turns,
      c.wokenByVigil.sessions,
      c.wokenByPerson.turns,
      c.wokenByNobody.turns,
      c.wokenByNobody.sessions,
    ],
    asleep: 0,
  });
  for (const cause of ["awaiting", "stalled", "dead"] as const) {
    const minutes = num(ledger, "idleMinutes", cause);
    expect({ cause, minutes, counted: Math.abs(minutes - c.idle[cause] / 60_000) <= 1 }).toMatchObject({
      cause,
      counted: true,
    });
  }
}

// The two nights run at once: each mostly waits on thresholds, so together they cost the suite
// about one night's time.
test.concurrent.each<ClaudeVersion>([NEWEST, OLDEST])("a night in a box (%s)", async (version) => {
  const ev = await runNight(version, nightDone());
  // The night's cost, step by step (seconds since the box began opening): what to shrink next.
  console.log(`night box ${version}: ${ev.marks.map(([m, ms]) => `${m} ${(ms / 1000).toFixed(0)}s`).join(", ")}`);
  // To rework the count without another night: VIGIL_BOX_EVIDENCE=/tmp/night.json keeps what it read.
  if (process.env.VIGIL_BOX_EVIDENCE) {
    await Bun.write(`${process.env.VIGIL_BOX_EVIDENCE}.${version}`, JSON.stringify(ev));
  }
  const c = countNight(ev, { staleMs: STALE_MS, awaits: (t) => t.includes(APPROVAL) });
  const s = c.sessions, id = ev.sessionIds;
  const why = describeNight(ev, c);
  try {
    // announces and stops: pushed once, then does the work
    expect(s.announce.blocks).toBe(1);
    expect(s.announce.blocksResumed).toBe(1);
    // waits for approval: never pushed, nudged or restarted
    expect([s.approval.blocks, s.approval.nudges, s.approval.restarts]).toEqual([0, 0, 0]);
    expect(alertsFor(c, id.approval)).toEqual([]);
    // killed: DOWN reached the receiver, one restart, and its prompt was followed by work
    expect(alertsFor(c, id.killed, "down")).toHaveLength(1);
    expect(s.killed.restarts).toBe(1);
    expect(s.killed.restartsResumed).toBe(1);
    expect(alertsFor(c, id.killed, "restarted")).toHaveLength(1);
    // stalls with steps open: nudged once (inbox socket on the newest release), then does the work;
    // finished, it is left alone
    expect([s.stall.nudges, s.stall.nudgesResumed]).toEqual([1, 1]);
    expect(s.stall.marks.find((m) => m.kind === "vigil")).toMatchObject({ inbox: version === NEWEST });
    // answers a push with words only: not resumed, pushed neither by the Stop gate nor by a nudge again
    expect([s.words.blocks, s.words.blocksResumed, s.words.nudges]).toEqual([1, 0, 0]);
    // answers a nudge with a report and no tool call: not nudged again (a threshold and two passes went by)
    expect([s.report.nudges, s.report.nudgesResumed]).toEqual([1, 0]);
    // sessions that finished their work are not nudged, a restarted one included
    expect([s.announce.nudges, s.killed.nudges]).toEqual([0, 0]);
    // cannot be restarted: two attempts, then the breaker holds, and one alert says so
    expect(s.doomed.restarts).toBe(2);
    expect(alertsFor(c, id.doomed, "down")).toHaveLength(1);
    expect(alertsFor(c, id.doomed, "breaker-open")).toHaveLength(1);
    // `night off`'s ledger equals the count made from the outside
    expectLedger(ev.off.ledger, c);
  } catch (e) {
    throw new Error(`${e instanceof Error ? e.message : String(e)}\n--- the night:\n${why}`);
  }
}, NIGHT_TIMEOUT_MS);
