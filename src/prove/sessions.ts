/**
 * The scripted sessions a proof drives, each in its own work dir of one sandbox (one HOME, one
 * VIGIL_HOME, so vigil's record of every hook call ends up in one database). Each returns the
 * raw evidence its checks read: what the model was shown, what the CLI printed, what vigil
 * recorded. The scripts are the product's own, not the e2e suite's: they stay short, so the
 * proof can run after every update.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ApiRequest } from "./fake-api/api-request.ts";
import { allText } from "./fake-api/api-request.ts";
import { bash, contextOf, type Reply, text, toolUse } from "./fake-api/scenario.ts";
import { startFakeApi } from "./fake-api/server.ts";
import { type InterruptResult, runInterrupted } from "./interrupt-session.ts";
import { type PrintResult, runPrint } from "./print-session.ts";
import { offlineEnv, type ProveDirs } from "./sandbox.ts";
import { seedClaudeJson, startPane, TUI_READY } from "./tmux-pane.ts";

export interface SessionEnv {
  /** The argv prefix that starts the user's Claude Code. */
  claude: string[];
  /** The vigil binary the hooks run (for `vigil night on` in the sandbox). */
  vigil: string;
  dirs: ProveDirs;
  path: string;
  /** Put in front of every CLI argv (strace in the tests). */
  wrapper?: string[];
}

/**
 * Fixed limits and language, whatever the user configured: the checks look for these texts.
 * The limits sit well below the smallest window (200k; 2.1.88 compacts near 185k), so no
 * compaction interferes with the guard.
 */
export const GUARD_ENV = {
  VIGIL_ROLE: "worker",
  VIGIL_SOFT_TOKENS: "60000",
  VIGIL_HARD_TOKENS: "80000",
  VIGIL_LANGUAGE: "en",
};

/**
 * The command the HARD check expects to be denied: a write outside the handoff globs, and
 * harmless when a broken guard lets it run (npm would contact its registry).
 */
export const DENIED_COMMAND = "touch hard-limit-probe";

/** The announcement the Stop gate must send back in unattended mode, and its turn in the script. */
export const ANNOUNCE = "I'll continue with the parser fix next.";
export const ANNOUNCE_TURN = 1;

/** The scripted summary, so the first request after the compaction can be told apart. */
export const SUMMARY_MARKER = "VIGIL_PROVE_SUMMARY";

/** What the statusLine check reports as the context (input + cache read). */
export const STATUS_TOKENS = 50_000;

function workDir(env: SessionEnv, name: string): string {
  const d = join(env.dirs.cwd, name);
  mkdirSync(d, { recursive: true });
  return d;
}

function print(env: SessionEnv, o: Omit<Parameters<typeof runPrint>[0], "claude" | "dirs" | "path" | "wrapper">) {
  return runPrint({ claude: env.claude, dirs: env.dirs, path: env.path, wrapper: env.wrapper, ...o });
}

export interface GuardEvidence {
  work: PrintResult;
  /** The resumed session with a person's new instruction (should never reach the API). */
  prompt: PrintResult | null;
  /** The resumed session running SKILL_COMMAND at HARD (where the version has PreSkillShellCommand). */
  skill: SkillEvidence | null;
}

export interface SkillEvidence {
  run: PrintResult;
  /** Whether the denied `!` line ran after all (SKILL_PROBE exists). */
  ran: boolean;
}

/**
 * A project slash command whose inline `!` shell writes SKILL_PROBE: that shell never goes
 * through PreToolUse, only PreSkillShellCommand (2.1.332 on), so at HARD vigil must deny it
 * there. The proof's config lets the command through the prompt guard (`passCommands`), as a
 * user's own `/ship` would be: its shell is then the only way past HARD.
 */
export const SKILL_COMMAND = "vigil-prove-ship";
export const SKILL_PROBE = "skill-probe";

/** The config.toml of the proof's sandbox: the defaults, with SKILL_COMMAND as a pass command. */
export function proofConfig(passCommands: readonly string[]): string {
  return `passCommands = [${[...passCommands, `/${SKILL_COMMAND}`].map((c) => JSON.stringify(c)).join(", ")}]\n`;
}

/**
 * A worker climbs over SOFT and HARD and asks for DENIED_COMMAND (must be denied), then starts a
 * background task and waits for it in the foreground, so its `<task-notification>` (which must
 * pass) comes before the turn ends however slow the machine is: `-p` does not wait for a task
 * still running when the turn ends. Then a person's new instruction on resume (must be refused
 * before any request).
 */
export async function guardSessions(env: SessionEnv, opts: { skill: boolean }): Promise<GuardEvidence> {
  const cwd = workDir(env, "guard");
  const work = await print(env, {
    cwd,
    prompt: "Fix the CSV parser ticket",
    env: GUARD_ENV,
    scenario: {
      turns: [
        bash("echo one", contextOf(20_000)),
        bash("echo two", contextOf(65_000)),
        // The CLI writes the transcript asynchronously: a harmless call first makes the 85k
        // record certain to be on disk when the next command is judged.
        bash("echo checkpoint", contextOf(85_000)),
        bash(DENIED_COMMAND, contextOf(86_000)),
        toolUse(
          "Bash",
          { command: "sleep 1; echo built", run_in_background: true, description: "build" },
          contextOf(87_000),
        ),
        bash("sleep 3", contextOf(87_500)),
        text("Handoff noted: new session needed.", contextOf(88_000)),
      ],
      fallback: text("Noted the finished build.", contextOf(88_500)),
    },
  });
  if (work.sessionId === "") return { work, prompt: null, skill: null };
  const prompt = await print(env, {
    cwd,
    prompt: "Also refactor the CSV writer",
    args: ["--resume", work.sessionId],
    env: GUARD_ENV,
    scenario: { turns: [text("This instruction reached the model.")] },
  });
  if (!opts.skill) return { work, prompt, skill: null };
  mkdirSync(join(cwd, ".claude", "commands"), { recursive: true });
  writeFileSync(
    join(cwd, ".claude", "commands", `${SKILL_COMMAND}.md`),
    `---\ndescription: ship\n---\nRelease: !\`touch ${SKILL_PROBE}\`\n`,
  );
  const skill = await print(env, {
    cwd,
    prompt: `/${SKILL_COMMAND}`,
    args: ["--resume", work.sessionId],
    env: GUARD_ENV,
    scenario: { turns: [text("Shipped?", contextOf(89_000))] },
  });
  return { work, prompt, skill: { run: skill, ran: existsSync(join(cwd, SKILL_PROBE)) } };
}

export interface FailClosedEvidence {
  run: PrintResult;
  /** The command refused only because vigil failed, and whether it ran after all. */
  command: string;
}

/** What the fail-closed session asks for at HARD: allowed there, so only vigil's failure can refuse it. */
export const FAIL_CLOSED_COMMAND = "echo fail-closed-probe";

/**
 * A worker at HARD whose next tool call comes while another writer holds vigil's store
 * (`hold`, released at the model's next request) longer than the registration's timeout
 * lets vigil wait: a fail-closed registration must block the call, a fail-open one lets it
 * run. Run alone: the held store would fail every other session's hooks meanwhile.
 */
export async function failClosedSession(env: SessionEnv, hold: () => () => void): Promise<FailClosedEvidence> {
  let release: (() => void) | null = null;
  const free = () => {
    release?.();
    release = null;
  };
  try {
    const run = await print(env, {
      cwd: workDir(env, "fail-closed"),
      prompt: "Fix the CSV parser ticket",
      env: GUARD_ENV,
      scenario: {
        turns: [
          bash("echo checkpoint", contextOf(85_000)),
          () => {
            release = hold();
            return bash(FAIL_CLOSED_COMMAND, contextOf(86_000));
          },
          () => {
            free();
            return text("Handoff noted: new session needed.", contextOf(87_000));
          },
        ],
      },
    });
    return { run, command: FAIL_CLOSED_COMMAND };
  } finally {
    free();
  }
}

/** Unattended mode on for this work dir, then a failing command and a turn that ends announcing work. */
export async function stopSession(env: SessionEnv): Promise<PrintResult> {
  const cwd = workDir(env, "stop");
  // The proof's sandbox has no watch schedule nor notifier, and proves only the Stop gate.
  const night = Bun.spawnSync([env.vigil, "night", "on", "--scope", cwd, "--force"], {
    cwd,
    env: { PATH: env.path, HOME: env.dirs.home, VIGIL_HOME: env.dirs.vigilHome, TZ: "UTC", NO_COLOR: "1" },
    stdout: "pipe",
    stderr: "pipe",
  });
  if (night.exitCode !== 0) throw new Error(`vigil night on failed: "${night.stderr.toString().trim()}"`);
  return await print(env, {
    cwd,
    prompt: "Fix the CSV parser ticket",
    env: { VIGIL_LANGUAGE: "en" },
    scenario: {
      turns: [
        // a failing command first: PostToolUseFailure, where the version has it
        bash("exit 3"),
        text(`The failing test is in the quoting path. ${ANNOUNCE}`),
        text("Parser fixed; tests pass."),
      ],
    },
  });
}

/**
 * Usage climbs past a small auto-compaction window until a summary request comes (the CLI may
 * let one PreCompact pass without compacting, so the script does not say when), then two turns.
 */
export async function compactSession(env: SessionEnv): Promise<PrintResult> {
  let climb = 0, after = 0;
  const afterTurns: Reply[] = [bash("echo after the compaction", contextOf(30_000)), text("Done.", contextOf(31_000))];
  return await print(env, {
    cwd: workDir(env, "compact"),
    prompt: "Fix the CSV parser",
    env: { VIGIL_LANGUAGE: "en", CLAUDE_CODE_AUTO_COMPACT_WINDOW: "100000" },
    scenario: {
      turns: [],
      summary: `<summary>\n${SUMMARY_MARKER}: the user asked for the CSV parser fix.\n</summary>`,
      fallback: (req: ApiRequest) => {
        if (allText(req).includes(SUMMARY_MARKER)) return afterTurns[after++] ?? text("Done.");
        climb += 1;
        return climb > 8
          ? text("No compaction came.")
          : bash(`echo step ${climb}`, contextOf(110_000 + climb * 10_000));
      },
    },
  });
}

export interface StatusEvidence {
  /** The screen once the reply was drawn and vigil had the numbers (or at the timeout). */
  screen: string;
  sessionId: string;
  /** Why the run did not finish (timeout, tmux failure), else null. */
  error: string | null;
}

/**
 * The TUI under a private tmux server: one reply whose usage is STATUS_TOKENS; done when the
 * reply is on screen and `seen()` (vigil recorded the statusLine's numbers) holds.
 */
export async function statusSession(
  env: SessionEnv,
  seen: () => string | null,
  // Only a failure waits this long. 2.1.88's TUI (node) once drew nothing in 45 s at load average 27 on 2 cores.
  timeoutMs = 90_000,
): Promise<StatusEvidence> {
  const cwd = workDir(env, "tui");
  const fake = startFakeApi({ turns: [text("Hi from the proof.", contextOf(STATUS_TOKENS, 25))] });
  seedClaudeJson(env.dirs.home, cwd);
  const pane = startPane({
    socket: join(env.dirs.root, "tmux.sock"),
    cwd,
    env: offlineEnv(env.dirs, fake.url, { path: env.path, extra: { TERM: "xterm-256color", VIGIL_LANGUAGE: "en" } }),
    argv: [...(env.wrapper ?? []), ...env.claude, "--dangerously-skip-permissions"],
  });
  let screen = "", sessionId: string | null = null, error: string | null = null;
  try {
    const deadline = Date.now() + timeoutMs;
    await pane.waitFor((s) => TUI_READY.test(s), deadline);
    await pane.type("hello there", deadline);
    await pane.waitFor((s) => s.includes("Hi from the proof."), deadline);
    // The reply is drawn: the statusLine has had its numbers; give vigil a few seconds to store them.
    screen = await pane.waitFor(() => (sessionId = seen()) !== null, Math.min(deadline, Date.now() + 5_000));
  } catch (e) {
    error = e instanceof Error ? e.message.split("\n")[0] : String(e);
    screen = pane.capture();
  } finally {
    await pane.stop();
    fake.stop();
  }
  return { screen, sessionId: sessionId ?? "", error };
}

/** A headless turn interrupted mid-answer by an unmarked interrupt request: a person's (2.1.336 on). */
export async function interruptSession(env: SessionEnv): Promise<InterruptResult> {
  return await runInterrupted({
    claude: env.claude,
    dirs: env.dirs,
    path: env.path,
    cwd: workDir(env, "interrupt"),
    env: { VIGIL_LANGUAGE: "en" },
    wrapper: env.wrapper,
  });
}

export interface WorktreeEvidence {
  run: PrintResult;
  /** Whether `.claude/worktrees/<name>` exists afterwards. */
  created: boolean;
  name: string;
}

/** `claude -p --worktree` in a fresh git repository with one commit. */
export async function worktreeSession(env: SessionEnv, git: string): Promise<WorktreeEvidence> {
  const repo = workDir(env, "repo");
  const gitEnv = { PATH: env.path, HOME: env.dirs.home, GIT_CONFIG_NOSYSTEM: "1", TZ: "UTC" };
  const steps = [
    ["init", "-q"],
    ["-c", "user.name=vigil", "-c", "user.email=prove@vigil.invalid", "commit", "-q", "--allow-empty", "-m", "init"],
  ];
  for (const args of steps) {
    const p = Bun.spawnSync([git, ...args], { cwd: repo, env: gitEnv, stdout: "pipe", stderr: "pipe" });
    if (p.exitCode !== 0) throw new Error(`git ${args.at(-1)} failed: "${p.stderr.toString().trim()}"`);
  }
  const name = "vigil-prove";
  const run = await print(env, {
    cwd: repo,
    prompt: "check",
    args: ["--worktree", name],
    env: { VIGIL_LANGUAGE: "en" },
    scenario: { turns: [text("Checked.")] },
  });
  return { run, created: existsSync(join(repo, ".claude", "worktrees", name)), name };
}
