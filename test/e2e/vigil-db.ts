/** Reading what vigil recorded during an end-to-end run (its VIGIL_HOME/vigil.db). */
import { readDb } from "../support/read-db.ts";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { parseAuditRecord } from "../../src/core/audit-details.ts";

export interface VigilEvent {
  at: number;
  session_id: string | null;
  kind: string;
  detail: Record<string, unknown>;
}

/**
 * Every event vigil recorded, in order; [] when vigil never ran. Throws when a row is not of
 * its kind's declared shape (src/core/audit-details.ts): what the real CLI made vigil write
 * must parse with the parsers vigil's readers use.
 */
export function vigilEvents(vigilHome: string): VigilEvent[] {
  const file = join(vigilHome, "vigil.db");
  if (!existsSync(file)) return [];
  const db = readDb(file);
  try {
    const rows = db.query<{ at: number; session_id: string | null; kind: string; detail: string }, []>(
      "SELECT at, session_id, kind, detail FROM events ORDER BY id",
    ).all();
    const bad = rows.filter((r) => parseAuditRecord(r.kind, r.detail) === null);
    if (bad.length > 0) throw new Error(`rows not of their kind's shape: ${JSON.stringify(bad).slice(0, 2000)}`);
    return rows.map((r) => ({ ...r, detail: JSON.parse(r.detail) }));
  } finally {
    db.close();
  }
}

/** The session's state as vigil stored it. */
export function vigilState(vigilHome: string, sessionId: string): string | null {
  const db = readDb(join(vigilHome, "vigil.db"));
  try {
    return db.query<{ state: string }, [string]>("SELECT state FROM sessions WHERE session_id = ?").get(sessionId)
      ?.state ??
      null;
  } finally {
    db.close();
  }
}
