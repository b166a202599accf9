/**
 * The store's numbered migrations. Each runs once, in order, inside one transaction; the
 * schema version is SQLite's `user_version`. Never edit a shipped migration: add one.
 */
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
];
