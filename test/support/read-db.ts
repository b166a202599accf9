/**
 * A read-only look at a store other processes are using. Without a busy timeout a reader
 * that opens while a writer checkpoints or rebuilds the WAL index fails at once with
 * "database is locked" (SQLITE_BUSY_RECOVERY): vigil's own handles wait (src/edge/store.ts),
 * and so must a test's.
 */
import { Database } from "bun:sqlite";

export function readDb(file: string): Database {
  const db = new Database(file, { readonly: true });
  db.run("PRAGMA busy_timeout = 10000");
  return db;
}
