/**
 * Sleep that is real, end to end (issue 30 item 4): vigil installed with `vigil install --user`,
 * a real Claude Code TUI whose request the fake API answers with a 429 `rate_limit_error`
 * (retries off), so the turn ends in Claude Code's StopFailure. vigil's handler puts the session
 * to sleep for the window it hit; `vigil watch --once` two hours later (past the 45-minute stall
 * threshold, with nudges allowed outside the night) neither calls it stalled nor nudges it, and
 * once the window is over the same watch does call it stalled. 2.1.336 names the error
 * `rate_limit`; 2.1.88 says `unknown` and carries the API's body (core/usage-limit.ts).
 */
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type ClaudeVersion, NEWEST, OLDEST } from "./cli.ts";
import { installedTui } from "./installed-tui.ts";
import { E2E_TIMEOUT_MS } from "./runner.ts";
import { apiError, bash, text } from "./scenario.ts";
import { vigilEvents } from "./vigil-db.ts";

const HOUR = 3_600_000;
/** The window a limit with no reset named keeps a session asleep (core/rest.ts RATE_LIMIT_SLEEP_MS). */
const WINDOW = 5 * HOUR;

// The two versions' sessions run at once: each mostly waits on its CLI.
test.concurrent.each<ClaudeVersion>([NEWEST, OLDEST])(
  "a usage-limit StopFailure from the real CLI (%s) puts the session to sleep; the watch leaves it until the reset",
  async (version) => {
    // Generous: 2.1.88 starts as a node process, slow on a loaded two-core machine.
    const deadline = Date.now() + 120_000;
    const t = await installedTui({
      version,
      scenario: { turns: [bash("true"), apiError("Rate limit reached for requests")], fallback: text("Back at it.") },
      env: { CLAUDE_CODE_MAX_RETRIES: "0" },
      // Nudges allowed outside the night: only the sleep may hold one back.
      toml: `nudge_text = "Carry on."\nrecover_outside_night = true\n`,
      deadline,
    });
    try {
      await t.pane.type("build it", deadline);
      const row = await t.row((r) => r.asleep_until !== null, deadline);
      const id = row.session_id;
      // The sleep came from Claude Code's StopFailure, through vigil's installed hook.
      const failure = vigilEvents(t.s.vigilHome).find((e) => e.kind === "hook" && e.detail.event === "StopFailure");
      expect(failure?.session_id).toBe(id);
      expect(row.asleep_cause).toBe("rate_limit");
      expect(Date.parse(row.asleep_until ?? "")).toBe((failure?.at ?? 0) + WINDOW);
      // The process is alive and registered: the watch sees a quiet session, not a dead one.
      const registry = join(t.s.home, ".claude", "sessions", `${t.pane.pid}.json`);
      expect(JSON.parse(readFileSync(registry, "utf8")).sessionId).toBe(id);

      const of = (kind: string) => vigilEvents(t.s.vigilHome).filter((e) => e.kind === kind && e.session_id === id);
      const before = await t.vigil(Date.now() + 2 * HOUR, "watch", "--once");
      expect({ code: before.code, stderr: before.stderr }).toEqual({ code: 0, stderr: "" });
      expect([of("stalled"), of("nudge"), of("died")]).toEqual([[], [], []]);

      const after = await t.vigil(Date.parse(row.asleep_until ?? "") + 10 * 60_000, "watch", "--once");
      expect({ code: after.code, stderr: after.stderr }).toEqual({ code: 0, stderr: "" });
      expect(of("stalled")).toHaveLength(1);
    } finally {
      await t.stop();
    }
  },
  E2E_TIMEOUT_MS * 2,
);
