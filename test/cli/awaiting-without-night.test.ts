/**
 * Issue 30 item 7 through the compiled binary: with unattended mode off, a session whose last
 * turn waits for approval shows `awaiting` in `status --json`, in a real `vigil serve`'s
 * /metrics and /api/sessions, and on the dashboard in a real browser (when Debian's chromium is
 * installed). The Stop hook runs as Claude Code calls it (outside the night it does not
 * classify the message); `vigil watch --once` reads the turn and tells the machine. A person's
 * answer, read by the watch, ends the wait.
 */
import { afterAll, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";
import { type Kit, MIN, nightKit, prompt, reply } from "../support/night-kit.ts";

const CHROMIUM = "/usr/bin/chromium";
let n: Kit | null = null;
afterAll(() => n?.close());

const ASK = "The migration is ready. Please approve it before I run it on staging.";

test(
  "a session waiting for approval shows awaiting in status, /metrics and the dashboard with unattended mode off",
  async () => {
    n = nightKit("", { env: { VIGIL_STALE_AFTER_MINUTES: "10" }, notifier: "none" });
    const t = n;
    const waits = await t.session("sess-waits", { firstAt: t.now() - 30_000 }),
      done = await t.session("sess-done", { firstAt: t.now() - 30_000 });
    await t.pass();
    t.advance(MIN);
    t.write(waits, [reply(t.now(), { text: ASK })]);
    t.write(done, [reply(t.now(), { text: "The parser is fixed and all tests pass." })]);
    for (const [s, text] of [[waits, ASK], [done, "The parser is fixed and all tests pass."]] as const) {
      expect((await t.stop(s, text)).decision).toBeUndefined();
    }
    t.advance(MIN);
    await t.pass();

    const status = async () =>
      JSON.parse((await t.run(["status", "--json"], t.now())).stdout) as {
        session_id: string;
        state: string;
        awaiting: unknown;
      }[];
    const awaitingOf = async (id: string) => (await status()).find((s) => s.session_id === id)?.awaiting;
    expect([await awaitingOf(waits.id), await awaitingOf(done.id)]).toEqual(["approval", null]);

    const serve = await t.serve();
    const metrics = await fetch(`${serve.url}/metrics`).then((r) => r.text());
    expect(metrics).toMatch(new RegExp(`vigil_session_awaiting\\{[^}]*session_id="${waits.id}"[^}]*\\} 1`));
    expect(metrics).toMatch(new RegExp(`vigil_session_awaiting\\{[^}]*session_id="${done.id}"[^}]*\\} 0`));
    const api = await fetch(`${serve.url}/api/sessions`).then((r) => r.json());
    expect(JSON.stringify(api)).toContain('"awaiting":"approval"');
    if (existsSync(CHROMIUM)) {
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--headless"] });
      try {
        const page = await browser.newPage();
        await page.goto(serve.url + "/");
        const row = page.locator(`tr[data-session='${waits.id}']`);
        await row.waitFor();
        expect(await row.getAttribute("data-awaiting")).toBe("approval");
        expect(await row.locator(".awaiting").textContent()).toContain("awaiting approval");
        expect(await page.locator(`tr[data-session='${done.id}'] .awaiting`).count()).toBe(0);
      } finally {
        await browser.close();
      }
    }
    await serve.stop();

    // Awaiting is not stalled: past the threshold no STALE is recorded for it.
    t.advance(30 * MIN);
    await t.pass();
    const states = Object.fromEntries((await status()).map((s) => [s.session_id, s.state]));
    expect([states[waits.id], states[done.id]]).toEqual(["normal", "stalled"]);
    // The person answers; the watch reads the prompt (no hook reported it) and the wait ends.
    t.write(waits, [prompt(t.now(), "Approved, go ahead.")]);
    t.advance(MIN);
    await t.pass();
    expect(await awaitingOf(waits.id)).toBe(null);
  },
  90_000,
);
