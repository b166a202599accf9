/**
 * "Who woke it", incrementally: each pass reads only the transcript bytes appended since the
 * stored offset (bounded), finds every end of turn with `turnWakes`, and records one `wake`
 * event per turn once something followed it. A turn nothing has followed yet is kept pending:
 * the cursor stays on its record so the next pass reads it again with what came after.
 */
import type { JsonObject } from "../payload.ts";
import type { AwaitKind } from "../../../machines/session.ts";
import { type IdleCause, idleCause } from "../rest.ts";
import { classifyWake, type Intervention, textOf, type TurnWake, turnWakes } from "../wake.ts";
import type { AppendedRead } from "./observed.ts";
import { type WorkSign, workSigns } from "./followups.ts";
import type { PlannedEvent } from "./decide.ts";
import type { WakeCursor, WatchMemo } from "./memo.ts";

/** Bytes of tail read when a session is first seen, to find a turn already waiting. */
export const FIRST_SIGHT_TAIL = 256 * 1024;

export interface WakeReader {
  appended: (path: string, from: number, mid: boolean) => AppendedRead | null;
  tail: (path: string, bytes: number) => AppendedRead | null;
}

/** How an idle gap's cause is judged (see `idleCause`). */
export interface CauseInput {
  /** The machine's reason for quiet at this pass (awaiting, asleep), for a turn still pending. */
  now: IdleCause | null;
  /** What a turn's last message waits on a person for. */
  awaiting: (text: string | null) => AwaitKind | null;
  staleAfterMs: number;
}

const NO_CAUSE: CauseInput = { now: null, awaiting: () => null, staleAfterMs: Infinity };

/**
 * The wake events and the next cursor for one session. `size` is the transcript's current
 * size; nothing is read when it has not moved past the cursor. Each idle gap carries its cause
 * (awaiting, asleep, stalled) for the night's ledger.
 *
 * A death: the turn still waiting when the session was found dead is woken by whatever brings
 * the session back (a restart's marked prompt is vigil's), or by nobody. While a restart may
 * still bring it back (`restartMayFollow` at the death, a restart awaiting its check after, a
 * process running again whose first prompt is not written yet),
 * the turn stays pending; once none can, it closes as woken by nobody, its idle time running
 * to the death. Whatever first prompts the session after a death gets a wake of its own even
 * when no turn was waiting (it died mid-turn): every restart followed by work has its wake.
 */
export function planWakes(
  path: string | null,
  size: number | null,
  memo: WatchMemo,
  io: WakeReader,
  opts: {
    now: number;
    down: boolean;
    cause?: CauseInput;
    restartMayFollow?: boolean;
    stopBlocks?: readonly number[];
    /** The session's process runs this pass (a restart came up, or a person resumed it). */
    alive?: boolean;
    /** The watch's previous pass: on first sight, turns that ended after it are news. */
    lastPass?: number | null;
    /** The transcript has the size and mtime the previous pass saw: a pending turn's bytes are not read again. */
    unchanged?: boolean;
  },
): { cursor: WakeCursor | null; events: PlannedEvent[]; awaiting: AwaitKind | null } {
  const cause = opts.cause ?? NO_CAUSE;
  const blocks: Intervention[] = (opts.stopBlocks ?? []).map((at) => ({ kind: "stop-gate", at }));
  const memoBlocks = blocks.length === 0 ? memo : { ...memo, recent: [...memo.recent, ...blocks] };
  const r = readWakes(path, size, memoBlocks, io, opts.now, cause, opts.lastPass ?? null, {
    unchanged: opts.unchanged === true && !opts.down,
  });
  const c = r.cursor;
  const awaiting = r.awaiting ?? null;
  if (c === null) return { cursor: c, events: r.events, awaiting };
  const deadAt = opts.down ? opts.now : c.deadAt ?? null;
  const waiting = c.pendingEndAt !== null && deadAt !== null;
  // Running again, it is back: its first prompt (which may come a pass later than the process
  // and the bookkeeping Claude Code writes on resume) wakes the turn.
  const held = opts.down ? opts.restartMayFollow === true : memo.restartCheck !== null || opts.alive === true;
  if (!waiting || held) return { cursor: deadAt === null ? c : { ...c, deadAt }, events: r.events, awaiting };
  const pending = c.pendingEndAt ?? deadAt;
  const idleMs = Math.max(0, deadAt - pending);
  r.events.push({
    kind: "wake",
    at: deadAt,
    detail: {
      waker: "nobody",
      idleMs,
      endAt: pending,
      resumedAt: null,
      idle: true,
      ended: "down",
      cause: idleCause({ pending: c.pendingCause, awaiting: null, gapMs: idleMs, staleAfterMs: cause.staleAfterMs }),
    },
  });
  return {
    cursor: { offset: r.end ?? c.offset, mid: false, pendingEndAt: null, pendingCause: null, deadAt },
    events: r.events,
    awaiting: null,
  };
}

/**
 * The wake of a session that died, read from the first records after the death: who brought
 * it back, and for the turn it died waiting on, how long it sat idle before the death (the
 * dead time is the ledger's own bucket).
 */
function revival(
  records: readonly JsonObject[],
  cursor: WakeCursor,
  deadAt: number,
  memo: WatchMemo,
  o: { now: number; cause: CauseInput },
): PlannedEvent | null {
  const w = classifyWake(records, deadAt, { now: o.now, interventions: memo.recent });
  if (w.resumedAt === null) return null;
  const endAt = cursor.pendingEndAt;
  if (endAt === null) {
    return {
      kind: "wake",
      at: w.resumedAt,
      detail: { waker: w.waker, idleMs: 0, endAt: deadAt, resumedAt: w.resumedAt, idle: false, cause: null },
    };
  }
  const idleMs = Math.max(0, deadAt - endAt);
  const c = idleCause({
    pending: cursor.pendingCause,
    awaiting: null,
    gapMs: idleMs,
    staleAfterMs: o.cause.staleAfterMs,
  });
  return {
    kind: "wake",
    at: w.resumedAt,
    detail: { waker: w.waker, idleMs, endAt, resumedAt: w.resumedAt, idle: true, cause: c },
  };
}

/** `awaiting`: what a turn first seen pending this pass waits on a person for, judged from its text. */
type WakeRead = { cursor: WakeCursor | null; events: PlannedEvent[]; end?: number; awaiting?: AwaitKind | null };

/** A pending turn keeps the first cause the machine gave for it (its Stop's verdict). */
function pendingOf(cursor: WakeCursor | null, endAt: number, now: IdleCause | null): IdleCause | null {
  return cursor !== null && cursor.pendingEndAt === endAt ? cursor.pendingCause ?? now : now;
}

function readWakes(
  path: string | null,
  size: number | null,
  memo: WatchMemo,
  io: WakeReader,
  now: number,
  cause: CauseInput,
  since: number | null,
  o: { unchanged: boolean } = { unchanged: false },
): WakeRead {
  const cursor = memo.wake;
  if (path === null || size === null) return { cursor, events: [] };
  if (cursor === null) {
    // First sight: no history is reported, only a turn that is still waiting, and the turns
    // that ended since the watch's previous pass (a transcript created after that pass: those
    // wakes are this pass's news, a blocked stop's among them).
    const read = io.tail(path, FIRST_SIGHT_TAIL);
    if (read === null) return { cursor, events: [] };
    const records = read.records.map((r) => r.record);
    const wakes = turnWakes(records, { now, interventions: memo.recent });
    const news: PlannedEvent[] = since === null
      ? []
      : wakes.filter((w) => w.resumedAt !== null && w.endAt > since).map((w) => wakeEvent(w, records, null, cause));
    const last = wakes.at(-1);
    if (last && last.resumedAt === null) {
      const kind = cause.awaiting(textOf(read.records[last.endIndex].record));
      const at = {
        offset: read.records[last.endIndex].offset,
        mid: false,
        pendingEndAt: last.endAt,
        pendingCause: cause.now ?? (kind === null ? null : "awaiting"),
      };
      return { cursor: at, events: news, end: read.end, awaiting: kind };
    }
    return {
      cursor: { offset: read.end, mid: read.mid, pendingEndAt: null, pendingCause: null },
      events: news,
      end: read.end,
    };
  }
  // A turn still pending in a file the previous pass read as it is now: reading its bytes
  // again finds the same turn, still unanswered (a death's cursor reads them for the revival).
  const same = o.unchanged && cursor.pendingEndAt !== null && (cursor.deadAt ?? null) === null && !cursor.mid;
  if (size === cursor.offset || same) {
    const held = cursor.pendingEndAt === null ? cursor : { ...cursor, pendingCause: cursor.pendingCause ?? cause.now };
    return { cursor: held, events: [] };
  }
  const read = io.appended(path, cursor.offset, cursor.mid);
  if (read === null) return { cursor, events: [] };
  let records: JsonObject[] = read.records.map((r) => r.record);
  const events: PlannedEvent[] = [];
  const deadAt = cursor.deadAt ?? null;
  // Records after a death: the pending turn (re-read from its own record) is not a new end.
  let skip = deadAt !== null && cursor.pendingEndAt !== null ? 1 : 0;
  const timeAt = (r: JsonObject) => typeof r.timestamp === "string" ? Date.parse(r.timestamp) : null;
  if (deadAt !== null) {
    // ...nor is anything written before the death (the turn re-read after it closed as nobody's).
    let first = skip;
    while (first < records.length && (timeAt(records[first]) ?? Infinity) < deadAt) first++;
    records = records.slice(first);
    skip = first;
    const back = revival(records, cursor, deadAt, memo, { now, cause });
    if (back === null) return { cursor, events: [] };
    events.push(back);
  }
  const wakes = turnWakes(records, { now, interventions: memo.recent });
  let next: WakeCursor = { offset: read.end, mid: read.mid, pendingEndAt: null, pendingCause: null };
  let awaiting: AwaitKind | null = null;
  for (const w of wakes) {
    const pending = pendingOf(cursor, w.endAt, null);
    if (w.resumedAt === null) {
      // A turn newly pending is judged once from its text: the machine learns it waits on a
      // person whether or not a Stop hook classified it (it does only in unattended mode).
      const fresh = cursor.pendingEndAt !== w.endAt;
      awaiting = fresh ? cause.awaiting(textOf(records[w.endIndex])) : null;
      const known = pendingOf(cursor, w.endAt, cause.now);
      next = {
        offset: read.records[w.endIndex + skip].offset,
        mid: false,
        pendingEndAt: w.endAt,
        pendingCause: known ?? (awaiting === null ? null : "awaiting"),
      };
      continue;
    }
    events.push(wakeEvent(w, records, pending, cause));
  }
  return { cursor: next, events, end: read.end, awaiting };
}

/** The `wake` record of a turn something resumed, its idle gap's cause judged. */
function wakeEvent(w: TurnWake, records: readonly JsonObject[], pending: IdleCause | null, cause: CauseInput) {
  const c = w.idle
    ? idleCause({
      pending,
      awaiting: cause.awaiting(textOf(records[w.endIndex])),
      gapMs: w.gapMs,
      staleAfterMs: cause.staleAfterMs,
    })
    : null;
  return {
    kind: "wake" as const,
    at: w.resumedAt ?? w.endAt,
    detail: { waker: w.waker, idleMs: w.gapMs, endAt: w.endAt, resumedAt: w.resumedAt, idle: w.idle, cause: c },
  };
}

/** The records appended to a transcript since the watcher's last look, or null when none or unreadable. */
export function readAppended(
  path: string | null,
  from: number | null,
  size: number,
  io: WakeReader,
): AppendedRead | null {
  if (path === null || from === null || size <= from) return null;
  return io.appended(path, from, false);
}

/**
 * Whether everything appended to a transcript since the watcher's last look is `progress`
 * records: a hung tool writes them once a second (Part C), and they are no sign of work.
 */
export function onlyProgress(read: AppendedRead | null): boolean {
  return read !== null && read.records.length > 0 && read.records.every((r) => r.record.type === "progress");
}

/** The signs of work among the appended records (see `workSigns`), or null when none were read. */
export function workOf(read: AppendedRead | null): WorkSign[] | null {
  return read === null ? null : workSigns(read.records.map((r) => r.record));
}

/**
 * The signs of work a pass judges its follow-ups on: the records appended since the last pass,
 * and, when Stop blocks were found in the audit log this pass, the transcript's tail too. A
 * block is read from the log by the pass after it, while its answer may already lie before the
 * transcript offset the previous pass stored (a block and its answer between that pass's start
 * and its read): judged on the appended bytes alone, such a block never got its follow-up.
 */
export function workSince(
  appended: AppendedRead | null,
  blocks: readonly number[],
  path: string | null,
  io: WakeReader,
): WorkSign[] | null {
  const fresh = workOf(appended);
  if (blocks.length === 0 || path === null) return fresh;
  const tail = workOf(io.tail(path, FIRST_SIGHT_TAIL));
  if (tail === null) return fresh;
  const seen = new Set(tail.map((s) => `${s.at}\u0000${s.uuid}`));
  const extra = (fresh ?? []).filter((s) => !seen.has(`${s.at}\u0000${s.uuid}`));
  // Appended records the tail does not reach lie before it.
  return [...extra, ...tail];
}
