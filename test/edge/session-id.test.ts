/**
 * The session-id hard gate with real processes: a live child registered with its real start
 * time is accepted; a registry entry whose process is gone (stale) or whose pid now belongs
 * to a process that started at another time (reuse) is refused.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { probe } from "../../src/edge/proc.ts";
import { resolveSessionId } from "../../src/edge/session-id.ts";

const SID = "c9e8f64f-eddc-41c0-96a3-2dbe4031c23d";
const root = mkdtempSync(join(tmpdir(), "vigil-sid-"));
const children: ReturnType<typeof Bun.spawn>[] = [];

afterAll(() => {
  for (const c of children) c.kill();
});

function live(): number {
  const c = Bun.spawn(["sleep", "60"], { stdout: "ignore", stderr: "ignore" });
  children.push(c);
  return c.pid;
}

async function gone(): Promise<number> {
  const c = Bun.spawn(["true"]);
  await c.exited;
  return c.pid;
}

/** A registry directory holding one entry for `pid`. */
function registry(pid: number, entry: Record<string, unknown>): string {
  const dir = mkdtempSync(join(root, "sessions-"));
  mkdirSync(dir, { recursive: true });
  const body = {
    pid,
    sessionId: SID,
    cwd: "/w",
    startedAt: Date.now(),
    version: "2.1.328",
    kind: "interactive",
    ...entry,
  };
  writeFileSync(join(dir, `${pid}.json`), JSON.stringify(body));
  return dir;
}

function startOf(pid: number): string {
  const p = probe(pid);
  if (!p?.procStart) throw new Error(`cannot probe pid ${pid}`);
  return p.procStart;
}

describe.skipIf(process.platform !== "linux" && process.platform !== "darwin")("resolveSessionId", () => {
  test("CLAUDE_CODE_SESSION_ID is taken as it is", () => {
    expect(resolveSessionId({ CLAUDE_CODE_SESSION_ID: SID })).toEqual({ ok: true, sessionId: SID, via: "env" });
  });

  test("a live CLAUDE_PID whose start time matches the registry gives its session", () => {
    const pid = live();
    const dir = registry(pid, { procStart: startOf(pid) });
    expect(resolveSessionId({ CLAUDE_PID: String(pid) }, { registry: dir })).toEqual({
      ok: true,
      sessionId: SID,
      via: "registry",
    });
  });

  test("the registry is found under CLAUDE_CONFIG_DIR", () => {
    const pid = live();
    const config = mkdtempSync(join(root, "claude-"));
    const dir = join(config, "sessions");
    mkdirSync(dir);
    writeFileSync(
      join(dir, `${pid}.json`),
      JSON.stringify({ pid, sessionId: SID, cwd: "/w", procStart: startOf(pid) }),
    );
    const r = resolveSessionId({ CLAUDE_PID: String(pid), CLAUDE_CONFIG_DIR: config });
    expect(r.ok && r.sessionId).toBe(SID);
  });

  type Setup = () => Promise<{ env: Record<string, string>; dir?: string }>;
  const refusals: [string, Setup, RegExp][] = [
    ["no environment at all", async () => ({ env: {} }), /neither CLAUDE_CODE_SESSION_ID nor CLAUDE_PID is set/],
    [
      "an unsafe session id",
      async () => ({ env: { CLAUDE_CODE_SESSION_ID: "../other" } }),
      /is not a valid session id/,
    ],
    [
      "a CLAUDE_PID that is not a number",
      async () => ({ env: { CLAUDE_PID: "12ab" } }),
      /CLAUDE_PID "12ab" is not a pid/,
    ],
    ["a pid with no registry entry", async () => {
      const pid = live();
      return { env: { CLAUDE_PID: String(pid) }, dir: mkdtempSync(join(root, "empty-")) };
    }, /has no entry in the session registry/],
    ["a stale entry (the process is gone)", async () => {
      const pid = await gone();
      return { env: { CLAUDE_PID: String(pid) }, dir: registry(pid, { procStart: "12345" }) };
    }, /is stale \(the process is gone\)/],
    ["a reused pid (another start time)", async () => {
      const pid = live();
      // The entry was written by an earlier process that held this pid: it started at another time.
      return { env: { CLAUDE_PID: String(pid) }, dir: registry(pid, { procStart: startOf(process.pid) }) };
    }, /was reused/],
    ["an entry without a start time to compare", async () => {
      const pid = live();
      return { env: { CLAUDE_PID: String(pid) }, dir: registry(pid, {}) };
    }, /no process start time/],
  ];

  test.each(refusals)("refuses %s", async (_name, setup, why) => {
    const { env, dir } = await setup();
    const r = resolveSessionId(env, dir ? { registry: dir } : {});
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).toMatch(/^cannot determine the session id exactly: /);
      expect(r.error).toMatch(why);
    }
  });
});
