/**
 * Upgrade: stores written by older vigils, made by hand. A store at schema 1 (before `watch`)
 * and one from before numbered migrations (user_version 0, an events table of an older, looser
 * shape) are migrated in place by the next hook without losing an event; session rows of
 * another MACHINE_VERSION or with a snapshot that does not parse are re-initialised by the
 * hook, the statusline and `vigil watch --once`, never a crash.
 */
import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { MACHINE_VERSION } from "../../machines/session.ts";
import { MIGRATIONS } from "../../src/edge/store-schema.ts";
import { testEnv } from "../support/vigil.ts";
import {
  consistency,
  inspect,
  readLog,
  report,
  spawnVigil,
  statusLine,
  TIMEOUT,
  toolCall,
  writeTranscript,
} from "./harness.ts";

const OLD_EVENTS = [
  { at: 1_700_000_000_000, session_id: "old", kind: "hook", detail: '{"event":"Stop"}' },
  { at: 1_700_000_001_000, session_id: "old", kind: "state", detail: '{"from":"normal","to":"soft"}' },
  { at: 1_700_000_002_000, session_id: null, kind: "store_recovered", detail: "{}" },
];

type Row = { at: number; session_id: string | null; kind: string; detail: string };

function withDb(file: string, fn: (db: Database) => void): void {
  mkdirSync(join(file, ".."), { recursive: true });
  const db = new Database(file, { create: true });
  try {
    fn(db);
  } finally {
    db.close();
  }
}

function insertOld(db: Database): void {
  const q = db.query("INSERT INTO events (at, session_id, kind, detail) VALUES (?, ?, ?, ?)");
  for (const e of OLD_EVENTS) q.run(e.at, e.session_id, e.kind, e.detail);
}

const STORES = [
  {
    name: "schema 1 (before watch)",
    legacy: [],
    make: (db: Database) => {
      db.run("PRAGMA journal_mode = WAL");
      db.run(MIGRATIONS[0]);
      db.run("PRAGMA user_version = 1");
      insertOld(db);
    },
  },
  {
    name: "unversioned (user_version 0, a looser events table)",
    // Its other tables stay beside the new ones, renamed: nothing is deleted.
    legacy: ["sessions_v0"],
    make: (db: Database) => {
      // No STRICT, no NOT NULL, an extra column, the index names the migrations use.
      db.run(`CREATE TABLE events (id INTEGER PRIMARY KEY, at INTEGER, session_id TEXT, kind TEXT, detail TEXT,
        source TEXT)`);
      db.run("CREATE INDEX events_at ON events(at)");
      db.run("CREATE TABLE sessions (session_id TEXT PRIMARY KEY, state TEXT, snapshot TEXT)");
      db.run("INSERT INTO sessions VALUES ('old', 'soft', 'not json')");
      insertOld(db);
    },
  },
];

describe("upgrade", () => {
  test.each(STORES)("a store at $name is migrated by the next hook, events kept", async ({ name, make, legacy }) => {
    const env = testEnv();
    const file = join(env.VIGIL_HOME, "vigil.db");
    withDb(file, make);
    const hook = await spawnVigil(["hook"], toolCall("new", "/nonexistent", "AfterUpgrade"), env);
    expect({ code: hook.code, stdout: hook.stdout, log: readLog(env.VIGIL_HOME) }).toEqual({
      code: 0,
      stdout: "",
      log: "",
    });
    const { version, events, tables } = inspect(env.VIGIL_HOME, (db) => ({
      version: db.query<{ user_version: number }, []>("PRAGMA user_version").get()?.user_version,
      tables: db.query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE name LIKE '%_v0'").all(),
      events: db.query<Row, []>("SELECT at, session_id, kind, detail FROM events ORDER BY id").all(),
    }));
    const lost = OLD_EVENTS.filter((o) => !events.some((e) => JSON.stringify(e) === JSON.stringify(o))).length;
    report({ fault: `upgrade: store at ${name}`, tries: 1, lost, worstMs: hook.ms });
    expect(version).toBe(MIGRATIONS.length);
    expect(tables.map((t) => t.name)).toEqual(legacy);
    expect(events.slice(0, OLD_EVENTS.length)).toEqual(OLD_EVENTS);
    expect(events.slice(OLD_EVENTS.length).map((e) => e.kind)).toEqual(["hook"]);
    expect(consistency(env.VIGIL_HOME)).toEqual([]);
  }, TIMEOUT);

  const ROWS = [
    { name: "machine_version 0, unparseable snapshot", version: 0, snapshot: "not json {" },
    { name: "a future machine_version", version: MACHINE_VERSION + 1, snapshot: '{"value":"warp"}' },
    { name: "this machine_version, a state it does not have", version: MACHINE_VERSION, snapshot: '{"value":"x"}' },
  ];

  test.each(ROWS)("a session row with $name is re-initialised by hook, statusline and watch", async (row) => {
    const env = testEnv({ CLAUDE_CONFIG_DIR: "/nonexistent" });
    const transcript = writeTranscript(join(env.HOME, "t.jsonl"), 260_000);
    const call = toolCall("legacy", transcript, "Seed", { agent_type: "worker" });
    expect((await spawnVigil(["hook"], call, env)).code).toBe(0);
    withDb(join(env.VIGIL_HOME, "vigil.db"), (db) => {
      db.query("UPDATE sessions SET machine_version = ?, snapshot = ?, state = 'hard'").run(row.version, row.snapshot);
    });
    const count = (db: Database) => db.query<{ n: number }, []>("SELECT count(*) AS n FROM events").get()?.n ?? 0;
    const before = inspect(env.VIGIL_HOME, count);
    let worst = 0;
    for (const [args, input] of [[["statusline"], statusLine("legacy", 260_000)], [["hook"], call]] as const) {
      const r = await spawnVigil([...args], input, env);
      worst = Math.max(worst, r.ms);
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
    }
    const watch = await spawnVigil(["watch", "--once"], "", env);
    expect({ code: watch.code, stderr: watch.stderr }).toEqual({ code: 0, stderr: "" });
    expect(readLog(env.VIGIL_HOME)).toBe("");
    expect(consistency(env.VIGIL_HOME)).toEqual([]);
    const after = inspect(env.VIGIL_HOME, (db) => ({
      row: db.query<{ machine_version: number; state: string }, []>("SELECT machine_version, state FROM sessions")
        .get(),
      events: count(db),
    }));
    // Re-initialised from the row's numbers: 260k tokens for a worker is SOFT again.
    expect(after.row).toEqual({ machine_version: MACHINE_VERSION, state: "soft" });
    expect(after.events).toBeGreaterThan(before);
    report({ fault: `upgrade: session row with ${row.name}`, tries: 1, lost: 0, worstMs: worst });
  }, TIMEOUT);
});
