/**
 * `vigil status` views (pure): the JSON objects of product.md section 9a and the table.
 * Fields are only ever added, never renamed.
 */
import { MACHINE_VERSION } from "../../machines/session-model.ts";
import { sleepUntil } from "./rest.ts";
import type { SessionRow } from "./session-row.ts";
import { storedContext } from "./step.ts";
export interface StatusSource {
  session_id: string;
  state: string;
  tokens: number | null;
  estimate: number | null;
  window: number | null;
  role: string | null;
  agent_type: string | null;
  cwd: string | null;
  transcript_path: string | null;
  updated_at: number;
  pid: number | null;
  /** The persisted machine snapshot and its version, read (by the session step) for what the machine knows beyond the columns. */
  snapshot?: string;
  machine_version?: number;
}

export interface StatusObject {
  session_id: string;
  state: string;
  tokens: number | null;
  estimate: number | null;
  window: number | null;
  window_source: string | null;
  role: string;
  agent_type: string | null;
  cwd: string | null;
  transcript_path: string | null;
  updated_at: string;
  pid: number | null;
  /** A worker over SOFT: the orchestrator should start a new session for the next ticket. */
  new_session_needed: boolean;
  /** The last Stop waits on a person: approval, question or escape (null: not waiting). */
  awaiting: string | null;
  /** The session wakes by itself by then (ISO time), and why; null when not asleep. */
  asleep_until: string | null;
  asleep_cause: string | null;
  /** Where it runs: tmux, interactive, bg (Claude Code's supervisor) or headless. */
  host: string | null;
}

/** The machine-held fields of a stored session (read through the session step), each null when absent. */
export function snapshotFacts(row: Pick<SessionRow, "snapshot" | "machine_version"> | null | undefined): {
  awaiting: string | null;
  asleepUntil: number | null;
  asleepCause: string | null;
  host: string | null;
  windowSource: string | null;
} {
  const c = storedContext(row ?? null);
  if (c === null) return { awaiting: null, asleepUntil: null, asleepCause: null, host: null, windowSource: null };
  const sleep = sleepUntil(c);
  return {
    awaiting: c.awaiting,
    asleepUntil: sleep.until,
    asleepCause: sleep.cause,
    host: c.host,
    windowSource: c.windowSource,
  };
}

/** A status source's snapshot as the step reads it (a source without a version is a current one). */
function factsRow(r: StatusSource): Pick<SessionRow, "snapshot" | "machine_version"> | null {
  return r.snapshot === undefined
    ? null
    : { snapshot: r.snapshot, machine_version: r.machine_version ?? MACHINE_VERSION };
}

/** One status object per session row. */
export function statusObjects(rows: StatusSource[]): StatusObject[] {
  return rows.map((r) => ({ r, f: snapshotFacts(factsRow(r)) })).map(({ r, f }) => ({
    session_id: r.session_id,
    state: r.state,
    tokens: r.tokens,
    estimate: r.estimate,
    window: r.window,
    window_source: f.windowSource,
    role: r.role ?? "person",
    agent_type: r.agent_type,
    cwd: r.cwd,
    transcript_path: r.transcript_path,
    updated_at: new Date(r.updated_at).toISOString(),
    pid: r.pid,
    new_session_needed: r.role === "worker" && (r.state === "soft" || r.state === "hard"),
    awaiting: f.awaiting,
    asleep_until: f.asleepUntil === null ? null : new Date(f.asleepUntil).toISOString(),
    asleep_cause: f.asleepUntil === null ? null : f.asleepCause,
    host: f.host,
  }));
}

function fmt(n: number | null): string {
  return n === null ? "-" : n.toLocaleString("en-US");
}

/** A fixed-width table for terminals. */
export function statusTable(objs: StatusObject[], now: number): string {
  if (objs.length === 0) return "no sessions seen yet";
  const head = ["SESSION", "STATE", "ROLE", "TOKENS", "ESTIMATE", "WINDOW", "SEEN", "CWD"];
  const rows = objs.map((o) => [
    o.session_id.slice(0, 8),
    o.state + (o.new_session_needed ? " (new session needed)" : "") + (o.awaiting ? ` (awaiting ${o.awaiting})` : "") +
    (o.asleep_until && Date.parse(o.asleep_until) > now ? ` (asleep: ${o.asleep_cause ?? "?"})` : ""),
    o.role + (o.agent_type && o.agent_type !== o.role ? `:${o.agent_type}` : ""),
    fmt(o.tokens),
    fmt(o.estimate),
    fmt(o.window),
    ago(now - Date.parse(o.updated_at)),
    o.cwd ?? "-",
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]))).join("  ");
  return [line(head), ...rows.map(line)].join("\n");
}

/** 65_000 → "1m ago". */
export function ago(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s ago`;
  if (s < 3600) return `${Math.floor(s / 60)}m ago`;
  if (s < 86400) return `${Math.floor(s / 3600)}h ago`;
  return `${Math.floor(s / 86400)}d ago`;
}
