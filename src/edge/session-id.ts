/**
 * The session id for `vigil state save|show`, determined exactly or not at all (seed 002's
 * hard gate): a state file under a guessed name is restored into the wrong session.
 * `CLAUDE_CODE_SESSION_ID` first; else `CLAUDE_PID` looked up in Claude Code's live session
 * registry, trusted only while that pid is alive and is still the process that registered
 * (its start time matches), so neither a stale entry nor a reused pid gives a name.
 */
import { isSessionId } from "../core/continuity/state-format.ts";
import { probe as probePid, type ProcProbe } from "./proc.ts";
import { findSessionByPid, registryDir } from "./registry.ts";

export type SessionIdResult =
  | { ok: true; sessionId: string; via: "env" | "registry" }
  | { ok: false; error: string };

export interface SessionIdOptions {
  /** The registry directory (default `$CLAUDE_CONFIG_DIR/sessions`, else `~/.claude/sessions`). */
  registry?: string;
  probe?: (pid: number) => ProcProbe | null;
}

const PREFIX = "cannot determine the session id exactly";

/** Resolve the calling session's id from its environment, or say exactly why not. */
export function resolveSessionId(
  env: Record<string, string | undefined>,
  opts: SessionIdOptions = {},
): SessionIdResult {
  const fromEnv = env.CLAUDE_CODE_SESSION_ID?.trim();
  if (fromEnv) {
    return isSessionId(fromEnv)
      ? { ok: true, sessionId: fromEnv, via: "env" }
      : { ok: false, error: `${PREFIX}: CLAUDE_CODE_SESSION_ID "${fromEnv}" is not a valid session id` };
  }
  const rawPid = env.CLAUDE_PID?.trim();
  if (!rawPid) {
    return {
      ok: false,
      error: `${PREFIX}: neither CLAUDE_CODE_SESSION_ID nor CLAUDE_PID is set ` +
        `(run it from inside a Claude Code session, version 2.1.220 or later)`,
    };
  }
  const pid = Number(rawPid);
  if (!Number.isSafeInteger(pid) || pid <= 0) {
    return { ok: false, error: `${PREFIX}: CLAUDE_PID "${rawPid}" is not a pid` };
  }
  const dir = opts.registry ?? registryDir({ env, home: env.HOME });
  const entry = findSessionByPid(pid, { dir });
  if (!entry) return { ok: false, error: `${PREFIX}: pid ${pid} has no entry in the session registry "${dir}"` };
  const p = (opts.probe ?? ((n: number) => probePid(n)))(pid);
  if (p === null) return { ok: false, error: `${PREFIX}: this platform cannot check that pid ${pid} is alive` };
  if (!p.alive) {
    return { ok: false, error: `${PREFIX}: the registry entry for pid ${pid} is stale (the process is gone)` };
  }
  if (entry.procStart === null || p.procStart === null) {
    return { ok: false, error: `${PREFIX}: no process start time to check pid ${pid} against its registry entry` };
  }
  if (entry.procStart !== p.procStart) {
    return {
      ok: false,
      error:
        `${PREFIX}: pid ${pid} was reused (started "${p.procStart}", the registry entry says "${entry.procStart}")`,
    };
  }
  if (!isSessionId(entry.sessionId)) {
    return { ok: false, error: `${PREFIX}: the registry's session id "${entry.sessionId}" is not a valid session id` };
  }
  return { ok: true, sessionId: entry.sessionId, via: "registry" };
}
