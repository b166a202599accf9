/**
 * The fast path by default: `vigil install` installs and starts `vigil serve` under the user's
 * service manager (the unit or plist written into the test's HOME, the service-manager calls
 * recorded, never run), `--no-serve` opts out, a HOME without one gets a note and nothing, and
 * uninstall removes the service install started. The unit passes `systemd-analyze verify`.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { installCommand, uninstallCommand } from "../../src/cli/install.ts";
import { type ScheduleIO, systemScheduleIO } from "../../src/edge/schedule.ts";
import { need } from "../deploy/prometheus.ts";
import { BIN, testEnv } from "../support/vigil.ts";

function harness(platform: "linux" | "darwin" | null) {
  const env = testEnv();
  const ran: string[][] = [];
  const io: ScheduleIO = { ...systemScheduleIO, run: (argv) => (ran.push(argv), Promise.resolve(0)) };
  const manager = platform === null
    ? undefined
    : { ok: true as const, facts: { platform, hasSystemd: platform === "linux", uid: 1000 } };
  let out = "";
  const ctx = {
    env,
    out: (t: string) => void (out += t),
    print: (t: string) => Promise.resolve(void (out += t)),
    err: (t: string) => void (out += t),
    now: Date.now,
    isTTY: false,
  };
  const deps = { io, ...(manager ? { manager } : {}) };
  return {
    env,
    ran,
    output: () => out,
    install: (...args: string[]) =>
      installCommand(["--user", "--claude-version", "2.1.332", "--bin", BIN, ...args], ctx, deps),
    uninstall: () => uninstallCommand(["--user", "--bin", BIN], ctx, deps),
  };
}

const unitOf = (env: Record<string, string>) => join(env.HOME, ".config", "systemd", "user", "vigil-serve.service");

describe("vigil install starts vigil serve where there is a user service manager", () => {
  test("systemd: the unit is written and verified, enabled and restarted; uninstall removes it", async () => {
    const h = harness("linux");
    expect(await h.install()).toBe(0);
    const unit = readFileSync(unitOf(h.env), "utf8");
    expect(unit).toContain(`ExecStart="${BIN}" serve "--listen" "127.0.0.1:8787"`);
    const verify = Bun.spawnSync([need("systemd-analyze", "systemd"), "verify", unitOf(h.env)], { stderr: "pipe" });
    expect([verify.exitCode, verify.stderr.toString()]).toEqual([0, ""]);
    expect(h.ran).toEqual([
      ["systemctl", "--user", "daemon-reload"],
      ["systemctl", "--user", "enable", "vigil-serve.service"],
      ["systemctl", "--user", "restart", "vigil-serve.service"],
    ]);
    expect(h.output()).toContain("serve: hooks forward to it once it is up");
    // Command hooks stay the registration: vigil still guards while serve is down.
    const settings = JSON.parse(readFileSync(join(h.env.HOME, ".claude", "settings.json"), "utf8"));
    expect(settings.hooks.PreToolUse[0].hooks[0]).toMatchObject({ type: "command", command: `${BIN} hook` });

    h.ran.length = 0;
    expect(await h.uninstall()).toBe(0);
    expect(existsSync(unitOf(h.env))).toBe(false);
    expect(h.ran[0]).toEqual(["systemctl", "--user", "disable", "--now", "vigil-serve.service"]);
  });

  test("launchd: the agent's plist is written and bootstrapped", async () => {
    const h = harness("darwin");
    expect(await h.install()).toBe(0);
    const plist = join(h.env.HOME, "Library", "LaunchAgents", "dev.vigil.serve.plist");
    expect(readFileSync(plist, "utf8")).toContain("<string>127.0.0.1:8787</string>");
    expect(h.ran).toContainEqual(["launchctl", "bootstrap", "gui/1000", plist]);
  });

  test("--no-serve opts out: no service file, no service-manager call", async () => {
    const h = harness("linux");
    expect(await h.install("--no-serve")).toBe(0);
    expect(existsSync(unitOf(h.env))).toBe(false);
    expect(h.ran).toEqual([]);
  });

  test("a HOME that is not the user's login home has no service manager of its own: a note, nothing written", async () => {
    const h = harness(null);
    expect(await h.install()).toBe(0);
    expect(h.output()).toContain("serve: not started by install (HOME is not the login home of this user)");
    expect(existsSync(unitOf(h.env))).toBe(false);
    expect(h.ran).toEqual([]);
  });
});
