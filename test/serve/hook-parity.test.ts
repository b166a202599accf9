/**
 * POST /hook and `vigil hook` are one pipeline: for every recorded payload of every Claude
 * Code version, the compiled command hook's stdout and the HTTP response body are identical
 * (each side with a fresh VIGIL_HOME).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { allHookDeps } from "../../src/app/deps.ts";
import { runHook } from "../../src/app/run-hook.ts";
import { createApp } from "../../src/serve/app.ts";
import { allPayloads } from "../support/fixtures.ts";
import { testEnv, vigil } from "../support/vigil.ts";

const hooks = allPayloads().filter((p) => p.event !== "StatusLine");
const homes: string[] = [];
afterAll(() => {
  for (const h of homes) rmSync(h, { recursive: true, force: true });
});

/** The same scrubbed environment `testEnv` gives the binary, with its own VIGIL_HOME. */
function inProcessEnv(extra: Record<string, string>): Record<string, string> {
  const home = mkdtempSync(join(tmpdir(), "vigil-http-"));
  homes.push(home);
  const base = testEnv();
  homes.push(base.HOME);
  return { ...base, HOME: home, VIGIL_HOME: join(home, "vigil"), ...extra };
}

async function overHttp(payload: string, env: Record<string, string>): Promise<{ status: number; body: string }> {
  const deps = await allHookDeps(env);
  try {
    const app = createApp({ store: deps.store, runHook: (input) => runHook(input, deps) });
    const res = await app.request("/hook", { method: "POST", body: payload });
    return { status: res.status, body: await res.text() };
  } finally {
    deps.close();
  }
}

const decided: string[] = [];

describe("POST /hook answers exactly what `vigil hook` prints", () => {
  test.each(hooks.map((p) => [p.name, p] as const))("%s", async (name, p) => {
    const payload = JSON.stringify(p.stdin);
    const cliEnv = testEnv(p.env);
    homes.push(cliEnv.HOME);
    const cli = vigil(["hook"], payload, cliEnv);
    const httpEnv = inProcessEnv(p.env);
    const http = await overHttp(payload, httpEnv);
    expect(cli.code).toBe(0);
    expect(http.status).toBe(200);
    // Restore texts name files under the state directory, which differs by design.
    const scrub = (s: string, home: string) => s.replaceAll(home, "$VIGIL_HOME");
    expect(scrub(http.body, httpEnv.VIGIL_HOME)).toBe(scrub(cli.stdout, cliEnv.VIGIL_HOME));
    if (cli.stdout) decided.push(name);
  });

  test("the comparison covers payloads that produce output, not only silent ones", () => {
    expect(decided.length).toBeGreaterThan(0);
  });
});
