/**
 * What Claude Code hands a hook command as stdin, on each supported version: a socket (one end
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
import { bash, contextOf, type Scenario, text } from "./scenario.ts";
import { shellQuote } from "./settings.ts";

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
