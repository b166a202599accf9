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

/** POST `body` to `path` on the socket; never throws. */
export async function forward(socket: string, path: string, body: string, timeoutMs: number): Promise<Forwarded> {
  const bytes = new TextEncoder().encode(body);
  const head = `POST ${path} HTTP/1.1\r\nHost: vigil\r\nContent-Length: ${bytes.length}\r\nConnection: close\r\n\r\n`;
  const chunks: Uint8Array[] = [];
  let sent = false;
  let pending: Uint8Array = new Uint8Array(0);
  let failed: string | null = null;
  const { promise: done, resolve } = Promise.withResolvers<void>();
  let conn: Awaited<ReturnType<typeof Bun.connect>> | null = null;
  try {
    conn = await Bun.connect({
      unix: socket,
      socket: {
        open(s) {
          s.write(head);
          // A short write leaves the rest to `drain`.
          pending = bytes.subarray(s.write(bytes));
          sent = pending.length === 0;
        },
        drain(s) {
          if (pending.length === 0) return;
          pending = pending.subarray(s.write(pending));
          sent = pending.length === 0;
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

/** The status and body of a whole response, or null when it is cut or not HTTP/1.x. */
function parseReply(chunks: Uint8Array[]): { status: number; body: string } | null {
  let total = 0;
  for (const c of chunks) total += c.length;
  const all = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) (all.set(c, at), at += c.length);
  const text = new TextDecoder().decode(all);
  const end = text.indexOf("\r\n\r\n");
  if (end < 0) return null;
  const lines = text.slice(0, end).split("\r\n");
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0]);
  if (!m) return null;
  const length = lines.map((l) => /^content-length:\s*(\d+)\s*$/i.exec(l)).find((x) => x)?.[1];
  // The head is ASCII, so its characters are its bytes.
  const bodyBytes = all.subarray(end + 4);
  // Without a length the answer is whole only when the server closed after it (Connection: close).
  if (length !== undefined && bodyBytes.length !== Number(length)) return null;
  if (lines.some((l) => /^transfer-encoding:/i.test(l))) return null;
  return { status: Number(m[1]), body: new TextDecoder().decode(bodyBytes) };
}
