/**
 * The installed Claude Code's version, from `claude --version` ("2.1.328 (Claude Code)").
 * `CLAUDE_BIN` names the binary when it is not `claude` on PATH. The call has a timeout: a CLI
 * that hangs (an update check, a prompt) must not hang install or doctor.
 */
import { parseVersion } from "../core/install/events.ts";

export interface VersionProbe {
  env: Record<string, string | undefined>;
  /** Default 10 s (the npm `cli.js` under node takes about a second to start). */
  timeoutMs?: number;
}

/** Why the version could not be read, in words a user can act on. */
export class ClaudeVersionError extends Error {}

/** The binary that would run: `CLAUDE_BIN`, else `claude` on the environment's PATH. */
export function claudeBinary(env: Record<string, string | undefined>): string | null {
  if (env.CLAUDE_BIN) return Bun.which(env.CLAUDE_BIN, { PATH: env.PATH ?? "" }) ?? env.CLAUDE_BIN;
  return Bun.which("claude", { PATH: env.PATH ?? "" });
}

/** "2.1.328", or a ClaudeVersionError that says what to do. */
export async function readClaudeVersion(probe: VersionProbe): Promise<string> {
  const bin = claudeBinary(probe.env);
  if (bin === null) {
    throw new ClaudeVersionError(
      `Claude Code not found: no "claude" on PATH (set CLAUDE_BIN to its path, or pass --claude-version X.Y.Z)`,
    );
  }
  const timeoutMs = probe.timeoutMs ?? 10_000;
  let proc;
  try {
    proc = Bun.spawn([bin, "--version"], {
      env: { ...probe.env, DISABLE_AUTOUPDATER: "1" },
      stdin: "ignore",
      stdout: "pipe",
      stderr: "pipe",
      timeout: timeoutMs,
      killSignal: "SIGKILL",
    });
  } catch (e) {
    throw new ClaudeVersionError(`cannot run "${bin} --version": ${e instanceof Error ? e.message : String(e)}`);
  }
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  if (proc.signalCode !== null && proc.signalCode !== undefined) {
    throw new ClaudeVersionError(
      `"${bin} --version" did not answer within ${timeoutMs} ms (pass --claude-version X.Y.Z)`,
    );
  }
  const v = parseVersion(out) ?? parseVersion(err);
  if (code !== 0 || v === null) {
    const said = (out.trim() || err.trim()).split("\n")[0].slice(0, 120);
    throw new ClaudeVersionError(`"${bin} --version" exited ${code} without a version${said ? `: "${said}"` : ""}`);
  }
  return v.join(".");
}
