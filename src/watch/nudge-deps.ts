/** Real dependencies of the nudge path: the registry, the inbox socket, tmux, the transcript. */
import { str } from "../core/payload.ts";
import { modeClassOf, sendToInbox } from "../edge/inbox.ts";
import { findSessionByPid, inboxToken, type RegistryOptions } from "../edge/registry.ts";
import { nudge } from "../edge/restart.ts";
import { capturePane, type TmuxOptions } from "../edge/tmux.ts";
import { readAppended, readTail, statTranscript } from "../edge/transcript-append.ts";
import type { NudgeDeps } from "./nudge.ts";

/** How long a nudge waits for its receipt by default: a woken session writes within a second. */
export const RECEIPT_WAIT_MS = 10_000;
/** The tail read for the newest permission mode. */
const MODE_TAIL = 256 * 1024;

/** The time of the first record past `offset` stamped at or after `at`. */
export function firstRecordAfter(path: string, offset: number, at: number): number | null {
  const r = readAppended(path, offset);
  for (const { record } of r?.records ?? []) {
    const ts = str(record, "timestamp");
    const t = ts === null ? NaN : Date.parse(ts);
    if (Number.isFinite(t) && t >= at) return t;
  }
  return null;
}

/** The newest `permissionMode` a transcript records (user and `permission-mode` records carry it). */
export function lastPermissionMode(path: string): string | null {
  const recs = readTail(path, MODE_TAIL)?.records ?? [];
  for (let i = recs.length - 1; i >= 0; i--) {
    const m = str(recs[i].record, "permissionMode");
    if (m !== null) return m;
  }
  return null;
}

/** The nudge path's dependencies for this process. */
export function nudgeDeps(
  opts: RegistryOptions & { tmux?: TmuxOptions; receiptWaitMs?: number; inboxTimeoutMs?: number } = {},
): NudgeDeps {
  return {
    inbox: (pid) => {
      const socketPath = findSessionByPid(pid, opts)?.messagingSocketPath ?? null;
      return socketPath === null || socketPath === "" ? null : { socketPath, token: inboxToken(pid, socketPath, opts) };
    },
    sendInbox: (socketPath, m) => sendToInbox(socketPath, m, { timeoutMs: opts.inboxTimeoutMs }),
    sendTmux: (pane, text) => nudge(pane, text, { tmux: opts.tmux }),
    paneText: (pane) => capturePane(pane, opts.tmux),
    transcriptSize: (path) => statTranscript(path)?.size ?? null,
    firstRecordAfter,
    modeClass: (path) => modeClassOf(lastPermissionMode(path)),
    now: Date.now,
    sleep: (ms) => Bun.sleep(ms),
    receiptWaitMs: opts.receiptWaitMs ?? RECEIPT_WAIT_MS,
  };
}
