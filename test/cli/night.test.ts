/** `vigil night on|off|status` through the compiled binary, with stand-in sessions. */
import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { readNight, readNightSetting } from "../../src/night/setting.ts";
import { transcriptPathFor } from "../../src/core/watch/targets.ts";
import { probe } from "../../src/edge/proc.ts";
import { openStore } from "../../src/edge/store.ts";
import { records } from "../watch/harness.ts";
import { CRON_MARKER } from "../../src/core/schedule-files.ts";
import { planForHost } from "../../src/edge/schedule.ts";
import { BIN, testEnv, vigil } from "../support/vigil.ts";
import { seedDetail } from "../support/audit-seed.ts";

const children: ReturnType<typeof Bun.spawn>[] = [];
afterAll(() => {
  for (const c of children) c.kill("SIGKILL");
});

function setup(extra: Record<string, string> = {}) {
  const base = testEnv(extra);
  const claude = join(base.HOME, "claude");
  mkdirSync(join(claude, "sessions"), { recursive: true });
  const env: Record<string, string> = { ...base, CLAUDE_CONFIG_DIR: claude };
  const withStore = <T>(f: (s: ReturnType<typeof openStore>) => T): T => {
    const s = openStore(join(env.VIGIL_HOME, "vigil.db"));
    try {
      return f(s);
    } finally {
      s.close();
    }
  };
  /** A stand-in session in `cwd` whose transcript ends with `last`. */
  const session = (id: string, cwd: string, last: "prompt" | "end", registry: Record<string, unknown> = {}) => {
    mkdirSync(cwd, { recursive: true });
    const child = Bun.spawn(["sleep", "1000"], { stdin: "ignore", stdout: "ignore", stderr: "ignore" });
    children.push(child);
    const entry = { pid: child.pid, sessionId: id, cwd, startedAt: Date.now(), procStart: probe(child.pid)?.procStart };
    writeFileSync(join(claude, "sessions", `${child.pid}.json`), JSON.stringify({ ...entry, ...registry }));
    const transcript = transcriptPathFor(claude, cwd, id);
    if (transcript === null) throw new Error("no transcript path");
    mkdirSync(dirname(transcript), { recursive: true });
    writeFileSync(transcript, records(Date.now() - 5000, "prompt", "go") + records(Date.now() - 1000, last, "done"));
    return { pid: child.pid, procStart: entry.procStart };
  };
  return { env, home: base.HOME, withStore, session };
}

test("on: scope, until, a snapshot with process identity, and a preflight of idle sessions", () => {
  const t = setup();
  const inScope = join(t.home, "work", "a");
  const busy = t.session("sess-busy", inScope, "prompt", { status: "busy", name: "worker-busy" });
  t.session("sess-idle", join(t.home, "work", "b"), "prompt", { status: "idle", name: "worker-idle" });
  t.session("sess-ended", join(t.home, "work", "c"), "end", { name: "worker-ended" });
  t.session("sess-out", join(t.home, "elsewhere"), "prompt", { status: "idle" });
  const r = vigil(["night", "on", "--scope", join(t.home, "work"), "--until", "8h", "--force"], "", t.env);
  expect(r.code).toBe(0);
  expect(r.stdout).toContain("unattended mode on");
  expect(r.stdout).toContain("snapshot: 3 sessions");
  expect(r.stdout).toContain("preflight: 2 sessions are already idle");
  expect(r.stdout).toMatch(/worker-idle: registry status "idle"/);
  expect(r.stdout).toMatch(/worker-ended: its last turn ended at/);
  expect(r.stdout).not.toContain("worker-busy:");
  const { night, gate } = t.withStore((s) => ({ night: readNightSetting(s), gate: readNight(s) }));
  expect(gate).toEqual({ on: true, scope: [join(t.home, "work")], until: night?.until ?? -1 });
  const snap = night?.snapshot.find((e) => e.sessionId === "sess-busy");
  expect([snap?.pid, snap?.procStart, snap?.cwd, snap?.name]).toEqual([
    busy.pid,
    busy.procStart,
    inScope,
    "worker-busy",
  ]);
  expect(night?.snapshot.map((e) => e.sessionId).sort()).toEqual(["sess-busy", "sess-ended", "sess-idle"]);
}, 60_000);

test("status counts Stop blocks since the mode went on; off keeps the snapshot; status then exits 1", () => {
  const t = setup();
  expect(vigil(["night", "on", "--force"], "", t.env).code).toBe(0);
  t.withStore((s) => {
    s.appendEvent(
      Date.now() + 1,
      "sess-1",
      "stop_gate",
      seedDetail("stop_gate", { decision: "block", gate: "announcement" }),
    );
    s.appendEvent(
      Date.now() + 2,
      "sess-1",
      "stop_gate",
      seedDetail("stop_gate", { decision: "block", gate: "announcement" }),
    );
    s.appendEvent(
      Date.now() + 3,
      "sess-1",
      "stop_gate",
      seedDetail("stop_gate", { decision: "pass", gate: "approval" }),
    );
  });
  const on = vigil(["night", "status"], "", t.env);
  expect([on.code, on.stdout.includes("stop blocks: 2 (sess-1 2)")]).toEqual([0, true]);
  expect(JSON.parse(vigil(["night", "status", "--json"], "", t.env).stdout).blocks.total).toBe(2);
  const off = vigil(["night", "off"], "", t.env);
  // The summary is the ledger: two blocks, neither followed up yet (no watch pass ran).
  expect(off.code).toBe(0);
  expect(off.stdout).toContain("unattended mode off; the night's ledger:");
  expect(off.stdout).toContain("stops blocked: 2; work resumed after 0, not after 0, 2 not followed up yet");
  expect(t.withStore((s) => readNight(s)?.on)).toBe(false);
  const after = vigil(["night", "status"], "", t.env);
  expect([after.code, after.stdout.startsWith("unattended mode: off since")]).toEqual([1, true]);
  expect(vigil(["night", "off"], "", t.env).stdout.trim()).toBe("unattended mode was already off");
}, 60_000);

test.each([
  ["later today", "2026-11-30T05:00:00.000Z", "07:00", "2026-11-30T07:00:00.000Z"],
  ["tomorrow", "2026-11-30T08:00:00.000Z", "07:00", "2026-12-01T07:00:00.000Z"],
  ["a duration", "2026-11-30T23:00:00.000Z", "8h", "2026-12-01T07:00:00.000Z"],
  ["ISO", "2026-11-30T23:00:00.000Z", "2026-12-01T06:30:00Z", "2026-12-01T06:30:00.000Z"],
])("--until %s", (_name, now, arg, want) => {
  const t = setup({ VIGIL_NOW: String(Date.parse(now)) });
  expect(vigil(["night", "on", "--until", arg, "--force"], "", t.env).code).toBe(0);
  expect(new Date(t.withStore((s) => readNight(s)?.until) ?? 0).toISOString()).toBe(want);
}, 30_000);

test.each([
  ["no action", [], `missing "on", "off" or "status"`],
  ["unknown action", ["maybe"], `unknown action "maybe"`],
  ["bad time", ["on", "--until", "25:00"], `invalid time "25:00"`],
  ["past time", ["on", "--until", "2001-01-01T00:00:00Z"], `time "2001-01-01T00:00:00Z" is in the past`],
  ["missing scope", ["on", "--scope", "/no/such/dir"], `scope path "/no/such/dir" does not exist`],
  ["scope with off", ["off", "--scope", "/tmp"], `"--scope", "--until" and "--force" go with "night on"`],
])("usage error: %s exits 2", (_name, args, message) => {
  const r = vigil(["night", ...args], "", setup().env);
  expect([r.code, r.stderr.trim()]).toEqual([2, `vigil: ${message}`]);
}, 30_000);

/**
 * The watch schedule as this host's scheduler would hold it, inside the test's HOME: the
 * unit or agent files, or for cron a `crontab` on PATH that lists vigil's marked line (the
 * real crontab is never read or written).
 */
function scheduled(env: Record<string, string>, installed = true): Record<string, string> {
  const plan = planForHost({ home: env.HOME, bin: BIN, env });
  if (plan.scheduler !== "cron") {
    if (!installed) return env;
    for (const f of plan.files) (mkdirSync(dirname(f.path), { recursive: true }), writeFileSync(f.path, f.text));
    return env;
  }
  const bin = join(env.HOME, "bin");
  mkdirSync(bin, { recursive: true });
  // Not installed: a crontab with someone else's line only, so the host's own is never read.
  const line = installed ? `*/5 * * * * ${BIN} watch --once ${CRON_MARKER}` : "0 3 * * * backup";
  const script = `#!/bin/sh\n[ "$1" = "-l" ] && echo '${line}'\n`;
  writeFileSync(join(bin, "crontab"), script);
  chmodSync(join(bin, "crontab"), 0o755);
  return { ...env, PATH: `${bin}:${env.PATH}` };
}

describe("night on says what happens on a death tonight, and refuses when nothing would act", () => {
  const notifier = (env: Record<string, string>) => {
    mkdirSync(env.VIGIL_HOME, { recursive: true });
    writeFileSync(
      join(env.VIGIL_HOME, "config.toml"),
      `[[notifiers]]\nkind = "webhook"\nurl = "http://127.0.0.1:9/x"\n`,
    );
  };

  test("no watch schedule: exit 1 with the fix, and the mode stays off", () => {
    const t = setup();
    notifier(t.env);
    const r = vigil(["night", "on"], "", scheduled(t.env, false));
    expect([r.code, r.stdout]).toEqual([1, ""]);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain("the watch is not scheduled");
    expect(r.stderr).toContain("fix: vigil watch --install (or --force)");
    expect(t.withStore((s) => readNight(s))).toBeNull();
  });

  test("recovery notify with no notifier: exit 1 with the fix", () => {
    const t = setup();
    const r = vigil(["night", "on"], "", scheduled(t.env));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("recovery is notify but no notifier is configured, so alerts go nowhere");
    expect(r.stderr).toContain("add [[notifiers]] to config.toml");
    expect(t.withStore((s) => readNight(s))).toBeNull();
  });

  test("scheduled and notifying: on, with tonight's plan", () => {
    const t = setup();
    notifier(t.env);
    const r = vigil(["night", "on"], "", scheduled(t.env));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("on a death tonight: a dead session is reported, not restarted; alerts go to webhook");
    expect(r.stdout).toMatch(/the watch runs from (cron|systemd|launchd)/);
    expect(r.stdout).not.toContain("warning");
  });

  test("recovery restart with no notifier for its failures: exit 1 with the fix", () => {
    const t = setup({ VIGIL_RECOVERY: "restart" });
    const r = vigil(["night", "on"], "", scheduled(t.env));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("recovery is restart but no notifier is configured");
    expect(r.stderr).toContain("add [[notifiers]] to config.toml");
  });

  test("recovery restart with a notifier: its plan says restarts are verified and held after two failures", () => {
    const t = setup({ VIGIL_RECOVERY: "restart" });
    notifier(t.env);
    const r = vigil(["night", "on"], "", scheduled(t.env));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("counts as restarted once alive and written within 3 min");
    expect(r.stdout).toContain("after 2 failed restarts in a row it is not restarted again tonight");
  });

  test("--force turns it on anyway and prints every problem as a warning", () => {
    const t = setup();
    const env = scheduled(t.env, false);
    const r = vigil(["night", "on", "--force", "--json"], "", env);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.on).toBe(true);
    expect(j.problems.map((p: { fix: string }) => p.fix)).toEqual([
      "vigil watch --install",
      "add [[notifiers]] to config.toml",
    ]);
    const text = vigil(["night", "on", "--force"], "", env).stdout;
    expect(text.match(/^warning \(--force\):/gm)).toHaveLength(2);
  });
});
