/**
 * An HTTP hook carries the few variables of the hook's environment that vigil reads
 * (src/core/header-env.ts) as headers, and a real `vigil serve` judges the call with them over
 * its own environment: a launcher's VIGIL_ROLE=worker makes the session a worker through
 * POST /hook exactly as through `vigil hook`. Without the headers serve's own environment
 * stands, as before.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ENV_HEADER, envFromHeaders, HTTP_ENV } from "../../src/core/header-env.ts";
import { httpEnvHeaders } from "../../src/core/install/entries.ts";
import { startServe } from "../support/serve.ts";
import { transcriptAt } from "../support/usage-transcript.ts";
import { testEnv, vigil } from "../support/vigil.ts";

const dir = mkdtempSync(join(tmpdir(), "vigil-http-env-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("envFromHeaders", () => {
  const base = { HOME: "/h", VIGIL_ROLE: "person" };
  test("headers override the server's own variables; empty ones count as unset", () => {
    const h: Record<string, string> = { [`${ENV_HEADER}vigil_role`]: "worker", [`${ENV_HEADER}vigil_disable`]: "" };
    expect(envFromHeaders(base, (n) => h[n])).toEqual({ HOME: "/h", VIGIL_ROLE: "worker" });
  });

  test("without any, the server's environment itself; names outside HTTP_ENV are never read", () => {
    const asked: string[] = [];
    expect(envFromHeaders(base, (n) => (asked.push(n), undefined))).toBe(base);
    expect(asked).toEqual(HTTP_ENV.map((n) => ENV_HEADER + n.toLowerCase()));
  });

  test("install's headers interpolate exactly HTTP_ENV, none of it free text a header could not carry", () => {
    const h = httpEnvHeaders();
    expect(h.allowedEnvVars).toEqual([...HTTP_ENV]);
    expect(Object.entries(h.headers)).toEqual(HTTP_ENV.map((n) => [`X-Vigil-Env-${n}`, `\${${n}}`]));
    expect(HTTP_ENV).not.toContain("VIGIL_WORKER_TYPES");
    expect(HTTP_ENV).not.toContain("CLAUDE_PROJECT_DIR");
  });
});

describe("POST /hook with the environment's headers", () => {
  const payload = (session: string) =>
    JSON.stringify({
      hook_event_name: "PreToolUse",
      session_id: session,
      transcript_path: transcriptAt(join(dir, `${session}.jsonl`), 320_000),
      cwd: dir,
      permission_mode: "default",
      tool_name: "Bash",
      tool_input: { command: "npm test" },
      tool_use_id: "t1",
    });

  test("a launcher's VIGIL_ROLE=worker: denied at HARD, as `vigil hook` with that variable", async () => {
    const env = testEnv();
    const served = await startServe(["--listen", "127.0.0.1:0"], env);
    try {
      const url = `${/http:\/\/127\.0\.0\.1:\d+/.exec(served.line)?.[0]}/hook`;
      const post = async (session: string, headers: Record<string, string>) =>
        await (await fetch(url, { method: "POST", body: payload(session), headers })).text();
      const asWorker = await post("http-env-w", { "X-Vigil-Env-VIGIL_ROLE": "worker" });
      const cli = vigil(["hook"], payload("http-env-cli"), { ...testEnv(), VIGIL_ROLE: "worker" });
      expect(JSON.parse(asWorker).hookSpecificOutput.permissionDecision).toBe("deny");
      expect(asWorker).toBe(cli.stdout);
      // Interpolated but unset (""): serve's own environment, where this is a person's session.
      expect(await post("http-env-p", { "X-Vigil-Env-VIGIL_ROLE": "" })).toBe("");
    } finally {
      await served.stop();
    }
  });
});
