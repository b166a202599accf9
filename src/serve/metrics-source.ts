/**
 * What `/metrics` reports, read from the store: sessions by state and their context numbers
 * (gauges), and counters folded incrementally from the append-only events table (each scrape
 * reads only the rows added since the last one, so scrape cost does not grow with history).
 */
import { STATES } from "../../machines/session-model.ts";
import type { SessionRow, Store } from "../edge/store.ts";
import { fleetFamilies, type FleetOptions } from "./metrics-fleet.ts";
import type { Family, Sample } from "./metrics.ts";
import { eventsOfKinds, hookDecisionCounts, kindCounts } from "../edge/store/event-tallies.ts";
import { FleetFold, FOLDED_KINDS } from "./metrics-fold.ts";
import { FollowUpFold } from "./metrics-followups.ts";
import { maxEventId } from "../edge/store/event-pages.ts";

const DAY = 86_400_000;
/** Ids per window: each window's statements stay short while hooks keep writing. */
const BATCH = 50_000;

/** Counters over the whole events table, kept up to date by `fold`. */
export class EventCounters {
  private last = 0;
  readonly kinds = new Map<string, number>();
  readonly decisions = new Map<string, { decision: string; rule: string; n: number }>();
  /** What the fleet rules need (metrics-fleet.ts). */
  readonly fleet = new FleetFold();
  /** Whether vigil's interventions were followed by work. */
  readonly followUps = new FollowUpFold();

  /**
   * Fold every event added since the previous call: counts per kind and per hook decision in
   * SQL, and only the kinds the fleet alerts need read row by row, a window of ids at a time.
   */
  fold(store: Store): void {
    const head = maxEventId(store);
    while (this.last < head) {
      const upTo = Math.min(head, this.last + BATCH);
      for (const { kind, n } of kindCounts(store, this.last, upTo)) {
        this.kinds.set(kind, (this.kinds.get(kind) ?? 0) + n);
      }
      for (const { decision, rule, n } of hookDecisionCounts(store, this.last, upTo)) {
        const key = `${decision}\u0000${rule}`;
        const hit = this.decisions.get(key) ?? { decision, rule, n: 0 };
        hit.n += n;
        this.decisions.set(key, hit);
      }
      for (const e of eventsOfKinds(store, this.last, upTo, [...FOLDED_KINDS, "followup"])) {
        if (e.kind === "followup") this.followUps.add(e);
        else this.fleet.add(e);
      }
      this.last = upTo;
    }
  }
}

/**
 * Every store-derived family for one scrape: the counters folded up to now, then the
 * session-based families over one read of the sessions table (the fleet's in metrics-fleet.ts).
 */
export function storeFamilies(
  store: Store,
  counters: EventCounters,
  o: Omit<FleetOptions, "rows">,
): Family[] {
  const { now } = o;
  counters.fold(store);
  // Every family reads the sessions of the last day only: the rest stays in the database.
  const rows = store.listSessions({ updatedAfter: now - DAY });
  return [...sessionFamilies(rows, counters, now), ...fleetFamilies(store, counters.fleet, { ...o, rows })];
}

function sessionFamilies(rows: SessionRow[], counters: EventCounters, now: number): Family[] {
  const recent = rows.filter((r) => now - r.updated_at < DAY);
  const byState = new Map<string, number>(STATES.map((s) => [s, 0]));
  for (const r of recent) byState.set(r.state, (byState.get(r.state) ?? 0) + 1);
  // A dead session's context numbers are history, not a gauge: it leaves these series.
  const live = recent.filter((r) => r.state !== "dead");
  const perSession = (value: (r: typeof recent[number]) => number | null): Sample[] =>
    live.flatMap((r) => {
      const v = value(r);
      return v === null ? [] : [{ labels: { session_id: r.session_id, role: r.role ?? "person" }, value: v }];
    });
  return [
    {
      name: "vigil_sessions",
      help: "Sessions seen in the last day, by state",
      type: "gauge",
      samples: [...byState].map(([state, value]) => ({ labels: { state }, value })),
    },
    {
      name: "vigil_session_context_tokens",
      help: "Measured context tokens per live session seen in the last day",
      type: "gauge",
      samples: perSession((r) => r.tokens),
    },
    {
      name: "vigil_session_context_estimate_tokens",
      help: "Measured context plus the growth since, per live session seen in the last day",
      type: "gauge",
      samples: perSession((r) => r.estimate),
    },
    {
      name: "vigil_session_context_window_tokens",
      help: "Context window size per live session seen in the last day",
      type: "gauge",
      samples: perSession((r) => r.window),
    },
    {
      name: "vigil_hook_decisions_total",
      help: "Hook calls that returned a decision, by decision kind and rule",
      type: "counter",
      samples: [...counters.decisions.values()].map((d) => ({
        labels: { decision: d.decision, rule: d.rule },
        value: d.n,
      })),
    },
    {
      name: "vigil_watch_detections_total",
      help: "Sessions vigil watch found down or stale",
      type: "counter",
      samples: [...counters.fleet.detections].map(([kind, value]) => ({ labels: { kind }, value })),
    },
    {
      name: "vigil_events_total",
      help: "Audit events recorded, by kind",
      type: "counter",
      samples: [...counters.kinds].map(([kind, value]) => ({ labels: { kind }, value })),
    },
    ...counters.followUps.families(),
  ];
}
