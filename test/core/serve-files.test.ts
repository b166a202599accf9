/** The service files `vigil serve --install` writes (goldens) and its plan per host. */
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { planServe, serveLaunchdPlist, type ServeSpec, serveSystemdService } from "../../src/core/serve-files.ts";
import { golden } from "../support/golden.ts";

const GOLDEN = join(import.meta.dir, "goldens", "schedule");

const SPEC: ServeSpec = {
  bin: "/home/dev/my bin/vigil",
  args: ["--listen", "0.0.0.0:8787", "--token-file", "/home/dev/.local/state/vigil/serve.token"],
  env: { PATH: "/usr/bin:/bin", VIGIL_HOME: "/srv/vigil 100%" },
  logFile: "/home/dev/.local/state/vigil/serve.log",
};

describe("generated files (goldens)", () => {
  test.each([
    ["vigil-serve.service", () => serveSystemdService(SPEC)],
    ["dev.vigil.serve.plist", () => serveLaunchdPlist({ ...SPEC, bin: "/Users/dev/bin/vigil" })],
  ])("%s", (name, make) => golden(GOLDEN, name, make()));

  test("the service restarts serve when it fails; the agent keeps it alive", () => {
    expect(serveSystemdService(SPEC)).toContain("Type=simple\n");
    expect(serveSystemdService(SPEC)).toContain("Restart=on-failure\n");
    expect(serveLaunchdPlist(SPEC)).toContain("<key>KeepAlive</key>\n  <true/>");
  });
});

describe("planServe", () => {
  const base = {
    home: "/h",
    bin: "/opt/vigil",
    args: ["--listen", "127.0.0.1:8787"],
    env: { PATH: "/usr/bin", VIGIL_SERVE_TOKEN: "never-copied-into-a-unit", VIGIL_HOME: "/v", VIGIL_HOST: "build-2" },
    uid: 501,
    tokenFile: { path: "/v/serve.token", text: "t\n" },
  };

  test("systemd: the token file 0600 first, the unit, enabled and (re)started", () => {
    const r = planServe({ ...base, platform: "linux", hasSystemd: true });
    if (!r.ok) throw new Error(r.error);
    expect(r.value.files.map((f) => [f.path, f.mode])).toEqual([
      ["/v/serve.token", 0o600],
      ["/h/.config/systemd/user/vigil-serve.service", undefined],
    ]);
    expect(r.value.files[1].text).not.toContain("never-copied-into-a-unit");
    expect(r.value.files[1].text).toContain('Environment="VIGIL_HOST=build-2"\n');
    expect(r.value.activate).toEqual([
      ["systemctl", "--user", "daemon-reload"],
      ["systemctl", "--user", "enable", "vigil-serve.service"],
      ["systemctl", "--user", "restart", "vigil-serve.service"],
    ]);
    expect(r.value.deactivate).toEqual([["systemctl", "--user", "disable", "--now", "vigil-serve.service"]]);
  });

  test("launchd: the agent under ~/Library/LaunchAgents, bootstrapped into the user's domain", () => {
    const r = planServe({ ...base, platform: "darwin", hasSystemd: false, tokenFile: null });
    if (!r.ok) throw new Error(r.error);
    expect(r.value.files.map((f) => f.path)).toEqual(["/h/Library/LaunchAgents/dev.vigil.serve.plist"]);
    expect(r.value.activate.at(-1)).toEqual([
      "launchctl",
      "bootstrap",
      "gui/501",
      "/h/Library/LaunchAgents/dev.vigil.serve.plist",
    ]);
  });

  test("neither: refused with the reason, never a crontab line (cron cannot keep a daemon)", () => {
    expect(planServe({ ...base, platform: "linux", hasSystemd: false })).toEqual({
      ok: false,
      error: `no systemd or launchd here: run "vigil serve" under this host's service manager`,
    });
  });
});
