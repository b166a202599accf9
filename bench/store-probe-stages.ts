/**
 * The staged probe bench/store-probe.ts compiles: one program that stops after a given stage
 * of what a hook call does with the store, so each stage's cost is its difference from the
 * one before. Stages (argv[2], words joined by "-"): `noop` (the imports only), `stdin`,
 * `ro` (a read-only open, one row read, a 64 KiB transcript tail), `rw` (the writing open
 * vigil did: busy_timeout, WAL, synchronous, user_version; same reads), `write` (with `rw`
 * or `ro`: a two-statement transaction; after `ro` through a second, writing connection
 * closed first), `persist` (SQLITE_FCNTL_PERSIST_WAL on the writing connection), `report`
 * (print the -wal file's size after each close), `mem` (an in-memory database: SQLite's own
 * start-up, no file), `flat` (a small JSON state file read, the tail, one line appended: what a
 * hook without SQLite would do). `setup` makes the database.
 */
import { Database } from "bun:sqlite";
import { appendFileSync, closeSync, existsSync, fstatSync, openSync, readFileSync, readSync } from "node:fs";
import { Buffer } from "node:buffer";

const stage = process.argv[2] ?? "noop";
const db = process.env.PROBE_DB ?? "probe.db";
const transcript = process.env.PROBE_TRANSCRIPT ?? "";
const has = (w: string) => stage.split("-").includes(w);
const SQLITE_FCNTL_PERSIST_WAL = 10;

function stdin(): string {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const b = Buffer.allocUnsafe(65536);
    let n = 0;
    try {
      n = readSync(0, b, 0, 65536, null);
    } catch {
      break;
    }
    if (n === 0) break;
    total += n;
    chunks.push(b.subarray(0, n));
  }
  return Buffer.concat(chunks, total).toString("utf8");
}

function tail(): number {
  const fd = openSync(transcript, "r");
  const size = fstatSync(fd).size;
  const len = Math.min(size, 65536);
  const b = Buffer.allocUnsafe(len);
  readSync(fd, b, 0, len, size - len);
  closeSync(fd);
  return b.length;
}

const wal = () => existsSync(db + "-wal") ? Bun.file(db + "-wal").size : -1;

function openRw(): Database {
  const d = new Database(db, { create: true, strict: true });
  d.run("PRAGMA busy_timeout = 2000");
  if (has("persist")) d.fileControl(SQLITE_FCNTL_PERSIST_WAL, 1);
  d.query("PRAGMA journal_mode = WAL").get();
  d.query("SELECT count(*) FROM sqlite_master").get();
  d.run("PRAGMA synchronous = NORMAL");
  d.query("PRAGMA user_version").get();
  return d;
}

function openRo(): Database {
  const d = new Database(db, { readonly: true, strict: true });
  d.run("PRAGMA busy_timeout = 2000");
  d.query("PRAGMA user_version").get();
  return d;
}

function write(d: Database): void {
  d.transaction(() => {
    d.query("UPDATE sessions SET updated_at = ? WHERE session_id = ?").run(Date.now(), "s1");
    d.query("INSERT INTO events (at, kind, detail) VALUES (?, ?, ?)").run(Date.now(), "hook", '{"a":1}');
  }).immediate();
}

if (stage === "setup") {
  const d = new Database(db, { create: true, strict: true });
  d.run("PRAGMA journal_mode = WAL");
  d.run(
    "CREATE TABLE IF NOT EXISTS sessions (session_id TEXT PRIMARY KEY, snapshot TEXT, meter TEXT, updated_at INTEGER) STRICT",
  );
  d.run("CREATE TABLE IF NOT EXISTS events (id INTEGER PRIMARY KEY, at INTEGER, kind TEXT, detail TEXT) STRICT");
  d.query("INSERT OR REPLACE INTO sessions VALUES (?, ?, ?, ?)").run(
    "s1",
    "x".repeat(1500),
    "y".repeat(300),
    Date.now(),
  );
  d.close(false);
  Bun.write(db + ".state", JSON.stringify({ state: "normal", tokens: 12345, offset: 1000000, x: "x".repeat(1500) }));
} else if (stage === "mem") {
  stdin();
  const d = new Database(":memory:");
  d.query("SELECT 1").get();
  d.close();
} else if (stage === "flat") {
  stdin();
  const state = db + ".state";
  if (existsSync(state)) JSON.parse(readFileSync(state, "utf8"));
  tail();
  appendFileSync(db + ".journal", JSON.stringify({ at: Date.now(), kind: "hook", detail: { a: 1 } }) + "\n");
} else if (stage !== "noop") {
  stdin();
  if (!has("stdin")) {
    const first = has("ro") ? openRo() : openRw();
    first.query("SELECT * FROM sessions WHERE session_id = ?").get("s1");
    tail();
    if (has("write") && has("ro")) {
      const second = openRw();
      write(second);
      second.close(false);
      if (has("report")) console.error(`after the writing connection's close: -wal ${wal()} bytes`);
    } else if (has("write")) write(first);
    first.close(false);
    if (has("report")) console.error(`after the last close: -wal ${wal()} bytes (-1: none)`);
  }
}
process.exitCode = 0;
