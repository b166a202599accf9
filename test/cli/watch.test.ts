/** `vigil watch` as a whole process: the compiled binary, real stand-in sessions, concurrent runs. */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { probe } from "../../src/edge/proc.ts";
import { openStore } from "../../src/edge/store.ts";
import { BIN, testEnv, vigil } from "../support/vigil.ts";
import { withRawDb } from "../raw-db.ts";

const children: ReturnType<typeof Bun.spawn>[] = [];
afterAll(() => {
  for (const c of children) c.kill("SIGKILL");
});

function setup() {
  const base = testEnv();
  const claude = join(base.HOME, "claude");
  mkdirSync(join(claude, "sessions"), { recursive: true });
  const env: Record<string, string> = { ...base, CLAUDE_CONFIG_DIR: claude };
  const db = join(env.VIGIL_HOME, "vigil.db");
  const count = (kind: string) => {
    const store = openStore(db);
    try {
      return store.events({ kinds: [kind] }).length;
    } finally {
      store.close();
    }
  };
  /** A sleeping stand-in registered as a Claude Code session. */
  const session = (id: string) => {
    const child = Bun.spawn(["sleep", "1000"], { stdin: "ignore", stdout: "ignore", stderr: "ignore" });
    children.push(child);
    const file = join(claude, "sessions", `${child.pid}.json`);
    const entry = {
      pid: child.pid,
      sessionId: id,
      cwd: base.HOME,
      startedAt: Date.now(),
      procStart: probe(child.pid)?.procStart,
    };
    writeFileSync(file, JSON.stringify(entry));
    return {
      pid: child.pid,
      async kill() {
        child.kill("SIGKILL");
        await child.exited;
        rmSync(file, { force: true });
      },
    };
  };
  const spawnWatch = (args: string[] = ["--once"]) =>
    Bun.spawn([BIN, "watch", ...args], { env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  return { env, db, count, session, spawnWatch };
}

describe("vigil watch --once", () => {
  test("concurrent passes report a death once", async () => {
    const t = setup();
    const sessions = [t.session("sess-a"), t.session("sess-b"), t.session("sess-c")];
    expect(vigil(["watch", "--once"], "", t.env).code).toBe(0);
    for (const [i, s] of sessions.entries()) {
      await s.kill();
      const runs = [1, 2, 3, 4].map(() => t.spawnWatch());
      const codes = await Promise.all(runs.map((r) => r.exited));
      expect(codes).toEqual([0, 0, 0, 0]);
      expect(t.count("died")).toBe(i + 1);
    }
  }, 120_000);

  test("a pass held by a live process makes a second one say so and exit 0", () => {
    const t = setup();
    expect(vigil(["watch", "--once"], "", t.env).code).toBe(0);
    const me = probe(process.pid);
    withRawDb(t.db, (db) =>
      db.query("INSERT INTO watch_lock VALUES ('watch', ?, ?, ?, ?)").run(
        process.pid,
        me?.procStart ?? null,
        Date.now(),
        Date.now() + 600_000,
      ));
    const held = vigil(["watch", "--once"], "", t.env);
    expect([held.code, held.stdout.includes(`another pass holds the lock (pid ${process.pid}`)]).toEqual([0, true]);
    expect(t.count("watch_pass")).toBe(1);
  });

  test("a lock left by a dead process is taken over", async () => {
    const t = setup();
    const dead = Bun.spawn(["true"]);
    await dead.exited;
    vigil(["watch", "--once"], "", t.env);
    withRawDb(t.db, (db) =>
      db.query("INSERT INTO watch_lock VALUES ('watch', ?, NULL, ?, ?)").run(
        dead.pid,
        Date.now(),
        Date.now() + 600_000,
      ));
    const r = vigil(["watch", "--once"], "", t.env);
    expect([r.code, r.stdout.includes("another pass")]).toEqual([0, false]);
    expect(t.count("watch_pass")).toBe(2);
  });

  test("--json prints the pass summary", () => {
    const t = setup();
    t.session("sess-json");
    const r = vigil(["watch", "--json"], "", t.env);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout);
    expect([s.sessions, s.alive, s.samples, s.down]).toEqual([1, 1, 1, 0]);
  });
});

test("--every loops until SIGTERM and exits 0", async () => {
  const t = setup();
  const p = t.spawnWatch(["--every", "200ms"]);
  for (let i = 0; i < 400 && t.count("watch_pass") < 2; i++) await Bun.sleep(25);
  expect(t.count("watch_pass")).toBeGreaterThanOrEqual(2);
  p.kill("SIGTERM");
  expect(await p.exited).toBe(0);
}, 60_000);

test("--install --dry-run prints the schedule without writing it", () => {
  const t = setup();
  const r = vigil(["watch", "--install", "--dry-run", "--bin", "/opt/vigil/vigil"], "", t.env);
  expect(r.code).toBe(0);
  expect(r.stdout).toMatch(/would install a (cron|systemd|launchd) schedule/);
  expect(r.stdout).toContain("/opt/vigil/vigil");
  expect(r.stdout).toContain("watch --once");
});

test.each([
  ["bad duration", ["--every", "5x"], `invalid duration "5x"`],
  ["two modes", ["--once", "--every", "5m"], "choose one of"],
  ["install and uninstall", ["--install", "--uninstall"], "choose one of"],
  ["unknown option", ["--often"], "unknown option"],
])("usage error: %s exits 2", (_name, args, message) => {
  const r = vigil(["watch", ...args], "", setup().env);
  expect([r.code, r.stderr.toLowerCase().includes(message.toLowerCase())]).toEqual([2, true]);
});
