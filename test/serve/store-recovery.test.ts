/**
 * Regression (known gap "serve after a store recovery", docs/reliability.md): `vigil serve`
 * held the one store handle it opened at start. After another process found the file broken
 * and moved it aside (the store's own recovery), serve kept using the handle on the old file,
 * so every POST /hook failed open (or wrote where nobody reads) until serve restarted. Through
 * the binary: real SQLite files, a real serve process, the recovery done by another `vigil`
 * process; serve's next call must be recorded in the fresh database, and /api/events and
 * /metrics read the fresh one.
 */
import { afterAll, expect, test } from "bun:test";
import { readDb } from "../support/read-db.ts";
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startServe } from "../support/serve.ts";
import { testEnv, vigil } from "../support/vigil.ts";

const env = testEnv({ VIGIL_FORWARD: "0" });
afterAll(() => rmSync(env.HOME, { recursive: true, force: true }));
const db = join(env.VIGIL_HOME, "vigil.db");

const prompt = (session: string) =>
  JSON.stringify({
    hook_event_name: "UserPromptSubmit",
    session_id: session,
    transcript_path: join(env.HOME, "none.jsonl"),
    cwd: env.HOME,
    prompt: "work the ticket",
  });

/** Sessions with a `hook` record in the database file as it is now. */
function hookSessions(): string[] {
  const d = readDb(db);
  try {
    return d.query<{ s: string }, []>("SELECT DISTINCT session_id AS s FROM events WHERE kind = 'hook'").all()
      .map((r) => r.s);
  } finally {
    d.close();
  }
}

test("serve records into the fresh database after another process recovered a broken one", async () => {
  mkdirSync(env.VIGIL_HOME, { recursive: true });
  const served = await startServe(["--listen", "127.0.0.1:0"], env);
  try {
    const base = served.line.match(/http:\/\/[\d.]+:\d+/)?.[0];
    if (!base) throw new Error(`serve printed no address: ${served.line}`);
    const post = (session: string) =>
      fetch(`${base}/hook`, { method: "POST", body: prompt(session), headers: { "content-type": "application/json" } });
    expect((await post("before")).status).toBe(200);
    expect(hookSessions()).toEqual(["before"]);

    // The file breaks (a bad copy over it, its WAL lost); the next hook process finds it and recovers.
    for (const ext of ["-wal", "-shm"]) rmSync(db + ext, { force: true });
    writeFileSync(db, "this is not a database, not even close to one ".repeat(200));
    expect(vigil(["hook"], prompt("recoverer"), env).code).toBe(0);
    expect(readdirSync(env.VIGIL_HOME).some((f) => /^vigil\.db\.corrupt-[\d-]+$/.test(f))).toBe(true);
    expect(hookSessions()).toEqual(["recoverer"]);

    // serve's next call goes to the fresh database, and what serve reads is the fresh one.
    expect((await post("after")).status).toBe(200);
    expect(hookSessions().sort()).toEqual(["after", "recoverer"]);
    const events: { session_id: string | null; kind: string }[] = await (await fetch(`${base}/api/events`)).json();
    expect(events.filter((e) => e.kind === "hook").map((e) => e.session_id).sort()).toEqual(["after", "recoverer"]);
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toMatch(/^vigil_http_hook_requests_total\{outcome="error"\} 0$/m);
  } finally {
    await served.stop();
  }
  expect(existsSync(db)).toBe(true);
}, 30_000);
