/** Reading the hook socket's answer (src/edge/hook-socket.ts): whole answers only. */
import { describe, expect, test } from "bun:test";
import { parseReply } from "../../src/edge/hook-socket.ts";

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
