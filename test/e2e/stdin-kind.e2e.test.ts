/**
 * What Claude Code hands a hook command and the statusLine command as stdin: a socket (one end
 * of a socketpair), not a pipe. vigil's hot path reads a socket stdin through Bun's sockets
 * (src/edge/stdin.ts, test/edge/stdin.test.ts), which it loads anyway to forward the call; on
 * a pipe or a file it reads the stream, so a change here costs time, never the payload.
 */
import { expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ClaudeVersion, NEWEST } from "./cli.ts";
import { E2E_TIMEOUT_MS, runClaude } from "./runner.ts";
import { createSandbox } from "./sandbox.ts";
import { bash, contextOf, type Scenario, text } from "./scenario.ts";
import { shellQuote } from "./settings.ts";
import { runTui } from "./tmux.ts";

const scenario: Scenario = { turns: [bash("echo one", contextOf(12_000, 20)), text("Done.", contextOf(13_000, 30))] };

test.each([NEWEST, "2.1.88"] as ClaudeVersion[])("a hook's stdin is a socket on %s", async (version) => {
  const out = join(mkdtempSync(join(tmpdir(), "vigil-stdin-kind-")), "kinds");
  // The shell Claude Code runs the command with passes its fd 0 on: what `$$` holds is the hook's.
  const entry = [{
    matcher: "*",
    hooks: [{ type: "command", command: `readlink /proc/$$/fd/0 >> ${shellQuote(out)}; cat > /dev/null` }],
  }];
  const r = await runClaude({
    version,
    scenario,
    prompt: "run one command",
    hooks: "vigil",
    settings: { hooks: { UserPromptSubmit: entry, PreToolUse: entry, Stop: entry } },
  });
  try {
    expect(r.exitCode).toBe(0);
    const kinds = existsSync(out) ? readFileSync(out, "utf8").trim().split("\n") : [];
    expect(kinds.length).toBe(3);
    for (const k of kinds) expect(k).toMatch(/^socket:\[\d+\]$/);
  } finally {
    r.cleanup();
  }
}, E2E_TIMEOUT_MS);

test("the statusLine's stdin is a socket in the real TUI", async () => {
  const s = createSandbox();
  const out = join(s.root, "status-kinds");
  const command = `readlink /proc/$$/fd/0 >> ${shellQuote(out)}; cat > /dev/null; echo STDIN-KIND-LINE`;
  const r = await runTui({
    sandbox: s,
    hooks: "none",
    settings: { statusLine: { type: "command", command, padding: 0 } },
    prompt: "hello there",
    scenario: { turns: [text("Hi from the fake.", contextOf(50_000, 25))] },
    until: (screen) => screen.includes("Hi from the fake.") && screen.includes("STDIN-KIND-LINE"),
  });
  try {
    const kinds = readFileSync(out, "utf8").trim().split("\n");
    expect(kinds.length).toBeGreaterThan(0);
    for (const k of kinds) expect(k).toMatch(/^socket:\[\d+\]$/);
  } finally {
    r.cleanup();
  }
}, E2E_TIMEOUT_MS);
