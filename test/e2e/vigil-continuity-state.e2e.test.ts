/**
 * Saving state before a compaction, with the real CLI (issues 3 and 5): the early warning at
 * 60% of the window comes once per compaction cycle, across tool calls and a resumed turn; and
 * the `/pre-compact-save` skill's own command, run by the real Bash tool, saves the state
 * under the calling session's id (Claude Code passes `CLAUDE_CODE_SESSION_ID` to its tools).
 */
import { expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { allText, toolResults } from "./api-request.ts";
import { REPO_ROOT } from "./cli.ts";
import { E2E_TIMEOUT_MS, runClaude } from "./runner.ts";
import { createSandbox, removeSandbox, type Sandbox } from "./sandbox.ts";
import { bash, contextOf, text } from "./scenario.ts";
import { count, mains, stateFiles, vigil, WARNING } from "./vigil-continuity.ts";
import { vigilEvents } from "./vigil-db.ts";

/**
 * Whether the session's transcript holds, in a complete line, an assistant record whose usage
 * sums to `tokens` of context (the session's id is not known before it ends).
 */
function holdsContext(s: Sandbox, tokens: number): boolean {
  const projects = join(s.home, ".claude", "projects");
  for (const slug of existsSync(projects) ? readdirSync(projects) : []) {
    for (const f of readdirSync(join(projects, slug)).filter((n) => n.endsWith(".jsonl"))) {
      const lines = readFileSync(join(projects, slug, f), "utf8").split("\n");
      lines.pop(); // a line still being written
      for (const line of lines) {
        if (!line.includes('"assistant"')) continue;
        const u = JSON.parse(line).message?.usage;
        const sum = u ? u.input_tokens + (u.cache_read_input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0) : 0;
        if (sum === tokens) return true;
      }
    }
  }
  return false;
}

test("early warning: once past 60% of the 200k window, not again on later tool calls or a resumed turn", async () => {
  // The model's own window is 1M; a 200k auto-compact window is what this session runs in
  // (and what vigil takes as its window when no statusLine runs, issue 14).
  const env = { CLAUDE_CODE_AUTO_COMPACT_WINDOW: "200000" };
  const s = createSandbox();
  const first = await runClaude({
    prompt: "Fix the CSV parser",
    env,
    sandbox: s,
    scenario: {
      turns: [
        bash("echo one", contextOf(100_000)),
        bash("echo two", contextOf(125_000)), // 62.5% of 200k, measured at this tool call
        // Claude Code writes the transcript late (observed: 2.1.337 wrote the records of "two"
        // and "three" only after the PostToolUse of "three"). A model that answers later than
        // the file is written: 125k is on disk before "three" runs.
        () => {
          for (let i = 0; i < 200 && !holdsContext(s, 125_000); i++) Bun.sleepSync(50);
          return bash("echo three", contextOf(130_000));
        },
        text("Fixed.", contextOf(131_000)),
      ],
    },
  }).catch((e) => {
    removeSandbox(s);
    throw e;
  });
  try {
    expect(first.exitCode).toBe(0);
    const shown = mains(first);
    // The CLI writes the transcript on a 100 ms timer (claude-code-contract.md): the PostToolUse
    // of "two" may run before 125k is on disk, and then the warning comes with "three" (whose
    // request waited for it).
    const warned = vigilEvents(first.vigilHome).filter((e) => e.kind === "continuity" && e.detail.action === "warn");
    expect(warned.length).toBe(1);
    const tokens = Number(warned[0].detail.tokens);
    expect([125_000, 130_000]).toContain(tokens);
    const counts = shown.map((q) => count(allText(q), WARNING));
    const at = counts.indexOf(1);
    expect([2, 3]).toContain(at);
    expect(counts).toEqual(counts.map((_, i) => (i < at ? 0 : 1)));
    expect(allText(shown[at])).toContain(`(${tokens.toLocaleString("en-US")} of 200,000 tokens)`);

    const next = await runClaude({
      prompt: "Also handle quoted newlines",
      resume: first,
      env,
      scenario: { turns: [bash("echo four", contextOf(135_000)), text("Handled.", contextOf(136_000))] },
    });
    expect(next.exitCode).toBe(0);
    for (const q of mains(next)) expect(count(allText(q), WARNING)).toBe(1);
    // -p has no statusLine: the window is the configured default, 200,000.
    const warns = vigilEvents(first.vigilHome).filter((e) => e.kind === "continuity" && e.detail.action === "warn");
    expect(warns.map((e) => [e.detail.event, e.detail.tokens, e.detail.window])).toEqual([
      ["PostToolUse", tokens, 200_000],
    ]);
  } finally {
    first.cleanup();
  }
}, E2E_TIMEOUT_MS * 2);

/** The skill's `vigil state save` heredoc, with every template comment filled in. */
function filledSaveCommand(skill: string): string {
  const m = /^vigil state save <<'VIGIL_STATE'\n[\s\S]*?\nVIGIL_STATE$/m.exec(skill);
  if (!m) throw new Error("no state save heredoc in the skill");
  let n = 0;
  return m[0].replace(/<!--[\s\S]*?-->/g, () => `E2E_STATE_${++n}: filled in by the agent`);
}

test("the /pre-compact-save skill's command, run by the Bash tool, saves the state for that session", async () => {
  const s = createSandbox();
  try {
    const skills = join(s.home, ".claude", "skills");
    expect(vigil(s, ["state", "skill", "--dir", skills])).toContain("skill written");
    const command = filledSaveCommand(readFileSync(join(skills, "pre-compact-save", "SKILL.md"), "utf8"));
    const r = await runClaude({
      prompt: "/pre-compact-save",
      sandbox: s,
      // the skill calls "vigil" by name: the compiled binary is first on the tools' PATH
      env: { PATH: `${join(REPO_ROOT, "dist")}:${process.env.PATH ?? "/usr/bin:/bin"}` },
      scenario: { turns: [bash(command), text("state saved")] },
    });
    expect(r.exitCode).toBe(0);
    expect(r.apiErrors).toEqual([]);
    expect(r.unusedTurns).toBe(0);
    // Claude Code loaded the skill from the file vigil wrote and expanded the slash command.
    expect(allText(mains(r)[0])).toContain("# Save state before compaction");
    const result = mains(r).flatMap(toolResults).map((t) => t.content).join("\n");
    expect(result).toContain(`state saved: ${join(s.vigilHome, "states", r.sessionId, "state.md")}`);
    // Saved under this session and no other, as the agent wrote it, and not a draft.
    expect(readdirSync(join(s.vigilHome, "states"))).toEqual([r.sessionId]);
    expect(stateFiles(s.vigilHome, r.sessionId).filter((f) => f.endsWith(".draft.md"))).toEqual([]);
    const saved = vigil(s, ["state", "show", "--session", r.sessionId]);
    for (let i = 1; i <= 8; i++) expect(saved).toContain(`E2E_STATE_${i}: filled in by the agent`);
  } finally {
    removeSandbox(s);
  }
}, E2E_TIMEOUT_MS);
