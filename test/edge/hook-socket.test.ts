/** Reading the hook socket's answer (src/edge/hook-socket.ts): whole answers only. */
import { describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { forward, parseReply } from "../../src/edge/hook-socket.ts";

const enc = (s: string) => new TextEncoder().encode(s);
/** `text` cut into pieces of `size` bytes, as a socket may deliver it. */
const pieces = (text: string, size: number) => {
  const all = enc(text);
  const out: Uint8Array[] = [];
  for (let i = 0; i < all.length; i += size) out.push(all.subarray(i, i + size));
  return out;
};

describe("parseReply", () => {
  test("a whole answer, in any pieces: its status and body, UTF-8 split across pieces included", () => {
    const body = '{"reason":"contexte à 82 % — écrivez le relais"}';
    const text = `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${
      enc(body).length
    }\r\n\r\n${body}`;
    for (const size of [1, 2, 3, 7, 64, 4096]) {
      expect({ size, r: parseReply(pieces(text, size)) }).toEqual({ size, r: { status: 200, body } });
    }
  });

  test("what Bun.serve writes for a refusal and for an empty answer", async () => {
    const server = Bun.serve({
      port: 0,
      fetch: (req) =>
        new URL(req.url).pathname === "/no" ? new Response("another build (x)", { status: 409 }) : new Response(""),
    });
    try {
      const raw = async (path: string) => {
        const chunks: Uint8Array[] = [];
        const { promise, resolve } = Promise.withResolvers<void>();
        await Bun.connect({
          hostname: "127.0.0.1",
          port: server.port!,
          socket: {
            open: (s) => void s.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
            data: (_s, d) => void chunks.push(new Uint8Array(d)),
            close: () => resolve(),
            error: () => resolve(),
          },
        });
        await promise;
        return chunks;
      };
      expect(parseReply(await raw("/no"))).toEqual({ status: 409, body: "another build (x)" });
      expect(parseReply(await raw("/"))).toEqual({ status: 200, body: "" });
    } finally {
      server.stop(true);
    }
  });

  test("header names in any case, a length with blanks around it, no length at all", () => {
    expect(parseReply([enc("HTTP/1.0 200 OK\r\ncontent-length:  2 \r\n\r\nok")])).toEqual({ status: 200, body: "ok" });
    expect(parseReply([enc("HTTP/1.1 409 Conflict\r\nCONTENT-LENGTH:3\r\n\r\nno!")])).toEqual({
      status: 409,
      body: "no!",
    });
    // Connection: close: what came before the close is the body.
    expect(parseReply([enc("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nall")])).toEqual({ status: 200, body: "all" });
    // A status line with no reason phrase.
    expect(parseReply([enc("HTTP/1.1 200\r\nContent-Length: 0\r\n\r\n")])).toEqual({ status: 200, body: "" });
  });

  test("a cut answer, a chunked one, or what is not HTTP/1.x: null, never a partial body", () => {
    const cases = [
      "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort", // cut body
      "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\ntoo long", // more than its length
      "HTTP/1.1 200 OK\r\nContent-Length: 5", // cut head
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n",
      "HTTP/1.1 200 OK\r\nContent-Length: x\r\n\r\n",
      "HTTP/1.1 200 OK\r\nContent-Length: 2x\r\n\r\nok",
      "HTTP/2 200\r\n\r\n",
      "HTTP/1.1 20 OK\r\n\r\n",
      "HTTP/1.1 2000 OK\r\n\r\n",
      "HTTP/1.1 abc OK\r\n\r\n",
      "SSH-2.0-OpenSSH\r\n\r\n",
      "",
    ];
    for (const text of cases) expect({ text, r: parseReply([enc(text)]) }).toEqual({ text, r: null });
    expect(parseReply([])).toBeNull();
  });
});

describe("forward with a body still coming (the hook's stdin)", () => {
  /** A server on a fresh socket that records every request's bytes and closes or answers. */
  function server(mode: "answer" | "close at once") {
    const path = join(mkdtempSync(join(tmpdir(), "vigil-fwd-")), "hook.sock");
    const seen: string[] = [];
    const listener = Bun.listen({
      unix: path,
      socket: {
        open(s) {
          if (mode === "close at once") s.end();
        },
        data(s, d) {
          seen.push(new TextDecoder().decode(d));
          if (seen.join("").includes("\r\n\r\n{")) s.end("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
        },
      },
    });
    return { path, seen, stop: () => listener.stop(true) };
  }
  const later = <T>(v: T, ms = 50) => new Promise<T>((r) => setTimeout(() => r(v), ms));

  test("the body is sent once it comes, and the answer read", async () => {
    const s = server("answer");
    try {
      const r = await forward(s.path, "/hook", later('{"a":1}'), 2000);
      expect(r).toEqual({ kind: "answer", body: "ok" });
      expect(s.seen.join("")).toEndWith('Content-Length: 7\r\nConnection: close\r\n\r\n{"a":1}');
    } finally {
      s.stop();
    }
  });

  test("a body that comes as null (stdin over its cap) is never sent: refused, the server saw nothing", async () => {
    const s = server("answer");
    try {
      expect(await forward(s.path, "/hook", later(null), 2000)).toEqual({ kind: "refused", why: "nothing to send" });
      await Bun.sleep(20);
      expect(s.seen).toEqual([]);
    } finally {
      s.stop();
    }
  });

  test("a server that closes before the body came: refused, so the hook runs the call itself", async () => {
    const s = server("close at once");
    try {
      const r = await forward(s.path, "/hook", later('{"a":1}'), 2000);
      expect(r.kind).toBe("refused");
    } finally {
      s.stop();
    }
  });
});
