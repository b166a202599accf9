/**
 * Alerts that arrive at 3 a.m. (issue 30 item 3): the README's notifier (`env:VIGIL_NTFY_URL`)
 * set in the user's shell reaches a receiver on 127.0.0.1 from the installed schedule's own
 * environment (the crontab line run as cron runs it), `night on` refuses when it would not,
 * when recovery is off, or when a failed restart would be reported to no one, and
 * `doctor --notify-test` tests from the schedule's environment. Compiled binary throughout.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { statSync } from "node:fs";
import { join } from "node:path";
import { type Kit, nightKit } from "../support/night-kit.ts";

const README_NOTIFIER = () => `notifiers = [{ kind = "ntfy", url = "env:VIGIL_NTFY_URL" }]`;
let kit: Kit | null = null;
afterEach(() => {
  kit?.close();
  kit = null;
});

describe("the README's notifier at night", () => {
  test("a death seen by the scheduled pass reaches the notifier named by env: in the installer's shell", async () => {
    const k = kit = nightKit("", { notifier: README_NOTIFIER });
    const url = { VIGIL_NTFY_URL: k.receiverUrl };
    const s = await k.session("sess-night");
    const install = await k.run(["watch", "--install"], undefined, "", url);
    expect(install.code).toBe(0);
    // The secret is in a file only the user can read, not in the (world-readable) schedule.
    const file = join(k.env.VIGIL_HOME, "watch.env");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await Bun.file(join(k.env.HOME, "crontab")).text()).not.toContain(k.receiverUrl);
    expect((await k.cronPass()).code).toBe(0);
    await s.kill();
    expect((await k.cronPass()).code).toBe(0);
    expect(k.received.map((r) => r.title ?? "")).toEqual([expect.stringContaining("down")]);
    expect(k.events("notify", s.id).map((e) => e.outcomes)).toEqual([[expect.objectContaining({ result: "sent" })]]);
    // doctor tests from the schedule's environment: the shell without the variable still reaches it.
    const doctor = await k.run(["doctor", "--notify-test", "--json"]);
    expect(doctor.stdout).toContain("test notification sent to ntfy");
    expect(k.received.length).toBe(2);
    const night = await k.run(["night", "on"]);
    expect([night.code, night.stderr]).toEqual([0, ""]);
  }, 60_000);

  test(
    "night on refuses with the fix when the schedule lacks the notifier's variable; doctor says so too",
    async () => {
      const k = kit = nightKit("", { notifier: README_NOTIFIER });
      const url = { VIGIL_NTFY_URL: k.receiverUrl };
      // Installed from a shell without the variable; the user's later shell has it.
      expect((await k.run(["watch", "--install"])).code).toBe(0);
      const refused = await k.run(["night", "on"], undefined, "", url);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("VIGIL_NTFY_URL is not set in the watch's schedule");
      expect(refused.stderr).toContain('run "vigil watch --install" again');
      const doctor = await k.run(["doctor", "--notify-test"], undefined, "", url);
      expect(doctor.stdout).toContain("test notification skipped for ntfy");
      expect(k.received).toEqual([]);
      expect((await k.run(["night", "on", "--force"], undefined, "", url)).code).toBe(0);
      expect((await k.run(["watch", "--install"], undefined, "", url)).code).toBe(0);
      expect((await k.run(["night", "on"], undefined, "", url)).code).toBe(0);
    },
    60_000,
  );
});

describe("night on refuses when recovery answers no one", () => {
  test.each([
    ["recovery is off", `recovery = "off"`, README_NOTIFIER, "recovery is off"],
    [
      "restart with no notifier for its failures",
      `recovery = "restart"`,
      () => "",
      "a restart that fails is reported to no one",
    ],
  ])("%s", async (_, toml, notifier, why) => {
    const k = kit = nightKit(toml, { notifier });
    const url = { VIGIL_NTFY_URL: k.receiverUrl };
    expect((await k.run(["watch", "--install"], undefined, "", url)).code).toBe(0);
    const refused = await k.run(["night", "on"], undefined, "", url);
    expect([refused.code, refused.stderr.includes(why), refused.stderr.includes("fix:")]).toEqual([1, true, true]);
    expect((await k.run(["night", "on", "--force"], undefined, "", url)).code).toBe(0);
  }, 60_000);
});
