/**
 * One case per event vigil registers (`HANDLED` in src/core/install/handled.ts), each proving
 * through the compiled binary, with a payload recorded from the real CLI, that vigil's handler
 * for that event does what the table says. The cases are a `Record` over the handled events:
 * registering a new event without its case here does not type-check, and the last test fails
 * too, so nothing is registered (and costs Claude Code a process per event) without a handler
 * that is tested.
 */
import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HANDLED, type HandledEvent } from "../../src/core/install/handled.ts";
import { allPayloads } from "../support/fixtures.ts";
import { assistant, jsonl } from "../fixtures/transcripts/records.ts";
import { testEnv, vigil } from "../support/vigil.ts";

// The newest recording of each event: the newest tested version's (2.1.337) where it recorded the
// event, else the newest older one that did (2.1.336, 2.1.332, 2.1.328).
const NEWEST_FIRST = ["2.1.337", "2.1.336", "2.1.332", "2.1.328"];
const recorded = allPayloads().filter((p) => NEWEST_FIRST.includes(p.version))
  .sort((a, b) => NEWEST_FIRST.indexOf(a.version) - NEWEST_FIRST.indexOf(b.version));

/** The newest recorded payload of `event` (optionally the one matching `pick`), pointed at our session. */
function payload(event: string, over: Record<string, unknown>, pick?: (p: Record<string, unknown>) => boolean) {
  const base = found(event, pick);
  const rest = Object.fromEntries(Object.entries(base).filter(([k]) => k !== "tool_response"));
  return JSON.stringify({ ...rest, ...over });
}

function found(event: string, pick?: (p: Record<string, unknown>) => boolean): Record<string, unknown> {
  // A main session's call: a subagent's (agent_id set) is measured, never limited. Subagent
  // events name the subagent, and count as activity of its main session.
  const main = (r: Record<string, unknown>) => event.startsWith("Subagent") || !("agent_id" in r);
  const p = recorded.find((r) => r.event === event && main(r.stdin) && (pick?.(r.stdin) ?? true));
  if (!p) throw new Error(`no recorded payload for "${event}"`);
  return p.stdin;
}

interface World {
  env: Record<string, string>;
  transcript: string;
  id: string;
  cwd: string;
}

/** A worker session whose transcript measures `tokens`, with limits low enough to cross. */
function world(tokens: number, env: Record<string, string> = {}): World {
  const dir = mkdtempSync(join(tmpdir(), "vigil-handled-"));
  const transcript = join(dir, "session.jsonl");
  writeFileSync(transcript, jsonl([assistant("msg_1", { input: tokens })]));
  return {
    env: testEnv({ VIGIL_ROLE: "worker", VIGIL_SOFT_TOKENS: "1000", VIGIL_HARD_TOKENS: "5000", ...env }),
    transcript,
    id: `sess-${Math.random().toString(36).slice(2)}`,
    cwd: dir,
  };
}

function hook(
  w: World,
  event: string,
  over: Record<string, unknown> = {},
  pick?: (p: Record<string, unknown>) => boolean,
) {
  const r = vigil(
    ["hook"],
    payload(event, { session_id: w.id, transcript_path: w.transcript, cwd: w.cwd, ...over }, pick),
    w.env,
  );
  expect(r.code).toBe(0);
  expect(r.stderr).toBe("");
  if (r.stdout === "") return null;
  return r.stdout.startsWith("{") ? JSON.parse(r.stdout) : { text: r.stdout };
}

interface StatusRow {
  session_id: string;
  state: string;
  tokens: number | null;
  awaiting: string | null;
  asleep_cause: string | null;
}

function state(w: World): StatusRow {
  const rows: StatusRow[] = JSON.parse(
    vigil(["status", "--json", "--all"], "", w.env).stdout,
  );
  const row = rows.find((x) => x.session_id === w.id);
  if (!row) throw new Error(`session "${w.id}" not in status`);
  return row;
}

/** The machine's last activity (its persisted context) after a call of `event` at `at`. */
function activityAt(w: World, event: string, at: number, over: Record<string, unknown> = {}): number | null {
  hook({ ...w, env: { ...w.env, VIGIL_NOW: String(at) } }, event, over);
  const db = new Database(join(w.env.VIGIL_HOME, "vigil.db"), { readonly: true });
  try {
    const row = db.query<{ snapshot: string }, [string]>("SELECT snapshot FROM sessions WHERE session_id = ?").get(
      w.id,
    );
    return row ? JSON.parse(row.snapshot).context.lastActivity : null;
  } finally {
    db.close();
  }
}

const T0 = Date.parse("2026-12-01T10:00:00Z");

const CASES: Record<HandledEvent, () => void> = {
  SessionStart() {
    // After a compaction, SessionStart(compact) carries the restore.
    const w = world(500);
    hook(w, "SessionStart", { source: "startup" });
    hook(w, "PreCompact", { trigger: "auto" });
    const out = hook(w, "SessionStart", { source: "compact" });
    expect(out.hookSpecificOutput.hookEventName).toBe("SessionStart");
    expect(out.hookSpecificOutput.additionalContext).toContain("vigil");
  },
  UserPromptSubmit() {
    const w = world(2_000); // over SOFT (1000), under HARD
    const out = hook(w, "UserPromptSubmit", { prompt: "Ticket #52: add the export button" });
    expect(out.decision).toBe("block");
    expect(out.reason).toContain("a new worker session is needed");
    // A harness notification still passes.
    expect(hook(w, "UserPromptSubmit", { prompt: "<task-notification>done</task-notification>" })).toBeNull();
  },
  PreToolUse() {
    const w = world(6_000); // over HARD
    const out = hook(w, "PreToolUse", { tool_name: "Bash", tool_input: { command: "npm run build" } });
    expect(out.hookSpecificOutput.permissionDecision).toBe("deny");
    expect(hook(w, "PreToolUse", { tool_name: "Bash", tool_input: { command: "git status" } })).toBeNull();
  },
  PreSkillShellCommand() {
    const w = world(6_000); // over HARD: the inline shell of a slash command gets the Bash allow-list
    const out = hook(w, "PreSkillShellCommand", { tool_input: { command: "touch shipped.txt" } });
    expect(out.hookSpecificOutput).toMatchObject({ hookEventName: "PreSkillShellCommand", permissionDecision: "deny" });
    expect(hook(w, "PreSkillShellCommand", { tool_input: { command: "git status" } })).toBeNull();
  },
  PreModelSwitch() {
    const w = world(500);
    hook(w, "SessionStart", { source: "startup" });
    hook(w, "PreModelSwitch", { to_model: "claude-sonnet-4-5", context_tokens: 2_000 });
    expect(state(w)).toMatchObject({ state: "soft", tokens: 2_000, window: 200_000, window_source: "model" });
  },
  PostModelSwitch() {
    const w = world(500);
    hook(w, "SessionStart", { source: "startup" });
    hook(w, "PostModelSwitch", { to_model: "claude-sonnet-4-5", context_tokens: 6_000 });
    expect(state(w)).toMatchObject({ state: "hard", tokens: 6_000, window: 200_000 });
  },
  PostToolUse() {
    const w = world(2_000);
    const out = hook(w, "PostToolUse");
    expect(out.hookSpecificOutput.additionalContext).toContain("new session needed");
    expect(hook(w, "PostToolUse")).toBeNull(); // once per session
  },
  PostToolUseFailure() {
    const w = world(2_000);
    const out = hook(w, "PostToolUseFailure");
    expect(out.hookSpecificOutput.hookEventName).toBe("PostToolUseFailure");
    expect(out.hookSpecificOutput.additionalContext).toContain("new session needed");
  },
  Stop() {
    const w = world(500);
    expect(vigil(["night", "on", "--force"], "", w.env).code).toBe(0);
    const out = hook(w, "Stop", {
      stop_hook_active: false,
      last_assistant_message: "I'll continue with the parser fix next.",
    });
    expect(out.decision).toBe("block");
    expect(hook(w, "Stop", { stop_hook_active: false, last_assistant_message: "AWAITING APPROVAL: merge?" }))
      .toBeNull();
  },
  SubagentStart() {
    const w = world(500);
    activityAt(w, "SessionStart", T0, { source: "startup" });
    expect(activityAt(w, "SubagentStart", T0 + 60_000)).toBe(T0 + 60_000);
  },
  SubagentStop() {
    const w = world(500);
    activityAt(w, "SessionStart", T0, { source: "startup" });
    expect(activityAt(w, "SubagentStop", T0 + 120_000, { agent_type: "general-purpose" })).toBe(T0 + 120_000);
    // The compaction's own pseudo-subagent (agent_type "") is no sign of work.
    expect(activityAt(w, "SubagentStop", T0 + 180_000, { agent_type: "" })).toBe(T0 + 120_000);
  },
  PreCompact() {
    const w = world(500);
    hook(w, "SessionStart", { source: "startup" });
    const out = hook(w, "PreCompact", { trigger: "auto" });
    expect(state(w).state).toBe("compacting");
    // Plain stdout on PreCompact reaches the summariser's instructions (contract Part B, 3).
    expect(out?.text).toContain("Constraints");
  },
  PostCompact() {
    const w = world(500);
    hook(w, "SessionStart", { source: "startup" });
    hook(w, "PreCompact", { trigger: "manual" });
    hook(w, "PostCompact", { trigger: "manual" });
    expect(state(w).state).toBe("restoring");
  },
  StopFailure() {
    // A usage limit ends the turn with StopFailure (no Stop): the session sleeps until the reset.
    const w = world(500);
    hook(w, "SessionStart", { source: "startup" });
    hook(w, "StopFailure", { error: "rate_limit" });
    expect(state(w).asleep_cause).toBe("rate_limit");
  },
  Interrupt() {
    const w = world(500);
    hook(w, "SessionStart", { source: "startup" });
    // An orchestrator stopping its worker is recorded; nobody is awaited.
    hook(w, "Interrupt", { source: "session", reason: "stop", via: "client" });
    expect(state(w).awaiting).toBeNull();
    // A person's interrupt leaves the session awaiting that person, until a person's prompt.
    hook(w, "Interrupt", { source: "user", reason: "stop", via: "terminal" });
    expect(state(w).awaiting).toBe("interrupt");
    hook(w, "UserPromptSubmit", { prompt: "now fix the parser" });
    expect(state(w).awaiting).toBeNull();
    const db = new Database(join(w.env.VIGIL_HOME, "vigil.db"), { readonly: true });
    try {
      const rows = db.query<{ detail: string }, [string]>(
        "SELECT detail FROM events WHERE kind = 'interrupted' AND session_id = ? ORDER BY id",
      ).all(w.id);
      expect(rows.map((r) => JSON.parse(r.detail).source)).toEqual(["session", "user"]);
    } finally {
      db.close();
    }
  },
  SessionEnd() {
    const w = world(500);
    hook(w, "SessionStart", { source: "startup" });
    hook(w, "SessionEnd", { reason: "prompt_input_exit" });
    expect(state(w).state).toBe("dead");
  },
};

describe("every event vigil registers has a handler, proven through the binary", () => {
  test.each(HANDLED.map((h) => [h.event, h.does] as const))("%s: %s", (event) => {
    CASES[event]();
  });

  test("the cases are exactly the handled events", () => {
    expect(Object.keys(CASES).sort()).toEqual(HANDLED.map((h) => h.event).sort());
  });
});
