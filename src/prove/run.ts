/**
 * `vigil doctor --prove`: runs the user's installed Claude Code offline, in a throwaway HOME
 * and work dir, with vigil's entries from the user's settings (or what `vigil install` would
 * write), against the fake Messages API this process serves on 127.0.0.1, and turns what the
 * model was shown into one verdict per guard. Nothing outside the sandbox is written here (the
 * caller records the result); the sandbox is removed afterwards.
 */
import { existsSync, writeFileSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { compactionGuidance } from "../core/continuity/guidance.ts";
import { OPENING } from "../core/continuity/restore.ts";
import { hookCommand, statuslineCommand } from "../core/install/entries.ts";
import { fileRecord, parseRecord } from "../core/install/record.ts";
import { parseAuditDetail } from "../core/audit-details.ts";
import { EV } from "../core/claude-events.ts";
import { eventsFor } from "../core/install/events.ts";
import { snapshotFacts } from "../core/status-view.ts";
import { claudeBinary, readClaudeVersion } from "../edge/claude-version.ts";
import { resolvePaths } from "../edge/paths.ts";
import { claudeConfigDir } from "../edge/registry.ts";
import { decodeSettings, readInstallRecord, readSettings } from "../edge/settings-file.ts";
import { openStore } from "../edge/store.ts";
import { DEFAULT_CONFIG } from "../core/config.ts";
import {
  type CheckResult,
  failClosedCheck,
  hardDenyCheck,
  hookChecks,
  interruptCheck,
  type Outcome,
  preCompactCheck,
  promptRefusalCheck,
  type ProveEvidence,
  restoreCheck,
  serveCheck,
  skillShellCheck,
  statusLineCheck,
  stopBlockCheck,
  taskNotificationCheck,
  worktreeCheck,
} from "./checks.ts";
import { createDirs, removeDirs } from "./sandbox.ts";
import {
  ANNOUNCE_TURN,
  compactSession,
  DENIED_COMMAND,
  failClosedSession,
  guardSessions,
  interruptSession,
  proofConfig,
  type SessionEnv,
  STATUS_TOKENS,
  statusSession,
  stopSession,
  worktreeSession,
} from "./sessions.ts";
import { type ProofServe, startProofServe } from "./serve-process.ts";
import { proveSettings, usesServe } from "./settings.ts";

export interface ProveOptions {
  /** The user's environment: PATH, CLAUDE_BIN, HOME, CLAUDE_CONFIG_DIR, VIGIL_HOME. */
  env: Record<string, string | undefined>;
  /** The vigil binary the hooks run (the compiled one running this command). */
  vigil: string;
  now: () => number;
  /** Where relative paths (CLAUDE_BIN) are resolved. */
  cwd: string;
}

export interface Proof {
  /** The Claude Code version proven, and its binary. */
  version: string;
  claude: string;
  at: number;
  durationMs: number;
  /** Where vigil's entries came from: the user's settings.json, or the install planner. */
  source: "user" | "planned";
  settingsPath: string;
  checks: CheckResult[];
  /** No check failed. */
  ok: boolean;
}

/** Why a proof could not start (no Claude Code, no version): main exits 2 with it. */
export class ProveError extends Error {}

/** How long `claude --version` may take before the proof says it could not start. */
export const VERSION_TIMEOUT_MS = 60_000;

/** A proof that could not run, as one document: `check` names what failed, `error` says why. */
export interface FailedProof {
  version: null;
  ok: false;
  error: string;
  checks: CheckResult[];
}

/** The document `--json` prints when the proof could not run at all (`check`: "claude", "proof"). */
export function failedProof(check: string, error: string, fix: string | null): FailedProof {
  return { version: null, ok: false, error, checks: [{ id: check, status: "fail", evidence: error, fix }] };
}

async function attempt<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { value: await run() };
  } catch (e) {
    return { error: (e instanceof Error ? e.message : String(e)).split("\n")[0] };
  }
}

function userSettings(path: string): string | null {
  try {
    return decodeSettings(readSettings(path));
  } catch {
    // unreadable counts as not installed: the planner's settings are proven instead
    return null;
  }
}

/** What vigil recorded in the sandbox: every hook call, its guard decisions, the statusLine. */
function recorded(vigilHome: string): { fired: string[]; refused: boolean; harnessPassed: boolean } {
  const file = join(vigilHome, "vigil.db");
  // no database: not one of vigil's hooks ran
  if (!existsSync(file)) return { fired: [], refused: false, harnessPassed: false };
  const store = openStore(file, { readonly: true });
  try {
    // Each detail read through its kind's shape: a row of another shape is no evidence.
    const fired = store.events({ kinds: ["hook"] }).flatMap((e) => parseAuditDetail("hook", e.detail)?.event ?? []);
    const guards = store.events({ kinds: ["guard"] }).flatMap((e) => parseAuditDetail("guard", e.detail) ?? []);
    return {
      fired,
      refused: guards.some((g) => g.decision === "refuse"),
      harnessPassed: guards.some((g) => g.decision === "pass" && g.verdict === "harness"),
    };
  } finally {
    store.close();
  }
}

/** The statusLine tokens vigil stored for the first session that has any, or null. */
function statusTokens(vigilHome: string): number | null {
  try {
    const store = openStore(join(vigilHome, "vigil.db"), { readonly: true });
    try {
      return store.listSessions().find((s) => s.status_tokens !== null)?.status_tokens ?? null;
    } finally {
      store.close();
    }
  } catch {
    return null; // no database yet: no hook has run
  }
}

/** What vigil's machine says the session awaits, or null (no such session, no database). */
function awaitingOf(vigilHome: string, sessionId: string): string | null {
  try {
    const store = openStore(join(vigilHome, "vigil.db"), { readonly: true });
    try {
      return snapshotFacts(store.listSessions().find((s) => s.session_id === sessionId)).awaiting;
    } finally {
      store.close();
    }
  } catch {
    return null; // no database yet: no hook has run
  }
}

/** Run the proof; throws ProveError when there is no Claude Code to prove. */
export async function prove(o: ProveOptions, extra: { wrapper?: string[] } = {}): Promise<Proof> {
  const found = claudeBinary(o.env);
  if (found === null) throw new ProveError(`Claude Code not found: no "claude" on PATH (set CLAUDE_BIN to its path)`);
  const claude = isAbsolute(found) ? found : resolve(o.cwd, found);
  let version: string;
  try {
    // The proof takes minutes anyway: a loaded machine may take more than install's 10 s to
    // start a node-based CLI only to print its version (2.1.88 under load: observed past 10 s).
    version = await readClaudeVersion({ env: { ...o.env, CLAUDE_BIN: claude }, timeoutMs: VERSION_TIMEOUT_MS });
  } catch (e) {
    throw new ProveError(e instanceof Error ? e.message : String(e));
  }
  const started = o.now();
  const settingsPath = join(claudeConfigDir({ env: o.env, home: o.env.HOME ?? "" }), "settings.json");
  const record = parseRecord(readInstallRecord(resolvePaths(o.env).stateDir));
  const marks = {
    commands: [...(fileRecord(record, settingsPath)?.commands ?? []), hookCommand(o.vigil), statuslineCommand(o.vigil)],
  };
  const userText = userSettings(settingsPath);
  const path = o.env.PATH ?? "/usr/bin:/bin";
  const dirs = createDirs();
  let served: ProofServe | null = null;
  try {
    // An `--http` install is proven as installed: its HTTP hooks post to a real serve (the
    // proof's own, over the sandbox's database), not to a command standing in for it.
    let serveError: string | null = null;
    if (usesServe(userText, marks)) {
      try {
        served = await startProofServe(o.vigil, dirs, path);
      } catch (e) {
        serveError = e instanceof Error ? e.message.split("\n")[0] : String(e);
      }
    }
    const ps = proveSettings(userText, {
      bin: o.vigil,
      claudeVersion: version,
      marks,
      servePort: served?.port ?? null,
    });
    writeFileSync(join(dirs.home, ".claude", "settings.json"), JSON.stringify(ps.settings, null, 2) + "\n");
    writeFileSync(join(dirs.vigilHome, "config.toml"), proofConfig(DEFAULT_CONFIG.passCommands));
    const env: SessionEnv = { claude: [claude], vigil: o.vigil, dirs, path, ...extra };
    const git = Bun.which("git", { PATH: env.path });
    const tmux = Bun.which("tmux", { PATH: env.path });
    // Two lanes: the CLI is mostly waiting on its own start-up and hooks, not on a core.
    const known = eventsFor(version).events;
    const interrupts = known.some((e) => e === EV.Interrupt);
    const skill = known.some((e) => e === EV.PreSkillShellCommand);
    const [[guard, stop, interrupt], [compact, worktree, status]] = await Promise.all([
      (async () =>
        [
          await attempt(() => guardSessions(env, { skill })),
          await attempt(() => stopSession(env)),
          interrupts ? await attempt(() => interruptSession(env)) : { na: `Claude Code ${version} sends no Interrupt` },
        ] as const)(),
      (async () =>
        [
          await attempt(() => compactSession(env)),
          git === null ? { na: "git not found on PATH" } : await attempt(() => worktreeSession(env, git)),
          !ps.statusLine
            ? { na: "statusLine not wired" }
            : tmux === null
            ? { na: "tmux not found on PATH: the statusLine only runs in the TUI" }
            : await attempt(() => statusSession(env, () => statusTokens(dirs.vigilHome) === null ? null : "seen")),
        ] as const)(),
    ]);
    // Alone, after the rest: the held store fails every hook that runs meanwhile.
    const failClosed = ps.failClosed.includes(EV.PreToolUse)
      ? await attempt(() => failClosedSession(env, () => holdStore(dirs.vigilHome)))
      : { na: "fail-open install" };
    const serve = await serveOutcome(served, serveError);
    const rec = recorded(dirs.vigilHome);
    const evidence: ProveEvidence = {
      version,
      expected: ps.expected,
      registered: ps.registered,
      statusLineWired: ps.statusLine,
      ...rec,
      guard,
      stop,
      compact,
      worktree,
      skill: "value" in guard
        ? guard.value.skill === null
          ? { na: `Claude Code ${version} has no PreSkillShellCommand` }
          : { value: guard.value.skill }
        : guard,
      failClosedEvents: ps.failClosed,
      failClosed,
      httpEvents: ps.http,
      serve,
      interrupt: "value" in interrupt
        ? { value: { run: interrupt.value, awaiting: awaitingOf(dirs.vigilHome, interrupt.value.sessionId) } }
        : interrupt,
      status: "value" in status
        ? {
          value: {
            tokens: statusTokens(dirs.vigilHome),
            expected: STATUS_TOKENS,
            screen: status.value.screen,
            error: status.value.error,
          },
        }
        : status,
    };
    const guidance = compactionGuidance({ specConstraints: null, stateConstraints: null, stateDecisions: null }, 9_000);
    const checks = [
      ...hookChecks(evidence),
      hardDenyCheck(evidence, DENIED_COMMAND),
      promptRefusalCheck(evidence),
      taskNotificationCheck(evidence),
      stopBlockCheck(evidence, ANNOUNCE_TURN),
      preCompactCheck(evidence, guidance.split("\n")[0]),
      restoreCheck(evidence, OPENING.compact),
      statusLineCheck(evidence),
      worktreeCheck(evidence),
      interruptCheck(evidence),
      skillShellCheck(evidence),
      failClosedCheck(evidence),
      serveCheck(evidence),
    ];
    return {
      version,
      claude,
      at: started,
      durationMs: o.now() - started,
      source: ps.source,
      settingsPath,
      checks,
      ok: checks.every((c) => c.status !== "fail"),
    };
  } finally {
    await served?.stop();
    removeDirs(dirs);
  }
}

/** What the proof's serve answered (its POST /hook calls by outcome), or why there is none. */
async function serveOutcome(
  served: ProofServe | null,
  startError: string | null,
): Promise<Outcome<{ port: number; calls: Record<string, number> }>> {
  if (served === null) return startError === null ? { na: "command hooks" } : { error: startError };
  const calls = await attempt(() => served.calls());
  return "value" in calls ? { value: { port: served.port, calls: calls.value } } : calls;
}

/** Hold the sandbox store's write lock (the fail-closed check's failure); the result releases it. */
function holdStore(vigilHome: string): () => void {
  const store = openStore(join(vigilHome, "vigil.db"));
  try {
    const release = store.holdWriteLock();
    return () => {
      release();
      store.close();
    };
  } catch (e) {
    store.close();
    throw e;
  }
}
