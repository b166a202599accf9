/**
 * Issue 30 item 1 through the compiled binary: a Stop push is followed up on work, not on
 * Claude Code's own records of the block. Two stand-in sessions in unattended mode announce
 * work; the real Stop hook blocks both; each transcript then gets the recorded 2.1.328 block
 * records (isMeta feedback, hook_blocking_error attachment, stop_hook_summary). One answers
 * with words only (the recorded answer), the other with a tool call two minutes later.
 * `vigil watch --once` follows them up; `night off`'s ledger, `report --json` and `/metrics`
 * of a real `vigil serve` all read the same follow-ups.
 */
import { afterAll, expect, test } from "bun:test";
import { join } from "node:path";
import { between, byUuid, recorded, retimed } from "../support/recorded-turns.ts";
import { type Kit, MIN, nightKit } from "../support/night-kit.ts";

const DENY = recorded("2.1.328", "deny-stop.jsonl");
const BLOCKED_END = "2cfca537-6f65-423a-9dfe-19dd4391ce91", SUMMARY = "b1f7bbc6-092b-4ce6-89c3-06193881fb64";
const FEEDBACK = "d5c2ab5a-e52d-40ee-9baf-ae60bea1807d";
const WORDS = "45adcb6e-89db-415a-898a-b40062128b16", LAST = "fdbc521f-562d-4e79-8b59-e625d8b17c0f";
const TOOL_CALL = "7195180c-f810-448c-8115-93a548d74710";
const ANNOUNCE = "Next, I will run the integration suite.";

let n: Kit | null = null;
afterAll(() => n?.close());

/** The recorded turn end, saying our own announcement (the gate judges the text). */
function announced(at: number, suffix: string) {
  const [end] = retimed([byUuid(DENY, BLOCKED_END)], at, { suffix });
  const message = { ...(end.message as Record<string, unknown>), content: [{ type: "text", text: ANNOUNCE }] };
  return { ...end, message };
}

test(
  "a Stop push answered with words only did not resume work; one answered by a tool call did, at that call",
  async () => {
    n = nightKit("", { env: { VIGIL_STALE_AFTER_MINUTES: "30" }, notifier: "none" });
    const t = n;
    const words = await t.session("sess-words", { firstAt: t.now() - 30_000 }),
      worker = await t.session("sess-worker", { firstAt: t.now() - 30_000 });
    const since = t.now();
    expect((await t.run(["night", "on", "--scope", join(t.env.HOME, "work"), "--force"], t.now())).code).toBe(0);
    await t.pass();
    t.advance(MIN);
    const endAt = t.now();
    for (const [s, suffix] of [[words, "w"], [worker, "k"]] as const) {
      t.write(s, [announced(endAt - 50, suffix)]);
      expect((await t.stop(s, ANNOUNCE)).decision).toBe("block");
      // Claude Code's records of the block, then each session's answer.
      t.write(s, retimed(between(DENY, FEEDBACK, SUMMARY), endAt + 35, { suffix }));
    }
    t.write(words, retimed(between(DENY, WORDS, LAST), endAt + 60, { suffix: "w" }));
    t.write(worker, retimed([byUuid(DENY, TOOL_CALL)], endAt + 2 * MIN, { suffix: "k" }));
    t.advance(5 * MIN);
    await t.pass();

    const off = await t.run(["night", "off"], t.now());
    expect(off.code).toBe(0);
    // The block's time is the hook's (VIGIL_NOW = endAt): the tool call is 2 min after it.
    expect(off.stdout).toContain(
      "stops blocked: 2; work resumed after 1, not after 1; first work a median of 2 min after",
    );

    const report = JSON.parse(
      (await t.run(["report", "--json", "--since", new Date(since - MIN).toISOString()], t.now())).stdout,
    );
    const marks = JSON.stringify(report);
    expect(marks).toContain(`${TOOL_CALL}-k`);
    expect(marks).toContain(`${WORDS}-w`);

    const serve = await t.serve();
    const text = await fetch(`${serve.url}/metrics`).then((r) => r.text());
    expect(text).toContain('vigil_followups_total{intervention="stop_block",resumed="true"} 1');
    expect(text).toContain('vigil_followups_total{intervention="stop_block",resumed="false"} 1');
    expect(text).toContain('vigil_followup_resume_seconds_total{intervention="stop_block"} 120');
    await serve.stop();
  },
  60_000,
);
