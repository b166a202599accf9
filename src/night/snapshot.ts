/**
 * What `vigil night on` captures and checks (product.md section 6, seed 004). The snapshot:
 * every live session in scope, from Claude Code's registry and from the sessions vigil's hooks
 * saw, with pid and process start so the watcher can tell a death from a reused pid after the
 * registry file is gone. The preflight: sessions already idle, which a Stop hook cannot wake
 * (it fires only when a turn ends), each with what to do about it.
 */
import { sameProcess, type TranscriptStat } from "../core/liveness.ts";
import { inScope } from "../core/night/scope.ts";
import { turnWakes } from "../core/wake.ts";
import type { ProcProbe } from "../edge/proc.ts";
import type { RegistryEntry } from "../edge/registry.ts";
import type { SessionRow } from "../edge/store.ts";
import type { AppendedRead } from "../edge/transcript-append.ts";
import type { SnapshotEntry } from "./setting.ts";
import { transcriptPathFor } from "../core/watch/targets.ts";

/** No transcript growth for this long (and not busy) counts as idle at preflight. */
export const PREFLIGHT_QUIET_MS = 5 * 60_000;
const TAIL_BYTES = 256 * 1024;

export interface SnapshotInputs {
  registry: readonly RegistryEntry[];
  /** Sessions hooks saw in the last day. */
  rows: readonly SessionRow[];
  probes: ReadonlyMap<number, ProcProbe | null>;
  scope: readonly string[];
  configDir: string;
  /** tmux pane per pid, for sessions whose registry entry names none. */
  panes: ReadonlyMap<number, string>;
}

/** Live sessions in scope, registry first; one entry per session id. */
export function buildSnapshot(inp: SnapshotInputs): SnapshotEntry[] {
  const out = new Map<string, SnapshotEntry>();
  const live = (pid: number, ident: { procStart: string | null; startedAt: number | null }) => {
    const p = inp.probes.get(pid);
    return p != null && p.alive && sameProcess(ident, p) !== "other" ? p : null;
  };
  const rows = new Map(inp.rows.map((r) => [r.session_id, r]));
  for (const e of [...inp.registry].sort((a, b) => (b.startedAt ?? 0) - (a.startedAt ?? 0))) {
    if (out.has(e.sessionId) || !inScope(e.cwd, inp.scope)) continue;
    const p = live(e.pid, e);
    if (p === null) continue;
    out.set(e.sessionId, {
      sessionId: e.sessionId,
      pid: e.pid,
      procStart: e.procStart ?? p.procStart,
      startedAt: e.startedAt ?? p.startTime,
      name: e.name,
      cwd: e.cwd,
      transcriptPath: rows.get(e.sessionId)?.transcript_path ?? transcriptPathFor(inp.configDir, e.cwd, e.sessionId),
      pane: e.tmux?.pane ?? inp.panes.get(e.pid) ?? null,
    });
  }
  for (const r of inp.rows) {
    if (out.has(r.session_id) || r.pid === null || r.state === "dead" || r.cwd === null) continue;
    if (!inScope(r.cwd, inp.scope)) continue;
    // The last hook ran inside the process: one that started after it reuses the pid.
    const p = live(r.pid, { procStart: null, startedAt: r.updated_at });
    if (p === null) continue;
    out.set(r.session_id, {
      sessionId: r.session_id,
      pid: r.pid,
      procStart: p.procStart,
      startedAt: p.startTime,
      name: null,
      cwd: r.cwd,
      transcriptPath: r.transcript_path,
      pane: inp.panes.get(r.pid) ?? null,
    });
  }
  return [...out.values()];
}

export interface IdleSession {
  entry: SnapshotEntry;
  /** Why it counts as idle: the registry says so, a quiet transcript, a finished turn. */
  reasons: string[];
  /** Since the transcript last changed, when known. */
  idleMs: number | null;
  advice: string;
}

export interface PreflightReads {
  status: (sessionId: string) => string | null;
  stat: (path: string) => TranscriptStat | null;
  tail: (path: string, bytes: number) => AppendedRead | null;
}

/** Sessions of the snapshot that are already idle, with what to do about each. */
export function preflight(
  snapshot: readonly SnapshotEntry[],
  io: PreflightReads,
  opts: { now: number; nudgeText: string | null },
): IdleSession[] {
  const out: IdleSession[] = [];
  for (const entry of snapshot) {
    const reasons: string[] = [];
    const status = io.status(entry.sessionId);
    if (status === "idle") reasons.push(`registry status "idle"`);
    const st = entry.transcriptPath === null ? null : io.stat(entry.transcriptPath);
    const idleMs = st === null ? null : Math.max(0, opts.now - st.mtimeMs);
    if (idleMs !== null && idleMs >= PREFLIGHT_QUIET_MS && status !== "busy") {
      reasons.push(`transcript unchanged for ${Math.round(idleMs / 60_000)} min`);
    }
    const tail = entry.transcriptPath === null ? null : io.tail(entry.transcriptPath, TAIL_BYTES);
    const last = tail === null ? undefined : turnWakes(tail.records.map((r) => r.record), { now: opts.now }).at(-1);
    if (last && last.resumedAt === null) reasons.push(`its last turn ended at ${new Date(last.endAt).toISOString()}`);
    if (reasons.length === 0) continue;
    out.push({ entry, reasons, idleMs, advice: advise(entry, opts.nudgeText) });
  }
  return out;
}

function advise(e: SnapshotEntry, nudgeText: string | null): string {
  if (e.pane === null) return "send it a prompt now in its terminal: a Stop hook cannot wake it";
  const later = nudgeText
    ? `"vigil watch" nudges it once it is stale`
    : `or set "nudge_text" so "vigil watch" nudges it once it is stale`;
  return `send it a prompt now (tmux pane ${e.pane}); ${later}`;
}
