/**
 * A store seeded at literal times for the report, HTTP and dashboard tests: a worker that
 * crosses SOFT and HARD, is refused and denied, compacts, restores and is Stop-blocked; a
 * worker that goes STALE, DOWN and is restarted; a person with plain activity.
 */
import type { Database } from "bun:sqlite";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { newRow } from "../../src/core/step.ts";
import { openStore, type SessionRow, type Store } from "../../src/edge/store.ts";
import { withRawDb } from "../raw-db.ts";

export const T0 = Date.UTC(2026, 0, 10, 0, 0, 0);
export const MIN = 60_000;
export const W1 = "w1aaaaaa-0000-4000-8000-000000000001";
export const W2 = "w2bbbbbb-0000-4000-8000-000000000002";
export const P1 = "p1cccccc-0000-4000-8000-000000000003";

type Ev = [minute: number, session: string | null, kind: string, detail: Record<string, unknown>];

const hook = (event: string, extra: Record<string, unknown> = {}) => ({ event, role: "worker", ...extra });

/** The seed's events with their detail times based at `t0`. */
export function seedEvents(t0: number): Ev[] {
  const T0 = t0;
  return [
    [1, W1, "hook", hook("PreToolUse", { tool: "Read", state: "normal", tokens: 90_000 })],
    [5, null, "hook_error", { error: "payload is not JSON", bytes: 3 }],
    [10, P1, "hook", hook("UserPromptSubmit", { role: "person" })],
    [30, W2, "hook", hook("PreToolUse", { tool: "Bash" })],
    [60, W1, "state", { from: "normal", to: "soft", event: "PostToolUse" }],
    [60, W1, "limit_crossed", { limit: "soft", tokens: 251_000, estimate: 252_000, at: T0 + 60 * MIN }],
    [61, W1, "guard", {
      decision: "notice",
      rule: "soft.notice",
      event: "PostToolUse",
      tokens: 252_500,
      limit: 250_000,
    }],
    [90, W1, "guard", { decision: "refuse", rule: "soft.refuse", event: "UserPromptSubmit", tokens: 260_000 }],
    [90, W1, "hook", hook("UserPromptSubmit", { decision: "block", rule: "soft.refuse" })],
    [100, W2, "stale", { idle_ms: 45 * MIN, delay_ms: 5 * MIN }],
    [100, W2, "state", { from: "normal", to: "stalled", event: "idle" }],
    [100, W2, "stalled", { at: T0 + 100 * MIN, from: "normal" }],
    [120, W1, "state", { from: "soft", to: "hard", event: "PostToolUse" }],
    [120, W1, "limit_crossed", { limit: "hard", tokens: 301_000, estimate: 301_000 }],
    [121, W1, "guard", { decision: "deny", rule: "hard.deny", event: "PreToolUse", tool: "Bash", tokens: 302_000 }],
    [121, W1, "hook", hook("PreToolUse", { tool: "Bash", decision: "deny", rule: "hard.deny" })],
    [150, W1, "state", { from: "hard", to: "compacting", event: "PreCompact" }],
    [150, W1, "compaction_started", { at: T0 + 150 * MIN }],
    [152, W1, "state", { from: "compacting", to: "restoring", event: "SessionStart" }],
    [152, W1, "restore_due", { at: T0 + 152 * MIN }],
    [153, W1, "continuity", { action: "restored", via: "hook", chars: 4200 }],
    [153, W1, "state", { from: "restoring", to: "normal", event: "SessionStart" }],
    [170, W2, "down", { last_seen: new Date(T0 + 160 * MIN).toISOString(), reason: "process gone" }],
    [170, W2, "state", { from: "stalled", to: "dead", event: "processGone" }],
    [170, W2, "died", { at: T0 + 170 * MIN, reason: "process gone" }],
    [175, W2, "restart", { result: "ok", pane: "%3" }],
    [176, W2, "state", { from: "dead", to: "restoring", event: "SessionStart" }],
    [180, W2, "nudge", { text: "continue" }],
    [181, W2, "notify", { about: "down", outcomes: [{ notifier: "slack", result: "sent" }] }],
    [182, W2, "frobnicated", { x: 1, why: "a kind the report has never heard of" }],
    [200, W1, "stop_gate", {
      decision: "block",
      gate: "announce",
      pattern: "en.future",
      lang: "en",
      excerpt: "I'll continue with the parser",
    }],
    [200, W1, "hook", hook("Stop", { decision: "block", rule: "unattended.stop" })],
    [260, W1, "wake", { gap_ms: 12 * MIN, waker: "stop-gate" }],
    [300, P1, "hook", hook("Stop", { role: "person" })],
  ];
}

export const SEED_EVENTS: Ev[] = seedEvents(T0);

/**
 * Write the seed into a fresh store under a temp VIGIL_HOME; returns the home and the open
 * store. `t0` moves the whole seed in time (the browser test puts it in the last hours).
 */
export function seedStore(
  home = mkdtempSync(join(tmpdir(), "vigil-report-")),
  t0 = T0,
): { home: string; store: Store } {
  const store = openStore(join(home, "vigil.db"));
  const session = (id: string, minute: number, over: Partial<SessionRow>) =>
    store.saveSession({ ...newRow(id, t0 + minute * MIN), updated_at: t0 + 300 * MIN, ...over });
  session(W1, 0, { role: "worker", agent_type: "worker", tokens: 80_000, estimate: 81_000, window: 1_000_000 });
  session(W2, 30, { role: "worker", agent_type: "worker", state: "restoring", tokens: 40_000, window: 200_000 });
  session(P1, 10, { role: "person", tokens: 12_000, window: 200_000, cwd: "/home/dev/project" });
  withRawDb(store.file, (db) =>
    db.transaction(() => {
      for (const [minute, id, kind, detail] of seedEvents(t0)) appendAny(db, t0 + minute * MIN, id, kind, detail);
    }).immediate());
  return { home, store };
}

/**
 * Append a seeded event as a row, through the test's own connection: the seed holds rows of
 * this version's kinds and of kinds only an older version's rows can hold (the report must
 * still read those), with details exactly as written.
 */
export function appendAny(db: Database, at: number, id: string | null, kind: string, detail: unknown): void {
  db.query("INSERT INTO events (at, session_id, kind, detail) VALUES (?, ?, ?, ?)").run(
    at,
    id,
    kind,
    JSON.stringify(detail),
  );
}
