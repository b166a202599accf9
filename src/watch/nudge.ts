/**
 * The nudge path: wake a stalled session through its inbox socket first (it starts a turn in an
 * idle session without touching the pane a person may be typing in), typing into its tmux pane
 * only when there is no socket or it would not take the message; then wait a bounded time for
 * the transcript's next record, the receipt that the session heard it (product.md section 7:
 * "did it close?" is answered from the transcript, not from the send). The text carries vigil's
 * nudge mark so vigil's own SOFT guard passes the turn it starts.
 */
import { withMark } from "../core/vigil-marks.ts";
import type { InboxDelivery, InboxMessage, ModeClass } from "../edge/inbox.ts";
import type { PlannedEvent } from "../core/watch/decide.ts";

export interface NudgeTarget {
  sessionId: string;
  pid: number | null;
  pane: string | null;
  transcriptPath: string | null;
}

/** Where a session's inbox is, from the live registry. */
export interface InboxAddress {
  socketPath: string;
  token: string | null;
}

export interface NudgeDeps {
  /** The live session's inbox, or null (no registry entry, or a version without one). */
  inbox: (pid: number) => InboxAddress | null;
  sendInbox: (socketPath: string, m: InboxMessage) => Promise<InboxDelivery>;
  sendTmux: (pane: string, text: string) => Promise<{ ok: boolean; error: string | null }>;
  /** The pane's visible text, read before typing into it (null: unreadable). */
  paneText: (pane: string) => Promise<string | null>;
  /** The transcript's size now: the receipt is looked for past it. */
  transcriptSize: (path: string) => number | null;
  /** The time of the first record past `offset` stamped at or after `at`, or null. */
  firstRecordAfter: (path: string, offset: number, at: number) => number | null;
  /** The session's permission-mode class from its transcript, or null when unknown. */
  modeClass: (path: string) => ModeClass | null;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** How long to wait for the receipt before the pass moves on (a late one is not logged). */
  receiptWaitMs: number;
}

export type NudgeVia = "inbox" | "tmux";

export interface NudgeResult {
  ok: boolean;
  via: NudgeVia | null;
  /** `nudge`, then `nudge_receipt` when the transcript answered in time. */
  events: PlannedEvent[];
}

const RECEIPT_POLL_MS = 250;

const msg = (e: unknown) => e instanceof Error ? e.message : String(e);

/** A transcript read that fails is a fact not known, never a failed pass. */
function safe<T>(read: () => T | null): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}

/** Try the inbox; null when there is none, else what happened. */
async function viaInbox(t: NudgeTarget, text: string, deps: NudgeDeps): Promise<InboxDelivery | null> {
  const pid = t.pid;
  const addr = pid === null ? null : safe(() => deps.inbox(pid));
  if (addr === null) return null;
  const path = t.transcriptPath;
  const fromMode = path === null ? null : safe(() => deps.modeClass(path));
  try {
    return await deps.sendInbox(addr.socketPath, { text, fromMode, token: addr.token });
  } catch (e) {
    return { delivered: false, reason: "error", error: msg(e) };
  }
}

/**
 * Claude Code's dialog for a held peer message (2.1.332, contract Part D): keys typed while it
 * is up answer it (Deny is selected), so a person's decision would be made by vigil's Enter.
 */
const HELD_DIALOG = /Held message from another session/;

async function viaTmux(pane: string, text: string, deps: NudgeDeps): Promise<{ ok: boolean; error: string | null }> {
  try {
    const screen = await deps.paneText(pane);
    if (screen !== null && HELD_DIALOG.test(screen)) {
      return { ok: false, error: "the pane shows Claude Code's held-message dialog, which waits for a person" };
    }
    return await deps.sendTmux(pane, text);
  } catch (e) {
    return { ok: false, error: msg(e) };
  }
}

/** Polls a fixed number of times, so a frozen clock (VIGIL_NOW) cannot make it spin. */
async function waitForReceipt(path: string, offset: number, sentAt: number, deps: NudgeDeps): Promise<number | null> {
  const polls = Math.ceil(deps.receiptWaitMs / RECEIPT_POLL_MS);
  for (let i = 0;; i++) {
    const at = safe(() => deps.firstRecordAfter(path, offset, sentAt));
    if (at !== null || i >= polls) return at;
    await deps.sleep(RECEIPT_POLL_MS);
  }
}

/** Nudge one session: inbox first, tmux as the fallback; never throws. */
export async function deliverNudge(
  t: NudgeTarget,
  text: string,
  deps: NudgeDeps,
  opts: { idleMs?: number | null } = {},
): Promise<NudgeResult> {
  const marked = withMark("vigil-nudge", text);
  const path = t.transcriptPath;
  const offset = path === null ? null : safe(() => deps.transcriptSize(path));
  const sentAt = deps.now();
  const inbox = await viaInbox(t, marked, deps);
  let via: NudgeVia | null = inbox?.delivered ? "inbox" : null;
  let error: string | null = inbox !== null && !inbox.delivered ? `inbox: ${inbox.error}` : null;
  if (via === null && t.pane !== null) {
    const r = await viaTmux(t.pane, marked, deps);
    if (r.ok) via = "tmux";
    else error = [error, `tmux: ${r.error ?? "failed"}`].filter((e) => e !== null).join("; ");
  }
  if (via === null && error === null) error = "no inbox socket and no tmux pane";
  const detail = {
    ok: via !== null,
    via,
    error: via === null ? error : null,
    // Why the inbox was passed over, when tmux carried it.
    inbox: inbox === null ? "none" : inbox.delivered ? "delivered" : inbox.reason,
    pane: t.pane,
    idleMs: opts.idleMs ?? null,
    sentAt,
  };
  const events: PlannedEvent[] = [{ kind: "nudge", detail }];
  if (via !== null && path !== null && offset !== null) {
    const firstRecordAt = await waitForReceipt(path, offset, sentAt, deps);
    if (firstRecordAt !== null) events.push({ kind: "nudge_receipt", detail: { via, sentAt, firstRecordAt } });
  }
  return { ok: via !== null, via, events };
}
