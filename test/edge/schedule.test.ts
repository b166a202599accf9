import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { planSchedule } from "../../src/core/schedule-files.ts";
import {
  installSchedule,
  planForHost,
  type ScheduleIO,
  systemScheduleIO,
  uninstallSchedule,
} from "../../src/edge/schedule.ts";

describe("install and uninstall write into the given home, never the real one", () => {
  const root = mkdtempSync(join(tmpdir(), "vigil-schedule-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const fakeIO = () => {
    const ran: string[][] = [];
    let crontab = "0 3 * * * backup\n";
    const io: ScheduleIO = {
      writeFile: systemScheduleIO.writeFile,
      removeFile: systemScheduleIO.removeFile,
      readCrontab: () => Promise.resolve(crontab),
      writeCrontab: (t) => {
        crontab = t;
        return Promise.resolve();
      },
      run: (argv) => {
        ran.push(argv);
        return Promise.resolve(0);
      },
    };
    return { io, ran, crontab: () => crontab };
  };
  const base = {
    home: root,
    bin: "/opt/vigil",
    env: { PATH: "/usr/bin", SECRET_TOKEN: "no", VIGIL_HOME: "/v" },
    uid: 501,
  };

  test("systemd: two unit files, enabled, then removed", async () => {
    const f = fakeIO();
    const plan = planSchedule({ ...base, platform: "linux", hasSystemd: true });
    const res = await installSchedule(plan, f.io);
    const dir = join(root, ".config", "systemd", "user");
    expect(res.paths).toEqual([join(dir, "vigil-watch.service"), join(dir, "vigil-watch.timer")]);
    const service = readFileSync(join(dir, "vigil-watch.service"), "utf8");
    expect(service).toContain('Environment="VIGIL_HOME=/v"');
    expect(service).not.toContain("SECRET_TOKEN");
    expect(f.ran).toEqual([["systemctl", "--user", "daemon-reload"], [
      "systemctl",
      "--user",
      "enable",
      "--now",
      "vigil-watch.timer",
    ]]);
    await uninstallSchedule(plan, f.io);
    expect([existsSync(res.paths[0]), existsSync(res.paths[1])]).toEqual([false, false]);
    expect(f.ran.slice(2)).toEqual([["systemctl", "--user", "disable", "--now", "vigil-watch.timer"], [
      "systemctl",
      "--user",
      "daemon-reload",
    ]]);
  });

  test("launchd: the agent plist under ~/Library/LaunchAgents, bootstrapped", async () => {
    const f = fakeIO();
    const plan = planSchedule({ ...base, platform: "darwin", hasSystemd: false });
    const res = await installSchedule(plan, f.io);
    expect(res.paths).toEqual([join(root, "Library", "LaunchAgents", "dev.vigil.watch.plist")]);
    expect(readFileSync(res.paths[0], "utf8")).toContain("<string>/opt/vigil</string>");
    expect(f.ran.at(-1)).toEqual(["launchctl", "bootstrap", "gui/501", res.paths[0]]);
    await uninstallSchedule(plan, f.io);
    expect(existsSync(res.paths[0])).toBe(false);
  });

  test("cron: one marked line added to the crontab, then removed", async () => {
    const f = fakeIO();
    const plan = planSchedule({ ...base, platform: "linux", hasSystemd: false });
    await installSchedule(plan, f.io);
    await installSchedule(plan, f.io);
    expect(f.crontab()).toBe(
      `0 3 * * * backup\n*/5 * * * * PATH='/usr/bin' VIGIL_HOME='/v' '/opt/vigil' watch --once # vigil:watch\n`,
    );
    await uninstallSchedule(plan, f.io);
    expect(f.crontab()).toBe("0 3 * * * backup\n");
    expect(f.ran).toEqual([]);
  });
});

test("planForHost fills in this host's platform and uid", () => {
  const plan = planForHost({ home: "/h", bin: "/b", hasSystemd: false, platform: "darwin" });
  expect(plan.activate.at(-1)).toEqual([
    "launchctl",
    "bootstrap",
    `gui/${process.getuid?.() ?? 0}`,
    "/h/Library/LaunchAgents/dev.vigil.watch.plist",
  ]);
});
