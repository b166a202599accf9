/**
 * The store's numbered migrations. Each runs once, in order, inside one transaction; the
 * schema version is SQLite's `user_version`. Never edit a shipped migration: add one.
 */
import type { Database } from "bun:sqlite";

export const MIGRATIONS: readonly string[] = [
  // 1: sessions (one row per Claude Code session), the append-only audit log, settings.
  `CREATE TABLE sessions (
     session_id TEXT PRIMARY KEY,
     machine_version INTEGER NOT NULL,
     state TEXT NOT NULL,
     snapshot TEXT NOT NULL,
     role TEXT,
     agent_type TEXT,
     cwd TEXT,
     transcript_path TEXT,
     tokens INTEGER,
     estimate INTEGER,
     window INTEGER,
     meter TEXT,
     status_tokens INTEGER,
     status_window INTEGER,
     status_at INTEGER,
     status_line TEXT,
     pid INTEGER,
     proc_start INTEGER,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL
   ) STRICT;
   CREATE TABLE events (
     id INTEGER PRIMARY KEY,
     at INTEGER NOT NULL,
     session_id TEXT,
     kind TEXT NOT NULL,
     detail TEXT NOT NULL
   ) STRICT;
   CREATE INDEX events_at ON events(at);
   CREATE INDEX events_session ON events(session_id, at);
   CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;`,
  // 2: vigil watch. Its memory per session (identity learned while alive, transcript size and
  // growth, what was reported, the wake-reading offset, interventions awaiting a follow-up),
  // process samples kept for a day, and the lease that keeps overlapping passes apart.
  `CREATE TABLE watch (
     session_id TEXT PRIMARY KEY,
     pid INTEGER,
     proc_start TEXT,
     started_at INTEGER,
     cwd TEXT,
     transcript_path TEXT,
     name TEXT,
     pane TEXT,
     size INTEGER,
     mtime INTEGER,
     last_growth_at INTEGER,
     stalled_reported INTEGER NOT NULL DEFAULT 0,
     down_reported INTEGER NOT NULL DEFAULT 0,
     stale_event INTEGER,
     alive_at INTEGER,
     memo TEXT NOT NULL DEFAULT '{}',
     seen_at INTEGER NOT NULL,
     checked_at INTEGER NOT NULL
   ) STRICT;
   CREATE TABLE samples (
     at INTEGER NOT NULL,
     session_id TEXT NOT NULL,
     pid INTEGER NOT NULL,
     rss INTEGER,
     cpu_ms INTEGER,
     age_ms INTEGER
   ) STRICT;
   CREATE INDEX samples_at ON samples(at);
   CREATE INDEX samples_session ON samples(session_id, at);
   CREATE TABLE watch_lock (
     name TEXT PRIMARY KEY,
     holder_pid INTEGER NOT NULL,
     holder_start TEXT,
     acquired_at INTEGER NOT NULL,
     expires_at INTEGER NOT NULL
   ) STRICT;`,
  // 3: retention (vigil gc). Per-session per-day summaries that outlive the audit detail
  // (core/retention.ts says what each kind of row holds), the last facts of sessions whose
  // rows were pruned (a report names them, a recall finds their transcript), and the index
  // that finds long-dead sessions without a scan. auto_vacuum is recorded here but only
  // takes effect after a VACUUM, which gc runs once (SQLite cannot change it in place).
  `CREATE TABLE daily (
     session_id TEXT NOT NULL,
     day INTEGER NOT NULL,
     kind TEXT NOT NULL,
     category TEXT NOT NULL,
     count INTEGER NOT NULL,
     ms INTEGER NOT NULL,
     first_at INTEGER NOT NULL,
     last_at INTEGER NOT NULL,
     PRIMARY KEY (session_id, day, kind, category)
   ) STRICT, WITHOUT ROWID;
   CREATE INDEX daily_day ON daily(day);
   CREATE TABLE session_archive (
     session_id TEXT PRIMARY KEY,
     state TEXT NOT NULL,
     role TEXT,
     agent_type TEXT,
     cwd TEXT,
     transcript_path TEXT,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL,
     archived_at INTEGER NOT NULL
   ) STRICT;
   CREATE INDEX sessions_state_updated ON sessions(state, updated_at);
   PRAGMA auto_vacuum = INCREMENTAL;`,
  // 4: the session machine is the one truth (issue 13). The watch keeps only what a probe
  // needs: whether a stall or a death was reported is the machine's state, and the record a
  // stall updates in place is found in the log. A death the watch reported stays on the
  // machine (`endedBy`), so the session is still watched for a restart or a resume.
  `UPDATE sessions SET snapshot = json_set(snapshot, '$.context.endedBy', 'watch')
     WHERE state = 'dead' AND json_valid(snapshot)
       AND session_id IN (SELECT session_id FROM watch WHERE down_reported = 1);
   ALTER TABLE watch DROP COLUMN stalled_reported;
   ALTER TABLE watch DROP COLUMN down_reported;
   ALTER TABLE watch DROP COLUMN stale_event;`,
  // 5: every watch pass, \`status\` and \`/metrics\` read the sessions touched lately
  // (\`updated_at >= ?\`); without an index of its own that is a scan of every session row a
  // fleet ever had (4,151 after a year's gc on the bench store, 50,000 before). The build
  // reads only this table's rows: tens of milliseconds at 50,000, so it may run in a hook.
  `CREATE INDEX sessions_updated ON sessions(updated_at);`,
  // 6: a fact about one session is machine context (issue 33, MACHINE_VERSION 3): the settings
  // rows keyed by a session id (`window_source:<id>`, `session_crons:<id>`), which nothing ever
  // removed, move into their session's snapshot and go. Rows of versions 1 and 2 become 3 here
  // (the step gives a field a snapshot lacks its default); a session that has no row keeps
  // nothing, as its facts had no reader.
  `UPDATE sessions SET
     snapshot = json_set(snapshot,
       '$.context.windowSource', (SELECT value FROM settings WHERE key = 'window_source:' || sessions.session_id),
       '$.context.ownCrons', json(COALESCE((SELECT value FROM settings
         WHERE key = 'session_crons:' || sessions.session_id AND json_valid(value) AND json_type(value) = 'array'), '[]'))),
     machine_version = 3
   WHERE machine_version IN (1, 2) AND json_valid(snapshot) AND json_type(snapshot, '$.context') = 'object';
   DELETE FROM settings WHERE substr(key, 1, 14) = 'window_source:' OR substr(key, 1, 14) = 'session_crons:';`,
];

/**
 * The report's own indexes (edge/store/report-indexes.ts): not a migration, since building
 * them on a fleet's existing store takes seconds that no hook may hold the write lock for. A
 * new store gets them when it is made, empty, at no cost, and SQLite keeps them from then on.
 */
export const REPORT_INDEXES = `CREATE INDEX IF NOT EXISTS events_marking ON events(session_id, at, id, kind, detail)
     WHERE kind <> 'hook' OR instr(detail, '"decision"') > 0;
   CREATE INDEX IF NOT EXISTS daily_seen ON daily(session_id, day, first_at, last_at) WHERE kind = 'seen';`;

/**
 * A store from before numbered migrations (user_version 0 with tables in it) would fail
 * migration 1 on every open. Its tables are renamed `<name>_v0` and its indexes dropped
 * (indexes hold no data) so the migrations can create the current ones; nothing is deleted.
 * Returns whether there was anything to adopt. Runs inside the migration transaction.
 */
export function adoptUnversioned(db: Database): boolean {
  const names = (type: string) =>
    db.query<{ name: string }, [string]>(
      "SELECT name FROM sqlite_master WHERE type = ? AND name NOT LIKE 'sqlite_%' AND sql IS NOT NULL",
    ).all(type).map((r) => r.name);
  const tables = names("table");
  for (const index of names("index")) db.run(`DROP INDEX "${index}"`);
  for (const table of tables) db.run(`ALTER TABLE "${table}" RENAME TO "${table}_v0"`);
  return tables.length > 0;
}

/** Copy an adopted store's events into the current table, as far as its columns allow. */
export function copyAdoptedEvents(db: Database): void {
  const cols = new Set(
    db.query<{ name: string }, []>(`PRAGMA table_info("events_v0")`).all().map((c) => c.name),
  );
  if (cols.size === 0) return;
  const pick = (name: string, type: string, fallback: string) =>
    cols.has(name) ? `COALESCE(CAST("${name}" AS ${type}), ${fallback})` : fallback;
  // Readers parse `detail` as JSON: text that is not JSON is kept inside an object.
  const detail = cols.has("detail")
    ? `COALESCE(CASE WHEN json_valid(detail) THEN detail ELSE json_object('text', detail) END, '{}')`
    : `'{}'`;
  db.run(
    `INSERT INTO events (at, session_id, kind, detail)
     SELECT ${pick("at", "INTEGER", "0")}, ${cols.has("session_id") ? "CAST(session_id AS TEXT)" : "NULL"},
       ${pick("kind", "TEXT", "'legacy'")}, ${detail}
     FROM events_v0 ORDER BY rowid`,
  );
  db.run(`DROP TABLE events_v0`);
}
