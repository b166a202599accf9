/**
 * Which sessions a watch pass looks at, and who each one is: the night snapshot, sessions hooks
 * saw in the last day, the live registry, and sessions the watcher itself saw in the last day
 * (the registry forgets a session the moment it dies, so the watcher must not; seed 004).
 * Identity (pid, start identifier, registration time) comes from one source, in order: the
 * live registry, what the watcher learned, the night snapshot, the pid a hook recorded.
 */
import type { SessionHost } from "../../../machines/session.ts";
import type { SessionRow } from "../session-row.ts";
import { storedContext } from "../step.ts";
import type { RegistryEntry, SnapshotEntry, WatchRow } from "./observed.ts";

export type TargetSource = "night" | "hooks" | "registry" | "watch";

export interface Target {
  sessionId: string;
  pid: number | null;
  procStart: string | null;
  /** A moment the process was alive with this pid (registration, or the last hook). */
  startedAt: number | null;
  cwd: string | null;
  transcriptPath: string | null;
  name: string | null;
  pane: string | null;
  /** The registry's `kind` (`interactive`, `bg`), when it lists the session. */
  kind: string | null;
  row: SessionRow | null;
  watch: WatchRow | null;
  sources: TargetSource[];
}

export interface TargetInputs {
  rows: readonly SessionRow[];
  watch: ReadonlyMap<string, WatchRow>;
  registry: readonly RegistryEntry[];
  /** The snapshot of an active night, else empty. */
  snapshot: readonly SnapshotEntry[];
  /** Claude Code's directory, to find a transcript nobody recorded. */
  configDir: string;
}

/** Claude Code's transcript path for a cwd and session (claude-code-contract.md section 10). */
export function transcriptPathFor(configDir: string, cwd: string, sessionId: string): string | null {
  const slug = cwd.replace(/[^a-zA-Z0-9]/g, "-");
  // Longer slugs are truncated and hashed by Claude Code: not guessable, so not guessed.
  if (slug.length > 200 || !cwd.startsWith("/")) return null;
  return `${configDir.replace(/\/+$/, "")}/projects/${slug}/${sessionId}.jsonl`;
}

/**
 * A session that ended through SessionEnd (exit, /clear, logout) is over, not down: it is not
 * watched unless the registry shows it running again. "Dead" by the watcher's own report stays
 * watched, so a restart can be tried and a resume noticed.
 */
export function endedNormally(row: SessionRow | null, inRegistry: boolean): boolean {
  return row?.state === "dead" && !inRegistry && endedBy(row) !== "watch";
}

/** Who the machine says saw the session end (`endedBy` in its context), or null. */
function endedBy(row: SessionRow): string | null {
  return storedContext(row)?.endedBy ?? null;
}

/** The sessions to look at this pass, each with its best-known identity. */
export function gatherTargets(inp: TargetInputs): Target[] {
  const reg = new Map<string, RegistryEntry>();
  for (const e of inp.registry) {
    const have = reg.get(e.sessionId);
    if (!have || (e.startedAt ?? 0) > (have.startedAt ?? 0)) reg.set(e.sessionId, e);
  }
  const rows = new Map(inp.rows.map((r) => [r.session_id, r]));
  const night = new Map(inp.snapshot.map((s) => [s.sessionId, s]));
  const ids = new Set<string>([...night.keys(), ...rows.keys(), ...reg.keys(), ...inp.watch.keys()]);
  const registeredPids = new Map(inp.registry.map((e) => [e.pid, e.sessionId]));
  const out: Target[] = [];
  for (const id of ids) {
    const row = rows.get(id) ?? null, w = inp.watch.get(id) ?? null, r = reg.get(id), s = night.get(id);
    if (endedNormally(row, r !== undefined)) continue;
    if (r === undefined && s === undefined && transientId(w, registeredPids)) continue;
    const sources: TargetSource[] = [];
    if (s) sources.push("night");
    if (row) sources.push("hooks");
    if (r) sources.push("registry");
    if (w) sources.push("watch");
    const cwd = row?.cwd ?? r?.cwd ?? w?.cwd ?? s?.cwd ?? null;
    out.push({
      sessionId: id,
      ...identity(row, w, r, s),
      cwd,
      transcriptPath: row?.transcript_path ?? w?.transcript_path ?? s?.transcriptPath ??
        (cwd === null ? null : transcriptPathFor(inp.configDir, cwd, id)),
      name: r?.name ?? w?.name ?? s?.name ?? null,
      pane: r?.tmux?.pane ?? w?.pane ?? s?.pane ?? null,
      kind: r?.kind ?? null,
      row,
      watch: w,
      sources,
    });
  }
  return out;
}

/**
 * An id the registry listed for a moment that never held a conversation: the watcher never saw
 * a transcript under it, and its pid now serves another session (2.1.88 registers a resumed
 * process under a fresh id before rewriting the entry to the resumed one). Nothing of it died.
 */
function transientId(w: WatchRow | null, registeredPids: ReadonlyMap<number, string>): boolean {
  if (w === null || w.pid === null || w.size !== null) return false;
  const now = registeredPids.get(w.pid);
  return now !== undefined && now !== w.session_id;
}

/**
 * Where a live session runs: Claude Code's background supervisor (`kind: "bg"`), a tmux pane,
 * an interactive terminal, or headless (`-p`, SDK: not in the registry).
 */
export function hostOf(t: Pick<Target, "kind" | "pane" | "sources">): SessionHost {
  if (t.kind === "bg") return "bg";
  if (t.pane !== null) return "tmux";
  if (t.kind !== null || t.sources.includes("registry")) return "interactive";
  return "headless";
}

type Identity = Pick<Target, "pid" | "procStart" | "startedAt">;

function identity(
  row: SessionRow | null,
  w: WatchRow | null,
  r: RegistryEntry | undefined,
  s: SnapshotEntry | undefined,
): Identity {
  if (r) return { pid: r.pid, procStart: r.procStart, startedAt: r.startedAt };
  // A hook that reported another pid after the watcher's last look means a new process.
  const hookIsNewer = row?.pid != null && w !== null && row.pid !== w.pid && row.updated_at > w.checked_at;
  if (w?.pid != null && !hookIsNewer) return { pid: w.pid, procStart: w.proc_start, startedAt: w.started_at };
  if (s?.pid != null && !(row?.pid != null && row.pid !== s.pid)) {
    return { pid: s.pid, procStart: s.procStart, startedAt: s.startedAt };
  }
  if (row?.pid != null) return { pid: row.pid, procStart: null, startedAt: row.updated_at };
  return { pid: null, procStart: null, startedAt: null };
}
