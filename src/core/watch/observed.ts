/**
 * What the watcher observes and remembers, as plain data: the watch table's row, a process
 * probe and its sample, records appended to a transcript, a Claude Code registry entry, a
 * night snapshot entry. Defined here so the pure watch decisions need nothing from the edges,
 * which read and write these shapes (and re-export them).
 */
import type { ProcessSample } from "../notify-format.ts";
import type { JsonObject } from "../payload.ts";

/** One session as the watcher remembers it between passes. */
export interface WatchRow {
  session_id: string;
  pid: number | null;
  /** The process start identifier learned while it was alive (registry or probe). */
  proc_start: string | null;
  started_at: number | null;
  cwd: string | null;
  transcript_path: string | null;
  name: string | null;
  pane: string | null;
  size: number | null;
  mtime: number | null;
  last_growth_at: number | null;
  /** The last pass that saw the process alive. */
  alive_at: number | null;
  /** JSON: wake offset, interventions awaiting a follow-up, restart check (see src/core/watch/memo.ts). */
  memo: string;
  seen_at: number;
  checked_at: number;
}

export interface SampleRow extends ProcessSample {
  sessionId: string;
  pid: number;
}

export interface ProcProbe {
  pid: number;
  /** False for a missing pid and for a zombie: neither will write its transcript again. */
  alive: boolean;
  /** Claude Code's `procStart` format: field 22 of /proc/<pid>/stat, or `ps -o lstart=`. */
  procStart: string | null;
  /** Process start in ms since the epoch. */
  startTime: number | null;
  rssBytes: number | null;
  /** User plus system CPU time. */
  cpuMs: number | null;
  /** From the kernel's uptime, so a wall-clock jump does not change it. */
  ageMs: number | null;
  ppid: number | null;
}

export interface AppendedRecord {
  /** Byte offset of the line the record came from. */
  offset: number;
  record: JsonObject;
}

export interface AppendedRead {
  records: AppendedRecord[];
  /** Offset to continue from next time: just past the last complete line read. */
  end: number;
  /** True when `end` lies inside a line (one longer than the cap): skip to its newline next time. */
  mid: boolean;
  size: number;
}

/** Where Claude Code's `tmux` field says the session runs: `session:@window.%pane`. */
export interface TmuxRef {
  raw: string;
  session: string;
  window: string | null;
  pane: string | null;
}

export interface RegistryEntry {
  pid: number;
  sessionId: string;
  cwd: string;
  /** ms since the epoch, written at registration. */
  startedAt: number | null;
  procStart: string | null;
  version: string | null;
  kind: string | null;
  entrypoint: string | null;
  name: string | null;
  status: string | null;
  updatedAt: number | null;
  tmux: TmuxRef | null;
  /** The session's inbox socket (2.1.332+; contract Part D); absent or null when it has none. */
  messagingSocketPath?: string | null;
  file: string;
}

/** One session as it was when the mode was turned on. */
export interface SnapshotEntry {
  sessionId: string;
  pid: number | null;
  /** Process start identifier (Claude Code's `procStart` format), so a reused pid is caught. */
  procStart: string | null;
  /** Process start in ms since the epoch, when known. */
  startedAt: number | null;
  name: string | null;
  cwd: string | null;
  transcriptPath: string | null;
  /** tmux pane id (`%3`) when known. */
  pane: string | null;
}
