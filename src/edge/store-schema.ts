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
];
