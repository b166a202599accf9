/**
 * Issue 30 item 10 through the compiled binary: the progress breaker covers nudges. Three
 * stand-in sessions with inbox sockets, idle since before the night, `vigil watch --once` at a
 * pinned clock over an hour with a ten-minute threshold:
 * - one announced work; nudged, it answers with a short report and no tool call: it is not
 *   nudged again however long it then sits;
 * - one ended on a report with nothing pending: a worker that is done is never nudged;
 * - one ended on a report with an open checklist line (TODO.md): it has work left, it is nudged.
 */
import { afterAll, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { openStore } from "../../src/edge/store.ts";
import { type Kit, MIN, nightKit, prompt, reply } from "../support/night-kit.ts";
import type { Rec } from "../support/recorded-turns.ts";

let n: Kit | null = null;
afterAll(() => n?.close());

/** A delivered message answered by a short report, no tool call. */
const reports = (content: string, at: number): Rec[] => [
  { type: "queue-operation", operation: "enqueue", timestamp: new Date(at + 10).toISOString(), content },
  prompt(at + 20, content, { origin: { kind: "peer" } }),
  reply(at + 3_000, { text: "The exporter is wired and its tests pass." }),
];

test(
  "a nudge answered with a report is not repeated, and a session that finished with nothing pending is left alone",
  async () => {
    n = nightKit(`recovery = "notify"\nnudge_text = "Carry on"\nstale_after_minutes = 10\n`, { notifier: "none" });
    const t = n;
    const c0 = t.now();
    const answers = await t.session("sess-answers", { inbox: reports, firstAt: t.now() - 30_000 });
    const done = await t.session("sess-done", { inbox: reports, firstAt: t.now() - 30_000 });
    const left = await t.session("sess-left", { inbox: reports, firstAt: t.now() - 30_000 });
    writeFileSync(join(left.cwd, "TODO.md"), "- [x] wire the exporter\n- [ ] document the exporter\n");
    t.write(answers, [reply(c0 - 20 * MIN, { text: "Next, I will wire the exporter." })]);
    t.write(done, [reply(c0 - 20 * MIN, { text: "The parser is fixed and all 212 tests pass." })]);
    t.write(left, [reply(c0 - 20 * MIN, { text: "The exporter is wired and its tests pass." })]);
    expect((await t.run(["night", "on", "--scope", join(t.env.HOME, "work"), "--force"], t.now())).code).toBe(0);
    for (let i = 0; i < 5; i++) {
      await t.pass();
      t.advance(15 * MIN);
    }
    expect([answers.inbox.length, done.inbox.length, left.inbox.length]).toEqual([1, 0, 1]);

    const store = openStore(join(t.env.VIGIL_HOME, "vigil.db"));
    try {
      const held = (id: string) =>
        store.events({ kinds: ["nudge"], sessionId: id }).map((e) => {
          const d = JSON.parse(e.detail);
          return d.ok === true ? "nudged" : String(d.skipped);
        });
      // The answered one went STALE again after its report: held for the same stall, once.
      expect(held(answers.id)).toEqual(["nudged", "answered-without-work"]);
      expect(held(done.id)).toEqual(["finished"]);
      expect(held(left.id)).toEqual(["nudged", "answered-without-work"]);
      const followups = store.events({ kinds: ["followup"], sessionId: answers.id }).map((e) => JSON.parse(e.detail));
      expect(followups.map((f) => [f.intervention, f.resumed, f.proof])).toEqual([["nudge", false, "words_only"]]);
    } finally {
      store.close();
    }
    const off = await t.run(["night", "off"], t.now());
    expect(off.stdout).toContain("nudges: 2 sent, 0 resumed work");
  },
  90_000,
);
