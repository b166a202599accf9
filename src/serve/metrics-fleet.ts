/**
 * The families the shipped Prometheus rules read (deploy/prometheus/, docs/metrics.md): one
 * series per session with the labels an alert routes on (host, session_id, cwd, role), built
 * over the very view `vigil status --json` prints, plus the host's own liveness (the watch,
 * hooks failing open). Cardinality is bounded by sessions, never by events: a session leaves
 * every series a day after it was last seen, a session that ended on its own (SessionEnd)
 * leaves at once, and one the watch found DOWN stays as `state="dead"` until it is resumed or
 * that day is over.
 */
import type { LastProof } from "../core/prove/last-proof.ts";
import { type StatusObject, statusObjects } from "../core/status-view.ts";
import { storedContext } from "../core/step.ts";
import type { SessionRow, Store } from "../edge/store.ts";
import { loadWatchRows } from "../edge/store/watch.ts";
import type { FleetFold, SessionFacts } from "./metrics-fold.ts";
import type { Family, Labels, Sample } from "./metrics.ts";

const DAY = 86_400_000;
/** What the rules assume until the watch has run twice: `vigil watch --install`'s 5 minutes. */
export const DEFAULT_WATCH_INTERVAL_MS = 300_000;

/** One session as the fleet families see it. */
interface Seen {
  labels: Labels;
  status: StatusObject;
  since: number | null;
  facts: SessionFacts | undefined;
  lastGrowthAt: number | null;
}

/** When the machine entered its current state, from its context (read by the session step). */
function stateSince(row: SessionRow): number | null {
  return storedContext(row)?.since ?? null;
}

/** A newer status field (issue 13: `awaiting`, `asleep_until`), read only when present. */
function field(o: StatusObject, name: string): unknown {
  const fields: Record<string, unknown> = { ...o };
  return fields[name];
}

const seconds = (ms: number) => ms / 1000;

export interface FleetOptions {
  now: number;
  /** The `host` label for this machine's series. */
  host: string;
  /** The sessions table as read for this scrape. */
  rows: SessionRow[];
  /** The last `vigil doctor --prove` (or the watch's proof after an update), if any. */
  proof?: LastProof | null;
  /** Hook failures that went to vigil.log because the database itself failed. */
  loggedFailures?: number;
}

/** The sessions the fleet families describe, in the order `status` lists them. */
function seenSessions(store: Store, fold: FleetFold, o: FleetOptions): Seen[] {
  const rows = o.rows.filter((r) => o.now - r.updated_at < DAY);
  const objs = statusObjects(rows);
  const watch = loadWatchRows(store, o.now - DAY);
  return rows.flatMap((row, i) => {
    const status = objs[i];
    const facts = fold.sessions.get(row.session_id);
    const since = stateSince(row);
    // Dead without the watch having found it down: it ended on its own, nothing to page about.
    if (row.state === "dead" && !(facts?.downAt != null && (since === null || facts.downAt >= since))) return [];
    // The machine, not status's `host` (issue 13: where the session runs, tmux or headless).
    const labels = {
      host: o.host,
      session_id: row.session_id,
      cwd: row.cwd ?? "",
      role: status.role,
    };
    return [{ labels, status, since, facts, lastGrowthAt: watch.get(row.session_id)?.last_growth_at ?? null }];
  });
}

/** Every fleet family for one scrape. */
export function fleetFamilies(store: Store, fold: FleetFold, o: FleetOptions): Family[] {
  fold.prune(o.now);
  const seen = seenSessions(store, fold, o);
  const live = seen.filter((s) => s.status.state !== "dead");
  const per = (list: Seen[], value: (s: Seen) => number | null): Sample[] =>
    list.flatMap((s) => {
      const v = value(s);
      return v === null ? [] : [{ labels: s.labels, value: v }];
    });
  const hostLabels = { host: o.host };
  const lastPass = fold.passes.at(-1);
  const families: Family[] = [
    {
      name: "vigil_session_state",
      help: "1 per session, labelled with its state; a session the watch found down stays as dead",
      type: "gauge",
      samples: seen.map((s) => ({ labels: { ...s.labels, state: s.status.state }, value: 1 })),
    },
    {
      name: "vigil_session_state_since_timestamp_seconds",
      help: "When the session entered its current state (Unix seconds)",
      type: "gauge",
      samples: per(seen, (s) => s.since === null ? null : seconds(s.since)),
    },
    {
      name: "vigil_session_idle_seconds",
      help: "Seconds since the session's transcript last grew, as the watch saw it",
      type: "gauge",
      samples: per(live, (s) => s.lastGrowthAt === null ? null : Math.max(0, seconds(o.now - s.lastGrowthAt))),
    },
    {
      name: "vigil_session_handoff_timestamp_seconds",
      help: "The session's last handoff document write allowed at HARD (Unix seconds, 0 for none)",
      type: "gauge",
      samples: per(live, (s) => seconds(s.facts?.handoffAt ?? 0)),
    },
    {
      name: "vigil_stop_pushes_total",
      help: "Stop hooks that sent the session back to work (unattended mode)",
      type: "counter",
      samples: per(live, (s) => s.facts?.pushes ?? 0),
    },
    {
      name: "vigil_stop_pushes_without_progress_total",
      help: "Stop pushes the session answered by stopping again without a tool call (the progress breaker then held)",
      type: "counter",
      samples: per(live, (s) => s.facts?.pushesWithoutProgress ?? 0),
    },
  ];
  // Issue 13's fields: exposed once `status --json` carries them, so the rules can exclude
  // sessions awaiting a person or asleep until a known wake-up.
  const optional = (name: string, help: string, key: string, on: (v: unknown) => boolean) => {
    if (!live.some((s) => field(s.status, key) !== undefined)) return;
    const samples = per(live, (s) => {
      const v = field(s.status, key);
      return v === undefined ? null : on(v) ? 1 : 0;
    });
    families.push({ name, help, type: "gauge", samples });
  };
  optional(
    "vigil_session_awaiting",
    "1 while the session waits for a person's approval or answer",
    "awaiting",
    (v) => v !== null && v !== false,
  );
  optional(
    "vigil_session_asleep",
    "1 while the session sleeps until a known wake-up (its crons, ScheduleWakeup, a limit reset)",
    "asleep_until",
    (v) => {
      const at = typeof v === "string" ? Date.parse(v) : typeof v === "number" ? v : NaN;
      return Number.isFinite(at) && at > o.now;
    },
  );
  const interval = fold.watchInterval() ?? DEFAULT_WATCH_INTERVAL_MS;
  families.push(
    {
      name: "vigil_watch_last_pass_timestamp_seconds",
      help: "When vigil watch last finished a pass on this host (Unix seconds, 0 for never)",
      type: "gauge",
      samples: [{ labels: hostLabels, value: seconds(lastPass ?? 0) }],
    },
    {
      name: "vigil_watch_interval_seconds",
      help: "The watch's interval: the median gap of its recent passes (300 until it has run twice)",
      type: "gauge",
      samples: [{ labels: hostLabels, value: seconds(interval) }],
    },
    {
      name: "vigil_hook_failed_open_total",
      help:
        "Hook calls where vigil failed (an internal error: recorded as hook_error, or in vigil.log when the database itself failed)",
      type: "counter",
      samples: [{ labels: hostLabels, value: fold.hookFailures + (o.loggedFailures ?? 0) }],
    },
  );
  if (o.proof) {
    families.push(
      {
        name: "vigil_proof_ok",
        help: "1 when the last proof of the guards on this machine's Claude Code passed, 0 when it failed",
        type: "gauge",
        samples: [{ labels: { ...hostLabels, claude_version: o.proof.version }, value: o.proof.ok ? 1 : 0 }],
      },
      {
        name: "vigil_proof_timestamp_seconds",
        help: "When that proof ran (Unix seconds)",
        type: "gauge",
        samples: [{ labels: hostLabels, value: seconds(o.proof.at) }],
      },
    );
  }
  return families;
}
