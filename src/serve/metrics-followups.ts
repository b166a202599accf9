/**
 * Did vigil's interventions close (product.md section 7, "did it close?"): the watch's
 * `followup` records folded as `/metrics` reads new rows, per intervention kind and outcome,
 * with the time from the intervention to the record that proved work. A resumed follow-up is
 * one a tool call (or, after a notification, the model's answer) proved; a push answered with
 * words only is not resumed. Memory is bounded by the few kinds and outcomes.
 */
import { parseAuditDetail } from "../core/audit-details.ts";
import type { EventRow } from "../edge/store.ts";
import type { Family } from "./metrics.ts";

type Key = `${string}\u0000${"true" | "false"}`;

/** The fold of `followup` events. */
export class FollowUpFold {
  private readonly counts = new Map<Key, number>();
  private readonly delay = new Map<string, { sum: number }>();

  /** Take one `followup` row into account; another kind, or another shape, counts for nothing. */
  add(e: EventRow): void {
    if (e.kind !== "followup") return;
    const d = parseAuditDetail("followup", e.detail);
    if (d === null) return;
    const key: Key = `${d.intervention}\u0000${d.resumed ? "true" : "false"}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    if (d.resumed && d.afterMs !== null) {
      const acc = this.delay.get(d.intervention) ?? { sum: 0 };
      acc.sum += d.afterMs / 1000;
      this.delay.set(d.intervention, acc);
    }
  }

  /** The follow-up families: outcomes counted, and the delays to work summed. */
  families(): Family[] {
    return [
      {
        name: "vigil_followups_total",
        help: "Interventions followed up, by kind and whether work (a tool call) followed",
        type: "counter",
        samples: [...this.counts].map(([key, value]) => {
          const [intervention, resumed] = key.split("\u0000");
          return { labels: { intervention, resumed }, value };
        }),
      },
      {
        // Divided by vigil_followups_total{resumed="true"}: the mean time to work, per kind.
        name: "vigil_followup_resume_seconds_total",
        help: "Seconds from each intervention to the record that proved work resumed, summed",
        type: "counter",
        samples: [...this.delay].map(([intervention, d]) => ({ labels: { intervention }, value: d.sum })),
      },
    ];
  }
}
