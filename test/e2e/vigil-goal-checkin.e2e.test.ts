/**
 * Goal check-ins through the installed binary and the real CLI (2.1.336; `/goal` is 2.1.139+, so
 * not on 2.1.88): a TUI with `/goal` set ends its turn while a background shell runs. Claude Code
 * will wake it with a check-in CLAUDE_CODE_GOAL_CHECKIN_MINUTES later (docs/claude-code-versions.md
 * section 10; the timing itself is pinned on a recording in test/core/goal-checkin.test.ts), so
 * vigil's Stop hook puts it to sleep until then, not for the two hours background work alone
 * gets: the watch leaves it alone inside that and calls it stalled once the check-in is overdue.
 */
import { afterEach, expect, test } from "bun:test";
import { NEWEST } from "./cli.ts";
import { type InstalledTui, installedTui } from "./installed-tui.ts";
import { E2E_TIMEOUT_MS } from "./runner.ts";
import { text, toolUse } from "./scenario.ts";
import { vigilEvents } from "./vigil-db.ts";

const MIN = 60_000;

let tui: InstalledTui | null = null;
afterEach(async () => {
  await tui?.stop();
  tui = null;
});

test(
  "a /goal session waiting on background work sleeps until its goal check-in, then is stalled if none came",
  async () => {
    const deadline = Date.now() + 60_000;
    const t = tui = await installedTui({
      version: NEWEST,
      scenario: {
        turns: [
          toolUse("Bash", { command: "sleep 600", description: "build", run_in_background: true }),
          text("The build runs in the background."),
        ],
        fallback: text("Still building."),
      },
      // The session's own setting: its first check-in a minute after the deferral (the hook inherits it).
      env: { CLAUDE_CODE_GOAL_CHECKIN_MINUTES: "1" },
      toml: "stale_after_minutes = 1\n",
      deadline,
    });
    await t.pane.type("/goal the build finishes", deadline);
    const row = await t.row((r) => r.asleep_cause !== null, deadline);
    const id = row.session_id;
    const stop = vigilEvents(t.s.vigilHome).find((e) => e.kind === "hook" && e.detail.event === "Stop");
    expect(stop?.session_id).toBe(id);
    // The check-in, not the two hours background work alone would give.
    expect(row.asleep_cause).toBe("goal");
    const due = Date.parse(row.asleep_until ?? "");
    expect(due).toBe((stop?.at ?? 0) + MIN);

    const stalled = () => vigilEvents(t.s.vigilHome).filter((e) => e.kind === "stalled" && e.session_id === id);
    // Quiet past the one-minute threshold, but the check-in (and the watch's grace) is not over.
    expect((await t.vigil(due + MIN, "watch", "--once")).code).toBe(0);
    expect(stalled()).toEqual([]);
    // Overdue by more than the grace with nothing written (by vigil's clock): the check-in never came.
    // Claude Code may still append a bookkeeping record on the real clock after the Stop, and a pass
    // that sees the file grow does not call it stalled that pass; the next quiet one must (CI once
    // caught that write between the two passes). At most three passes, each a minute later.
    for (let at = due + 3 * MIN; at <= due + 5 * MIN && stalled().length === 0; at += MIN) {
      expect((await t.vigil(at, "watch", "--once")).code).toBe(0);
    }
    expect(stalled()).toHaveLength(1);
  },
  E2E_TIMEOUT_MS,
);
