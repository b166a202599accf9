/**
 * The statusLine an `--http` install writes (src/core/install/statusline-client.ts), run as
 * Claude Code runs a statusLine: through `sh -c`, the payload on one end of a socketpair.
 * With serve answering it prints serve's line, the very line `vigil statusline` prints for the
 * same session, and starts no vigil process; with nothing listening, a refusal or no answer it
 * hands the payload, byte for byte, to the binary. Real bash, a real `vigil serve`.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { httpStatuslineCommand } from "../../src/core/install/entries.ts";
import { startServe } from "../support/serve.ts";
import { BIN, testEnv, vigil } from "../support/vigil.ts";

const BASH = Bun.which("bash") ?? "/bin/bash";
const dir = mkdtempSync(join(tmpdir(), "vigil-sl-http-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in binary: keeps the stdin it got and says it ran. */
const FAKE = join(dir, "vigil");
writeFileSync(FAKE, '#!/bin/sh\ncat > "$FAKE_IN"\necho "the binary rendered it"\n');
chmodSync(FAKE, 0o755);

const fixture = JSON.parse(
  readFileSync(join(import.meta.dir, "../fixtures/claude-code-2.1.328/hooks/tui/StatusLine.jsonl"), "utf8")
    .split("\n").filter(Boolean).at(-1) ?? "{}",
).stdin;

function payload(session: string): string {
  // Non-ASCII in the payload: Content-Length must count bytes, not characters.
  return JSON.stringify({
    ...fixture,
    session_id: session,
    cwd: "/home/dev/프로젝트",
    context_window: {
      ...fixture.context_window,
      context_window_size: 200_000,
      current_usage: {
        input_tokens: 10,
        output_tokens: 5,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 52_000,
      },
    },
  });
}

/** Run the installed command as Claude Code does; what it printed, and what the binary got. */
async function render(command: string, input: string, env: Record<string, string>) {
  const fakeIn = join(dir, `in-${Math.random().toString(36).slice(2)}`);
  const p = Bun.spawn(["/bin/sh", "-c", command], {
    stdin: "pipe",
    stdout: "pipe",
    stderr: "pipe",
    // A UTF-8 locale, as a user's shell has: there bash counts characters, not bytes.
    env: { ...env, LC_ALL: "C.UTF-8", FAKE_IN: fakeIn },
  });
  p.stdin.write(input);
  await p.stdin.end();
  const [out, err, code] = [await new Response(p.stdout).text(), await new Response(p.stderr).text(), await p.exited];
  return { out, err, code, binaryGot: existsSync(fakeIn) ? readFileSync(fakeIn, "utf8") : null };
}

const portOf = (line: string) => Number(/127\.0\.0\.1:(\d+)/.exec(line)?.[1]);

describe("the HTTP statusLine client", () => {
  test("prints serve's line, the one `vigil statusline` prints, and starts no vigil process", async () => {
    const env = testEnv();
    const served = await startServe(["--listen", "127.0.0.1:0"], env);
    try {
      const input = payload("sl-http-1");
      const r = await render(httpStatuslineCommand(BASH, portOf(served.line), FAKE), input, env);
      expect({ code: r.code, err: r.err, binaryGot: r.binaryGot }).toEqual({ code: 0, err: "", binaryGot: null });
      expect(r.out).toContain("26%");
      // The same session rendered by the binary in its own process: the same line.
      const own = vigil(["statusline"], input, { ...env, VIGIL_FORWARD: "0" });
      expect(r.out).toBe(own.stdout);
      // serve read every byte: the session and its cwd are recorded as sent.
      const db = new Database(join(env.VIGIL_HOME, "vigil.db"), { readonly: true });
      const row = db.query("SELECT cwd, status_tokens FROM sessions WHERE session_id = ?").get("sl-http-1");
      db.close();
      expect(row).toEqual({ cwd: "/home/dev/프로젝트", status_tokens: 52_010 });
    } finally {
      await served.stop();
    }
  });

  test("the variables HTTP hooks carry reach serve: the session's own warning threshold", async () => {
    const env = testEnv();
    const served = await startServe(["--listen", "127.0.0.1:0"], env);
    try {
      // Set for the statusLine's process only, as a launcher sets it for its session, not for serve.
      const own = { VIGIL_WARN_PERCENT: "20" };
      const r = await render(httpStatuslineCommand(BASH, portOf(served.line), FAKE), payload("sl-http-w"), {
        ...env,
        ...own,
      });
      expect({ err: r.err, binaryGot: r.binaryGot }).toEqual({ err: "", binaryGot: null });
      expect(r.out).toContain("save state"); // 26 % is past 20 %, not past the default
      const cli = vigil(["statusline"], payload("sl-http-w2"), { ...env, ...own, VIGIL_FORWARD: "0" });
      expect(r.out).toBe(cli.stdout);
      const plain = await render(httpStatuslineCommand(BASH, portOf(served.line), FAKE), payload("sl-http-w3"), env);
      expect(plain.out).not.toContain("save state");
    } finally {
      await served.stop();
    }
  });

  test("with nothing listening the binary renders it, from the same bytes", async () => {
    const env = testEnv();
    const free = await closedPort();
    const input = payload("sl-http-2");
    const r = await render(httpStatuslineCommand(BASH, free, FAKE), input, env);
    expect(r).toEqual({ out: "the binary rendered it\n", err: "", code: 0, binaryGot: input });
  });

  test("with nothing listening the real binary shows the line in its own process", async () => {
    const env = testEnv();
    const input = payload("sl-http-3");
    const r = await render(httpStatuslineCommand(BASH, await closedPort(), BIN), input, env);
    expect({ code: r.code, err: r.err }).toEqual({ code: 0, err: "" });
    expect(r.out).toContain("26%");
  });

  test("a refusal (serve asks for a token) hands it to the binary", async () => {
    const env = testEnv();
    const served = await startServe(["--listen", "127.0.0.1:0", "--token", "a-token-of-sixteen-or-more"], env);
    try {
      const input = payload("sl-http-4");
      const r = await render(httpStatuslineCommand(BASH, portOf(served.line), FAKE), input, env);
      expect(r).toEqual({ out: "the binary rendered it\n", err: "", code: 0, binaryGot: input });
    } finally {
      await served.stop();
    }
  });

  test("a server that never answers is given up on, and the binary renders it", async () => {
    const env = testEnv();
    const mute: Server = createServer(() => {});
    await new Promise<void>((ok) => mute.listen(0, "127.0.0.1", ok));
    try {
      const port = (mute.address() as { port: number }).port;
      const input = payload("sl-http-5");
      const r = await render(httpStatuslineCommand(BASH, port, FAKE), input, env);
      expect(r).toEqual({ out: "the binary rendered it\n", err: "", code: 0, binaryGot: input });
    } finally {
      mute.close();
    }
  });
});

/** A loopback port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, "127.0.0.1", ok));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((ok) => s.close(() => ok()));
  return port;
}
