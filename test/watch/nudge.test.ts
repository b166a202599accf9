/**
 * The nudge path with real outside things: a Unix socket server that answers as 2.1.332's inbox
 * does and appends to a real transcript file when a message arrives (as Claude Code writes its
 * `queue-operation` record), a private tmux server with a pane that records what is typed, the
 * registry directory with an entry and its peer key.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deliverNudge, type NudgeTarget } from "../../src/watch/nudge.ts";
import { nudgeDeps } from "../../src/watch/nudge-deps.ts";
import { fakeBox } from "../edge/fake-input-box.ts";
import { privateTmux } from "../edge/private-tmux.ts";
import { parseAuditDetail } from "../../src/core/audit-details.ts";

const root = mkdtempSync(join(tmpdir(), "vigil-nudge-"));
const sessions = join(root, "claude", "sessions");
mkdirSync(sessions, { recursive: true });
const tm = privateTmux({ PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: root });
const servers: Server[] = [];
afterAll(() => {
  for (const s of servers) s.close();
  tm.kill();
  rmSync(root, { recursive: true, force: true });
});

const TOKEN = "25d07143baf35776792aad601c6c6946";
let n = 0;

/** A transcript with a permission mode, an inbox that appends a record per message, a registry entry. */
async function session(o: { mode: string; inbox: "answers" | "gone" }) {
  const id = ++n, pid = 40_000 + id;
  const transcript = join(root, `t${id}.jsonl`);
  writeFileSync(transcript, `${JSON.stringify({ type: "permission-mode", permissionMode: o.mode })}\n`);
  const sock = join(root, `${id}.sock`);
  const got: string[] = [];
  if (o.inbox === "answers") {
    const server = createServer({ allowHalfOpen: true }, (c) => {
      let buf = "";
      c.setEncoding("utf8");
      c.on("data", (d) => (buf += d));
      c.on("end", () => {
        got.push(...buf.split("\n").filter(Boolean));
        appendFileSync(
          transcript,
          `${JSON.stringify({ type: "queue-operation", timestamp: new Date().toISOString() })}\n`,
        );
        c.end();
      });
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(sock, r));
  }
  writeFileSync(
    join(sessions, `${pid}.json`),
    JSON.stringify({ pid, sessionId: `s${id}`, cwd: root, messagingSocketPath: sock }),
  );
  // The key's name as inboxToken derives it (checked against a live session's in test/edge/registry.test.ts).
  const digest = createHash("sha256").update(sock).digest("hex");
  writeFileSync(join(sessions, `${pid}.${digest}.key`), JSON.stringify({ peerToken: TOKEN }));
  return { pid, transcript, got };
}

const deps = (receiptWaitMs = 3000) => nudgeDeps({ dir: sessions, tmux: tm.opts, receiptWaitMs, inboxTimeoutMs: 1000 });
const target = (s: { pid: number; transcript: string }, pane: string | null): NudgeTarget => ({
  sessionId: "s",
  pid: s.pid,
  pane,
  transcriptPath: s.transcript,
});

describe("deliverNudge", () => {
  test("the inbox takes it, in the session's mode class, with its peer token; the receipt follows", async () => {
    const s = await session({ mode: "bypassPermissions", inbox: "answers" });
    const r = await deliverNudge(target(s, "%999"), "Carry on.", deps(), { idleMs: 60_000 });
    expect(r.ok).toBe(true);
    expect(r.via).toBe("inbox");
    expect(s.got.map((l) => JSON.parse(l))).toEqual([
      { type: "auth", token: TOKEN },
      {
        type: "user",
        message: {
          content:
            '<cross-session-message from="vigil" from-mode="bypass">\n[vigil nudge] Carry on.\n</cross-session-message>',
        },
        from: "vigil",
      },
    ]);
    expect(r.events.map((e) => e.kind)).toEqual(["nudge", "nudge_receipt"]);
    expect(r.events[0].detail).toMatchObject({
      ok: true,
      via: "inbox",
      inbox: "delivered",
      error: null,
      idleMs: 60_000,
    });
    const receipt = parseAuditDetail("nudge_receipt", r.events[1].detail);
    expect(receipt !== null && receipt.firstRecordAt >= receipt.sentAt).toBe(true);
  });

  test("a dead socket falls back to typing the marked text into the pane", async () => {
    const s = await session({ mode: "default", inbox: "gone" });
    // A stand-in for Claude Code's input box: a submitted line appends the `user` record Claude Code would.
    const box = await fakeBox(tm, root, { transcript: s.transcript });
    const pane = box.pane;
    const r = await deliverNudge(target(s, pane), "Carry on.", deps());
    expect(r.via).toBe("tmux");
    expect(box.submitted()).toEqual(["[vigil nudge] Carry on."]);
    expect(r.events[0].detail).toMatchObject({ ok: true, via: "tmux", inbox: "no-socket", pane });
    expect(r.events.map((e) => e.kind)).toEqual(["nudge", "nudge_receipt"]);
  });

  test("a person's draft in the input box: nothing typed, and the record says why, with no receipt", async () => {
    const s = await session({ mode: "default", inbox: "gone" });
    const box = await fakeBox(tm, root, { draft: "a question I am still typing", transcript: s.transcript });
    const r = await deliverNudge(target(s, box.pane), "Carry on.", deps(300));
    expect(r.ok).toBe(false);
    expect(r.events.map((e) => e.kind)).toEqual(["nudge"]);
    expect(r.events[0].detail).toMatchObject({
      ok: false,
      via: null,
      error: expect.stringMatching(/^inbox: .*; tmux: the input box in pane %\d+ holds text vigil did not type/),
    });
    expect([box.reads(), box.submitted()]).toEqual([[], []]);
  });

  test("a pane showing Claude Code's held-message dialog is not typed into: that dialog waits for a person", async () => {
    const s = await session({ mode: "default", inbox: "gone" });
    const file = join(root, "typed-into-dialog.txt");
    const script = join(root, "dialog.sh");
    // Draws the dialog's title as 2.1.332 does, then records anything typed.
    writeFileSync(script, `echo ' Held message from another session'\nread l; printf %s "$l" > '${file}'\n`);
    const pane = tm.run("new-window", "-P", "-F", "#{pane_id}", `sh '${script}'`);
    for (let i = 0; i < 200 && !(await deps().paneText(pane))?.includes("Held message"); i++) await Bun.sleep(25);
    const r = await deliverNudge(target(s, pane), "Carry on.", deps(0));
    expect(r.ok).toBe(false);
    expect(r.events[0].detail).toMatchObject({ error: expect.stringContaining("held-message dialog") });
    await Bun.sleep(300);
    expect(existsSync(file)).toBe(false);
  });

  test("no way in is a failed nudge with the reasons, and no receipt", async () => {
    const s = await session({ mode: "default", inbox: "gone" });
    const r = await deliverNudge(target(s, "%99999"), "Carry on.", deps(0));
    expect(r.ok).toBe(false);
    expect(r.events.map((e) => e.kind)).toEqual(["nudge"]);
    expect(r.events[0].detail).toMatchObject({ error: expect.stringMatching(/^inbox: .*; tmux: /) });
  });

  test("a delivered nudge the transcript never answers logs no receipt", async () => {
    const s = await session({ mode: "default", inbox: "answers" });
    const quiet = { ...deps(300), firstRecordAfter: () => null };
    const r = await deliverNudge(target(s, null), "Carry on.", quiet);
    expect(r.via).toBe("inbox");
    expect(r.events.map((e) => e.kind)).toEqual(["nudge"]);
    expect(JSON.parse(s.got[1]).message.content).toContain('from-mode="prompting"');
  });
});
