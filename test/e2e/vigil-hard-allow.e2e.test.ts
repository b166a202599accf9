/**
 * The HARD allow-list made safe and usable (issue 14, point 5), with the real newest CLI: a
 * worker at HARD may Read its existing HANDOFF.md and then Edit it (Claude Code refuses an Edit
 * of a file it has not read), not Read source; it may `kill` a process its own session started
 * (a descendant of CLAUDE_PID), not one of another session, and never `pkill -f`. On 2.1.88,
 * which sets no CLAUDE_PID for hooks, the session's tree is unknown: its own pid is denied too
 * (only `kill %job` stays open there).
 */
import { expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { toolResults } from "./api-request.ts";
import { type ClaudeVersion, NEWEST, OLDEST } from "./cli.ts";
import { E2E_TIMEOUT_MS, runClaude } from "./runner.ts";
import { createSandbox, removeSandbox } from "./sandbox.ts";
import { bash, contextOf, text, toolUse } from "./scenario.ts";
import { vigilEvents } from "./vigil-db.ts";

const agents = { worker: { description: "Works one ticket", prompt: "You are E2E_WORKER." } };

/** Whether a process is still running (not gone, not a zombie). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

test.each<ClaudeVersion>([NEWEST, OLDEST])(
  "worker at HARD: reads and edits HANDOFF.md, kills its own process, not another session's (%s)",
  async (version) => {
    const treeKnown = version === NEWEST;
    const sandbox = createSandbox();
    const handoff = join(sandbox.cwd, "HANDOFF.md");
    writeFileSync(handoff, "# Handoff\n\nstatus: in progress\n");
    const pidFile = join(sandbox.tmp, "mine.pid");
    // Another session's process: started by the test, so outside the worker's process tree.
    const stranger = Bun.spawn(["sleep", "300"], { stdin: "ignore", stdout: "ignore", stderr: "ignore" });
    const minePid = () => Number(readFileSync(pidFile, "utf8").trim());
    try {
      const r = await runClaude({
        version,
        prompt: "Fix the CSV parser ticket",
        agent: "worker",
        agentsJson: agents,
        sandbox,
        // Limits under 2.1.88's 200k window (it compacts near 185k by itself); the same for both.
        env: { VIGIL_SOFT_TOKENS: "100000", VIGIL_HARD_TOKENS: "150000" },
        scenario: {
          turns: [
            // Below HARD: a dev server of its own, kept as a child of the background task's shell.
            toolUse("Bash", {
              // 2.1.88's -p waits for a background task: there, where the kill is denied, it ends by itself.
              command: `sleep ${treeKnown ? 300 : 15} & echo $! > ${pidFile}; wait`,
              run_in_background: true,
              description: "dev server",
            }, contextOf(50_000)),
            bash("echo checkpoint", contextOf(160_000)),
            toolUse("Read", { file_path: join(sandbox.cwd, "src.ts") }, contextOf(161_000)),
            toolUse("Read", { file_path: handoff }, contextOf(161_500)),
            toolUse("Edit", {
              file_path: handoff,
              old_string: "status: in progress",
              new_string: "status: new session needed",
            }, contextOf(162_000)),
            () => bash(`kill ${stranger.pid}`, contextOf(162_500)),
            bash("pkill -f 'sleep 300'", contextOf(163_000)),
            () => bash(`kill ${minePid()}`, contextOf(163_500)),
            text("Handoff written. New session needed.", contextOf(164_000)),
          ],
        },
      });
      expect(r.exitCode).toBe(0);
      expect(r.apiErrors).toEqual([]);
      expect(r.unusedTurns).toBe(0);
      expect(readFileSync(handoff, "utf8")).toContain("status: new session needed");
      const hard = vigilEvents(sandbox.vigilHome).filter((e) => e.kind === "guard" && e.detail.limit === 150_000);
      const seen = hard.map((e) => `${e.detail.tool} ${e.detail.decision} ${e.detail.rule}`);
      // Claude Code may fire PreToolUse before the reply that carries the usage is in the
      // transcript (seen on 2.1.88 and, in CI, on 2.1.332), so the call that crosses HARD ("echo
      // checkpoint") can be measured one response late, below HARD: the known lag of seed 000.
      if (seen[0] !== "Bash allow bash-allowed") seen.unshift("Bash allow bash-allowed");
      expect(seen).toEqual([
        "Bash allow bash-allowed",
        "Read deny handoff-only",
        "Read allow handoff-read",
        "Edit allow handoff-write",
        "Bash deny bash-forbidden:kill",
        "Bash deny bash-forbidden:pkill",
        treeKnown ? "Bash allow bash-allowed" : "Bash deny bash-forbidden:kill",
      ]);
      const denied = r.requests.filter((q) => q.kind === "main").flatMap(toolResults).filter((t) => t.isError);
      const why = treeKnown ? "not in this session's process tree" : "the session's process tree is unknown";
      expect(denied.some((t) => t.content.includes(why))).toBe(true);
      expect(running(stranger.pid)).toBe(true);
      expect(existsSync(pidFile)).toBe(true);
      if (treeKnown) expect(running(minePid())).toBe(false);
    } finally {
      stranger.kill();
      if (existsSync(pidFile) && running(minePid())) process.kill(minePid());
      removeSandbox(sandbox);
    }
  },
  E2E_TIMEOUT_MS,
);
