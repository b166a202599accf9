/**
 * A live Claude Code session's inbox socket (`messagingSocketPath` in its registry file;
 * docs/claude-code-contract.md Part D, observed on 2.1.332): newline-delimited JSON, an
 * optional first `{"type":"auth","token"}` line, then `{"type":"user","message":{"content"}}`.
 * The receiver never answers a line, so delivery is judged by the connection: the lines were
 * written, and the receiver closed its side in answer to ours (it reads to the end, handles the
 * last line, then ends). Anything else (no socket, refused, reset, silence past the deadline)
 * is "not delivered", so the caller falls back to tmux. What the connection cannot tell is
 * whether the session then held the message for a person: the transcript's receipt does.
 */
import { connect } from "node:net";

/** Which class of permission mode the receiver runs in (Claude Code's mode parity). */
export type ModeClass = "bypass" | "prompting";

export interface InboxMessage {
  text: string;
  /** The receiver's own mode class: asserting it lets a message through without a held dialog. */
  fromMode: ModeClass | null;
  /** The session's peer token (its `.key` file beside the registry entry), when readable. */
  token: string | null;
}

export type InboxDelivery =
  | { delivered: true; authenticated: boolean }
  | { delivered: false; reason: "no-socket" | "refused" | "closed" | "timeout" | "error"; error: string };

export interface InboxOptions {
  /** Whole exchange, connect to close (default 3000 ms): a peer that never answers costs this much. */
  timeoutMs?: number;
}

/** The sender name vigil signs with; Claude Code shows it as `@vigil`. */
export const INBOX_SENDER = "vigil";
/** The envelope tag Claude Code parses a sender's mode class from (2.1.332). */
const ENVELOPE = "cross-session-message";

/**
 * The text as Claude Code's own peers wrap it, so the receiver reads the sender's mode class:
 * without one, a session that bypasses permission prompts holds the message for a person.
 * Claude Code re-renders the envelope and compares, so the body must not hold a closing tag.
 */
export function envelope(text: string, fromMode: ModeClass | null): string {
  const body = text.replaceAll(`</${ENVELOPE}`, `</ ${ENVELOPE}`);
  const mode = fromMode === null ? "" : ` from-mode="${fromMode}"`;
  return `<${ENVELOPE} from="${INBOX_SENDER}"${mode}>\n${body}\n</${ENVELOPE}>`;
}

/** The lines one nudge writes: the auth line when a token is known, then the user message. */
export function inboxFrames(m: InboxMessage): string {
  const auth = m.token === null ? "" : `${JSON.stringify({ type: "auth", token: m.token })}\n`;
  const user = { type: "user", message: { content: envelope(m.text, m.fromMode) }, from: INBOX_SENDER };
  return `${auth}${JSON.stringify(user)}\n`;
}

function errCode(e: unknown): string {
  return typeof e === "object" && e !== null && "code" in e && typeof e.code === "string" ? e.code : "";
}

/** Write a message to an inbox socket; resolves with what is known, never throws, never hangs. */
export function sendToInbox(socketPath: string, m: InboxMessage, opts: InboxOptions = {}): Promise<InboxDelivery> {
  const frames = inboxFrames(m);
  return new Promise((resolve) => {
    let settled = false, wrote = false, ended = false;
    const sock = connect({ path: socketPath, allowHalfOpen: true });
    const done = (d: InboxDelivery) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      sock.destroy();
      resolve(d);
    };
    const timer = setTimeout(
      () => done({ delivered: false, reason: "timeout", error: `no answer from "${socketPath}"` }),
      opts.timeoutMs ?? 3000,
    );
    sock.on("connect", () => {
      sock.end(frames, () => (wrote = true));
    });
    // The receiver sends nothing; whatever arrives is read and ignored so it cannot stall us.
    sock.on("data", () => {});
    sock.on("end", () => (ended = true));
    sock.on("close", () => {
      if (wrote && ended) done({ delivered: true, authenticated: m.token !== null });
      else done({ delivered: false, reason: "closed", error: `"${socketPath}" closed before the message was read` });
    });
    sock.on("error", (e) => {
      const code = errCode(e);
      const reason = code === "ENOENT"
        ? "no-socket"
        : code === "ECONNREFUSED"
        ? "refused"
        : code === "EPIPE" || code === "ECONNRESET"
        ? "closed"
        : "error";
      done({ delivered: false, reason, error: e.message });
    });
  });
}

/**
 * The class Claude Code puts a permission mode in for mode parity (2.1.332): bypassing prompts
 * is "bypass"; plan mode is "bypass" only when entered from bypass, which the transcript does
 * not say, so it is unknown; every other mode prompts.
 */
export function modeClassOf(permissionMode: string | null): ModeClass | null {
  if (permissionMode === null || permissionMode === "" || permissionMode === "plan") return null;
  return permissionMode === "bypassPermissions" ? "bypass" : "prompting";
}
