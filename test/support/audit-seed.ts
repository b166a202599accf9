/**
 * Whole audit details for tests that seed a store with the few fields their check is about:
 * `appendEvent` takes only a detail of its kind's shape (src/core/audit-details.ts), so the
 * rest comes from a plain default here, never from a wider type.
 */
import type { AuditDetails } from "../../src/core/audit-details.ts";

type Seeded = "hook" | "guard" | "stop_gate" | "watch_pass" | "died" | "state";

type Defaults = Pick<AuditDetails, Seeded>;

const DEFAULTS: Defaults = {
  hook: {
    event: "PreToolUse",
    role: "worker",
    state: "normal",
    tokens: null,
    estimate: null,
    source: "none",
    window: null,
    window_source: "none",
  },
  guard: {
    decision: "allow",
    rule: "hard.allow",
    event: "PreToolUse",
    state: "hard",
    tokens: null,
    estimate: null,
    limit: 300_000,
  },
  stop_gate: {
    decision: "pass",
    gate: "mode",
    pattern: null,
    lang: null,
    excerpt: null,
    note: "",
    source: "payload",
    blocks: 0,
    cap: 8,
  },
  watch_pass: {
    at: 0,
    sessions: 0,
    alive: 0,
    unknown: 0,
    down: 0,
    stale: 0,
    revived: 0,
    stalled: 0,
    samples: 0,
    wakes: 0,
    followups: 0,
    notified: 0,
    restarted: 0,
    nudged: 0,
  },
  died: {
    at: 0,
    by: "watch",
    verdict: "down",
    reason: "process gone",
    pid: null,
    procStart: null,
    name: null,
    cwd: null,
    lastActivityAt: null,
    delayMs: null,
    aliveAt: null,
    sinceAliveMs: null,
  },
  state: { from: "normal", to: "soft", event: "PreToolUse" },
};

/** A detail of `kind`: the default with the fields a test sets. */
export function seedDetail<K extends Seeded>(kind: K, over: Partial<Defaults[K]> = {}): Defaults[K] {
  const base: Defaults[K] = DEFAULTS[kind];
  return { ...base, ...over };
}
