/**
 * The hook socket's client side: one HTTP/1.1 request over a Unix socket, written by hand on
 * Bun's own sockets, so a hook that forwards loads neither node:fs nor fetch's HTTP client
 * (bench/RESULTS.md, issue 18, fourth round). The server side is src/serve/hook-socket.ts.
 */
import { joinPath } from "../core/posix-path.ts";

/** Where `vigil serve` listens for forwarded hook calls: beside the store, in the state folder. */
export function hookSocketPath(stateDir: string): string {
  return joinPath(stateDir, "hook.sock");
}

/**
 * Whether something that is not a regular file is at `path`, through one stat (Bun reports
 * such a file's size as Infinity, a missing one as 0): a hook with no server pays only this.
 */
export function socketPresent(path: string): boolean {
  return Bun.file(path).size === Infinity;
}

export type Forwarded =
  /** The server ran the call: print `body` (status 200). */
  | { kind: "answer"; body: string }
  /**
   * Nothing was run (no server, another build or store, status 409): run the call here. `why`
   * starts with "cannot connect" when no server listens.
   */
  | { kind: "refused"; why: string }
  /** The request went out and no whole answer came back: the call may have run; fail open. */
  | { kind: "lost"; why: string };

/**
 * POST `body` to `path` on the socket; never throws. `body` may still be coming (the hook's
 * stdin): the connection opens meanwhile, and a body that comes as null (stdin over its cap)
 * or fails is never sent, which the answer reports as refused.
 */
export async function forward(
  socket: string,
  path: string,
  body: string | Promise<string | null>,
  timeoutMs: number,
): Promise<Forwarded> {
  const chunks: Uint8Array[] = [];
  let sent = false;
  let pending: Uint8Array | null = null;
  let open: Bun.Socket<unknown> | null = null;
  let failed: string | null = null;
  const { promise: done, resolve } = Promise.withResolvers<void>();
  /** Write what is pending; a short write leaves the rest to `drain`, a closed socket (-1) all of it. */
  const flush = (s: Bun.Socket<unknown>) => {
    if (pending === null || pending.length === 0) return;
    const n = s.write(pending);
    if (n > 0) pending = pending.subarray(n);
    sent = pending.length === 0;
  };
  const request = Promise.resolve(body).then((text) => {
    if (text === null) return null;
    const bytes = new TextEncoder().encode(text);
    const head = new TextEncoder().encode(
      `POST ${path} HTTP/1.1\r\nHost: vigil\r\nContent-Length: ${bytes.length}\r\nConnection: close\r\n\r\n`,
    );
    const all = new Uint8Array(head.length + bytes.length);
    all.set(head);
    all.set(bytes, head.length);
    return all;
  }).catch(() => null);
  let conn: Awaited<ReturnType<typeof Bun.connect>> | null = null;
  try {
    conn = await Bun.connect({
      unix: socket,
      socket: {
        open(s) {
          open = s;
          flush(s);
        },
        drain(s) {
          flush(s);
        },
        data(_s, d) {
          chunks.push(new Uint8Array(d));
        },
        close() {
          resolve();
        },
        error(_s, e) {
          failed = e.message;
          resolve();
        },
        connectError(_s, e) {
          failed = `cannot connect: ${e.message}`;
          resolve();
        },
      },
    });
  } catch (e) {
    return { kind: "refused", why: `cannot connect: ${e instanceof Error ? e.message : String(e)}` };
  }
  const bytes = await request;
  if (bytes === null) {
    conn.end();
    return { kind: "refused", why: "nothing to send" };
  }
  pending = bytes;
  if (open !== null) flush(open);
  const timer = setTimeout(() => {
    failed = `no answer within ${timeoutMs} ms`;
    conn?.end();
    resolve();
  }, timeoutMs);
  await done;
  clearTimeout(timer);
  const reply = parseReply(chunks);
  if (reply?.status === 200) return { kind: "answer", body: reply.body };
  if (reply?.status === 409) return { kind: "refused", why: reply.body.trim() || "refused" };
  if (!sent && reply === null) return { kind: "refused", why: failed ?? "closed before the request was sent" };
  return { kind: "lost", why: reply ? `status ${reply.status}` : failed ?? "closed without an answer" };
}

/**
 * The status and body of a whole response, or null when it is cut or not HTTP/1.x. Read with
 * string scans, not regular expressions or array callbacks: each of those costs a forwarding
 * hook's fresh process about 0.3 ms on its first use (src/core/posix-path.ts).
 */
export function parseReply(chunks: Uint8Array[]): { status: number; body: string } | null {
  let total = 0;
  for (const c of chunks) total += c.length;
  const all = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) (all.set(c, at), at += c.length);
  const text = new TextDecoder().decode(all);
  const end = text.indexOf("\r\n\r\n");
  if (end < 0) return null;
  // "HTTP/1.x NNN", then a space or the end of the status line.
  const head = text.slice(0, end).toLowerCase();
  if (!head.startsWith("http/1.0 ") && !head.startsWith("http/1.1 ")) return null;
  const status = digits(head, 9);
  if (status === null || status.end !== 12 || (head.length > 12 && head[12] !== " " && head[12] !== "\r")) return null;
  if (head.includes("\r\ntransfer-encoding:")) return null;
  // The head is ASCII, so its characters are its bytes.
  const bodyBytes = all.subarray(end + 4);
  const field = head.indexOf("\r\ncontent-length:");
  if (field >= 0) {
    let from = field + 17;
    while (head[from] === " " || head[from] === "\t") from++;
    const length = digits(head, from);
    if (length === null) return null;
    let to = length.end;
    while (head[to] === " " || head[to] === "\t") to++;
    if (to < head.length && head[to] !== "\r") return null;
    if (bodyBytes.length !== length.value) return null;
  }
  // Without a length the answer is whole only when the server closed after it (Connection: close).
  return { status: status.value, body: new TextDecoder().decode(bodyBytes) };
}

/** The decimal number starting at `from` in `s` and where it ends, or null when none starts there. */
function digits(s: string, from: number): { value: number; end: number } | null {
  let end = from;
  while (end < s.length && s.charCodeAt(end) >= 48 && s.charCodeAt(end) <= 57) end++;
  return end === from ? null : { value: Number(s.slice(from, end)), end };
}
