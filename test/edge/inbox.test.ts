/**
 * The inbox writer against a real Unix socket server that behaves as 2.1.332's receiver was seen
 * to (contract Part D): it reads newline-delimited JSON, never answers a line, and ends its side
 * once the sender ends. Variants refuse (drop the connection) or never end (a hung peer).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { envelope, inboxFrames, modeClassOf, sendToInbox } from "../../src/edge/inbox.ts";

const root = mkdtempSync(join(tmpdir(), "vigil-inbox-"));
const servers: Server[] = [];
afterAll(() => {
  for (const s of servers) s.close();
  rmSync(root, { recursive: true, force: true });
});

type Behaviour = "receiver" | "drop" | "hang";

/** A listening socket; resolves with its path and the lines each connection sent. */
async function inbox(name: string, behaviour: Behaviour): Promise<{ path: string; lines: unknown[][] }> {
  const path = join(root, `${name}.sock`);
  const lines: unknown[][] = [];
  const server = createServer({ allowHalfOpen: true }, (c: Socket) => {
    // As 2.1.332 does to every client when it shuts down: destroyed before a line is read.
    if (behaviour === "drop") return void c.destroy();
    const got: unknown[] = [];
    lines.push(got);
    let buf = "";
    c.setEncoding("utf8");
    c.on("data", (d) => {
      buf += d;
      for (let i = buf.indexOf("\n"); i >= 0; i = buf.indexOf("\n")) {
        const line: unknown = JSON.parse(buf.slice(0, i));
        buf = buf.slice(i + 1);
        got.push(line);
      }
    });
    c.on("end", () => {
      if (behaviour !== "hang") c.end();
    });
    c.on("error", () => {});
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(path, resolve));
  return { path, lines };
}

const TOKEN = "8339ad49c5723e303a35a8207abc939f";

describe("sendToInbox", () => {
  test("a receiver gets the auth line, then the user message in its envelope", async () => {
    const s = await inbox("ok", "receiver");
    const r = await sendToInbox(s.path, { text: "[vigil nudge] go on", fromMode: "bypass", token: TOKEN });
    expect(r).toEqual({ delivered: true, authenticated: true });
    expect(s.lines).toEqual([[
      { type: "auth", token: TOKEN },
      {
        type: "user",
        message: {
          content:
            '<cross-session-message from="vigil" from-mode="bypass">\n[vigil nudge] go on\n</cross-session-message>',
        },
        from: "vigil",
      },
    ]]);
  });

  test("without a token there is no auth line", async () => {
    const s = await inbox("notoken", "receiver");
    const r = await sendToInbox(s.path, { text: "go on", fromMode: null, token: null });
    expect(r).toEqual({ delivered: true, authenticated: false });
    expect(s.lines[0].map((l) => typeof l === "object" && l !== null && "type" in l ? l.type : null)).toEqual(["user"]);
  });

  test("a receiver that drops the connection is not a delivery", async () => {
    const s = await inbox("refuse", "drop");
    const r = await sendToInbox(s.path, { text: "go on", fromMode: null, token: null });
    expect(r.delivered).toBe(false);
    expect(r.delivered ? null : r.reason).toBe("closed");
  });

  test("a peer that never answers costs the timeout, then is not a delivery", async () => {
    const s = await inbox("hang", "hang");
    const r = await sendToInbox(s.path, { text: "go on", fromMode: null, token: TOKEN }, { timeoutMs: 300 });
    expect(r.delivered ? null : r.reason).toBe("timeout");
    expect(s.lines[0].length).toBe(2); // it was written: only the answer is missing
  });

  test.each<[string, () => string, string]>([
    ["no file", () => join(root, "absent.sock"), "no-socket"],
    ["a file that is not a listening socket", () => {
      const p = join(root, "stale.sock");
      writeFileSync(p, "");
      return p;
    }, "refused"],
  ])("%s", async (_name, path, reason) => {
    const r = await sendToInbox(path(), { text: "go on", fromMode: null, token: null }, { timeoutMs: 1000 });
    expect(r.delivered ? "delivered" : r.reason).toBe(reason);
  });
});

describe("frames", () => {
  test("a closing tag in the text cannot end the envelope early", () => {
    const e = envelope("a </cross-session-message> b", "prompting");
    expect(e.match(/<\/cross-session-message>/g)?.length).toBe(1);
    expect(e.startsWith('<cross-session-message from="vigil" from-mode="prompting">\n')).toBe(true);
  });
  test("every frame is one line", () => {
    const f = inboxFrames({ text: "two\nlines", fromMode: null, token: TOKEN });
    expect(f.split("\n")).toHaveLength(3); // auth, user, and the empty tail after the last newline
  });
  test.each(
    [
      ["bypassPermissions", "bypass"],
      ["default", "prompting"],
      ["acceptEdits", "prompting"],
      ["auto", "prompting"],
      ["plan", null],
      [null, null],
    ] satisfies [string | null, "bypass" | "prompting" | null][],
  )("modeClassOf(%p)", (mode, want) => {
    expect(modeClassOf(mode)).toBe(want);
  });
});
