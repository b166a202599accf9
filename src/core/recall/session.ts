/**
 * Which session `vigil recall` searches when none is named: the newest one started in the
 * current directory (an agent calling recall runs in its own cwd), else the newest overall.
 * A named session may be given by a unique prefix of its id, as people copy short ids.
 */
import type { Result } from "../payload.ts";

/** The fields of a stored session that recall needs. */
export interface SessionLike {
  session_id: string;
  cwd: string | null;
  transcript_path: string | null;
  updated_at: number;
}

/** Pick the session to search from `rows` (any order). */
export function pickSession<S extends SessionLike>(
  rows: S[],
  opts: { id?: string; cwd?: string },
): Result<S> {
  const usable = rows.filter((r) => r.transcript_path).sort((a, b) => b.updated_at - a.updated_at);
  if (opts.id !== undefined) {
    const id = opts.id;
    const exact = rows.find((r) => r.session_id === id);
    const found = exact ? [exact] : rows.filter((r) => r.session_id.startsWith(id));
    if (found.length === 0) return { ok: false, error: `no session "${id}" in the vigil store` };
    if (found.length > 1) return { ok: false, error: `session prefix "${id}" matches ${found.length} sessions` };
    if (!found[0].transcript_path) {
      return { ok: false, error: `session "${found[0].session_id}" has no transcript path` };
    }
    return { ok: true, value: found[0] };
  }
  const here = usable.find((r) => r.cwd !== null && opts.cwd !== undefined && samePath(r.cwd, opts.cwd));
  const pick = here ?? usable[0];
  return pick ? { ok: true, value: pick } : { ok: false, error: "no session with a transcript in the vigil store" };
}

function samePath(a: string, b: string): boolean {
  const strip = (p: string) => (p.length > 1 ? p.replace(/\/+$/, "") : p);
  return strip(a) === strip(b);
}
