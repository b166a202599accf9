/**
 * Reads all of stdin with a byte cap: hooks must never buffer unbounded input. Three ways, for
 * the kinds of stdin and process (bench/RESULTS.md, issue 18): Bun's own sockets for a socket
 * stdin, which is what Claude Code hands every hook and the statusLine; Bun's stdin stream for
 * a pipe, a file or a terminal (neither loads node:fs, which costs a fresh process a fifth of a
 * no-op); blocking reads on fd 0 for a hook run in its own process, which loads node:fs anyway
 * (the writing store, the transcript) and would pay for the stream on top.
 */
import { nodeFs } from "./node-fs.ts";
export const STDIN_CAP = 10 * 1024 * 1024;

export type StdinResult = { ok: true; text: string } | { ok: false; error: string; bytes: number };

/**
 * Read stdin to the end, or stop (and say so) once it exceeds `cap` bytes: through Bun's own
 * sockets when stdin is a socket, as Claude Code hands every hook and statusLine its payload
 * (a socketpair: test/e2e/stdin-kind.e2e.test.ts), else through Bun's stdin stream. On a
 * socket the stream cost a fresh process about 2 ms more (bench/RESULTS.md, issue 18, fifth
 * round), and a forwarding hook loads Bun's sockets anyway.
 */
export function readStdin(cap = STDIN_CAP): Promise<StdinResult> {
  return stdinIsSocket() ? readSocket(cap) : readStream(cap);
}

/**
 * Whether fd 0 is a socket, from one fstat and without node:fs: not a regular file (Bun
 * reports a size of Infinity) and a modification time of 0, which only sockets have (a pipe,
 * a terminal and /dev/null carry their last write's time). A wrong "yes" would hand a pipe to
 * the socket reader, which closes it unread, so the test asks for both.
 */
export function stdinIsSocket(): boolean {
  return Bun.stdin.size === Infinity && Bun.stdin.lastModified === 0;
}

async function readSocket(cap: number): Promise<StdinResult> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let failed: string | null = null;
  const { promise: done, resolve } = Promise.withResolvers<void>();
  const handlers: Bun.SocketHandler<undefined> = {
    data(s, d) {
      total += d.length;
      if (total > cap) return void s.end();
      chunks.push(new Uint8Array(d));
    },
    end: () => resolve(),
    close: () => resolve(),
    error(_s, e) {
      failed = e.message;
      resolve();
    },
    connectError(_s, e) {
      failed = e.message;
      resolve();
    },
  };
  // Bun.connect adopts a connected descriptor (`fd`); its type declarations do not list it yet.
  await Bun.connect({ fd: 0, socket: handlers } as unknown as Bun.UnixSocketOptions<undefined>);
  await done;
  if (total > cap) return { ok: false, error: `stdin exceeds ${cap} bytes`, bytes: total };
  if (failed !== null) throw new Error(`cannot read stdin: ${failed}`);
  return { ok: true, text: new TextDecoder().decode(chunks.length === 1 ? chunks[0] : concat(chunks, total)) };
}

async function readStream(cap: number): Promise<StdinResult> {
  const reader = Bun.stdin.stream().getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > cap) return { ok: false, error: `stdin exceeds ${cap} bytes`, bytes: total };
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  const bytes = chunks.length === 1 ? chunks[0] : concat(chunks, total);
  return { ok: true, text: new TextDecoder().decode(bytes) };
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) (out.set(c, at), at += c.length);
  return out;
}

const CHUNK = 64 * 1024;

/** `readStdin` with blocking reads on `fd` (node:fs), retried on EAGAIN. */
export function readStdinBlocking(cap = STDIN_CAP, fd = 0): StdinResult {
  const { readSync } = nodeFs();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const buf = new Uint8Array(CHUNK);
    let n: number;
    try {
      n = readSync(fd, buf, 0, CHUNK, null);
    } catch (e) {
      const code = e instanceof Error && "code" in e ? e.code : null;
      if (code === "EAGAIN") {
        Bun.sleepSync(1);
        continue;
      }
      if (code === "EOF") break;
      throw e;
    }
    if (n === 0) break;
    total += n;
    if (total > cap) return { ok: false, error: `stdin exceeds ${cap} bytes`, bytes: total };
    chunks.push(buf.subarray(0, n));
  }
  return { ok: true, text: new TextDecoder().decode(chunks.length === 1 ? chunks[0] : concat(chunks, total)) };
}
