/**
 * A user who already has a statusLine (ccstatusline, ccusage, claude-hud, a script) installs
 * vigil: in the real TUI, under tmux, their line is on screen unchanged, and vigil learns the
 * session's window from the statusLine payload (the numbers a 1M-window session is judged by).
 */
import { expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isRecord } from "./api-request.ts";
import { E2E_TIMEOUT_MS } from "./runner.ts";
import { createSandbox, parseJsonl, vigilBin } from "./sandbox.ts";
import { contextOf, text } from "./scenario.ts";
import { runTui } from "./tmux.ts";
import { NEWEST } from "./cli.ts";
import { installVigil } from "./vigil-install.ts";

const LINE = "MY-OWN-LINE 42";

test("install wraps a user's statusLine: their line on screen, vigil records the window", async () => {
  const s = createSandbox();
  const payloads = join(s.root, "statusline-in.jsonl");
  const script = join(s.root, "my-statusline.sh");
  // The user's own line: reads the payload (kept, to compare) and prints one line.
  writeFileSync(script, `#!/bin/sh\ncat >> '${payloads}'\necho >> '${payloads}'\necho '${LINE}'\n`, { mode: 0o755 });
  writeFileSync(
    join(s.home, ".claude", "settings.json"),
    JSON.stringify({ statusLine: { type: "command", command: script, padding: 0 } }, null, 2),
  );
  const said = installVigil(s, NEWEST);
  expect(said).toContain("statusLine: yours, shown unchanged");
  const r = await runTui({
    sandbox: s,
    hooks: "installed",
    prompt: "hello there",
    scenario: { turns: [text("Hi from the fake.", contextOf(50_000, 25))] },
    until: (screen) => screen.includes("Hi from the fake.") && screen.includes(LINE) && sawUsage(payloads),
  });
  try {
    expect(r.screen).toContain(LINE);
    expect(r.screen).not.toMatch(/vigil (normal|soft|hard)/);
    const last = parseJsonl(readFileSync(payloads, "utf8")).filter((p) => usageOf(p) !== null).at(-1);
    const cw = last?.context_window;
    const size = isRecord(cw) ? cw.context_window_size : null;
    expect(typeof size).toBe("number");
    expect(size).not.toBe(200_000); // the 1M window the model has, not vigil's default
    const status = Bun.spawnSync([vigilBin(), "status", "--json"], { env: { VIGIL_HOME: s.vigilHome, TZ: "UTC" } });
    const rows: { session_id: string; window: number; tokens: number }[] = JSON.parse(status.stdout.toString());
    const row = rows.find((x) => x.session_id === last?.session_id);
    expect(row?.window).toBe(size as number);
    expect(row?.tokens).toBe(50_000);
  } finally {
    r.cleanup();
  }
}, E2E_TIMEOUT_MS);

function usageOf(p: Record<string, unknown>): unknown {
  const cw = p.context_window;
  return isRecord(cw) && isRecord(cw.current_usage) ? cw.current_usage : null;
}

function sawUsage(file: string): boolean {
  try {
    return parseJsonl(readFileSync(file, "utf8")).some((p) => usageOf(p) !== null);
  } catch {
    return false;
  }
}
