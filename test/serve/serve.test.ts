/** `vigil serve` as a process: where it may listen, and that it serves and stops cleanly. */
import { afterAll, describe, expect, test } from "bun:test";
import { rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { isLoopback, parseListen } from "../../src/serve/listen.ts";
import { allPayloads } from "../support/fixtures.ts";
import { startServe } from "../support/serve.ts";
import { testEnv, vigil } from "../support/vigil.ts";

const env = testEnv();
afterAll(() => rmSync(env.HOME, { recursive: true, force: true }));
const TOKEN = "0123456789abcdef-token";

describe("listen addresses", () => {
  test.each<[string, { hostname: string; port: number } | null]>([
    ["127.0.0.1:8787", { hostname: "127.0.0.1", port: 8787 }],
    ["localhost:0", { hostname: "localhost", port: 0 }],
    ["[::1]:9000", { hostname: "::1", port: 9000 }],
    ["0.0.0.0:80", { hostname: "0.0.0.0", port: 80 }],
    ["127.0.0.1", null],
    ["127.0.0.1:99999", null],
    [":8787", null],
  ])("%s", (text, want) => {
    const r = parseListen(text);
    expect(
      r.ok
        ? { hostname: r.value.kind === "tcp" && r.value.hostname, port: r.value.kind === "tcp" && r.value.port }
        : null,
    )
      .toEqual(want);
  });

  test.each([
    ["127.0.0.1", true],
    ["127.1.2.3", true],
    ["localhost", true],
    ["::1", true],
    ["0.0.0.0", false],
    ["::", false],
    ["192.168.1.10", false],
    ["127.0.0.1.example.com", false],
  ])("isLoopback(%s) = %s", (host, want) => {
    expect(isLoopback(host)).toBe(want);
  });
});

describe("refusals exit 2 with one line", () => {
  test.each([
    [["--listen", "0.0.0.0:0"], `vigil: refusing to listen on non-loopback "0.0.0.0" without --token\n`],
    [["--listen", "0.0.0.0:0", "--token", "short"], "vigil: the token must be at least 16 characters\n"],
    [
      ["--listen", "nowhere"],
      `vigil: cannot read listen address "nowhere": expected HOST:PORT, e.g. "127.0.0.1:8787"\n`,
    ],
    [["--listen", "127.0.0.1:0", "--socket", "/tmp/x.sock"], "vigil: choose one of --listen and --socket\n"],
  ])("%j", (args, stderr) => {
    const r = vigil(["serve", ...args], "", env);
    expect([r.code, r.stderr, r.stdout]).toEqual([2, stderr, ""]);
  });
});

/** Start `vigil serve`, wait for its first line, run `fn`, then SIGTERM and expect exit 0. */
async function withServer(args: string[], fn: (line: string) => Promise<void>, extraEnv: Record<string, string> = {}) {
  const served = await startServe(args, { ...env, ...extraEnv });
  let stopped: { out: string; code: number };
  try {
    await fn(served.line);
  } finally {
    stopped = await served.stop();
  }
  expect(stopped.code).toBe(0);
  expect(stopped.out).toContain("SIGTERM, stopping");
}

const hookBody = JSON.stringify(allPayloads().find((p) => p.name.startsWith("2.1.328/basic/PreToolUse"))?.stdin);

describe("serving", () => {
  test("on a loopback port: health, a hook, then a clean stop", async () => {
    await withServer(["--listen", "127.0.0.1:0"], async (line) => {
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
      expect(url).toBeDefined();
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      const res = await fetch(`${url}/hook`, { method: "POST", body: hookBody });
      expect([res.status, await res.text()]).toEqual([200, ""]);
      const sessions = await (await fetch(`${url}/api/sessions`)).json();
      expect(sessions.map((s: { session_id: string }) => s.session_id)).toContain(JSON.parse(hookBody).session_id);
    });
  });

  test("on all interfaces only with the token, which every request then needs", async () => {
    await withServer(["--listen", "0.0.0.0:0"], async (line) => {
      const port = /:(\d+) /.exec(line)?.[1];
      const url = `http://127.0.0.1:${port}`;
      expect((await fetch(`${url}/healthz`)).status).toBe(401);
      expect((await fetch(`${url}/healthz`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    }, { VIGIL_SERVE_TOKEN: TOKEN });
  });

  test("on a Unix socket, mode 0600", async () => {
    const sock = join(env.HOME, "vigil.sock");
    await withServer(["--socket", sock], async (line) => {
      expect(line).toContain(`unix:${sock}`);
      expect(statSync(sock).mode & 0o777).toBe(0o600);
      const res = await fetch("http://localhost/healthz", { unix: sock });
      expect(res.status).toBe(200);
    });
  });
});
