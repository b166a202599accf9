/**
 * `vigil doctor` says whether hooks forward to a running `vigil serve` (the hook socket,
 * docs/fleet.md): with real processes, no serve, the compiled serve of this build, a socket
 * file a killed serve left behind, and a serve of another build (which refuses every call).
 */
import { readDb } from "../support/read-db.ts";
import { afterAll, expect, test } from "bun:test";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { anotherBuild } from "../../src/core/forward.ts";
import { hookSocketPath } from "../../src/edge/hook-socket.ts";
import { listenHookSocket } from "../../src/serve/hook-socket.ts";
import { startServe } from "../support/serve.ts";
import { BIN, testEnv } from "../support/vigil.ts";

const homes: string[] = [];
afterAll(() => {
  for (const h of homes) rmSync(h, { recursive: true, force: true });
});
function freshEnv(): Record<string, string> {
  const env = testEnv();
  homes.push(env.HOME);
  return env;
}

interface Finding {
  check: string;
  severity: string;
  message: string;
  fix: string | null;
}

/** The doctor's hook-socket finding (spawned, not spawnSync: a stand-in server may run in this process). */
async function socketFinding(env: Record<string, string>): Promise<Finding> {
  const p = Bun.spawn([BIN, "doctor", "--json"], { env, stdout: "pipe", stderr: "pipe" });
  const out = await new Response(p.stdout).text();
  await p.exited;
  const parsed: unknown = JSON.parse(out);
  const list = (Array.isArray(parsed) ? parsed : (parsed as { findings: Finding[] }).findings) as Finding[];
  const found = list.filter((f) => f.check === "serve" && f.message.includes("hook.sock"));
  expect(found.length).toBe(1);
  return found[0];
}

/** The kinds of the events in the home's store (none when there is no store). */
function storedKinds(env: Record<string, string>): string[] {
  const file = join(env.VIGIL_HOME, "vigil.db");
  if (!existsSync(file)) return [];
  const db = readDb(file);
  try {
    return db.query<{ kind: string }, []>("SELECT kind FROM events ORDER BY id").all().map((r) => r.kind);
  } finally {
    db.close();
  }
}

test("no serve: info, hooks run in their own process", async () => {
  const f = await socketFinding(freshEnv());
  expect(f.severity).toBe("info");
  expect(f.message).toContain("each hook runs in its own process");
});

test("this build's serve: ok; once it is killed, the file it left is a warning", async () => {
  const env = freshEnv();
  const served = await startServe(["--listen", "127.0.0.1:0"], env);
  try {
    const f = await socketFinding(env);
    expect([f.severity, f.message]).toEqual([
      "ok",
      `hooks and the statusLine forward to vigil serve on ${hookSocketPath(env.VIGIL_HOME)}`,
    ]);
    // The probe was refused before anything ran: serve recorded no hook call, not even an error.
    expect(existsSync(join(env.VIGIL_HOME, "vigil.db"))).toBe(true);
    expect(storedKinds(env)).toEqual([]);
  } finally {
    served.proc.kill("SIGKILL");
    await served.proc.exited;
  }
  const stale = await socketFinding(env);
  expect(stale.severity).toBe("warn");
  expect(stale.message).toContain("left from a vigil serve that is gone");
  expect(stale.fix).toContain("start vigil serve");
});

test("a serve of another build: warn, it refuses every call, restart it", async () => {
  const env = freshEnv();
  let asked = 0;
  const other = await listenHookSocket(hookSocketPath(env.VIGIL_HOME), () => {
    asked++;
    return { status: 409, body: anotherBuild("0.9.0+old") };
  });
  if (!other.ok) throw new Error(other.error);
  try {
    const f = await socketFinding(env);
    expect(f.severity).toBe("warn");
    expect(f.message).toContain("runs another build (0.9.0+old");
    expect(f.fix).toBe("restart vigil serve with this binary");
    expect(asked).toBe(1);
  } finally {
    other.socket.stop();
  }
});
