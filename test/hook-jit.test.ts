/**
 * A hook call or a statusLine render in a process of its own stays near product.md's 40 MiB peak
 * RSS only while JSC's optimising JIT (DFG) compiles nothing in it: one compile costs about 2 MiB
 * (a compiler thread and its memory; bench/RESULTS.md, "Hook peak RSS"). A loop that turns a few
 * hundred times on every call is enough to set one off: a for-of over the meter's 256 fingerprint
 * bytes (the array iterator's `next`), a helper called once per shape while audit-details.ts
 * builds its table, a loop over every Hangul syllable to pick those ending in ㄴ. JSC names each
 * compile on stderr with BUN_JSC_reportDFGCompileTimes; with BUN_JSC_useConcurrentJIT=0 the
 * compile happens before exit, not at the mercy of timing.
 */
import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..");
const FIXTURES = join(ROOT, "test/fixtures/claude-code-2.1.336");

/** The fixture's first recorded payload of `event`, pointed at a recorded transcript (and `fields` over it). */
function payload(dir: string, event: string, transcript: string, fields: Record<string, string> = {}): string {
  const first = readFileSync(join(FIXTURES, "hooks", dir, `${event}.jsonl`), "utf8").split("\n")[0];
  return JSON.stringify({
    ...JSON.parse(first).stdin,
    transcript_path: join(FIXTURES, "transcripts", transcript),
    ...fields,
  });
}

/** The optimising-JIT compiles of one call in a fresh store, as JSC reports them. */
function dfgCompiles(args: string[], stdin: string): string[] {
  const home = mkdtempSync(join(tmpdir(), "vigil-jit-"));
  try {
    const r = Bun.spawnSync([process.execPath, join(ROOT, "src/main.ts"), ...args], {
      stdin: new TextEncoder().encode(stdin),
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PATH: process.env.PATH ?? "",
        HOME: home,
        VIGIL_HOME: home,
        VIGIL_FORWARD: "0",
        TZ: "UTC",
        NO_COLOR: "1",
        BUN_JSC_reportDFGCompileTimes: "1",
        BUN_JSC_useConcurrentJIT: "0",
      },
    });
    expect(r.exitCode).toBe(0);
    return r.stderr.toString().split("\n").filter((l) => / using DFG /.test(l)).map((l) => l.split(":")[0]);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

describe("a hook call in its own process compiles nothing with the optimising JIT", () => {
  test.each([
    ["hook", "SessionStart", "basic"],
    ["hook", "PreToolUse", "basic"],
    ["hook", "PostToolUse", "basic"],
    ["hook", "Stop", "basic"],
    // A prompt naming no handoff ("say hi"): handoff-request.ts's nFinal() looped over all 11,172 syllables.
    ["hook", "UserPromptSubmit", "basic"],
    ["statusline", "StatusLine", "tui"],
  ])("vigil %s: %s", (command, event, dir) => {
    expect(dfgCompiles([command], payload(dir, event, `${dir}.jsonl`))).toEqual([]);
  }, 30_000);

  // The clause model scores each clause: its filter and sort callbacks were compiled (four functions).
  test("vigil hook: UserPromptSubmit naming the handoff", () => {
    const prompt = { prompt: "write the handoff to HANDOFF.md" };
    expect(dfgCompiles(["hook"], payload("basic", "UserPromptSubmit", "basic.jsonl", prompt))).toEqual([]);
  }, 30_000);
});
