import { describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  chooseScheduler,
  cronLine,
  launchdPlist,
  type ScheduleSpec,
  systemdService,
  systemdTimer,
  withCronLine,
  withoutCronLine,
} from "../../src/core/schedule-files.ts";

const GOLDEN = join(import.meta.dir, "goldens", "schedule");
function golden(name: string, actual: string) {
  const file = join(GOLDEN, name);
  if (process.env.UPDATE_GOLDEN === "1") {
    mkdirSync(GOLDEN, { recursive: true });
    writeFileSync(file, actual);
  }
  expect(actual).toBe(readFileSync(file, "utf8"));
}

const SPEC: ScheduleSpec = {
  bin: "/Users/dev/.local/bin/vigil",
  env: { PATH: "/opt/homebrew/bin:/usr/bin:/bin", VIGIL_HOME: "/Users/dev/vigil & co" },
  logFile: "/Users/dev/.local/state/vigil/watch.log",
};

describe("generated files (goldens)", () => {
  test.each([
    ["dev.vigil.watch.plist", () => launchdPlist(SPEC)],
    ["dev.vigil.watch.bare.plist", () => launchdPlist({ bin: "/usr/local/bin/vigil" })],
    [
      "vigil-watch.service",
      () => systemdService({ ...SPEC, bin: "/home/dev/my bin/vigil", env: { PATH: "/usr/bin:/bin", X: "50% $HOME" } }),
    ],
    ["vigil-watch.timer", () => systemdTimer({})],
    [
      "crontab.txt",
      () =>
        `${cronLine({ ...SPEC, bin: "/home/dev/it's/vigil" })}\n${
          cronLine({ bin: "/usr/bin/vigil", env: { X: "100%" } })
        }\n`,
    ],
  ])("%s", (name, make) => {
    golden(name, make());
  });

  test("the launchd agent runs every 300 s and the timer every 5 min", () => {
    expect(launchdPlist(SPEC)).toContain("<key>StartInterval</key>\n  <integer>300</integer>");
    expect(systemdTimer({})).toContain("OnUnitActiveSec=5min");
    expect(cronLine({ bin: "/v" })).toStartWith("*/5 * * * * '/v' watch --once");
  });

  test("the cron command runs as cron would run it: quoting and % survive sh", () => {
    const dir = mkdtempSync(join(tmpdir(), "vigil it's cron "));
    const out = join(dir, "out.txt");
    const bin = join(dir, "vigil");
    writeFileSync(bin, `#!/bin/sh\nprintf '%s|' "$@" "$X" > '${out.replaceAll("'", `'\\''`)}'\n`, { mode: 0o755 });
    const line = cronLine({ bin, env: { X: "100% 'sure'" } });
    // cron passes everything after the five time fields to sh, with \% turned back into %.
    const command = line.split(" ").slice(5).join(" ").replaceAll("\\%", "%");
    const r = Bun.spawnSync(["sh", "-c", command]);
    expect(r.exitCode).toBe(0);
    expect(readFileSync(out, "utf8")).toBe("watch|--once|100% 'sure'|");
    rmSync(dir, { recursive: true, force: true });
  });
});

describe("crontab editing keeps everything else", () => {
  const line = cronLine({ bin: "/usr/bin/vigil" });
  test.each([
    ["empty", "", `${line}\n`],
    ["others kept", "MAILTO=me\n0 3 * * * backup\n", `MAILTO=me\n0 3 * * * backup\n${line}\n`],
    ["no trailing newline", "0 3 * * * backup", `0 3 * * * backup\n${line}\n`],
    ["install twice: one line", `0 3 * * * backup\n${line}\n`, `0 3 * * * backup\n${line}\n`],
  ])("install: %s", (_name, before, after) => {
    expect(withCronLine(before, line)).toBe(after);
  });

  test.each([
    ["only ours", `${line}\n`, ""],
    ["ours among others", `MAILTO=me\n${line}\n0 3 * * * backup\n`, "MAILTO=me\n0 3 * * * backup\n"],
    ["not there", "0 3 * * * backup\n", "0 3 * * * backup\n"],
  ])("uninstall: %s", (_name, before, after) => {
    expect(withoutCronLine(before)).toBe(after);
  });
});

test.each<[string, boolean, string]>([
  ["darwin", true, "launchd"],
  ["linux", true, "systemd"],
  ["linux", false, "cron"],
  ["freebsd", false, "cron"],
])("chooseScheduler(%p, systemd %p) = %p", (platform, systemd, want) => {
  expect<string>(chooseScheduler(platform, systemd)).toBe(want);
});
