/**
 * The proof's verdicts: one line per check, pass / fail / n/a, with the evidence and, for a
 * failure, the fix or the version note. Pure: everything the sessions produced comes in as data,
 * so each verdict is tested on its own.
 */
import { EV, eventsWhere } from "../core/claude-events.ts";
import { allText, type ApiRequest, lastUserText, stopFeedback, toolResults } from "./fake-api/api-request.ts";

export type CheckStatus = "pass" | "fail" | "n/a";

export interface CheckResult {
  /** Stable id: `hook:<Event>`, `hard-deny`, `prompt-refusal`, `task-notification`, `stop-block`, … */
  id: string;
  status: CheckStatus;
  evidence: string;
  /** What to do about a failure (null unless failed). */
  fix: string | null;
}

/** A session's evidence, or why there is none: it failed to run, or does not apply here. */
export type Outcome<T> = { value: T } | { error: string } | { na: string };

/** What one print-mode session left: the model's requests and the CLI's own output. */
export interface PrintEvidence {
  exitCode: number;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  requests: ApiRequest[];
}

export interface ProveEvidence {
  version: string;
  /** The events `vigil install` registers for this version; those the proof's settings carry. */
  expected: readonly string[];
  registered: readonly string[];
  statusLineWired: boolean;
  /** `hook_event_name` of every hook call vigil recorded, with repeats. */
  fired: readonly string[];
  /** vigil's own decisions recorded in the sandbox (`guard` events' `decision`/`verdict`). */
  refused: boolean;
  harnessPassed: boolean;
  guard: Outcome<{ work: PrintEvidence; prompt: PrintEvidence | null }>;
  stop: Outcome<PrintEvidence>;
  compact: Outcome<PrintEvidence>;
  /** The statusLine's context numbers as vigil stored them, and the screen. */
  status: Outcome<{ tokens: number | null; expected: number; screen: string; error: string | null }>;
  worktree: Outcome<{ run: PrintEvidence; created: boolean; name: string }>;
  /** A person's interrupt mid-answer, and what vigil's machine made of it (where the version has Interrupt). */
  interrupt: Outcome<{ run: PrintEvidence; awaiting: string | null }>;
  /** A slash command's `!` shell at HARD (where the version has PreSkillShellCommand), and whether it ran. */
  skill: Outcome<{ run: PrintEvidence; ran: boolean }>;
  /** Events registered `onFailure: "block"` (`install --fail-closed`), and a tool call made while vigil failed. */
  failClosedEvents: readonly string[];
  failClosed: Outcome<{ run: PrintEvidence; command: string }>;
  /** An `--http` install: its events, and the POST /hook calls the proof's serve answered, by outcome. */
  httpEvents: readonly string[];
  serve: Outcome<{ port: number; calls: Record<string, number> }>;
}

/** Events the proof's scripted sessions reach (`proved` rows; each only where the version has it). */
export const REACHED_EVENTS = eventsWhere((r) => r.proved === true);

const REINSTALL = "run `vigil install` (it registers the events vigil handles that this Claude Code version knows)";
const REPORT =
  "if vigil's hook ran, this Claude Code version changed the channel: report it with `vigil doctor --prove --json`";

const pass = (id: string, evidence: string): CheckResult => ({ id, status: "pass", evidence, fix: null });
const fail = (id: string, evidence: string, fix: string): CheckResult => ({ id, status: "fail", evidence, fix });
const na = (id: string, evidence: string): CheckResult => ({ id, status: "n/a", evidence, fix: null });

const mains = (p: PrintEvidence) => p.requests.filter((q) => q.kind === "main");
const firstLine = (s: string) => s.trim().split("\n")[0]?.slice(0, 200) ?? "";

/** A session that could not run fails its check (or is n/a), with why. */
function unproven<T>(id: string, o: Outcome<T>): CheckResult | null {
  if ("error" in o) return fail(id, `the scripted session failed: ${o.error}`, REPORT);
  if ("na" in o) return na(id, o.na);
  return null;
}

function cliFailed(id: string, p: PrintEvidence): CheckResult | null {
  if (p.timedOut) return fail(id, "Claude Code did not finish the scripted session", REPORT);
  if (p.exitCode !== 0) return fail(id, `Claude Code exited ${p.exitCode}: ${firstLine(p.stderr)}`, REPORT);
  return null;
}

/**
 * Judge one print session's evidence with `fn`, once there is some: a session that did not
 * run, or whose CLI failed, gets that verdict instead.
 */
function judge<T>(
  id: string,
  o: Outcome<T>,
  pick: (v: T) => PrintEvidence,
  fn: (run: PrintEvidence) => CheckResult,
): CheckResult {
  const skip = unproven(id, o);
  if (skip || !("value" in o)) return skip ?? na(id, "");
  const run = pick(o.value);
  return cliFailed(id, run) ?? fn(run);
}

/** One line per event the sessions reach (and any other that fired); the rest as one n/a line. */
export function hookChecks(e: ProveEvidence): CheckResult[] {
  const counts = new Map<string, number>();
  for (const ev of e.fired) counts.set(ev, (counts.get(ev) ?? 0) + 1);
  const reached = REACHED_EVENTS.filter((ev) => e.expected.includes(ev) || e.registered.includes(ev));
  const events = [...reached, ...[...counts.keys()].filter((ev) => !reached.some((r) => r === ev))];
  const out = events.map((ev) => {
    const id = `hook:${ev}`;
    const n = counts.get(ev) ?? 0;
    if (n > 0) return pass(id, `vigil ran ${n} time${n === 1 ? "" : "s"}`);
    if (!e.registered.includes(ev)) return fail(id, `vigil is not registered for ${ev} in settings.json`, REINSTALL);
    return fail(
      id,
      `registered, but Claude Code ${e.version} never ran it`,
      "run `vigil doctor`: before 2.1.101 one event name the version does not know turns off every hook",
    );
  });
  const rest = e.registered.filter((ev) => !events.includes(ev));
  if (rest.length > 0) {
    out.push(na("hook:others", `registered, not reached by the scripted sessions: ${rest.join(", ")}`));
  }
  return out;
}

/** A HARD PreToolUse deny reaches the model as an error tool result naming vigil's reason. */
export function hardDenyCheck(e: ProveEvidence, command: string): CheckResult {
  const id = "hard-deny";
  return judge(id, e.guard, (g) => g.work, (work) => {
    const results = mains(work).flatMap(toolResults);
    const denied = results.find((t) => t.isError && t.content.includes("vigil:") && t.content.includes("hard limit"));
    if (denied) return pass(id, `"${command}" came back as an error tool result: "${denied.content.slice(0, 90)}…"`);
    return fail(
      id,
      results.length > 0
        ? `"${command}" at the hard limit was not denied: the model got its output`
        : "no tool result reached the model",
      e.registered.includes(EV.PreToolUse) ? REPORT : REINSTALL,
    );
  });
}

/** A person's new instruction over SOFT never reaches the model, and vigil says why. */
export function promptRefusalCheck(e: ProveEvidence): CheckResult {
  const id = "prompt-refusal";
  if ("value" in e.guard && e.guard.value.prompt === null) {
    return fail(id, "the worker session left no session id to resume", REPORT);
  }
  return judge(id, e.guard, (g) => g.prompt ?? g.work, (p) => {
    const reached = mains(p).length;
    if (reached === 0 && e.refused) return pass(id, "the new instruction was refused and no request reached the model");
    if (reached === 0) return fail(id, "no request was made, but vigil recorded no refusal", REPORT);
    return fail(
      id,
      `the new instruction reached the model (${reached} request${reached === 1 ? "" : "s"})`,
      e.registered.includes(EV.UserPromptSubmit) ? REPORT : REINSTALL,
    );
  });
}

/** A background task's `<task-notification>` turn still reaches the model over SOFT. */
export function taskNotificationCheck(e: ProveEvidence): CheckResult {
  const id = "task-notification";
  return judge(id, e.guard, (g) => g.work, (work) => {
    // Where it lands depends on timing: a new turn, or queued into the running one.
    if (mains(work).some((q) => allText(q).includes("<task-notification>"))) {
      return pass(id, "the task notification reached the model past the soft and hard limits");
    }
    if (e.harnessPassed) {
      return fail(id, "vigil let the notification pass, but its turn never reached the model", REPORT);
    }
    return na(id, `Claude Code ${e.version} sent no <task-notification> for the background task in -p`);
  });
}

/**
 * In unattended mode a turn that ends announcing work (the scripted turn `announceTurn`) is
 * sent back with vigil's reason: the request after it carries the Stop hook feedback.
 */
export function stopBlockCheck(e: ProveEvidence, announceTurn: number): CheckResult {
  const id = "stop-block";
  return judge(id, e.stop, (r) => r, (run) => {
    const all = mains(run);
    const at = all.findIndex((q) => q.turn === announceTurn);
    if (at < 0) return fail(id, "the scripted session never reached its announcement", REPORT);
    const next = all[at + 1];
    const text = next ? lastUserText(next) : "";
    const reason = stopFeedback(text);
    if (reason?.startsWith("vigil (unattended mode)")) {
      const shape = text.startsWith("<system-reminder>") ? "in a system-reminder" : "bare";
      return pass(id, `the model continued with "Stop hook feedback:" (${shape}): "${reason.slice(0, 70)}…"`);
    }
    if (!next) {
      return fail(
        id,
        "the turn ended after announcing work: no continuation request",
        e.registered.includes(EV.Stop) ? REPORT : REINSTALL,
      );
    }
    return fail(id, `the model continued without vigil's reason: "${firstLine(text).slice(0, 80)}"`, REPORT);
  });
}

function compactRequest(p: PrintEvidence): ApiRequest | undefined {
  return p.requests.find((q) => q.kind === "compact");
}

const NO_COMPACTION = "no compaction request came";
const COMPACT_NOTE = "this Claude Code version may no longer honour CLAUDE_CODE_AUTO_COMPACT_WINDOW: " + REPORT;

/** PreCompact's plain stdout (vigil's guidance) is in the summarisation request. */
export function preCompactCheck(e: ProveEvidence, guidanceStart: string): CheckResult {
  const id = "precompact-guidance";
  return judge(id, e.compact, (r) => r, (run) => {
    const c = compactRequest(run);
    if (!c) return fail(id, NO_COMPACTION, COMPACT_NOTE);
    const t = lastUserText(c);
    if (t.includes(guidanceStart)) {
      const via = t.includes(`Additional Instructions:\n${guidanceStart}`) ? ` as "Additional Instructions:"` : "";
      return pass(id, `vigil's guidance is in the summarisation request${via}`);
    }
    return fail(
      id,
      "the summarisation request carries no guidance from vigil",
      e.registered.includes(EV.PreCompact) ? REPORT : REINSTALL,
    );
  });
}

/** SessionStart(compact)'s restore is in the first request after the compaction. */
export function restoreCheck(e: ProveEvidence, opening: string): CheckResult {
  const id = "compact-restore";
  return judge(id, e.compact, (r) => r, (run) => {
    const c = compactRequest(run);
    if (!c) return fail(id, NO_COMPACTION, COMPACT_NOTE);
    const first = mains(run).find((q) => q.index > c.index);
    if (!first) return fail(id, "no request followed the compaction", REPORT);
    if (allText(first).includes(opening)) {
      return pass(id, "vigil's restore is in the first request after the compaction");
    }
    const later = mains(run).some((q) => q.index > first.index && allText(q).includes(opening));
    return fail(
      id,
      later ? "the restore came, but not in the first request after the compaction" : "no restore reached the model",
      e.registered.includes(EV.SessionStart) ? REPORT : REINSTALL,
    );
  });
}

/** The statusLine runs in the TUI and vigil recorded the numbers Claude Code gave it. */
export function statusLineCheck(e: ProveEvidence): CheckResult {
  const id = "statusline";
  if (!e.statusLineWired) {
    return fail(
      id,
      "vigil's statusLine is not in settings.json",
      "run `vigil install` (`--wrap-statusline` keeps yours)",
    );
  }
  const skip = unproven(id, e.status);
  if (skip || !("value" in e.status)) return skip ?? na(id, "");
  const s = e.status.value;
  if (s.tokens === s.expected) {
    const line = s.screen.split("\n").find((l) => /vigil \w+ [│|]/.test(l))?.trim();
    return pass(
      id,
      `vigil recorded ${s.tokens} tokens from the statusLine${line ? `; the screen shows "${line}"` : ""}`,
    );
  }
  const why = s.tokens === null
    ? "vigil recorded no statusLine numbers"
    : `vigil recorded ${s.tokens}, not ${s.expected}`;
  return fail(id, `${why}${s.error ? ` (${s.error})` : ""}`, REPORT);
}

/** `claude --worktree` still creates its worktree with vigil installed. */
export function worktreeCheck(e: ProveEvidence): CheckResult {
  const id = "worktree";
  const skip = unproven(id, e.worktree);
  if (skip || !("value" in e.worktree)) return skip ?? na(id, "");
  const w = e.worktree.value;
  if (/unknown option.*--worktree/i.test(w.run.stderr)) return na(id, `Claude Code ${e.version} has no --worktree`);
  if (w.run.exitCode === 0 && w.created) {
    return pass(id, `created .claude/worktrees/${w.name} and ran the session there`);
  }
  const said = firstLine(w.run.stderr);
  const hooked = said.includes(EV.WorktreeCreate) || e.registered.includes(EV.WorktreeCreate);
  return fail(
    id,
    `claude --worktree exited ${w.run.exitCode}${said ? `: ${said}` : ""}`,
    hooked
      ? "a WorktreeCreate hook replaces Claude Code's own worktree creation: remove vigil's WorktreeCreate and WorktreeRemove entries from settings.json"
      : REPORT,
  );
}

/**
 * A person's interrupt (2.1.336 on: no Stop fires on an interrupted turn) leaves the session
 * awaiting that person, so the watch never nudges it. n/a where the version has no Interrupt.
 */
export function interruptCheck(e: ProveEvidence): CheckResult {
  const id = "interrupt";
  if (!e.expected.includes(EV.Interrupt)) return na(id, `Claude Code ${e.version} sends no Interrupt event`);
  const skip = unproven(id, e.interrupt);
  if (skip || !("value" in e.interrupt)) return skip ?? na(id, "");
  const { run, awaiting } = e.interrupt.value;
  if (run.timedOut) return fail(id, "Claude Code did not finish the interrupted session", REPORT);
  if (!e.registered.includes(EV.Interrupt)) return fail(id, "vigil is not registered for Interrupt", REINSTALL);
  if (awaiting === "interrupt") return pass(id, "a person's interrupt left the session awaiting that person");
  return fail(
    id,
    e.fired.includes(EV.Interrupt)
      ? `vigil ran on Interrupt, but the session awaits ${awaiting ?? "nobody"}`
      : "Claude Code never ran vigil's Interrupt hook on an interrupted turn",
    REPORT,
  );
}

/**
 * At HARD a slash command's inline `!` shell, which never goes through PreToolUse, is denied on
 * PreSkillShellCommand: the line is not run and the model reads that vigil blocked it.
 */
export function skillShellCheck(e: ProveEvidence): CheckResult {
  const id = "skill-shell";
  if (!e.expected.includes(EV.PreSkillShellCommand) && !e.registered.includes(EV.PreSkillShellCommand)) {
    return na(id, `Claude Code ${e.version} has no PreSkillShellCommand: a skill's \`!\` shell runs unguarded there`);
  }
  return judge(id, e.skill, (s) => s.run, (run) => {
    const ran = "value" in e.skill && e.skill.value.ran;
    const text = mains(run).map(allText).join("\n");
    const blocked = /\[not run: blocked by hook: [^\]]*hard limit/.exec(text);
    if (!ran && blocked) return pass(id, `the skill's \`!\` line was not run at HARD: "${blocked[0].slice(0, 90)}…"`);
    const fix = e.registered.includes(EV.PreSkillShellCommand) ? REPORT : REINSTALL;
    if (ran) return fail(id, "the skill's `!` line ran at HARD", fix);
    return fail(
      id,
      mains(run).length === 0 ? "the skill's turn never reached the model" : "no denial reached the model",
      fix,
    );
  });
}

/**
 * A fail-closed registration (`vigil install --fail-closed`) blocks a tool call that vigil
 * could not judge (its store held by another writer past the registration's timeout); n/a for
 * the default fail-open install.
 */
export function failClosedCheck(e: ProveEvidence): CheckResult {
  const id = "fail-closed";
  if (!e.failClosedEvents.includes(EV.PreToolUse)) {
    return na(
      id,
      "fail-open install (the default): when vigil fails, tool calls run; `vigil install --fail-closed` blocks them",
    );
  }
  return judge(id, e.failClosed, (f) => f.run, (run) => {
    const command = "value" in e.failClosed ? e.failClosed.value.command : "";
    // The call made while vigil failed is the session's last: its result is the last one shown.
    const last = mains(run).at(-1);
    const result = last ? toolResults(last).at(-1) : undefined;
    if (!result) return fail(id, `"${command}" never came back to the model`, REPORT);
    const said = firstLine(result.content).slice(0, 90);
    if (result.isError && CLOSED.test(result.content)) {
      return pass(id, `with vigil failing, "${command}" was blocked: "${said}…"`);
    }
    return fail(
      id,
      result.isError
        ? `"${command}" was refused, but not for vigil's failure: "${said}"`
        : `with vigil failing, "${command}" ran although the registration is fail-closed`,
      REPORT,
    );
  });
}

/** How a blocked call reads when vigil failed: its own refusal, or Claude Code's onFailure block. */
const CLOSED = /failed closed|도구 호출을 막았습니다|ツール呼び出しを止めました|onFailure is "block"/;

/**
 * An `--http` install is proven as installed: its HTTP hooks went to a real `vigil serve` (the
 * proof's own, on 127.0.0.1) and it answered them; n/a for command hooks.
 */
export function serveCheck(e: ProveEvidence): CheckResult {
  const id = "http-serve";
  if (e.httpEvents.length === 0) return na(id, "command hooks: no HTTP hook to prove");
  const skip = unproven(id, e.serve);
  if (skip || !("value" in e.serve)) return skip ?? na(id, "");
  const { port, calls } = e.serve.value;
  const answered = (calls.ok ?? 0) + (calls.error ?? 0) + (calls.closed ?? 0);
  if (answered === 0) {
    return fail(
      id,
      `vigil serve on 127.0.0.1:${port} received no hook call from ${e.httpEvents.length} HTTP hooks`,
      REPORT,
    );
  }
  const failedOpen = calls.error ?? 0;
  return pass(
    id,
    `vigil serve on 127.0.0.1:${port} answered ${answered} HTTP hook calls (${e.httpEvents.length} events registered as http${
      failedOpen > 0 ? `; ${failedOpen} failed open` : ""
    })`,
  );
}
