/**
 * The SQLite store (bun:sqlite): one row per session with its persisted machine snapshot and
 * meter state, the append-only `events` audit log, and settings (e.g. unattended mode).
 * WAL, `busy_timeout` set before anything else, STRICT tables, numbered migrations. A file
 * that is not a database (or is malformed) is moved aside and recreated.
 */
import type { AuditDetails } from "../core/audit-details.ts";
import type { AuditKind } from "../core/audit-kinds.ts";
import { Database } from "bun:sqlite";
import { dirnamePath } from "../core/posix-path.ts";
import { nodeFs } from "./node-fs.ts";
import { adoptUnversioned, copyAdoptedEvents, MIGRATIONS, REPORT_INDEXES } from "./store-schema.ts";
import type { SessionRow } from "../core/session-row.ts";
export type { SessionRow };

/** How long a hook waits for another writer before it gives up and fails open. */
export const BUSY_TIMEOUT_MS = 2_000;

export interface EventRow {
  id: number;
  at: number;
  session_id: string | null;
  kind: string;
  detail: string;
}

export interface OpenOptions {
  /** Called when a broken database was moved aside, with where it went. */
  onRecovered?: (movedTo: string, error: string) => void;
  readonly?: boolean;
  /**
   * With `readonly`: refuse (throw) a store whose schema is not the current one, for a caller
   * that reads read-only only as a fast path and otherwise opens for writing, which migrates.
   */
  current?: boolean;
  /**
   * How long to wait for another writer (ms; default BUSY_TIMEOUT_MS). A fail-closed hook
   * waits as long as its registration's timeout allows: failing is blocking the tool.
   */
  busyTimeoutMs?: number;
}

const CORRUPT = /not a database|malformed|corrupt|file is encrypted/i;

/** Open (creating and migrating as needed) the store at `file`. */
export function openStore(file: string, opts: OpenOptions = {}): Store {
  // A read-only handle neither creates nor recovers anything, and never checkpoints: it needs
  // no file-system calls of its own, so the statusline's common path never loads node:fs.
  if (opts.readonly) return new Store(file, opts);
  const { existsSync, mkdirSync } = nodeFs();
  const dir = dirnamePath(file);
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  const seen = identity(file);
  try {
    return new Store(file, opts);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    if (!CORRUPT.test(msg) || opts.readonly) throw e;
    moveAside(file, seen, msg, opts);
    return new Store(file, opts);
  }
}

/** Device and inode of a file, or null when there is none. */
function identity(file: string): string | null {
  const st = nodeFs().statSync(file, { throwIfNoEntry: false });
  return st ? `${st.dev}:${st.ino}` : null;
}

/**
 * Handles that must not be closed before the process exits. Closing a handle (and Bun closes
 * one when it is garbage-collected) checkpoints and deletes "-wal" and "-shm" by name, and
 * after a recovery those names are the fresh database's.
 */
const PINNED: Database[] = [];

/** A recovery lock older than this was left by a process that died in it. */
const RECOVERY_LOCK_STALE_MS = 10_000;

/**
 * Replace a broken database with a fresh one that records where the old one went, keeping the
 * old file and its WAL and shared memory under the aside name. `file` never goes missing: the
 * fresh database is made beside it and renamed over it, so a concurrent opener cannot create
 * one of its own meanwhile. Only one process recovers at a time (a lock file), and only while
 * `file` is still the one found broken (`seen`), so a fresh database is never moved aside.
 */
function moveAside(file: string, seen: string | null, error: string, opts: OpenOptions): void {
  if (seen === null || identity(file) !== seen) return;
  const { existsSync, linkSync, renameSync, rmSync } = nodeFs();
  const lock = `${file}.recovering`;
  if (!takeLock(lock)) return;
  try {
    if (identity(file) !== seen) return;
    const aside = `${file}.corrupt-${Date.now()}-${process.pid}`;
    const next = `${aside}.new`;
    const fresh = new Store(next, {});
    try {
      fresh.appendEvent(Date.now(), null, "store_recovered", { moved_to: aside, error });
    } finally {
      fresh.close();
    }
    // Closing the only connection checkpointed it; a WAL left behind would not follow the rename.
    if (existsSync(next + "-wal")) throw new Error(`cannot prepare a fresh database at "${next}"`);
    linkSync(file, aside);
    for (const ext of ["-wal", "-shm"]) {
      if (existsSync(file + ext)) renameSync(file + ext, aside + ext);
    }
    renameSync(next, file);
    opts.onRecovered?.(aside, error);
  } finally {
    rmSync(lock, { force: true });
  }
}

function takeLock(lock: string): boolean {
  const { closeSync, openSync, rmSync, statSync } = nodeFs();
  try {
    closeSync(openSync(lock, "wx", 0o600));
    return true;
  } catch {
    const st = statSync(lock, { throwIfNoEntry: false });
    if (!st || Date.now() - st.mtimeMs < RECOVERY_LOCK_STALE_MS) return false;
    rmSync(lock, { force: true });
    return takeLock(lock);
  }
}

/** Set once, by Store's static block: the one way from a store to its database handle. */
let handleOf: (store: Store) => Database;

/**
 * The database behind a store, for the store's own table modules under src/edge/store/ only
 * (test/store-port.test.ts fails if anything else imports it): everything else calls their
 * functions, so SQL stays in one place and the handle's type never leaks out.
 */
export function dbOf(store: Store): Database {
  return handleOf(store);
}

/** A handle on vigil.db. All writes go through `transaction`. */
export class Store {
  readonly #db: Database;
  /** The file this handle opened, to tell it from a fresh one after a recovery elsewhere. */
  private readonly seen: string | null = null;
  private broken = false;

  static {
    handleOf = (store) => store.#db;
  }

  constructor(readonly file: string, private readonly opts: OpenOptions = {}) {
    const readonly = opts.readonly ?? false;
    const fresh = !readonly && !nodeFs().existsSync(file);
    // SQLite gives -wal and -shm the database's mode when it creates them: made while the
    // database was read-only, they would keep vigil read-only after it is writable again.
    if (!readonly) { for (const ext of ["-wal", "-shm"]) tryChmod(file + ext); }
    const before = readonly ? null : identity(file);
    this.#db = new Database(file, readonly ? { readonly: true, strict: true } : { create: true, strict: true });
    try {
      this.seen = this.init(before, fresh, readonly);
    } catch (e) {
      PINNED.push(this.#db);
      throw e;
    }
  }

  private init(before: string | null, fresh: boolean, readonly: boolean): string | null {
    // busy_timeout first: every later statement may meet a concurrent writer.
    this.#db.run(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(this.opts.busyTimeoutMs ?? BUSY_TIMEOUT_MS))}`);
    if (readonly) {
      if (this.opts.current) this.requireCurrent();
      else this.#db.query("SELECT count(*) FROM sqlite_master").get();
      return before;
    }
    if (fresh) nodeFs().chmodSync(this.file, 0o600);
    // Only an empty file takes auto_vacuum without a VACUUM: `vigil gc` then gives pages back.
    if (fresh) this.#db.run("PRAGMA auto_vacuum = INCREMENTAL");
    this.useWal();
    // A read opens the handle's -wal and -shm (by name). A recovery that swapped the file
    // meanwhile may have left it the old file with the new one's -wal and -shm: drop it (the
    // caller opens again, on the new file).
    this.#db.query("SELECT count(*) FROM sqlite_master").get();
    const seen = identity(this.file);
    if (before !== null && seen !== before) {
      this.broken = true;
      throw new Error(`database disk image is malformed: "${this.file}" was replaced while it was opened`);
    }
    this.#db.run("PRAGMA synchronous = NORMAL");
    this.migrate();
    return seen;
  }

  /**
   * Put the file in WAL mode. While processes create the file at once, SQLite may answer
   * "database is locked" at once, without calling the busy handler: retry within busy_timeout.
   */
  private useWal(): void {
    const until = Date.now() + (this.opts.busyTimeoutMs ?? BUSY_TIMEOUT_MS);
    for (let tries = 0;; tries++) {
      try {
        const mode = this.#db.query<{ journal_mode: string }, []>("PRAGMA journal_mode = WAL").get();
        if (mode?.journal_mode === "wal" || tries > 0) return;
      } catch (e) {
        if (!(e instanceof Error && /database is locked/.test(e.message)) || Date.now() > until) throw e;
      }
      Bun.sleepSync(2);
    }
  }

  /**
   * Run `fn` against the database. Damage that opening did not reveal (a broken table page)
   * shows on first use: the file is then moved aside, so the next process starts afresh
   * instead of every hook failing on it for good. This call still fails with the error.
   */
  private use<T>(fn: () => T): T {
    // Once this handle has met damage, it writes nothing more: its WAL may already be the
    // fresh database's, and frames of the old one there would corrupt it.
    if (this.broken) throw new Error(`database disk image is malformed: "${this.file}" was replaced`);
    try {
      return fn();
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e);
      if (CORRUPT.test(msg) && !this.opts.readonly) {
        this.broken = true;
        try {
          moveAside(this.file, this.seen, msg, this.opts);
        } catch {
          // The caller reports the original error; the next process tries again.
        }
      }
      throw e;
    }
  }

  private requireCurrent(): void {
    const have = this.#db.query<{ user_version: number }, []>("PRAGMA user_version").get()?.user_version ?? 0;
    if (have !== MIGRATIONS.length) throw new Error(`store schema ${have} is not the current ${MIGRATIONS.length}`);
  }

  private migrate(): void {
    const row = this.#db.query<{ user_version: number }, []>("PRAGMA user_version").get();
    const have = row?.user_version ?? 0;
    if (have >= MIGRATIONS.length) return;
    this.#db.transaction(() => {
      // Re-read inside the write lock: another process may have migrated meanwhile.
      const now = this.#db.query<{ user_version: number }, []>("PRAGMA user_version").get()?.user_version ?? 0;
      const adopted = now === 0 && adoptUnversioned(this.#db);
      for (let v = now; v < MIGRATIONS.length; v++) this.#db.run(MIGRATIONS[v]);
      // A store made now is empty: its report indexes cost nothing to build (store-schema.ts).
      if (now === 0 && !adopted) this.#db.run(REPORT_INDEXES);
      if (adopted) copyAdoptedEvents(this.#db);
      this.#db.run(`PRAGMA user_version = ${MIGRATIONS.length}`);
    }).immediate();
  }

  /**
   * Run `fn` waiting up to `ms` for another writer instead of this handle's own busy timeout:
   * a fail-closed call in a long-lived process (serve) waits as long as its registration allows.
   * Synchronous, so no other call uses the handle meanwhile.
   */
  waitingFor<T>(ms: number, fn: () => T): T {
    const own = Math.max(0, Math.floor(this.opts.busyTimeoutMs ?? BUSY_TIMEOUT_MS));
    this.#db.run(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(ms))}`);
    try {
      return fn();
    } finally {
      this.#db.run(`PRAGMA busy_timeout = ${own}`);
    }
  }

  /**
   * Take the write lock and keep it until the returned function is called: every other writer
   * waits meanwhile, and fails past its busy timeout. `doctor --prove` makes vigil fail this way
   * (a long writer elsewhere) to prove that a fail-closed registration then blocks the tool.
   */
  holdWriteLock(): () => void {
    this.use(() => this.#db.run("BEGIN IMMEDIATE"));
    return () => this.#db.run("ROLLBACK");
  }

  /** Run `fn` inside one `BEGIN IMMEDIATE` transaction. */
  transaction<T>(fn: () => T): T {
    return this.use(() => this.#db.transaction(fn).immediate());
  }

  loadSession(id: string): SessionRow | null {
    return this.use(() =>
      this.#db.query<SessionRow, [string]>("SELECT * FROM sessions WHERE session_id = ?").get(id) ?? null
    );
  }

  saveSession(row: SessionRow): void {
    const cols = Object.keys(row) as (keyof SessionRow)[];
    const sql = `INSERT INTO sessions (${cols.join(",")}) VALUES (${cols.map(() => "?").join(",")})
      ON CONFLICT(session_id) DO UPDATE SET ${
      cols.filter((c) => c !== "session_id" && c !== "created_at").map((c) => `${c}=excluded.${c}`).join(",")
    }`;
    this.use(() => this.#db.query(sql).run(...cols.map((c) => row[c])));
  }

  /** Sessions, newest first; `updatedAfter` keeps those touched after a time (filtered in SQL). */
  listSessions(opts: { updatedAfter?: number } = {}): SessionRow[] {
    const after = opts.updatedAfter;
    if (after === undefined) {
      return this.use(() => this.#db.query<SessionRow, []>("SELECT * FROM sessions ORDER BY updated_at DESC").all());
    }
    return this.use(() =>
      this.#db.query<SessionRow, [number]>("SELECT * FROM sessions WHERE updated_at > ? ORDER BY updated_at DESC")
        .all(after)
    );
  }

  /** Append one audit record; tsc refuses a detail that is not of the kind's shape. */
  appendEvent<K extends AuditKind>(at: number, sessionId: string | null, kind: K, detail: AuditDetails[K]): void {
    this.use(() =>
      this.#db.query("INSERT INTO events (at, session_id, kind, detail) VALUES (?, ?, ?, ?)").run(
        at,
        sessionId,
        kind,
        JSON.stringify(detail ?? {}),
      )
    );
  }

  /** Events in time order, optionally for one session and from a time on. */
  events(
    opts: { since?: number; until?: number; sessionId?: string; kinds?: string[]; limit?: number } = {},
  ): EventRow[] {
    const where: string[] = [];
    const args: (string | number)[] = [];
    if (opts.since !== undefined) (where.push("at >= ?"), args.push(opts.since));
    if (opts.until !== undefined) (where.push("at <= ?"), args.push(opts.until));
    if (opts.sessionId) (where.push("session_id = ?"), args.push(opts.sessionId));
    if (opts.kinds?.length) (where.push(`kind IN (${opts.kinds.map(() => "?").join(",")})`), args.push(...opts.kinds));
    const sql = `SELECT * FROM events ${where.length ? "WHERE " + where.join(" AND ") : ""} ORDER BY at, id${
      opts.limit ? ` LIMIT ${Math.floor(opts.limit)}` : ""
    }`;
    return this.use(() => this.#db.query<EventRow, (string | number)[]>(sql).all(...args));
  }

  /** SQLite's `PRAGMA integrity_check` rows ("ok" alone when healthy). */
  integrity(): string[] {
    return this.use(() =>
      this.#db.query<{ integrity_check: string }, []>("PRAGMA integrity_check").all().map((r) => r.integrity_check)
    );
  }

  getSetting(key: string): string | null {
    return this.use(() =>
      this.#db.query<{ value: string }, [string]>("SELECT value FROM settings WHERE key = ?").get(key)?.value ?? null
    );
  }

  setSetting(key: string, value: string | null): void {
    this.use(() => {
      if (value === null) this.#db.query("DELETE FROM settings WHERE key = ?").run(key);
      else {this.#db.query(
          "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        ).run(key, value);}
    });
  }

  /**
   * Whether the file is no longer the database this handle opened: another process moved it
   * aside and made a fresh one (a recovery), or it was removed or replaced. A read-only handle
   * keeps no identity and is never replaced.
   */
  replaced(): boolean {
    return !this.opts.readonly && (this.broken || identity(this.file) !== this.seen);
  }

  close(): void {
    // A handle on a database that was replaced (moved aside by a recovery) is left to the
    // process's exit: closing it would checkpoint and delete "-wal" and "-shm" by name, and
    // those names are now the fresh database's.
    // A read-only handle never checkpoints, so it is closed whatever became of the file.
    if (this.replaced()) return void PINNED.push(this.#db);
    this.#db.close(false);
  }
}

function tryChmod(file: string): void {
  try {
    nodeFs().chmodSync(file, 0o600);
  } catch {
    // Absent, or not ours to change: SQLite reports what that means.
  }
}

/** A store a long-lived process keeps: `get` is the handle on the store's file as it is now. */
export interface LiveStore {
  get: () => Store;
  close: () => void;
}

/**
 * The store for a process that outlives hook calls (`vigil serve`): opened at first use and
 * opened again when the file it held was replaced (another process recovered a broken
 * database, or the file was removed), so its writes never go on into a file nobody reads
 * (docs/reliability.md). One stat per `get`.
 */
export function liveStore(file: string, opts: OpenOptions = {}): LiveStore {
  let store: Store | null = null;
  return {
    get: () => {
      if (store !== null && store.replaced()) {
        // pinned, not closed: its -wal and -shm names are the fresh database's now
        store.close();
        store = null;
      }
      store ??= openStore(file, opts);
      return store;
    },
    close: () => store?.close(),
  };
}
