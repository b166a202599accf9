/**
 * Migration 6 (issue 33): a fact about one session is machine context, not a settings row
 * keyed by its id. A store written by the previous version (MACHINE_VERSION 2 rows beside
 * `window_source:<id>` and `session_crons:<id>` settings) opens with those facts inside each
 * session's snapshot (version 3) and no such settings row left; the binary then reads them
 * from the machine (status --json's window_source; a prompt equal to an own cron is the
 * session's own wake-up, not a person).
 */
import { afterEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MACHINE_VERSION } from "../../../machines/session-model.ts";
import { openStore } from "../../../src/edge/store.ts";
import { MIGRATIONS } from "../../../src/edge/store-schema.ts";
import { applyEvents, loadSnapshot, newRow, snapshotRow, storedContext } from "../../../src/core/step.ts";
import { testEnv, vigil } from "../../support/vigil.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A version-2 snapshot: what the previous vigil stored (its context without the version-3 fields). */
function version2Snapshot(at: number): string {
  const applied = applyEvents(loadSnapshot(null, at).snapshot, [
    { type: "identified", at, role: "worker", agentType: null },
    { type: "stopped", at, awaiting: "approval", asleepUntil: null, cause: null, crons: [] },
  ]);
  const v: { context: Record<string, unknown> } = JSON.parse(snapshotRow(newRow("x", at), applied, at).snapshot);
  delete v.context.windowSource;
  delete v.context.ownCrons;
  return JSON.stringify(v);
}

/** A store exactly as migrations 1–5 left it, with the previous version's rows and settings. */
function version5Store(home: string): string {
  mkdirSync(home, { recursive: true });
  const file = join(home, "vigil.db");
  const db = new Database(file);
  for (const m of MIGRATIONS.slice(0, 5)) db.run(m);
  db.run("PRAGMA user_version = 5");
  const now = Date.now();
  for (const id of ["with-facts", "no-facts"]) {
    db.query(
      `INSERT INTO sessions (session_id, machine_version, state, snapshot, role, cwd, transcript_path, window, created_at, updated_at)
       VALUES (?, 2, 'normal', ?, 'worker', '/w', ?, 1000000, ?, ?)`,
    ).run(id, version2Snapshot(now - 1000), `/nonexistent/${id}.jsonl`, now - 1000, now - 1000);
  }
  const setting = db.query("INSERT INTO settings (key, value) VALUES (?, ?)");
  setting.run("window_source:with-facts", "flag");
  setting.run("session_crons:with-facts", JSON.stringify(["/loop check the CI run"]));
  setting.run("session_crons:no-facts", "not json");
  // Facts of a session that has no row had no reader: they go too.
  setting.run("window_source:gone", "model");
  setting.run("watch_last_pass", "5");
  db.close();
  return file;
}

test("per-session settings rows move into their session's machine context and are removed", () => {
  const home = mkdtempSync(join(tmpdir(), "vigil-mig6-"));
  dirs.push(home);
  const file = version5Store(home);
  const store = openStore(file);
  const facts = store.loadSession("with-facts");
  const bare = store.loadSession("no-facts");
  expect([facts?.machine_version, bare?.machine_version]).toEqual([MACHINE_VERSION, MACHINE_VERSION]);
  const c = storedContext(facts), b = storedContext(bare);
  expect([c?.windowSource, c?.ownCrons, c?.awaiting, c?.role]).toEqual([
    "flag",
    ["/loop check the CI run"],
    "approval",
    "worker",
  ]);
  expect([b?.windowSource, b?.ownCrons]).toEqual([null, []]);
  store.close();
  const raw = new Database(file, { readonly: true });
  const keys = raw.query<{ key: string }, []>("SELECT key FROM settings ORDER BY key").all().map((r) => r.key);
  raw.close();
  expect(keys).toEqual(["watch_last_pass"]);
});

test("through the binary: status reads the migrated window source, and an own cron's prompt is no person", () => {
  const env = testEnv();
  dirs.push(env.HOME);
  version5Store(env.VIGIL_HOME);
  const status = vigil(["status", "--json"], "", env);
  expect(status.code).toBe(0);
  const objs: { session_id: string; window_source: string | null; awaiting: string | null }[] = JSON.parse(
    status.stdout,
  );
  expect(objs.map((o) => [o.session_id, o.window_source]).sort()).toEqual([["no-facts", null], [
    "with-facts",
    "flag",
  ]]);
  // The session waits on a person's approval; its own cron firing (no `source`, as before
  // 2.1.3xx) does not answer it, a person's prompt does.
  const prompt = (id: string, text: string) =>
    vigil(
      ["hook"],
      JSON.stringify({
        session_id: id,
        transcript_path: `/nonexistent/${id}.jsonl`,
        cwd: "/w",
        hook_event_name: "UserPromptSubmit",
        prompt: text,
      }),
      env,
    );
  expect(prompt("with-facts", "/loop check the CI run").code).toBe(0);
  expect(prompt("no-facts", "/loop check the CI run").code).toBe(0);
  const after = JSON.parse(vigil(["status", "--json"], "", env).stdout) as typeof objs;
  const awaiting = Object.fromEntries(after.map((o) => [o.session_id, o.awaiting]));
  expect(awaiting).toEqual({ "with-facts": "approval", "no-facts": null });
});
