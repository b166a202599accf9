/**
 * `vigil hook` forwarding to a running `vigil serve` over the hook socket (issue 18): real
 * processes throughout (the compiled binary as server and as hook, real stores). A forwarded
 * call answers and stores exactly what the same call run in its own process does; a server that
 * refuses (another build, another store) leaves the call to the hook; one that takes the call
 * and never answers makes the hook fail open; a dead server's socket costs nothing but a
 * connect; a second server never takes a live one's socket.
 */
import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { encodeForward } from "../../src/core/forward.ts";
import { forward, hookSocketPath } from "../../src/edge/hook-socket.ts";
import { allPayloads } from "../support/fixtures.ts";
import { startServe as startServing } from "../support/serve.ts";
import { BIN, testEnv, vigil } from "../support/vigil.ts";
import { collect } from "../support/collect.ts";

const homes: string[] = [];
afterAll(() => {
  for (const h of homes) rmSync(h, { recursive: true, force: true });
});
function freshEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env = testEnv(extra);
  homes.push(env.HOME);
  return env;
}

/** The server's pinned clock: a row written at this time was written by the server. */
const SERVER_NOW = "1796000000000";

/** Start `vigil serve` on `env`'s home (with `extra` in its environment) and wait for its first line. */
async function startServe(env: Record<string, string>, extra: Record<string, string> = {}) {
  const served = await startServing(["--listen", "127.0.0.1:0"], { ...env, ...extra });
  return { ...served, stop: async () => (await served.stop()).out };
}

/** `text` with the home's own path replaced, so two homes' answers compare. */
function homeless(text: string, env: Record<string, string>): string {
  return text.replaceAll(env.HOME, "<home>");
}

/** Events and sessions of a store, without row ids, the home's path replaced. */
function stored(env: Record<string, string>) {
  const db = new Database(join(env.VIGIL_HOME, "vigil.db"), { readonly: true });
  try {
    return JSON.parse(homeless(
      JSON.stringify({
        events: db.query("SELECT at, session_id, kind, detail FROM events ORDER BY id").all(),
        sessions: db.query("SELECT * FROM sessions ORDER BY session_id").all(),
      }),
      env,
    ));
  } finally {
    db.close();
  }
}

const hooks = allPayloads().filter((p) => p.event !== "StatusLine");

describe("a forwarded call is the same call", () => {
  test("every recorded hook payload of every version: the same output and the same stored rows", async () => {
    const served = freshEnv();
    const local = freshEnv({ VIGIL_NOW: SERVER_NOW });
    const server = await startServe(served, { VIGIL_NOW: SERVER_NOW });
    try {
      expect(server.line).toContain(`hooks forward to ${hookSocketPath(served.VIGIL_HOME)}`);
      expect(statSync(hookSocketPath(served.VIGIL_HOME)).mode & 0o777).toBe(0o600);
      const diffs: string[] = [];
      for (const p of hooks) {
        const body = JSON.stringify(p.stdin);
        const a = vigil(["hook"], body, { ...served, ...p.env });
        const b = vigil(["hook"], body, { ...local, ...p.env });
        const [x, y] = [homeless(a.stdout, served), homeless(b.stdout, local)];
        if (a.code !== 0 || x !== y) diffs.push(`${p.name}: ${a.code} ${x} | ${y}`);
      }
      expect(diffs).toEqual([]);
      const a = stored(served), b = stored(local);
      // Written by the server: its clock, not the hook's (which is unpinned).
      expect(a.events.length).toBeGreaterThan(hooks.length / 2);
      expect(a.events.every((e: { at: number }) => String(e.at) === SERVER_NOW)).toBe(true);
      expect(a).toEqual(b);
      expect(existsSync(join(served.VIGIL_HOME, "vigil.log"))).toBe(false);
    } finally {
      await server.stop();
    }
    expect(existsSync(hookSocketPath(served.VIGIL_HOME))).toBe(false);
  }, 120_000);

  test("every recorded statusLine payload: the same line and the same stored rows", async () => {
    const renders = allPayloads().filter((p) => p.event === "StatusLine");
    expect(renders.length).toBeGreaterThan(3);
    const served = freshEnv();
    const local = freshEnv({ VIGIL_NOW: SERVER_NOW });
    const server = await startServe(served, { VIGIL_NOW: SERVER_NOW });
    try {
      const diffs: string[] = [];
      for (const p of renders) {
        const body = JSON.stringify(p.stdin);
        const a = vigil(["statusline"], body, { ...served, ...p.env });
        const b = vigil(["statusline"], body, { ...local, ...p.env });
        const [x, y] = [homeless(a.stdout, served), homeless(b.stdout, local)];
        if (a.code !== 0 || x !== y || x.trim() === "") diffs.push(`${p.name}: ${a.code} ${x} | ${y}`);
      }
      expect(diffs).toEqual([]);
      const a = stored(served), b = stored(local);
      expect(a.sessions.length).toBeGreaterThan(0);
      expect(a.sessions.every((r: { updated_at: number }) => String(r.updated_at) === SERVER_NOW)).toBe(true);
      expect(a).toEqual(b);
      // The server kept the last line for the fallback, as a local render does.
      expect(readFileSync(join(served.VIGIL_HOME, "lines", "_last"), "utf8")).toBe(
        readFileSync(join(local.VIGIL_HOME, "lines", "_last"), "utf8"),
      );
    } finally {
      await server.stop();
    }
  }, 120_000);

  test("the hook's environment and an edited config.toml reach the server", async () => {
    const served = freshEnv();
    const local = freshEnv({ VIGIL_NOW: SERVER_NOW });
    const server = await startServe(served, { VIGIL_NOW: SERVER_NOW });
    const pre = hooks.find((p) => p.name.startsWith("2.1.332/") && p.event === "PreToolUse") ??
      hooks.find((p) => p.event === "PreToolUse")!;
    // A transcript with usage in it, so the tiny limits below are passed.
    const transcript = join(import.meta.dir, "../fixtures/claude-code-2.1.328/transcripts/basic.jsonl");
    const body = (session: string) =>
      JSON.stringify({
        ...pre.stdin,
        session_id: session,
        transcript_path: transcript,
        tool_name: "Bash",
        tool_input: { command: "ls" },
      });
    try {
      // The hook's own VIGIL_* override: a worker over a tiny HARD limit is denied a Bash call.
      const tiny = { VIGIL_ROLE: "worker", VIGIL_SOFT_TOKENS: "1", VIGIL_HARD_TOKENS: "2" };
      const a = vigil(["hook"], body("env-1"), { ...served, ...pre.env, ...tiny });
      const b = vigil(["hook"], body("env-1"), { ...local, ...pre.env, ...tiny });
      expect(a.stdout).toBe(b.stdout);
      expect(a.stdout).toContain("deny");
      const plain = vigil(["hook"], body("env-2"), { ...served, ...pre.env });
      expect(plain.stdout).not.toBe(a.stdout);
      // The same limits from config.toml, written while the server runs.
      const toml = 'role = "worker"\nsoft_tokens = 1\nhard_tokens = 2\n';
      writeFileSync(join(served.VIGIL_HOME, "config.toml"), toml);
      writeFileSync(join(local.VIGIL_HOME, "config.toml"), toml);
      const c = vigil(["hook"], body("file-1"), { ...served, ...pre.env });
      const d = vigil(["hook"], body("file-1"), { ...local, ...pre.env });
      expect(c.stdout).toBe(d.stdout);
      expect(c.stdout).not.toBe(plain.stdout);
    } finally {
      await server.stop();
    }
  }, 60_000);
});

/** `vigil hook` without blocking this process: a stand-in server here must go on answering. */
async function hookAsync(stdin: string, env: Record<string, string>) {
  const p = Bun.spawn([BIN, "hook"], { stdin: new TextEncoder().encode(stdin), env, stdout: "pipe", stderr: "pipe" });
  return await collect(p);
}

/** A stand-in server on the hook socket: `answer` decides what it sends back (null: nothing). */
function fakeServer(path: string, answer: (body: string) => Response | null) {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const held: Promise<void>[] = [];
  const server = Bun.serve({
    unix: path,
    async fetch(req) {
      const r = answer(await req.text());
      if (r) return r;
      const { promise } = Promise.withResolvers<void>();
      held.push(promise);
      return promise.then(() => new Response(""));
    },
  });
  return { stop: () => server.stop(true) };
}

describe("when the server does not run the call", () => {
  const pre = hooks.find((p) => p.event === "PreToolUse")!;
  const body = JSON.stringify(pre.stdin);

  test("a refusal (another build or store): the hook runs the call itself", async () => {
    const env = freshEnv();
    const seen: string[] = [];
    const fake = fakeServer(hookSocketPath(env.VIGIL_HOME), (b) => {
      seen.push(b);
      return new Response("another build", { status: 409 });
    });
    try {
      const r = await hookAsync(body, { ...env, ...pre.env });
      expect(r.code).toBe(0);
      expect(seen.length).toBe(1);
      // The request carried the meta line and the payload unchanged.
      expect(seen[0].slice(seen[0].indexOf("\n") + 1)).toBe(body);
      const rows = stored(env).events as { kind: string; at: number }[];
      expect(rows.map((e) => e.kind)).toContain("hook");
      // Written by the hook itself: its own clock, not a pinned one.
      expect(rows.every((e) => Math.abs(e.at - Date.now()) < 60_000)).toBe(true);
    } finally {
      fake.stop();
    }
  });

  test("taken and never answered: the hook fails open and says so in the log", async () => {
    const env = freshEnv();
    let taken = 0;
    const fake = fakeServer(hookSocketPath(env.VIGIL_HOME), () => (taken++, null));
    try {
      const r = await hookAsync(body, { ...env, ...pre.env });
      expect(taken).toBe(1);
      expect([r.code, r.stdout, r.stderr]).toEqual([0, "", ""]);
      expect(readFileSync(join(env.VIGIL_HOME, "vigil.log"), "utf8")).toMatch(/hook_forward_lost no answer within/);
      // Nothing was written here: the call was the server's.
      expect(existsSync(join(env.VIGIL_HOME, "vigil.db"))).toBe(false);
    } finally {
      fake.stop();
    }
  }, 30_000);

  test("a socket left by a killed server: the hook runs the call; the next server takes the socket", async () => {
    const env = freshEnv();
    const first = await startServe(env);
    first.proc.kill("SIGKILL");
    await first.proc.exited;
    expect(existsSync(hookSocketPath(env.VIGIL_HOME))).toBe(true);
    const r = vigil(["hook"], body, { ...env, ...pre.env });
    expect(r.code).toBe(0);
    expect((stored(env).events as { kind: string }[]).some((e) => e.kind === "hook")).toBe(true);
    const next = await startServe(env);
    try {
      expect(next.line).toContain("hooks forward to");
    } finally {
      await next.stop();
    }
  }, 30_000);

  test("a second server leaves a live one's socket alone", async () => {
    const env = freshEnv();
    const first = await startServe(env);
    try {
      const second = await startServe(env);
      expect(second.line).toContain("another vigil serve answers on");
      await second.stop();
      // The first still answers on it.
      const r = await forward(hookSocketPath(env.VIGIL_HOME), "/hook", "x", 2000);
      expect(r.kind).toBe("refused");
      expect(existsSync(hookSocketPath(env.VIGIL_HOME))).toBe(true);
    } finally {
      await first.stop();
    }
  }, 30_000);

  test("a request of another build or for another store is refused and records nothing", async () => {
    const env = freshEnv();
    const server = await startServe(env);
    const sock = hookSocketPath(env.VIGIL_HOME);
    try {
      const db = join(env.VIGIL_HOME, "vigil.db");
      const other = await forward(sock, "/hook", encodeForward({ build: "not-this-one", db, env }, body), 2000);
      const why = other.kind === "refused" ? other.why : "";
      expect([other.kind, why.startsWith("another build")]).toEqual(["refused", true]);
      // The server names its build in the refusal: with it, a request for another store.
      const build = /\(([^)]+)\)/.exec(why)?.[1] ?? "";
      const elsewhere = await forward(sock, "/hook", encodeForward({ build, db: "/elsewhere.db", env }, body), 2000);
      expect(elsewhere).toMatchObject({ kind: "refused", why: "another store" });
      expect(await forward(sock, "/hook", "no meta line", 2000)).toMatchObject({ kind: "refused" });
      expect((stored(env).events as { kind: string }[]).filter((e) => e.kind === "hook")).toEqual([]);
    } finally {
      await server.stop();
    }
  }, 30_000);
});
