/**
 * Audit kinds are a closed set (src/core/audit-kinds.ts): `Store.appendEvent` and
 * `AuditRecord` take only those names, so tsc refuses a kind nobody declared. This keeps the
 * list itself honest: no name twice, none declared that no source writes.
 */
import { expect, test } from "bun:test";
import { tsFiles } from "./source-files.ts";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  AUDIT_DETAILS,
  type AuditDetails,
  type AuditRecord,
  parseAuditDetail,
  readAuditRecords,
} from "../src/core/audit-details.ts";
import { AUDIT_KINDS, type AuditKind, isAuditKind } from "../src/core/audit-kinds.ts";
import { openStore } from "../src/edge/store.ts";

const SRC = join(import.meta.dir, "..", "src");
const sources = tsFiles(SRC).filter((f) => !f.endsWith("audit-kinds.ts")).map((f) => readFileSync(f, "utf8")).join(
  "\n",
);

test("each kind is declared once", () => {
  expect(new Set(AUDIT_KINDS).size).toBe(AUDIT_KINDS.length);
});

test("each declared kind is written by some source", () => {
  // Written: the kind of a record literal, or the kind argument of an append.
  const written = (k: string) =>
    new RegExp(`kind: "${k}"|(appendEvent|appendEventWithId|record)\\([^;]*?"${k}"`).test(sources);
  expect(AUDIT_KINDS.filter((k) => !written(k))).toEqual([]);
});

test("isAuditKind tells this version's kinds from an older row's", () => {
  expect(AUDIT_KINDS.every(isAuditKind)).toBe(true);
  expect(isAuditKind("restart_attempt")).toBe(false);
});

/**
 * One detail of each kind, as its writer makes it. The annotation is the compile-time check:
 * a kind without a detail type, or an example of the wrong shape, fails tsc; the tests below
 * then check the runtime parser accepts each and refuses each kind's malformed details.
 */
const EXAMPLES: { [K in AuditKind]: AuditDetails[K] } = {
  hook: {
    event: "PreToolUse",
    tool: "Bash",
    role: "worker",
    state: "hard",
    tokens: 310_000,
    estimate: 311_000,
    source: "transcript",
    window: 1_000_000,
    window_source: "statusline",
    decision: "deny",
    rule: "hard.deny.tool",
  },
  hook_error: { error: "payload is not JSON", bytes: 3 },
  state: { from: "soft", to: "hard", event: "PreToolUse" },
  machine_migrated: { detail: "machine version 3 → 4" },
  limit_crossed: { limit: "hard", tokens: 300_100, estimate: null, at: 10 },
  compaction_started: { at: 10 },
  compaction_abandoned: { at: 10 },
  restore_due: { at: 10 },
  stalled: { at: 10, from: "normal", idleMs: 2_700_000, lastGrowthAt: 5, pid: 42, name: "w1", cwd: "/work" },
  revived: { at: 10, to: "normal" },
  died: {
    at: 10,
    reason: "process gone",
    by: "watch",
    verdict: "down",
    pid: 42,
    procStart: "123",
    name: "w1",
    cwd: "/work",
    lastActivityAt: 5,
    delayMs: 5,
    aliveAt: 8,
    sinceAliveMs: 2,
    samples: [{ at: 8, rssBytes: 1, cpuMs: 2, ageMs: 3 }],
  },
  interrupted: { at: 11, source: "session", reason: "stop" },
  guard: {
    decision: "refuse",
    rule: "soft.refuse",
    event: "UserPromptSubmit",
    state: "soft",
    tokens: 260_000,
    estimate: null,
    limit: 250_000,
    envelope: null,
    verdict: "instruction",
    why: "plain text",
  },
  continuity: {
    action: "restored",
    via: "fallback",
    chars: 1200,
    event: "UserPromptSubmit",
    landed: false,
    version: "2.1.332",
  },
  stop_gate: {
    decision: "block",
    gate: "announcement",
    pattern: "en.next-i-will",
    lang: "en",
    excerpt: "Next, I will run",
    note: "announced work",
    source: "payload",
    blocks: 1,
    cap: 8,
    lastPush: { at: 5, gate: "announcement", workFollowed: true },
  },
  unknown_envelope: { tag: "new-envelope", excerpt: "<new-envelope>" },
  watch_pass: {
    at: 10,
    sessions: 2,
    alive: 2,
    unknown: 0,
    down: 0,
    stale: 1,
    revived: 0,
    stalled: 0,
    samples: 2,
    wakes: 1,
    followups: 0,
    notified: 0,
    restarted: 0,
    nudged: 1,
  },
  wake: { waker: "human", idleMs: 60_000, endAt: 5, resumedAt: 10, idle: true, cause: "awaiting" },
  followup: { intervention: "nudge", interventionAt: 5, resumed: true, resumedAt: 9, afterMs: 4 },
  nudge: { ok: true, via: "inbox", error: null, inbox: "delivered", pane: null, idleMs: 60_000, sentAt: 10 },
  nudge_receipt: { via: "inbox", sentAt: 10, firstRecordAt: 11 },
  restart: {
    ok: true,
    method: "new-session",
    target: "vigil-w1",
    error: null,
    attempt: 1,
    max: 3,
    reason: "process gone",
  },
  restart_check: { restartAt: 5, grew: true, afterMs: 3, alive: true },
  notify: {
    about: "down",
    detail: null,
    outcomes: [{ kind: "ntfy", target: "https://ntfy.sh/***", result: "sent", attempts: 1, status: 200, error: null }],
  },
  night: {
    on: false,
    blocks: 1,
    ledger: {
      since: 0,
      until: 10,
      stops: { blocked: 1, resumed: 1, notResumed: 0, open: 0 },
      woken: { vigil: { turns: 1, sessions: 1 } },
      idleMinutes: { awaiting: 0, asleep: 0, stalled: 0, dead: 0 },
      deaths: [],
      pushes: { nudge: { sent: 0, resumed: 0 }, restart: { sent: 0, resumed: 0 } },
    },
  },
  store_recovered: { moved_to: "/state/vigil.db.corrupt-1-2", error: "file is not a database" },
};

test("every kind has a detail shape, and only the declared kinds do", () => {
  expect(Object.keys(AUDIT_DETAILS).sort()).toEqual([...AUDIT_KINDS].sort());
  expect(Object.keys(EXAMPLES).sort()).toEqual([...AUDIT_KINDS].sort());
});

const kinds = AUDIT_KINDS.map((k) => [k]);

test.each(kinds)("%s: its writer's detail parses, as text and as a value", (kind) => {
  const d = EXAMPLES[kind];
  expect(parseAuditDetail(kind, d)).toEqual(d);
  expect(parseAuditDetail(kind, JSON.stringify(d))).toEqual(d);
});

/** A value no field shape accepts (not a string, number, boolean, array of those, or record). */
const WRONG = { wrong: [] };

test.each(kinds)("%s: a malformed detail is unknown (null), never a crash", (kind) => {
  const d: Record<string, unknown> = { ...EXAMPLES[kind] };
  const bad: unknown[] = ["not json at all", "[1,2]", "42", "null", "", null, undefined, 7, [d], {}];
  // Each field of the example given a value of no field's shape, one at a time.
  for (const key of Object.keys(d)) bad.push({ ...d, [key]: WRONG });
  for (const v of bad) expect({ v, parsed: parseAuditDetail(kind, v) }).toEqual({ v, parsed: null });
});

test("a detail of another kind's shape is refused", () => {
  expect(parseAuditDetail("died", EXAMPLES.stop_gate)).toBeNull();
  expect(parseAuditDetail("nudge_receipt", EXAMPLES.nudge)).toBeNull();
});

test("an older version's down and stale rows read as the machine's died and stalled, a patched end as revived", () => {
  const down = {
    verdict: "down",
    reason: "process gone",
    pid: 42,
    procStart: "123",
    name: "w1",
    cwd: "/work",
    lastActivityAt: 5,
    delayMs: 5,
    aliveAt: 8,
    sinceAliveMs: 2,
  };
  expect(readAuditRecords("down", JSON.stringify(down), 10)).toEqual([
    { at: 10, kind: "died", detail: { ...down, at: 10, by: "watch" } },
  ]);
  const stale = { idleMs: 60_000, lastGrowthAt: 5, pid: 42, name: "w1", cwd: "/work", checkedAt: 70 };
  const stalled = { idleMs: 60_000, lastGrowthAt: 5, pid: 42, name: "w1", cwd: "/work", at: 65, from: "normal" };
  expect(readAuditRecords("stale", stale, 65)).toEqual([{ at: 65, kind: "stalled", detail: stalled }]);
  expect(readAuditRecords("stale", { ...stale, endedAt: 90 }, 65)).toEqual([
    { at: 65, kind: "stalled", detail: stalled },
    { at: 90, kind: "revived", detail: { at: 90, to: "normal" } },
  ]);
  // Not evidence: another shape, an unknown kind.
  expect(readAuditRecords("down", { reason: "gone" }, 10)).toEqual([]);
  expect(readAuditRecords("restart_attempt", {}, 10)).toEqual([]);
});

test("a newer writer's extra field does not make a detail unknown", () => {
  expect(parseAuditDetail("died", { ...EXAMPLES.died, cause: "oom" })).toMatchObject(EXAMPLES.died);
});

test("tsc refuses a detail of another shape (each directive below stops compiling if the types widen)", () => {
  const dir = mkdtempSync(join(tmpdir(), "vigil-kinds-"));
  const store = openStore(join(dir, "vigil.db"));
  try {
    store.appendEvent(1, "s", "died", EXAMPLES.died);
    // @ts-expect-error a died record without its reason
    store.appendEvent(2, "s", "died", { at: 2 });
    // @ts-expect-error another kind's detail
    store.appendEvent(3, "s", "nudge_receipt", EXAMPLES.nudge);
    // @ts-expect-error a field of the wrong type
    const wrong: AuditRecord = { kind: "limit_crossed", detail: { ...EXAMPLES.limit_crossed, limit: "medium" } };
    expect(wrong.kind).toBe("limit_crossed");
    // What went in anyway is stored as given, and the parser reads the two bad rows as unknown.
    expect(store.events().map((e) => parseAuditDetail("died", e.detail) !== null)).toEqual([true, false, false]);
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
