/**
 * Reading stdin (src/edge/stdin.ts) in a real child process, on every kind of stdin a hook can
 * get: the socketpair Claude Code hands every hook (test/e2e/stdin-kind.e2e.test.ts), a pipe
 * from a shell, a file, /dev/null. The socket reader must get exactly the bytes, and nothing
 * else may be taken for a socket: the socket reader closes what it cannot read.
 */
import { describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const SCRIPT = join(import.meta.dir, "bin", "read-stdin.ts");
const dir = mkdtempSync(join(tmpdir(), "vigil-stdin-"));

interface Read {
  socket: boolean;
  ok: boolean;
  length: number | null;
  head: string | null;
  error: string | null;
}

async function read(stdin: "socket" | "pipe" | "file" | "null", payload: string, env: Record<string, string> = {}) {
  const file = join(dir, `in-${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, payload);
  const argv = stdin === "pipe"
    ? ["/bin/sh", "-c", 'cat "$1" | exec "$0" "$2"', process.execPath, file, SCRIPT]
    : [process.execPath, SCRIPT];
  const p = Bun.spawn(argv, {
    stdin: stdin === "socket" ? "pipe" : stdin === "file" ? Bun.file(file) : stdin === "null" ? "ignore" : "inherit",
    stdout: "pipe",
    stderr: "pipe",
    env: { PATH: process.env.PATH ?? "", ...env },
  });
  if (stdin === "socket") {
    const w = p.stdin as import("bun").FileSink;
    // In pieces, as a writer may deliver it; a reader that stopped at its cap closes its end.
    try {
      for (let i = 0; i < payload.length; i += 100_000) w.write(payload.slice(i, i + 100_000));
      await w.end();
    } catch (e) {
      if (!(e instanceof Error && "code" in e && e.code === "EPIPE")) throw e;
    }
  }
  const [out, err, code] = [await new Response(p.stdout).text(), await new Response(p.stderr).text(), await p.exited];
  expect({ code, err }).toEqual({ code: 0, err: "" });
  return JSON.parse(out) as Read;
}

const payload = JSON.stringify({ hook_event_name: "PreToolUse", tool_input: { command: "é".repeat(300_000) } });

describe("readStdin", () => {
  test("a socketpair (what Claude Code hands a hook) is read as a socket, every byte of it", async () => {
    const r = await read("socket", payload);
    expect(r).toEqual({ socket: true, ok: true, length: payload.length, head: payload.slice(0, 40), error: null });
  });

  test("a pipe, a file and /dev/null are not taken for a socket and are read whole", async () => {
    expect(await read("pipe", payload)).toMatchObject({ socket: false, ok: true, length: payload.length });
    expect(await read("file", payload)).toMatchObject({ socket: false, ok: true, length: payload.length });
    expect(await read("null", "")).toMatchObject({ socket: false, ok: true, length: 0 });
  });

  test("a terminal is not taken for a socket", async () => {
    let out = "";
    const term = new Bun.Terminal({ cols: 200, rows: 5, data: (_t, d) => void (out += new TextDecoder().decode(d)) });
    const p = Bun.spawn([process.execPath, SCRIPT], {
      terminal: term,
      env: { PATH: process.env.PATH ?? "", KIND_ONLY: "1" },
    });
    expect(await p.exited).toBe(0);
    await Bun.sleep(100);
    term.close();
    expect(out.trim()).toBe(JSON.stringify({ socket: false }));
  });

  test("over the cap on a socket and on a pipe: refused with the byte count, nothing kept", async () => {
    for (const kind of ["socket", "pipe"] as const) {
      const r = await read(kind, payload, { CAP: "1000" });
      expect({ kind, ok: r.ok, error: r.error, length: r.length })
        .toEqual({ kind, ok: false, error: "stdin exceeds 1000 bytes", length: null });
    }
  });
});
