/** `vigil status`: the sessions the store holds now, and the proof's line when it no longer holds. */
import type { CommandIo } from "../core/command-io.ts";
import { statusObjects, statusTable } from "../core/status-view.ts";
import { resolvePaths } from "../edge/paths.ts";
import { openStore } from "../edge/store.ts";
import { proofStatusLine } from "../prove/last-proof.ts";

const DAY = 86_400_000;

/** The status as printed: sessions of the last day (`all`: every one), as a table or `json`. */
export function statusNow(o: { all: boolean; json: boolean; cwd: string }, io: Pick<CommandIo, "env" | "now">): string {
  const store = openStore(resolvePaths(io.env).dbFile);
  try {
    const now = io.now();
    const rows = store.listSessions().filter((r) => o.all || now - r.updated_at < DAY);
    const objs = statusObjects(rows);
    const text = (o.json ? JSON.stringify(objs, null, 2) : statusTable(objs, now)) + "\n";
    const proof = o.json ? null : proofStatusLine({ env: io.env, cwd: o.cwd });
    return proof === null ? text : text + proof + "\n";
  } finally {
    store.close();
  }
}
