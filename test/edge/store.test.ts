import { afterEach, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BUSY_TIMEOUT_MS, openStore } from "../../src/edge/store.ts";
import { MIGRATIONS } from "../../src/edge/store-schema.ts";
import { newRow } from "../../src/core/step.ts";
import { withRawDb } from "../raw-db.ts";
import { seedDetail } from "../support/audit-seed.ts";

const dirs: string[] = [];
function tmp(): string {
  const d = mkdtempSync(join(tmpdir(), "vigil-store-"));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("store", () => {
  test("creates the state dir 0700 and the database 0600, in WAL", () => {
    const dir = join(tmp(), "state");
    const store = openStore(join(dir, "vigil.db"));
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, "vigil.db")).mode & 0o777).toBe(0o600);
    // journal_mode and user_version live in the file; busy_timeout is per connection, so a
    // fresh connection shows the default and the store's own is observed through a real wait.
    withRawDb(store.file, (db) => {
      expect(db.query<{ journal_mode: string }, []>("PRAGMA journal_mode").get()?.journal_mode).toBe("wal");
      expect(db.query<{ user_version: number }, []>("PRAGMA user_version").get()?.user_version).toBe(
        MIGRATIONS.length,
      );
    });
    store.close();
  });

  test("the store waits busy_timeout for another writer instead of failing at once", async () => {
    const store = openStore(join(tmp(), "vigil.db"));
    // Another process holds the write lock for a fraction of BUSY_TIMEOUT_MS, then commits.
    const holdMs = Math.floor(BUSY_TIMEOUT_MS / 8);
    const child = Bun.spawn([
      process.execPath,
      "-e",
      `const { Database } = require("bun:sqlite");
       const db = new Database(${JSON.stringify(store.file)});
       db.run("BEGIN EXCLUSIVE");
       console.log("locked");
       Bun.sleepSync(${holdMs});
       db.run("COMMIT");
       db.close();`,
    ], { stdout: "pipe" });
    const reader = child.stdout.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain("locked");
    // With busy_timeout 0 this would throw "database is locked" at once.
    store.transaction(() => store.setSetting("k", "v"));
    expect(await child.exited).toBe(0);
    expect(store.getSetting("k")).toBe("v");
    store.close();
  });

  test("tables are STRICT: a wrong type is refused", () => {
    const store = openStore(join(tmp(), "vigil.db"));
    withRawDb(store.file, (db) => {
      expect(() => db.run("INSERT INTO events (at, session_id, kind, detail) VALUES ('soon', NULL, 'x', '{}')"))
        .toThrow();
    });
    store.close();
  });

  test("sessions upsert and events append in order", () => {
    const store = openStore(join(tmp(), "vigil.db"));
    store.transaction(() => {
      store.saveSession({ ...newRow("s1", 10), tokens: 5 });
      store.saveSession({ ...newRow("s1", 20), tokens: 7, updated_at: 20 });
      store.appendEvent(30, "s1", "state", seedDetail("state"));
      store.appendEvent(30, "s1", "hook", seedDetail("hook", { tokens: 1 }));
    });
    const row = store.loadSession("s1");
    expect(row?.tokens).toBe(7);
    expect(row?.created_at).toBe(10);
    expect(store.events({ sessionId: "s1" }).map((e) => e.kind)).toEqual(["state", "hook"]);
    expect(store.events({ kinds: ["hook"] }).map((e) => JSON.parse(e.detail).tokens)).toEqual([1]);
    store.close();
  });

  test("a rolled-back transaction leaves nothing", () => {
    const store = openStore(join(tmp(), "vigil.db"));
    expect(() =>
      store.transaction(() => {
        store.appendEvent(1, null, "hook", seedDetail("hook"));
        throw new Error("boom");
      })
    ).toThrow("boom");
    expect(store.events()).toHaveLength(0);
    store.close();
  });

  test.each([
    ["garbage bytes", "this is not a database at all, just some text that is long enough to look like a header......"],
    ["a truncated sqlite header", "SQLite format 3\u0000\u0010\u0000\u0001\u0001"],
  ])("a corrupt database (%s) is moved aside and recreated", (_name, content) => {
    const dir = tmp();
    const file = join(dir, "vigil.db");
    writeFileSync(file, content.repeat(50));
    let moved = "";
    const store = openStore(file, { onRecovered: (to) => (moved = to) });
    expect(moved).toContain("vigil.db.corrupt-");
    expect(readdirSync(dir).some((f) => f.startsWith("vigil.db.corrupt-"))).toBe(true);
    expect(store.events().map((e) => e.kind)).toEqual(["store_recovered"]);
    store.close();
  });

  test("a zero-byte file is a fresh database", () => {
    const file = join(tmp(), "vigil.db");
    writeFileSync(file, "");
    const store = openStore(file);
    expect(store.events()).toEqual([]);
    store.close();
  });

  test("migrations run once even when two handles open together", () => {
    const file = join(tmp(), "vigil.db");
    const a = openStore(file);
    const b = openStore(file);
    a.appendEvent(1, null, "hook", seedDetail("hook"));
    expect(b.events()).toHaveLength(1);
    a.close();
    b.close();
    const raw = new Database(file);
    expect(raw.query<{ n: number }, []>("SELECT count(*) AS n FROM sqlite_master WHERE name = 'events'").get()?.n).toBe(
      1,
    );
    raw.close();
  });

  test("settings set, replace and clear", () => {
    const store = openStore(join(tmp(), "vigil.db"));
    store.setSetting("night", "1");
    store.setSetting("night", "2");
    expect(store.getSetting("night")).toBe("2");
    store.setSetting("night", null);
    expect(store.getSetting("night")).toBeNull();
    store.close();
  });
});
