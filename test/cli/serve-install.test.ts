/**
 * `vigil serve --install | --uninstall`: the unit it writes passes `systemd-analyze verify`,
 * its ExecStart run the way systemd runs it brings up a real `vigil serve` that answers
 * /metrics only with the token from the 0600 file install wrote; a reinstall keeps that token;
 * uninstall removes what install wrote. systemctl is recorded, never run (no user manager in CI).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { serveService, type ServiceOptions } from "../../src/serve/service.ts";
import type { ListenTarget } from "../../src/serve/listen.ts";
import { type ScheduleIO, systemScheduleIO } from "../../src/edge/schedule.ts";
import { freePort, need, until } from "../deploy/prometheus.ts";
import { BIN, testEnv, vigil } from "../support/vigil.ts";

const env = testEnv();
const procs: ReturnType<typeof Bun.spawn>[] = [];
afterAll(() => {
  for (const p of procs) p.kill("SIGKILL");
});

const ran: string[][] = [];
const io: ScheduleIO = {
  ...systemScheduleIO,
  run: (argv) => (ran.push(argv), Promise.resolve(0)),
};
const systemd = { facts: { platform: "linux", hasSystemd: true, uid: 1000 }, io };

async function run(install: boolean, o: Partial<ServiceOptions> & { target: ListenTarget }) {
  let out = "";
  const ctx = {
    env,
    out: (t: string) => void (out += t),
    print: (t: string) => Promise.resolve(void (out += t)),
    err: () => {},
    now: Date.now,
    isTTY: false,
  };
  const code = await serveService(install, { bin: BIN, ...o }, ctx, systemd);
  return { code, out };
}

/** ExecStart's words, unquoted the way systemd reads them (`"…"`, `\\`, `%%`, `$$`). */
function execStart(unit: string): string[] {
  const line = unit.split("\n").find((l) => l.startsWith("ExecStart="))?.slice("ExecStart=".length) ?? "";
  return [...line.matchAll(/"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((m) =>
    (m[1] ?? m[2]).replace(/\\(.)/g, "$1").replaceAll("%%", "%").replaceAll("$$", "$")
  );
}

const unitPath = join(env.HOME, ".config", "systemd", "user", "vigil-serve.service");
const tokenPath = join(env.VIGIL_HOME, "serve.token");

describe("serve --install on a systemd host", () => {
  test("a unit systemd accepts, whose ExecStart serves /metrics with the token from a 0600 file", async () => {
    const port = freePort();
    const target: ListenTarget = { kind: "tcp", hostname: "127.0.0.1", port };
    const r = await run(true, { target, token: "a-token-of-twenty-chars" });
    expect(r.code).toBe(0);
    expect(r.out).toContain(`wrote ${unitPath}`);
    expect(ran).toEqual([
      ["systemctl", "--user", "daemon-reload"],
      ["systemctl", "--user", "enable", "vigil-serve.service"],
      ["systemctl", "--user", "restart", "vigil-serve.service"],
    ]);
    const unit = readFileSync(unitPath, "utf8");
    expect(unit).not.toContain("a-token-of-twenty-chars");
    expect([statSync(tokenPath).mode & 0o777, readFileSync(tokenPath, "utf8")]).toEqual([
      0o600,
      "a-token-of-twenty-chars\n",
    ]);
    const verify = Bun.spawnSync([need("systemd-analyze", "systemd"), "verify", unitPath], { stderr: "pipe" });
    expect([verify.exitCode, verify.stderr.toString()]).toEqual([0, ""]);

    const argv = execStart(unit);
    expect(argv).toEqual([BIN, "serve", "--listen", `127.0.0.1:${port}`, "--token-file", tokenPath]);
    const unitEnv = Object.fromEntries(
      [...unit.matchAll(/^Environment="([^=]+)=(.*)"$/gm)].map((m) => [m[1], m[2]]),
    );
    const serve = Bun.spawn(argv, { env: unitEnv, stdout: "ignore", stderr: "ignore" });
    procs.push(serve);
    const url = `http://127.0.0.1:${port}/metrics`;
    const ok = await until(async () => {
      const res = await fetch(url, { headers: { Authorization: "Bearer a-token-of-twenty-chars" } }).catch(() => null);
      return res?.status === 200 ? res.text() : null;
    }, { tries: 80, everyMs: 100 });
    expect(ok).toContain("vigil_watch_last_pass_timestamp_seconds");
    expect((await fetch(url)).status).toBe(401);
    serve.kill("SIGTERM");
    expect(await serve.exited).toBe(0);
  }, 30_000);

  test("off loopback without a token it makes one, and a reinstall keeps it", async () => {
    rmSync(tokenPath);
    const target: ListenTarget = { kind: "tcp", hostname: "0.0.0.0", port: 8787 };
    const first = await run(true, { target });
    expect(first.code).toBe(0);
    expect(first.out).toContain(`Prometheus needs the token in ${tokenPath}`);
    const made = readFileSync(tokenPath, "utf8");
    expect([/^[0-9a-f]{48}\n$/.test(made), statSync(tokenPath).mode & 0o777]).toEqual([true, 0o600]);
    expect(execStart(readFileSync(unitPath, "utf8")).slice(2)).toEqual([
      "--listen",
      "0.0.0.0:8787",
      "--token-file",
      tokenPath,
    ]);
    // Prometheus has a copy of it: a reinstall must not change it.
    expect((await run(true, { target })).code).toBe(0);
    expect(readFileSync(tokenPath, "utf8")).toBe(made);
  });

  test("uninstall removes the unit and the token install made, after disabling", async () => {
    ran.length = 0;
    const r = await run(false, { target: { kind: "tcp", hostname: "127.0.0.1", port: 8787 } });
    expect(r.code).toBe(0);
    expect([existsSync(unitPath), existsSync(tokenPath)]).toEqual([false, false]);
    expect(ran).toEqual([
      ["systemctl", "--user", "disable", "--now", "vigil-serve.service"],
      ["systemctl", "--user", "daemon-reload"],
    ]);
  });
});

describe("the command", () => {
  test.each([
    [["--install", "--uninstall"], `choose one of "--install" and "--uninstall"`],
    [["--install", "--token", "a", "--token-file", "/x"], "choose one of --token and --token-file"],
    [["--install", "--token", "short", "--bin", BIN], "the token must be at least 16 characters"],
  ])("%j: exit 2, one line", (args, message) => {
    const r = vigil(["serve", ...args], "", env);
    expect([r.code, r.stderr]).toEqual([2, `vigil: ${message}\n`]);
  });

  test("--token-file that cannot be read: exit 2 with the path", () => {
    const r = vigil(["serve", "--token-file", join(env.HOME, "missing")], "", env);
    expect(r.code).toBe(2);
    expect(r.stderr).toStartWith(`vigil: cannot read the token file "${join(env.HOME, "missing")}"`);
  });
});
