/**
 * Storage faults under the compiled binary: a database that is damaged (garbage header, a
 * garbage table page, truncated, zero bytes), in the way (a directory), unwritable (read-only
 * for its unprivileged owner, immutable for root, a full filesystem) or locked by another
 * process past busy_timeout. Every hook fails open (exit 0, no stdout), the statusline prints
 * its last good line, the cause is recorded where anything can be written, and the next
 * healthy run works. "Lost" counts committed history vigil itself destroyed: a database it
 * can still use keeps every event; a damaged one is kept under the aside name (the same file,
 * same inode, so nothing of it was copied or dropped), never deleted.
 *
 * Tests run as root, which ignores file modes: "read-only" runs the hooks as `nobody` through
 * setpriv on a 0400 file, and separately as root on a `chattr +i` file.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  truncateSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { allHookDeps } from "../../src/app/deps.ts";
import { runHook } from "../../src/app/run-hook.ts";
import { BIN, testEnv } from "../support/vigil.ts";
import {
  consistency,
  countEvents,
  type HookRun,
  inspect,
  readLog,
  report,
  size,
  spawnVigil,
  statusLine,
  TIMEOUT,
  toolCall,
} from "./harness.ts";

interface Home {
  env: Record<string, string>;
  dir: string;
  db: string;
  /** The damaged file's inode and size, to find it again under the aside name. */
  damaged?: { ino: number; size: number };
  locker?: { exited: Promise<number> };
}

interface Fault {
  name: string;
  /** "aside": the file is damaged and must be moved aside intact; "kept": it must keep its history. */
  keeps: "aside" | "kept";
  /** Where the cause must show (null when nothing can be written: a full disk). */
  cause: { where: "events" | "log"; text: RegExp } | null;
  apply: (h: Home) => void | Promise<void>;
  heal: (h: Home) => void | Promise<void>;
  /** Run vigil through this (e.g. as another user). */
  prefix?: string[];
  /** A fresh home on a filesystem of its own, when the fault needs one. */
  home?: () => { env: Record<string, string>; cleanup: () => void };
  skip?: string | null;
}

const SEEDED = 5;
const NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"];
const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((c) => c()));

function overwrite(file: string, at: number, bytes: number): void {
  const fd = openSync(file, "r+");
  writeSync(fd, Buffer.alloc(bytes, 0x5a), 0, bytes, at);
  closeSync(fd);
}

/** The root page number of `table` (read before the fault, with the store closed). */
function rootPage(file: string, table: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return db.query<{ rootpage: number }, [string]>("SELECT rootpage FROM sqlite_master WHERE name = ?").get(table)
      ?.rootpage ?? 2;
  } finally {
    db.close();
  }
}

function sh(cmd: string, ...args: string[]): boolean {
  return spawnSync(cmd, args, { stdio: "ignore" }).status === 0;
}

/** Whether this machine lets the test mount a tmpfs and set the immutable flag. */
const probeDir = mkdtempSync(join(tmpdir(), "vigil-probe-"));
const canMount = sh("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", probeDir) && sh("umount", probeDir);
const probeFile = join(probeDir, "f");
const canChattr = (Bun.write(probeFile, "x"), sh("chattr", "+i", probeFile) && sh("chattr", "-i", probeFile));
const canSetpriv = sh("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--", "true");

function tmpfsHome() {
  const dir = mkdtempSync(join(tmpdir(), "vigil-full-"));
  if (!sh("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", dir)) throw new Error(`cannot mount a tmpfs on "${dir}"`);
  const base = testEnv();
  const env = { ...base, HOME: dir, VIGIL_HOME: join(dir, "vigil") };
  const cleanup = () => void sh("umount", "-l", dir);
  cleanups.push(cleanup);
  return { env, cleanup };
}

const FAULTS: Fault[] = [
  {
    name: "garbage header",
    keeps: "aside",
    cause: { where: "events", text: /store_recovered/ },
    apply: (h) => overwrite(h.db, 0, 100),
    heal: () => {},
  },
  {
    name: "garbage table page (header intact)",
    keeps: "aside",
    cause: { where: "events", text: /store_recovered/ },
    // The sessions table's root page: the file opens, the first read fails. (Page 2 until
    // migration 3; with incremental auto_vacuum page 2 is a pointer map, read by no query.)
    apply: (h) => overwrite(h.db, (rootPage(h.db, "sessions") - 1) * 4096, 4096),
    heal: () => {},
  },
  {
    name: "truncated to half",
    keeps: "aside",
    cause: { where: "events", text: /store_recovered/ },
    apply: (h) => truncateSync(h.db, Math.floor(readFileSync(h.db).length / 2)),
    heal: () => {},
  },
  {
    name: "zero bytes",
    keeps: "aside",
    cause: null,
    apply: (h) => truncateSync(h.db, 0),
    heal: () => {},
  },
  {
    name: "a directory in its place",
    keeps: "kept",
    cause: { where: "log", text: /unable to open database file/ },
    apply: (h) => (renameSync(h.db, h.db + ".real"), mkdirSync(h.db)),
    heal: (h) => (rmdirSync(h.db), renameSync(h.db + ".real", h.db)),
  },
  {
    name: "read-only (0400, hook run as nobody)",
    keeps: "kept",
    cause: { where: "log", text: /readonly database/ },
    prefix: NOBODY,
    apply: (h) => {
      sh("chown", "-R", "65534:65534", h.env.HOME);
      chmodSync(h.db, 0o400);
    },
    heal: (h) => chmodSync(h.db, 0o600),
    skip: canSetpriv ? null : "setpriv cannot switch to nobody here",
  },
  {
    name: "read-only (chattr +i, hook run as root)",
    keeps: "kept",
    cause: { where: "log", text: /readonly database|unable to open/ },
    apply: (h) => void sh("chattr", "+i", h.db),
    heal: (h) => void sh("chattr", "-i", h.db),
    skip: canChattr ? null : "chattr +i is not supported here",
  },
  {
    name: "full filesystem (1 MiB tmpfs)",
    keeps: "kept",
    // The log is on the same full disk: nothing can record the cause.
    cause: null,
    home: tmpfsHome,
    apply: (h) =>
      void spawnSync("dd", ["if=/dev/zero", `of=${join(h.env.HOME, "fill")}`, "bs=4k"], { stdio: "ignore" }),
    heal: (h) => rmSync(join(h.env.HOME, "fill")),
    skip: canMount ? null : "cannot mount a tmpfs here",
  },
  {
    name: "locked 5 s by another process (BEGIN EXCLUSIVE)",
    keeps: "kept",
    cause: { where: "log", text: /database is locked/ },
    apply: async (h) => {
      const script = `const { Database } = require("bun:sqlite");
        const db = new Database(${JSON.stringify(h.db)});
        db.run("BEGIN EXCLUSIVE"); console.log("locked");
        await Bun.sleep(5000); db.run("COMMIT");`;
      const locker = Bun.spawn([process.execPath, "-e", script], { stdout: "pipe", stderr: "inherit" });
      h.locker = locker;
      const reader = locker.stdout.getReader();
      await reader.read();
      reader.releaseLock();
    },
    heal: async (h) => void (await h.locker?.exited),
  },
];

/** A home with history: five committed hook calls and one rendered statusline. */
async function seeded(fault: Fault): Promise<Home & { lastGood: string }> {
  const made = fault.home?.() ?? { env: testEnv(), cleanup: () => {} };
  const env = made.env;
  for (let i = 0; i < SEEDED; i++) {
    const r = await spawnVigil(["hook"], toolCall("before", "/nonexistent", `Seed${i}`), env);
    expect(r.code).toBe(0);
  }
  const line = await spawnVigil(["statusline"], statusLine("before", 50_000), env);
  expect(line.stdout.trim()).not.toBe("");
  return { env, dir: env.VIGIL_HOME, db: join(env.VIGIL_HOME, "vigil.db"), lastGood: line.stdout };
}

describe("storage faults", () => {
  test.each(FAULTS)("$name: hooks fail open, the next healthy run recovers", async (fault) => {
    if (fault.skip) return void console.log(`reliability | skipped "${fault.name}": ${fault.skip}`);
    const tries = size(2, fault.name.startsWith("locked") ? 5 : 20);
    let worst = 0, lost = 0;
    for (let t = 0; t < tries; t++) {
      const h = await seeded(fault);
      // Let the seed's WAL reach the main file, as it does when the last connection closes.
      expect(existsSync(h.db + "-wal")).toBe(false);
      await fault.apply(h);
      if (fault.keeps === "aside") h.damaged = statSync(h.db);
      const env = h.env;
      const [hook, line]: HookRun[] = await Promise.all([
        spawnVigil(["hook"], toolCall("during", "/nonexistent", "Faulted"), env, { prefix: fault.prefix }),
        spawnVigil(["statusline"], statusLine("before", 50_000), env, { prefix: fault.prefix }),
      ]);
      worst = Math.max(worst, hook.ms, line.ms);
      expect({ code: hook.code, stdout: hook.stdout, stderr: hook.stderr }).toEqual({
        code: 0,
        stdout: "",
        stderr: "",
      });
      expect({ code: line.code, stderr: line.stderr }).toEqual({ code: 0, stderr: "" });
      // Where the store failed, the last good line; where it was replaced, a fresh one.
      if (fault.keeps === "kept") expect(line.stdout).toBe(h.lastGood);
      else expect(line.stdout.trim()).not.toBe("");

      await fault.heal(h);
      const next = await spawnVigil(["hook"], toolCall("after", "/nonexistent", "Healthy"), env, {
        prefix: fault.prefix,
      });
      expect({ code: next.code, stdout: next.stdout }).toEqual({ code: 0, stdout: "" });
      expect(countEvents(h.dir, "hook", "after")).toBe(1);
      expect(consistency(h.dir)).toEqual([]);

      if (fault.cause?.where === "log") expect(readLog(h.dir)).toMatch(fault.cause.text);
      if (fault.cause?.where === "events") {
        const kinds = inspect(h.dir, (db) => db.query<{ kind: string }, []>("SELECT kind FROM events").all());
        expect(kinds.map((k) => k.kind).join(" ")).toMatch(fault.cause.text);
      }
      if (fault.keeps === "kept") {
        lost += SEEDED - countEvents(h.dir, "hook", "before");
      } else {
        const aside = readdirSync(h.dir).filter((f) => f.startsWith("vigil.db.corrupt-") && !/-(wal|shm)$/.test(f));
        // Zero bytes is a valid empty database to SQLite: nothing to move aside, nothing to lose.
        if (h.damaged!.size > 0) {
          expect(aside.length).toBe(1);
          if (statSync(join(h.dir, aside[0])).ino !== h.damaged!.ino) lost++;
        }
      }
    }
    report({ fault: `storage: ${fault.name}`, tries, lost, worstMs: worst });
    expect(lost).toBe(0);
  }, TIMEOUT);
});

describe("busy_timeout is the budget", () => {
  // Regression: the hook waited busy_timeout for the lock, then waited it again to record
  // "database is locked" in the same locked store: 4.4 s instead of 2 s + start-up.
  test("a locked store costs one busy_timeout, and the cause goes to vigil.log", async () => {
    const env = testEnv();
    const deps = await allHookDeps(env, () => Date.now());
    try {
      expect(runHook(toolCall("warm", "/nonexistent", "Warm"), deps).error).toBeNull();
      const store = deps.store();
      let waits = 0;
      const counted = <T>(fn: () => T): T => {
        try {
          return fn();
        } catch (e) {
          if (e instanceof Error && /database is locked/.test(e.message)) waits++;
          throw e;
        }
      };
      const tx = store.transaction.bind(store), append = store.appendEvent.bind(store);
      store.transaction = <T>(fn: () => T): T => counted(() => tx(fn));
      store.appendEvent = (...args) => counted(() => append(...args));
      const locker = new Database(store.file);
      locker.run("BEGIN EXCLUSIVE");
      const out = runHook(toolCall("locked", "/nonexistent", "Locked"), deps);
      locker.run("COMMIT");
      locker.close();
      expect({ error: out.error, stdout: out.stdout, waits }).toEqual({
        error: "database is locked",
        stdout: "",
        waits: 1,
      });
      expect(readLog(env.VIGIL_HOME)).toMatch(/hook_error .*database is locked/);
    } finally {
      deps.close();
    }
  }, TIMEOUT);
});

describe("one broken database, many processes", () => {
  // Regression: hooks meeting a broken file together each moved "vigil.db" aside (up to 3
  // asides a round, fresh databases with their events among them), and handles on the old
  // file closed (or garbage-collected) after the swap deleted the fresh database's -wal and
  // -shm by name, so it came out malformed and the next calls failed again.
  // What holds: the damaged file itself is kept aside (found by inode: a process that wrote
  // to it without meeting the damage may have checkpointed into it, which is SQLite at work,
  // not vigil discarding it), and the second call after the burst commits at the latest. A
  // fresh database can still be spoiled in a race of microseconds (docs/reliability.md); then
  // it is moved aside too, and such rounds are counted.
  test("the damaged file kept aside, and the store works again within two calls", async () => {
    const rounds = size(6, 40);
    let worst = 0, lost = 0, again = 0;
    for (let r = 0; r < rounds; r++) {
      const env = testEnv();
      for (let i = 0; i < SEEDED; i++) await spawnVigil(["hook"], toolCall("before", "/nonexistent", `Seed${i}`), env);
      const db = join(env.VIGIL_HOME, "vigil.db");
      truncateSync(db, Math.floor(readFileSync(db).length / 2));
      const damaged = statSync(db).ino;
      const procs = Array.from(
        { length: 6 },
        (_, i) =>
          Bun.spawn([BIN, i % 2 ? "statusline" : "hook"], { stdin: "pipe", stdout: "pipe", stderr: "pipe", env }),
      );
      await Bun.sleep(300);
      const t0 = performance.now();
      procs.forEach((p, i) => (p.stdin.write(toolCall(`during-${i}`, "/nonexistent", `During${i}`)), p.stdin.end()));
      expect(await Promise.all(procs.map((p) => p.exited))).toEqual([0, 0, 0, 0, 0, 0]);
      worst = Math.max(worst, performance.now() - t0);
      for (const call of ["after-1", "after-2"]) {
        expect((await spawnVigil(["hook"], toolCall(call, "/nonexistent", "Healthy"), env)).code).toBe(0);
      }
      const aside = readdirSync(env.VIGIL_HOME).filter((f) => /^vigil\.db\.corrupt-[\d-]+$/.test(f));
      if (!aside.some((f) => statSync(join(env.VIGIL_HOME, f)).ino === damaged)) lost++;
      if (aside.length > 1 || countEvents(env.VIGIL_HOME, "hook", "after-1") === 0) again++;
      expect({ round: r, after: countEvents(env.VIGIL_HOME, "hook", "after-2") }).toEqual({ round: r, after: 1 });
      expect(consistency(env.VIGIL_HOME)).toEqual([]);
    }
    report({
      fault: "storage: 6 processes meet one truncated database",
      tries: rounds * 6,
      lost,
      worstMs: worst,
      note: again ? `${again} of ${rounds} rounds needed a second recovery or call` : undefined,
    });
    expect(lost).toBe(0);
    // Before the fix, one round in four; now about one in a hundred.
    expect(again).toBeLessThanOrEqual(Math.max(1, rounds / 10));
  }, TIMEOUT);
});
