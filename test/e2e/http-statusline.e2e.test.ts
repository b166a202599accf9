/**
 * The statusLine of `vigil install --http` in the real TUI: bash posts the payload to
 * `vigil serve` (src/core/install/statusline-client.ts), so a render starts no vigil process.
 * The binary is installed through a wrapper that logs each of its runs: with serve up the TUI
 * shows vigil's line and serve records the numbers while the wrapper runs only for
 * SessionStart; with serve down the wrapper renders the line itself, in its own process.
 */
import { expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type ClaudeVersion, NEWEST, OLDEST } from "./cli.ts";
import { E2E_TIMEOUT_MS } from "./runner.ts";
import { createSandbox, type Sandbox, vigilBin } from "./sandbox.ts";
import { contextOf, text } from "./scenario.ts";
import { runTui } from "./tmux.ts";
import { startServe } from "../support/serve.ts";
import { installVigil } from "./vigil-install.ts";

/** A `vigil` that logs its first argument, then is the real one. */
function wrapper(s: Sandbox): { bin: string; runs: () => string[] } {
  const dir = join(s.root, "wrapped");
  mkdirSync(dir, { recursive: true });
  const log = join(dir, "runs.log");
  const bin = join(dir, "vigil");
  writeFileSync(bin, `#!/bin/sh\necho "$1" >> '${log}'\nexec '${vigilBin()}' "$@"\n`, { mode: 0o755 });
  return { bin, runs: () => (existsSync(log) ? readFileSync(log, "utf8").split("\n").filter(Boolean) : []) };
}

function freePort(): number {
  const l = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = l.port;
  l.stop(true);
  return port;
}

async function session(version: ClaudeVersion, served: boolean) {
  const s = createSandbox();
  const w = wrapper(s);
  const port = freePort();
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: s.home, VIGIL_HOME: s.vigilHome, TZ: "UTC" };
  const server = served ? await startServe(["--listen", `127.0.0.1:${port}`], env) : null;
  const warning = served ? undefined : `nothing answers on 127.0.0.1:${port}`;
  const said = installVigil(s, version, ["--http", "--port", String(port), "--bin", w.bin], warning);
  expect(said).toContain("the statusLine asks serve there too");
  try {
    const r = await runTui({
      version,
      sandbox: s,
      hooks: "installed",
      prompt: "hello there",
      scenario: { turns: [text("Hi from the fake.", contextOf(50_000, 25))] },
      until: (screen) => screen.includes("Hi from the fake.") && /vigil normal .*50k/.test(screen),
    });
    try {
      const status = Bun.spawnSync([vigilBin(), "status", "--json"], { env: { ...env, VIGIL_FORWARD: "0" } });
      const rows: { tokens: number; window: number }[] = JSON.parse(status.stdout.toString());
      return { screen: r.screen, runs: w.runs(), rows };
    } finally {
      r.cleanup(); // removes the sandbox
    }
  } finally {
    await server?.stop();
  }
}

test.each<ClaudeVersion>([NEWEST, OLDEST])(
  "with serve up on %s: vigil's line, and no vigil process renders it",
  async (v) => {
    const r = await session(v, true);
    expect(r.screen).toMatch(/vigil normal .*50k/);
    expect(r.rows.map((x) => x.tokens)).toEqual([50_000]);
    expect(r.runs).not.toContain("statusline");
    expect(r.runs).toContain("hook"); // SessionStart is a command hook: the wrapper does run
  },
  E2E_TIMEOUT_MS,
);

test("with serve down on the newest: the binary renders the line itself", async () => {
  const r = await session(NEWEST, false);
  expect(r.screen).toMatch(/vigil normal .*50k/);
  expect(r.runs).toContain("statusline");
}, E2E_TIMEOUT_MS);
