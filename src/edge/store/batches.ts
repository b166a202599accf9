/**
 * Long store work as a run of short write transactions with pauses between them. SQLite's
 * busy handler polls (sleeping up to 100 ms between tries) rather than queueing, so a writer
 * that takes the lock again at once can starve every hook waiting for it past busy_timeout;
 * pausing as long as each batch held the lock gives the waiting ones their turn.
 */
import type { Store } from "../store.ts";

/** Shortest pause between two batches, in ms. */
const MIN_PAUSE_MS = 10;
/** Longest pause: a hook polls at most this far apart. */
const MAX_PAUSE_MS = 100;

/**
 * A time budget shared by the batches of one run: once `deadline` (epoch ms) passes, no new
 * batch starts and `spent` is set; what was done is committed and the run resumes later.
 */
export interface Budget {
  deadline: number;
  spent: boolean;
}

/**
 * Run `step` in its own `BEGIN IMMEDIATE` transaction until it reports it is done (returns
 * false as `more`) or the budget is spent, pausing between runs; returns the sum of what the
 * steps counted. `prepare` runs before each step outside any write transaction (reads that
 * need no lock).
 */
export function inBatches(
  store: Store,
  step: () => { count: number; more: boolean },
  prepare: () => void = () => {},
  budget: Budget | null = null,
): number {
  let total = 0;
  for (;;) {
    if (budget !== null && (budget.spent || Date.now() >= budget.deadline)) {
      budget.spent = true;
      return total;
    }
    prepare();
    const t0 = performance.now();
    const r = store.transaction(step);
    total += r.count;
    if (!r.more) return total;
    const held = performance.now() - t0;
    Bun.sleepSync(Math.min(MAX_PAUSE_MS, Math.max(MIN_PAUSE_MS, held)));
  }
}
